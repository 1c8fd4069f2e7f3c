// What a rule reports through: diagnostics with notes and fixes, and the
// settings that apply to the file (target Triton versions, declared names).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/rule.h"
#include "load/knowledge_loader.h"
#include "model/diagnostic.h"
#include "model/knowledge.h"
#include "model/triton.h"

namespace aortalint {

/// The settings a rule may read; resolved per file from config and flags.
struct RuleSettings {
  const Knowledge* knowledge = &BuiltinKnowledge();
  std::vector<std::string> triton;                          // target versions, as written
  const TritonTable* triton_table = &BuiltinTritonTable();  // the config's `knowledge:` table, else the built-in
  std::set<std::string> mitigations;                        // declared beyond the built-ins
  std::set<std::string> environments;                       // declared beyond the built-ins
  bool mitigations_closed = false;                          // the config says no plugin or sidecar adds names
  std::map<std::string, std::map<std::string, std::string>> mitigation_env;  // sidecar mitigations: name -> variables
  std::optional<std::vector<std::string>> collect;                           // `--collect`
  std::string aorta;  // the aorta version judged against (a commit of aorta.yaml); empty: the newest
};

/// Adds notes and a fix to the diagnostic just reported.
/// The most a message, a help or a note may hold: longer ones (a type nested
/// 20 deep prints as a megabyte) are elided, so a small file never makes a large report.
inline constexpr size_t kMaxMessageBytes = 2000;

class DiagnosticBuilder {
 public:
  DiagnosticBuilder(std::vector<Diagnostic>& sink, size_t index) : sink_(sink), index_(index) {}
  DiagnosticBuilder& Note(const SourcePtr& file, Span span, std::string message);
  /// What to do instead: the remedy, kept apart from the message that says what is wrong.
  DiagnosticBuilder& Help(std::string help);
  template <typename... T>
  DiagnosticBuilder& Help(fmt::format_string<T...> format, T&&... args) {
    return Help(fmt::vformat(format, fmt::make_format_args(args...)));
  }
  DiagnosticBuilder& WithFix(std::string title, Applicability applicability, std::vector<Edit> edits);
  /// For rules whose severity depends on the target (PAY004 on 3.6.x); config overrides still win.
  DiagnosticBuilder& WithSeverity(Severity severity);

 private:
  std::vector<Diagnostic>& sink_;
  size_t index_;
};

class RuleContext {
 public:
  RuleContext(const RuleSettings& settings, std::vector<Diagnostic>& sink) : settings_(settings), sink_(sink) {}

  /// Set by the runner before each rule runs.
  void set_rule(const RuleMeta* meta) { meta_ = meta; }
  const RuleSettings& settings() const { return settings_; }
  const Knowledge& knowledge() const { return *settings_.knowledge; }
  /// The target versions mapped onto the Triton table; empty when none are known.
  std::vector<TritonTarget> TritonTargets() const { return ResolveTargets(*settings_.triton_table, settings_.triton); }
  /// The aorta version's row (the setting was checked when the settings were built; the newest otherwise).
  const AortaVersion& Aorta() const {
    const AortaVersion* v = BuiltinAortaTable().Find(settings_.aorta);
    return v ? *v : BuiltinAortaTable().Newest();
  }

  DiagnosticBuilder Report(const SourcePtr& file, Span span, std::string message);
  template <typename... T>
  DiagnosticBuilder Report(const SourcePtr& file, Span span, fmt::format_string<T...> format, T&&... args) {
    return Report(file, span, fmt::vformat(format, fmt::make_format_args(args...)));
  }

 private:
  const RuleSettings& settings_;
  std::vector<Diagnostic>& sink_;
  const RuleMeta* meta_ = nullptr;
};

}  // namespace aortalint
