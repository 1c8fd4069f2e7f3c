#include "lsp/server.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>

#include "base/file_reader.h"
#include "base/json_text.h"
#include "base/paths.h"
#include "driver/discover.h"
#include "driver/entry_point.h"
#include "driver/hip_sources.h"
#include "driver/pairing.h"
#include "driver/project.h"
#include "emit/docs.h"
#include "engine/cache.h"
#include "load/hip_loader.h"
#include "load/payload_edit.h"
#include "load/payload_loader.h"
#include "lsp/recipe_assist.h"
#include "model/pairing.h"
#include "model/payload.h"

namespace aortalint::lsp {
namespace {

// The contributor key of config errors (no document produces them).
constexpr char kConfigSource[] = "<config>";

enum class DocumentKind { kRecipe, kPayload, kHip, kConfig, kOther };

DocumentKind KindOf(const std::string& path, const std::string& language) {
  std::string_view name = path;
  if (size_t slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
  if (IsConfigFileName(name)) return DocumentKind::kConfig;
  if (name.ends_with(".yaml") || name.ends_with(".yml") || language == "yaml") return DocumentKind::kRecipe;
  if (name.ends_with(".py") || language == "python") return DocumentKind::kPayload;
  if (HasHipExtension(name) || language == "hip" || language == "cuda" || language == "cpp") return DocumentKind::kHip;
  return DocumentKind::kOther;
}

// Payloads of either language: their edits re-lint the recipes that read them.
bool IsPayloadKind(DocumentKind kind) { return kind == DocumentKind::kPayload || kind == DocumentKind::kHip; }

std::vector<std::string> StringList(const Json& j) {
  std::vector<std::string> out;
  if (j.is_array())
    for (const Json& s : j)
      if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

bool Overlaps(Span a, Span b) {
  // Touching counts: a cursor at the end of a span is still on it.
  return a.begin <= b.end && b.begin <= a.end;
}

std::string DiagnosticKey(const Diagnostic& d) {
  return d.rule + ":" + std::to_string(d.where.span.begin) + ":" + std::to_string(d.where.span.end) + ":" + d.message;
}

}  // namespace

struct Server::Document {
  std::string uri;
  std::string path;
  std::string language;
  DocumentKind kind = DocumentKind::kOther;
  int64_t version = 0;
  SourcePtr source;
  bool pending = false;
  Clock::time_point due;
  Clock::time_point last_run;
  std::vector<Diagnostic> diagnostics;  // of the last analysis, in this file
  // Payloads: the last parse and the edits made since, for an incremental re-parse.
  std::shared_ptr<const Payload> payload;
  std::vector<TextChange> changes;
  SourcePtr payload_source;  // the text `payload` was parsed from
  // Recipes: the payload files the last analysis read, so their edits re-lint it.
  std::set<std::string> reads;
  // Payloads: checked alone last time (no open recipe ran them); and the recipes on disk that run them.
  bool analysed_alone = false;
  bool disk_recipes_known = false;
  std::vector<std::string> disk_recipes;
};

Server::Server(Transport& transport, ServerOptions options)
    : transport_(transport), options_(std::move(options)), configs_(std::make_unique<ConfigResolver>("", false)) {
  // Looked up once a rule: a local page is found by a readlink and stats, which every publication would repeat.
  if (!options_.doc_url)
    options_.doc_url = [links = std::map<std::string, std::string, std::less<>>()](std::string_view rule) mutable {
      auto it = links.find(rule);
      if (it == links.end()) it = links.emplace(std::string(rule), RuleDocLink(rule)).first;
      return it->second;
    };
}

Server::~Server() = default;

int Server::Run() {
  // Every reparse of an open HIP buffer starts from the precompiled prelude (the result cache's directory).
  if (std::string dir = ResultCache::DefaultDir(); !dir.empty()) SetHipPrecompiledDir(dir + "/hip-pch");
  while (state_ != State::kExited) {
    std::optional<Clock::duration> wait = NextWait();
    std::optional<std::chrono::milliseconds> timeout;
    if (wait) timeout = std::chrono::ceil<std::chrono::milliseconds>(*wait);
    Incoming in = transport_.Read(timeout);
    if (in.kind == Incoming::Kind::kClosed) break;
    if (in.kind != Incoming::Kind::kTimeout) Handle(in);
    RunDue(Clock::now());
  }
  return state_ == State::kExited ? exit_code_ : 1;
}

bool Server::Pump() {
  while (state_ != State::kExited) {
    Incoming in = transport_.Read(std::chrono::milliseconds(0));
    if (in.kind == Incoming::Kind::kClosed) return false;
    if (in.kind == Incoming::Kind::kTimeout) break;
    Handle(in);
    RunDue(Clock::now());
  }
  RunDue(Clock::now());
  return state_ != State::kExited;
}

void Server::Flush() { RunDue(Clock::time_point::max()); }

bool Server::Handle(const Incoming& in) {
  if (in.kind == Incoming::Kind::kMalformed) {
    transport_.ReplyError(nullptr, {kParseError, "parse error: " + in.error});
    return true;
  }
  Envelope e = ParseEnvelope(in.message);
  if (e.kind == Envelope::Kind::kInvalid) {
    transport_.ReplyError(e.id, {kInvalidRequest, "invalid request"});
    return true;
  }
  if (e.kind == Envelope::Kind::kResponse) return true;  // we send no requests
  Dispatch(e);
  return true;
}

void Server::Dispatch(const Envelope& e) {
  const Json params = e.params.is_null() ? Json::object() : e.params;
  if (e.kind == Envelope::Kind::kNotification) {
    if (e.method == "exit") {
      exit_code_ = state_ == State::kShutDown ? 0 : 1;
      state_ = State::kExited;
      return;
    }
    // Before initialize, notifications other than exit are dropped (LSP 3.17).
    if (state_ != State::kRunning) return;
    try {
      OnNotification(e.method, params);
    } catch (...) {
      // A malformed notification has nobody to answer; the server carries on.
    }
    return;
  }
  if (state_ == State::kStarting && e.method != "initialize") {
    transport_.ReplyError(e.id, {kServerNotInitialized, "server not initialized"});
    return;
  }
  if (state_ == State::kShutDown) {
    transport_.ReplyError(e.id, {kInvalidRequest, "server is shutting down"});
    return;
  }
  try {
    transport_.Reply(e.id, Call(e.method, params));
  } catch (const RpcError& error) {
    transport_.ReplyError(e.id, error);
  } catch (const Json::exception& error) {
    transport_.ReplyError(e.id, {kInvalidParams, std::string("invalid params: ") + error.what()});
  } catch (const std::exception& error) {
    transport_.ReplyError(e.id, {kInternalError, error.what()});
  }
}

Json Server::Call(const std::string& method, const Json& params) {
  if (method == "initialize") {
    if (state_ != State::kStarting) throw RpcError{kInvalidRequest, "initialize sent twice"};
    return Initialize(params);
  }
  if (method == "shutdown") {
    state_ = State::kShutDown;
    return nullptr;
  }
  if (method == "textDocument/codeAction") return CodeAction(params);
  if (method == "textDocument/hover") return Hover(params);
  if (method == "textDocument/completion") return Completion(params);
  throw RpcError{kMethodNotFound, "method not found: " + method};
}

void Server::OnNotification(const std::string& method, const Json& params) {
  if (method == "initialized")
    WatchFiles();
  else if (method == "textDocument/didOpen")
    DidOpen(params);
  else if (method == "textDocument/didChange")
    DidChange(params);
  else if (method == "textDocument/didClose")
    DidClose(params);
  else if (method == "textDocument/didSave")
    DidSave(params);
  else if (method == "workspace/didChangeConfiguration") {
    auto settings = params.find("settings");
    ConfigurationChanged(settings == params.end() ? nullptr : &*settings);
  } else if (method == "workspace/didChangeWatchedFiles") {
    bool config_changed = false;
    for (const Json& change : params.value("changes", Json::array())) {
      std::string path = UriToPath(change.value("uri", ""));
      DocumentKind kind = KindOf(path, "");
      config_changed |= kind == DocumentKind::kConfig;
      // A knowledge table or a parent config named by an open document's settings.
      for (const auto& [open, doc] : documents_) {
        std::vector<std::string> deps = SettingsFor(open).dependencies;
        for (const std::string& dep : deps)
          config_changed |= std::filesystem::absolute(dep).lexically_normal() == std::filesystem::path(path);
      }
      // A payload changed on disk: the open recipes that read it from there.
      if (IsPayloadKind(kind) && !documents_.count(path)) ScheduleReaders(path);
      if (kind == DocumentKind::kRecipe && !documents_.count(path)) RecipesChanged(nullptr);
    }
    if (config_changed) ConfigurationChanged(nullptr);
  }
  // Unknown notifications ($/cancelRequest, $/setTrace, ...) are ignored.
}

Json Server::Initialize(const Json& params) {
  const Json capabilities_in = params.value("capabilities", Json::object());
  encoding_ = NegotiateEncoding(capabilities_in);
  can_watch_files_ = capabilities_in.value("/workspace/didChangeWatchedFiles/dynamicRegistration"_json_pointer, false);
  state_ = State::kRunning;
  std::string root;
  if (const Json& folders = params.value("workspaceFolders", Json()); folders.is_array() && !folders.empty())
    root = UriToPath(folders[0].value("uri", ""));
  else if (params.value("rootUri", Json()).is_string())
    root = UriToPath(params["rootUri"].get<std::string>());
  std::error_code ec;
  if (root.empty()) root = std::filesystem::current_path(ec).string();
  root_ = std::filesystem::path(root).lexically_normal().string();
  if (!root_.ends_with('/')) root_ += '/';
  if (auto init = params.find("initializationOptions"); init != params.end() && init->is_object()) {
    if (auto ms = init->find("debounceMs"); ms != init->end() && ms->is_number_unsigned())
      options_.debounce = std::chrono::milliseconds(ms->get<unsigned>());
    ConfigurationChanged(&*init);
  }
  Json capabilities{
      {"positionEncoding", EncodingName(encoding_)},
      // 2: incremental.
      {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
      {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll.aortalint"}}}},
      {"hoverProvider", true},
      {"completionProvider", {{"triggerCharacters", {":", " ", "[", ","}}, {"resolveProvider", false}}},
  };
  return Json{{"capabilities", std::move(capabilities)},
              {"serverInfo", {{"name", "aortalint"}, {"version", AORTALINT_VERSION}}}};
}

// Messages name other files by the paths they were loaded by, absolute in the
// editor; they are shown relative to the workspace root, as `check` run there
// names them.
Diagnostic Server::ShownFromRoot(Diagnostic d) const {
  if (root_.size() <= 1) return d;
  auto relative = [this](std::string& text) {
    for (size_t at = text.find(root_); at != std::string::npos; at = text.find(root_, at)) text.erase(at, root_.size());
  };
  relative(d.message);
  relative(d.help);
  for (Note& note : d.notes) relative(note.message);
  return d;
}

void Server::WatchFiles() {
  if (!can_watch_files_) return;
  // Config files and payloads change on disk too (git checkout, another editor).
  // YAML: every config name, and the knowledge tables configs name (any file name).
  Json watchers = Json::array({{{"globPattern", "**/*.{yaml,yml}"}},
                               {{"globPattern", "**/*.py"}},
                               {{"globPattern", "**/*.{hip,cu,cpp,cc,cxx}"}}});
  transport_.Write(Json{{"jsonrpc", "2.0"},
                        {"id", "aortalint/watch"},
                        {"method", "client/registerCapability"},
                        {"params",
                         {{"registrations", Json::array({{{"id", "aortalint/watch"},
                                                          {"method", "workspace/didChangeWatchedFiles"},
                                                          {"registerOptions", {{"watchers", watchers}}}}})}}}});
}

Server::Document* Server::Find(const Json& text_document) {
  auto it = documents_.find(UriToPath(text_document.at("uri").get<std::string>()));
  return it == documents_.end() ? nullptr : it->second.get();
}

Server::Document& Server::Require(const Json& params) {
  Document* doc = Find(params.at("textDocument"));
  if (!doc) throw RpcError{kInvalidParams, "document is not open: " + params["textDocument"].value("uri", "")};
  return *doc;
}

void Server::DidOpen(const Json& params) {
  const Json& item = params.at("textDocument");
  auto doc = std::make_unique<Document>();
  doc->uri = item.at("uri").get<std::string>();
  doc->path = UriToPath(doc->uri);
  doc->language = item.value("languageId", "");
  doc->kind = KindOf(doc->path, doc->language);
  doc->version = item.value("version", 0);
  doc->source = std::make_shared<SourceFile>(doc->path, item.value("text", ""));
  Document& d = *doc;
  documents_[doc->path] = std::move(doc);
  if (d.kind == DocumentKind::kRecipe) RecipesChanged(nullptr);
  d.last_run = Clock::time_point::min();
  Schedule(d);
}

void Server::DidChange(const Json& params) {
  Document& doc = Require(params);
  std::string text(doc.source->text());
  SourcePtr indexed = doc.source;  // `text` as a SourceFile, while one is at hand
  for (const Json& change : params.at("contentChanges")) {
    bool ranged = change.contains("range");
    if (!indexed && doc.kind == DocumentKind::kPayload && ranged)
      indexed = std::make_shared<SourceFile>(doc.path, text);
    Span replaced;
    SourcePtr before = std::move(indexed);
    text = ApplyChange(doc.path, std::move(text), change, encoding_, &replaced, before.get());
    if (doc.kind != DocumentKind::kPayload) continue;
    if (ranged) {
      doc.changes.push_back(DescribeChange(*before, replaced, change.value("text", "")));
    } else {
      doc.payload.reset();  // the whole text was replaced: nothing to reuse
      doc.changes.clear();
    }
  }
  // Whether a CR ends a line depends on the byte after it, which an edit beside it changes: rows the edits
  // cannot describe. Such a payload is parsed afresh.
  if (doc.kind == DocumentKind::kPayload && text.find('\r') != std::string::npos) {
    doc.payload.reset();
    doc.changes.clear();
  }
  doc.source = std::make_shared<SourceFile>(doc.path, std::move(text));
  doc.version = params["textDocument"].value("version", doc.version + 1);
  Schedule(doc);
}

void Server::DidSave(const Json& params) {
  Document& doc = Require(params);
  // Saving the config changes what applies to every document.
  if (doc.kind == DocumentKind::kConfig) ConfigurationChanged(nullptr);
}

void Server::DidClose(const Json& params) {
  std::string path = UriToPath(params.at("textDocument").at("uri").get<std::string>());
  auto it = documents_.find(path);
  if (it == documents_.end()) return;
  bool payload = IsPayloadKind(it->second->kind);
  std::set<std::string> ran = it->second->kind == DocumentKind::kRecipe ? it->second->reads : std::set<std::string>();
  documents_.erase(it);
  if (payload) ScheduleReaders(path);      // they read the file from disk again
  if (!ran.empty()) RecipesChanged(&ran);  // its payloads: checked now without it
  std::set<std::string> touched;
  for (auto& [target, by_source] : contributions_)
    if (by_source.erase(path)) touched.insert(target);
  touched.insert(path);
  Republish(touched);
}

void Server::ConfigurationChanged(const Json* settings) {
  if (settings && settings->is_object()) {
    // Settings arrive either bare or under the server's name.
    const Json& s = settings->contains("aortalint") ? (*settings)["aortalint"] : *settings;
    request_ = SettingsRequest{};
    request_.select = StringList(s.value("select", Json()));
    request_.extend_select = StringList(s.value("extendSelect", Json()));
    request_.ignore = StringList(s.value("ignore", Json()));
    request_.triton = StringList(s.value("triton", Json()));
    if (const Json aorta = s.value("aorta", Json()); aorta.is_string()) request_.aorta = aorta.get<std::string>();
    // As on the command line: IDs in any case; a selector that names no rule is said, not silently dropped.
    if (std::optional<std::string> problem = request_.NormalizeAndCheck()) {
      ShowMessage(1, "aortalint: the editor's setting " + *problem);
      request_ = SettingsRequest{};
    }
    config_file_ = s.value("configFile", "");
    no_config_ = s.value("noConfig", false);
  }
  configs_ = std::make_unique<ConfigResolver>(config_file_, no_config_);
  std::set<std::string> touched;
  for (auto& [target, by_source] : contributions_)
    if (by_source.erase(kConfigSource)) touched.insert(target);
  Republish(touched);
  for (auto& [path, doc] : documents_) {
    doc->last_run = Clock::time_point::min();
    Schedule(*doc);
  }
}

void Server::Schedule(Document& doc) {
  doc.pending = true;
  doc.due = std::max(Clock::now(),
                     doc.last_run == Clock::time_point::min() ? doc.last_run : doc.last_run + options_.debounce);
}

std::optional<Clock::duration> Server::NextWait() const {
  std::optional<Clock::time_point> next;
  for (const auto& [path, doc] : documents_)
    if (doc->pending && (!next || doc->due < *next)) next = doc->due;
  if (!next) return std::nullopt;
  return std::max(Clock::duration::zero(), *next - Clock::now());
}

void Server::ScheduleReaders(const std::string& payload_path) {
  for (auto& [path, doc] : documents_)
    if (doc->kind == DocumentKind::kRecipe && doc->reads.count(payload_path)) {
      doc->pending = true;
      doc->due = Clock::time_point::min();  // as soon as the payload is done
    }
}

void Server::RunDue(Clock::time_point now) {
  std::set<std::string> touched;
  // Payloads first: the recipes that read them then see their new text.
  std::vector<Document*> order;
  for (auto& [path, doc] : documents_)
    if (doc->pending && doc->due <= now && IsPayloadKind(doc->kind)) order.push_back(doc.get());
  for (Document* doc : order) ScheduleReaders(doc->path);
  for (auto& [path, doc] : documents_)
    if (!IsPayloadKind(doc->kind)) order.push_back(doc.get());
  for (Document* doc : order) {
    const std::string& path = doc->path;
    if (!doc->pending || doc->due > now) continue;
    doc->pending = false;
    doc->last_run = Clock::now();
    for (auto& [target, by_source] : contributions_)
      if (by_source.erase(path)) touched.insert(target);
    Analyse(*doc);
    for (auto& [target, by_source] : contributions_)
      if (by_source.count(path)) touched.insert(target);
    touched.insert(path);
  }
  // Config problems are reported on the config file itself.
  for (Diagnostic& d : configs_->TakeErrors()) {
    std::string path = d.where.path();
    contributions_[path][kConfigSource].push_back(std::move(d));
    touched.insert(path);
  }
  if (!touched.empty()) Republish(touched);
  retired_.clear();
}

// The same function as `check` builds them: the editor and the command line cannot disagree.
AnalysisSettings Server::SettingsFor(const std::string& path) { return BuildSettings(request_, *configs_->For(path)); }

void Server::ShowMessage(int type, const std::string& message) {
  transport_.Notify("window/showMessage", Json{{"type", type}, {"message", message}});
}

std::shared_ptr<const Payload> Server::CurrentPayload(Document& doc) {
  if (!doc.payload || !doc.changes.empty() || doc.payload_source != doc.source) {
    std::shared_ptr<const Payload> next = ReparsePayload(doc.source, doc.payload.get(), doc.changes);
    retired_.push_back(std::move(doc.payload));  // freed once the diagnostics are out
    doc.payload = std::move(next);
    doc.changes.clear();
    doc.payload_source = doc.source;
  }
  return doc.payload;
}

// An open HIP buffer's analysis, from the editor's text (parsed again only when the text changed).
std::shared_ptr<const HipPayload> Server::CurrentHip(Document& doc) {
  std::optional<CompileCommand> command = FindCompileCommand(doc.path);
  return AnalyseHip(doc.source, command ? &*command : nullptr);
}

// A recipe's unit as `check` builds it (driver/project.h): its pairing with the
// open payloads' texts, their own checks, the sanitizer plan's source, the sidecars.
std::vector<Diagnostic> Server::AnalyseRecipe(const std::string& path, SourcePtr source, std::set<std::string>& reads) {
  std::shared_ptr<const Config> config = configs_->For(path);
  AnalysisUnit unit;
  unit.recipe = ParseYaml(source);
  std::vector<std::string> sidecars;  // the header command's --mitigations-file, as `check` reads them
  auto open_as = [&](const std::string& file, DocumentKind kind) -> Document* {
    auto open = documents_.find(file);
    return open != documents_.end() && open->second->kind == kind ? open->second.get() : nullptr;
  };
  auto hip = [&](const std::string& file) {
    reads.insert(file);
    Document* open = open_as(file, DocumentKind::kHip);
    return open ? CurrentHip(*open) : LoadHipPayload(file);
  };
  if (std::optional<Launch> launch = FindLaunch(path, source->text(), {}, *config)) {
    sidecars = launch->pairing.sidecars;
    auto pairing = std::make_shared<Pairing>(std::move(launch->pairing));
    for (const std::string& file : launch->files) {
      std::string absolute = AbsoluteNormal(file);
      reads.insert(absolute);
      // An open payload is read from the editor's text, not from the disk.
      Document* open = open_as(absolute, DocumentKind::kPayload);
      std::shared_ptr<const Payload> payload = open ? CurrentPayload(*open) : nullptr;
      if (!payload)
        if (SourcePtr text = Lookup(absolute)) payload = ReparsePayload(text, nullptr, {});
      if (!payload) continue;
      pairing->payloads.push_back(payload);
      unit.payloads.push_back(payload);  // its own checks, in the unit that runs it
    }
    for (const std::string& file : launch->hip_files) {
      pairing->hip_payloads.push_back(hip(AbsoluteNormal(file)));
      unit.hip_payloads.push_back(pairing->hip_payloads.back());
    }
    unit.pairing = std::move(pairing);
  }
  AddSanitizerSource(
      unit, path, [&] { return RepositoryRoot(path, config->path.empty() ? "" : config->dir); },
      [&](const std::string& file, FileStates*) { return hip(file); }, nullptr);
  AnalysisSettings settings = SettingsFor(path);
  AddUnitSidecars(sidecars, settings);
  return options_.analyze(unit, settings);
}

// Recipes opened, closed or changed on disk: which recipes run each open
// payload is found again; `ran` (a closed recipe's payloads) are re-checked.
void Server::RecipesChanged(const std::set<std::string>* ran) {
  for (auto& [path, doc] : documents_) {
    if (!IsPayloadKind(doc->kind)) continue;
    doc->disk_recipes_known = false;
    if (ran && ran->count(path)) Schedule(*doc);
  }
}

bool Server::PairedByOpenRecipe(const std::string& path) const {
  return std::any_of(documents_.begin(), documents_.end(), [&](const auto& open) {
    return open.second->kind == DocumentKind::kRecipe && open.second->reads.count(path) > 0;
  });
}

void Server::Analyse(Document& doc) {
  std::vector<Diagnostic> found;
  std::shared_ptr<const Config> config = configs_->For(doc.path);
  FileRole role = RoleOf(doc.path, doc.source->text());
  doc.analysed_alone = false;
  if (config->Excludes(doc.path)) {
    // Excluded files are not linted, in the editor as on the command line.
  } else if (doc.kind == DocumentKind::kRecipe && role != FileRole::kRecipe) {
    // YAML that is no recipe (a workflow, a compose file): `check` would not lint it either.
    doc.reads.clear();
  } else if (doc.kind == DocumentKind::kRecipe) {
    doc.reads.clear();
    found = AnalyseRecipe(doc.path, doc.source, doc.reads);
  } else if (IsPayloadKind(doc.kind) && PairedByOpenRecipe(doc.path)) {
    // Checked in the unit of the open recipe that runs it, as `check` checks it.
  } else if (IsPayloadKind(doc.kind) && !RecipesOnDisk(doc).empty()) {
    // Run by recipes that are not open: their units, read from the disk, with this buffer's text.
    for (const std::string& recipe : doc.disk_recipes)
      if (SourcePtr text = Lookup(recipe)) {
        std::set<std::string> reads;
        std::vector<Diagnostic> unit = AnalyseRecipe(recipe, text, reads);
        found.insert(found.end(), std::make_move_iterator(unit.begin()), std::make_move_iterator(unit.end()));
      }
  } else if (doc.kind == DocumentKind::kHip) {
    // A HIP/C++ buffer alone: its own checks (HIP004's lookups, HIP006).
    AnalysisUnit unit;
    unit.hip_payloads.push_back(CurrentHip(doc));
    found = options_.analyze(unit, SettingsFor(doc.path));
    doc.analysed_alone = true;
  } else if (doc.kind == DocumentKind::kPayload) {
    // As `check`: a payload alone is checked when it is an entry point that
    // imports Proton (driver/entry_point.h).
    std::shared_ptr<const Payload> payload = CurrentPayload(doc);
    if (!payload->ok() || WhyNotAnEntryPoint(*payload).empty()) {
      AnalysisUnit unit;
      unit.payloads.push_back(payload);
      found = options_.analyze(unit, SettingsFor(doc.path));
    }
    doc.analysed_alone = true;
  }
  if (doc.kind == DocumentKind::kRecipe)
    for (const std::string& read : doc.reads)  // an open payload analysed alone is now this unit's
      if (auto open = documents_.find(read); open != documents_.end() && open->second->analysed_alone) {
        open->second->pending = true;
        open->second->due = Clock::time_point::min();
      }
  // By absolute path, as documents are: a unit may name a file relative to the working directory.
  for (Diagnostic& d : found) contributions_[AbsoluteNormal(d.where.path())][doc.path].push_back(std::move(d));
}

// The recipes on disk that run a payload buffer (the hook's walk), found once
// per buffer and again when a YAML file changes on disk.
const std::vector<std::string>& Server::RecipesOnDisk(Document& doc) {
  if (!doc.disk_recipes_known) {
    doc.disk_recipes.clear();
    for (const std::string& recipe : RecipesRunning({doc.path}, *configs_, {}, true)) {
      std::string absolute = AbsoluteNormal(recipe);
      if (!documents_.count(absolute)) doc.disk_recipes.push_back(absolute);
    }
    doc.disk_recipes_known = true;
  }
  return doc.disk_recipes;
}

void Server::Republish(const std::set<std::string>& paths) {
  for (const std::string& path : paths) {
    std::vector<Diagnostic> all;
    auto it = contributions_.find(path);
    if (it != contributions_.end()) {
      std::set<std::string> seen;
      for (auto& [source, list] : it->second)
        for (const Diagnostic& d : list)
          if (seen.insert(DiagnosticKey(d)).second) all.push_back(d);
      if (it->second.empty()) contributions_.erase(it);
    }
    std::stable_sort(all.begin(), all.end(), DiagnosticLess);
    auto doc = documents_.find(path);
    if (doc != documents_.end()) doc->second->diagnostics = all;
    // Nothing new to say about a file that had nothing and still has nothing.
    if (all.empty() && !published_.count(path) && doc == documents_.end()) continue;
    Json list = Json::array();
    for (const Diagnostic& d : all) list.push_back(ToLspDiagnostic(ShownFromRoot(d), encoding_, options_.doc_url));
    Json params{{"uri", doc != documents_.end() ? doc->second->uri : PathToUri(path)},
                {"diagnostics", std::move(list)}};
    if (doc != documents_.end()) params["version"] = doc->second->version;
    transport_.Notify("textDocument/publishDiagnostics", std::move(params));
    if (all.empty())
      published_.erase(path);
    else
      published_.insert(path);
  }
}

SourcePtr Server::Lookup(const std::string& path) const {
  auto it = documents_.find(path);
  if (it != documents_.end()) return it->second->source;
  ReadResult contents = HasHipExtension(path) ? ReadSourceFile(path) : ReadTextFile(path);
  if (!contents.ok) return nullptr;
  return std::make_shared<SourceFile>(path, std::move(contents.text));
}

Json Server::CodeAction(const Json& params) {
  Document& doc = Require(params);
  Flush();  // act on the text as it is now
  Span range = FromRange(*doc.source, params.at("range"), encoding_);
  std::vector<std::string> only = StringList(params.value("context", Json::object()).value("only", Json()));
  auto wants = [&](std::string_view kind) {
    if (only.empty()) return true;
    for (const std::string& o : only)
      if (kind == o || (kind.starts_with(o) && kind[o.size()] == '.')) return true;
    return false;
  };
  SourceLookup lookup = [this](const std::string& path) { return Lookup(path); };

  Json actions = Json::array();
  bool any_here = false;
  for (const Diagnostic& d : doc.diagnostics) {
    if (d.where.path() != doc.path || !Overlaps(d.where.span, range)) continue;
    any_here = true;
    if (!wants("quickfix")) continue;
    Json lsp_diagnostic = ToLspDiagnostic(d, encoding_, options_.doc_url);
    if (d.fix) {
      actions.push_back(Json{{"title", d.fix->title},
                             {"kind", "quickfix"},
                             {"diagnostics", Json::array({lsp_diagnostic})},
                             {"isPreferred", d.fix->applicability == Applicability::kSafe},
                             {"edit", ToWorkspaceEdit(d.fix->edits, encoding_, lookup)}});
    }
    if (std::optional<Edit> edit = SuppressionEdit(*doc.source, d.where.span.begin, d.rule)) {
      actions.push_back(Json{{"title", "suppress " + d.rule + " on this line"},
                             {"kind", "quickfix"},
                             {"diagnostics", Json::array({lsp_diagnostic})},
                             {"edit", ToWorkspaceEdit({*edit}, encoding_, lookup)}});
    }
  }
  // Fix-all is offered where a diagnostic is, or when asked for by kind.
  bool fix_all_asked = !only.empty() && wants("source.fixAll.aortalint");
  if ((any_here && only.empty()) || fix_all_asked) {
    std::vector<Edit> edits;
    std::vector<Span> taken;
    for (const Diagnostic& d : doc.diagnostics) {
      if (!d.fix || d.fix->applicability != Applicability::kSafe) continue;
      // A fix whose edits overlap one already taken waits for the next round.
      bool clash = false;
      for (const Edit& e : d.fix->edits)
        for (const Span& t : taken) clash |= e.path == doc.path && e.span.begin < t.end && t.begin < e.span.end;
      if (clash) continue;
      for (const Edit& e : d.fix->edits) {
        edits.push_back(e);
        if (e.path == doc.path) taken.push_back(e.span);
      }
    }
    if (!edits.empty())
      actions.push_back(Json{{"title", "fix all safe aortalint problems"},
                             {"kind", "source.fixAll.aortalint"},
                             {"edit", ToWorkspaceEdit(edits, encoding_, lookup)}});
  }
  return actions;
}

Json Server::Hover(const Json& params) {
  Document* doc = Find(params.at("textDocument"));
  if (!doc) return nullptr;
  uint32_t offset = FromPosition(*doc->source, params.at("position"), encoding_);
  std::optional<HoverText> hover = HoverAt(doc->source, offset, doc->kind == DocumentKind::kRecipe);
  if (!hover) return nullptr;
  return Json{{"contents", {{"kind", "markdown"}, {"value", hover->markdown}}},
              {"range", ToRange(*doc->source, hover->span, encoding_)}};
}

Json Server::Completion(const Json& params) {
  Document* doc = Find(params.at("textDocument"));
  Json items = Json::array();
  if (!doc || doc->kind != DocumentKind::kRecipe) return items;
  uint32_t offset = FromPosition(*doc->source, params.at("position"), encoding_);
  for (const CompletionEntry& c : CompleteAt(*doc->source, offset)) {
    // LSP CompletionItemKind: 9 Module, 10 Property, 20 EnumMember.
    int kind = c.kind == CompletionEntry::Kind::kCollector ? 9 : c.kind == CompletionEntry::Kind::kOption ? 10 : 20;
    Json item{{"label", c.label}, {"kind", kind}, {"insertText", c.insert_text}};
    if (!c.detail.empty()) item["detail"] = c.detail;
    if (!c.documentation.empty()) item["documentation"] = {{"kind", "markdown"}, {"value", c.documentation}};
    items.push_back(std::move(item));
  }
  return items;
}

namespace {

// --log FILE: every message both ways, one JSON line each, as the test transcripts read.
class LoggingTransport : public Transport {
 public:
  LoggingTransport(Transport& inner, std::ofstream& log) : inner_(inner), log_(log) {}
  Incoming Read(std::optional<std::chrono::milliseconds> timeout) override {
    Incoming in = inner_.Read(timeout);
    if (in.kind == Incoming::Kind::kMessage)
      log_ << "--> " << JsonText(in.message) << std::endl;
    else if (in.kind == Incoming::Kind::kMalformed)
      log_ << "--> (malformed) " << in.error << std::endl;
    else if (in.kind == Incoming::Kind::kClosed)
      log_ << "--- input closed" << std::endl;
    return in;
  }
  void Write(const Json& message) override {
    log_ << "<-- " << JsonText(message) << std::endl;
    inner_.Write(message);
  }

 private:
  Transport& inner_;
  std::ofstream& log_;
};

}  // namespace

int RunLanguageServer(const LaunchOptions& launch) {
  FdTransport transport(STDIN_FILENO, STDOUT_FILENO);
  if (launch.log_file.empty()) {
    Server server(transport);
    return server.Run();
  }
  // Opened once without blocking first: a FIFO nobody reads would hang the server before it answers.
  int probe = ::open(launch.log_file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
  if (probe < 0 && errno == ENXIO) {
    std::fprintf(stderr, "aortalint lsp: the --log file '%s' is a FIFO that nothing reads; start its reader first\n",
                 launch.log_file.c_str());
    return 2;
  }
  if (probe >= 0) ::close(probe);
  std::ofstream log(launch.log_file, std::ios::app);
  if (!log) {
    std::fprintf(stderr, "aortalint lsp: cannot write the --log file '%s'; give a writable path\n",
                 launch.log_file.c_str());
    return 2;
  }
  log << "--- aortalint " << AORTALINT_VERSION << " language server, pid " << ::getpid() << std::endl;
  LoggingTransport logged(transport, log);
  Server server(logged);
  return server.Run();
}

}  // namespace aortalint::lsp
