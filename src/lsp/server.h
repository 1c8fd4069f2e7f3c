// The language server: open documents, debounced analysis through the same
// Analyze() the CLI calls, diagnostics, code actions, hover and completion.
// It speaks LSP through protocol.h and reaches the client only through a
// Transport, so tests drive it in memory.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/analyze.h"
#include "engine/config.h"
#include "engine/settings.h"
#include "lsp/protocol.h"
#include "lsp/transport.h"

namespace aortalint {
struct HipPayload;
struct Payload;
}  // namespace aortalint

namespace aortalint::lsp {

using Clock = std::chrono::steady_clock;
using AnalyzeFn = std::function<std::vector<Diagnostic>(const AnalysisUnit&, const AnalysisSettings&)>;

struct ServerOptions {
  /// Edits closer together than this are analysed once; an edit after a
  /// quiet spell is analysed at once (so a lone keystroke is not delayed).
  std::chrono::milliseconds debounce{50};
  AnalyzeFn analyze = Analyze;  // tests substitute rules with fixes
  DocUrlFn doc_url;             // defaults to RuleDocLink()
};

class Server {
 public:
  explicit Server(Transport& transport, ServerOptions options = {});
  ~Server();

  /// Serves until `exit` or end of input; the process exit code (0 only
  /// when `shutdown` came first).
  int Run();
  /// Handles every message available now and the analyses due by then;
  /// false once the server has finished. For tests.
  bool Pump();
  /// Runs pending analyses now, whatever their debounce.
  void Flush();

 private:
  struct Document;

  bool Handle(const Incoming& in);
  void Dispatch(const Envelope& e);
  Json Call(const std::string& method, const Json& params);
  void OnNotification(const std::string& method, const Json& params);

  Json Initialize(const Json& params);
  void WatchFiles();
  void DidOpen(const Json& params);
  void DidChange(const Json& params);
  void DidClose(const Json& params);
  void DidSave(const Json& params);
  void ConfigurationChanged(const Json* settings);
  Json CodeAction(const Json& params);
  Json Hover(const Json& params);
  Json Completion(const Json& params);

  Document* Find(const Json& text_document);
  Document& Require(const Json& params);
  void Schedule(Document& doc);
  void RunDue(Clock::time_point now);
  std::optional<Clock::duration> NextWait() const;
  void Analyse(Document& doc);
  std::vector<Diagnostic> AnalyseRecipe(const std::string& path, SourcePtr source, std::set<std::string>& reads);
  bool PairedByOpenRecipe(const std::string& path) const;
  void RecipesChanged(const std::set<std::string>* ran);
  Diagnostic ShownFromRoot(Diagnostic d) const;
  const std::vector<std::string>& RecipesOnDisk(Document& doc);
  void ShowMessage(int type, const std::string& message);
  std::shared_ptr<const Payload> CurrentPayload(Document& doc);
  std::shared_ptr<const HipPayload> CurrentHip(Document& doc);
  void ScheduleReaders(const std::string& payload_path);
  void Republish(const std::set<std::string>& paths);
  AnalysisSettings SettingsFor(const std::string& path);
  SourcePtr Lookup(const std::string& path) const;

  Transport& transport_;
  ServerOptions options_;
  PositionEncoding encoding_ = PositionEncoding::kUtf16;
  std::string root_;              // the workspace root, with a trailing slash: messages name files relative to it
  bool can_watch_files_ = false;  // the client registers file watchers on request
  enum class State { kStarting, kRunning, kShutDown, kExited } state_ = State::kStarting;
  int exit_code_ = 1;

  std::map<std::string, std::unique_ptr<Document>> documents_;  // by path
  std::vector<std::shared_ptr<const Payload>> retired_;         // replaced by an analysis, freed after it
  // Diagnostics by the file they are in, then by the analysed document that
  // produced them: a recipe's analysis can report on its payload.
  std::map<std::string, std::map<std::string, std::vector<Diagnostic>>> contributions_;
  std::set<std::string> published_;  // paths whose last publication was non-empty

  std::unique_ptr<ConfigResolver> configs_;
  SettingsRequest request_;  // from the client's settings: select, ignore, triton
  std::string config_file_;
  bool no_config_ = false;
};

struct LaunchOptions {
  std::string log_file;  // --log FILE: every message in and out, appended
};

/// `aortalint lsp [--stdio] [--log FILE]`: serves on stdin/stdout; returns the exit code.
int RunLanguageServer(const LaunchOptions& launch = {});

}  // namespace aortalint::lsp
