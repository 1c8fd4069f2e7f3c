#include "driver/hip_sources.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "driver/pairing.h"
#include "engine/config.h"
#include "load/knowledge_loader.h"
#include "model/sanitizer_plan.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

struct Database {
  std::string path;
  std::string dir;
  std::vector<CompileCommand> commands;
  std::vector<std::string> files;    // absolute, normal; parallel to commands
  std::vector<std::string> outputs;  // absolute, normal (may be empty)
};

// compile_commands.json files, parsed once per process while each is the file it was (its
// identity: a same-size edit within a tick of the clock, which keeps the mtime, is seen too).
std::shared_ptr<const Database> LoadDatabase(const fs::path& path) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<FileIdentity, std::shared_ptr<const Database>>> cache;
  FileIdentity stamp = IdentityOf(path.string());
  std::lock_guard lock(mutex);
  auto it = cache.find(path.string());
  if (it != cache.end() && it->second.first == stamp) return it->second.second;
  auto db = std::make_shared<Database>();
  db->path = path.string();
  db->dir = fs::absolute(path).parent_path().lexically_normal().string();
  ReadResult read = ReadTextFile(path.string());
  nlohmann::json json = read.ok ? nlohmann::json::parse(read.text, nullptr, false) : nlohmann::json();
  if (json.is_array()) {
    for (const nlohmann::json& entry : json) {
      if (!entry.is_object() || !entry.contains("file") || !entry["file"].is_string()) continue;
      CompileCommand command;
      command.database = db->path;
      command.directory = entry.value("directory", db->dir);
      if (fs::path(command.directory).is_relative())  // relative to the database's own directory
        command.directory = (fs::path(db->dir) / command.directory).lexically_normal().string();
      if (entry.contains("arguments") && entry["arguments"].is_array()) {
        for (const nlohmann::json& a : entry["arguments"])
          if (a.is_string()) command.arguments.push_back(a.get<std::string>());
      } else if (entry.contains("command") && entry["command"].is_string()) {
        command.arguments = SplitShellWords(entry["command"].get<std::string>());
      }
      fs::path dir(command.directory);
      fs::path file = entry["file"].get<std::string>();
      std::string output = entry.value("output", "");
      for (size_t i = 0; output.empty() && i + 1 < command.arguments.size(); ++i)
        if (command.arguments[i] == "-o") output = command.arguments[i + 1];
      // As the compiler opens it, from its directory: a `..` after a link goes where the link leads.
      db->files.push_back(AbsoluteResolved((file.is_absolute() ? file : dir / file).string()));
      db->outputs.push_back(
          output.empty()
              ? ""
              : (fs::path(output).is_absolute() ? fs::path(output) : dir / output).lexically_normal().string());
      db->commands.push_back(std::move(command));
    }
  }
  cache[path.string()] = {stamp, db};
  return db;
}

// The compile_commands.json files at or above `start`, nearest first, up to the project root.
// `looked_at` gets each candidate with its state before it is read (one created later is a change too).
std::vector<fs::path> DatabasesAbove(const fs::path& start, FileStates* looked_at = nullptr) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (fs::path d = start; !d.empty(); d = d.parent_path()) {
    for (fs::path candidate : {d / "compile_commands.json", d / "build" / "compile_commands.json"}) {
      if (looked_at) looked_at->emplace_back(candidate.string(), IdentityOf(candidate.string()));
      if (fs::is_regular_file(candidate, ec)) found.push_back(candidate);
    }
    if (IsProjectRoot(d.string()) || d == d.root_path()) break;
    // Neither marker is here: one created later would end the search here, out of reach of those above.
    if (looked_at)
      for (std::string_view marker : kProjectMarkers) looked_at->emplace_back((d / marker).string(), FileIdentity());
  }
  return found;
}

bool SkipDirectory(const fs::path& dir) {
  std::string name = dir.filename().string();
  return !name.empty() && (name[0] == '.' || name == "node_modules" || name == "__pycache__" || name == "build" ||
                           name.rfind("build-", 0) == 0 || name == "venv" || name == "site-packages");
}

}  // namespace

std::optional<CompileCommand> FindCompileCommand(const std::string& source, FileStates* looked_at) {
  fs::path file = AbsoluteResolved(source);
  for (const fs::path& db_path : DatabasesAbove(file.parent_path(), looked_at)) {
    std::shared_ptr<const Database> db = LoadDatabase(db_path);
    for (size_t i = 0; i < db->files.size(); ++i)
      if (db->files[i] == file.string()) return db->commands[i];
  }
  return std::nullopt;
}

std::string LaunchedBinary(const std::vector<std::string>& argv) {
  size_t i = 0;
  if (i < argv.size() && fs::path(argv[i]).filename() == "env") ++i;
  while (i < argv.size() && argv[i].find('=') != std::string::npos && argv[i][0] != '-') ++i;
  if (i >= argv.size()) return "";
  std::string name = fs::path(argv[i]).filename().string();
  static const char* kNotBinaries[] = {"python",   "python3",    "bash",      "sh",     "zsh",
                                       "torchrun", "accelerate", "deepspeed", "mpirun", "srun",
                                       "docker",   "uv",         "pytest",    "make",   "cmake"};
  for (const char* n : kNotBinaries)
    if (name == n) return "";
  if (name.rfind("python", 0) == 0 || name.ends_with(".py") || name.ends_with(".sh")) return "";
  return argv[i];
}

std::vector<std::string> SourcesBuilding(const std::string& program, const std::string& base_dir,
                                         const std::string& root) {
  std::error_code ec;
  fs::path binary =
      fs::path(program).is_absolute() ? fs::path(program) : fs::absolute(fs::path(base_dir) / program, ec);
  binary = binary.lexically_normal();
  std::string name = binary.filename().string();
  if (name.empty()) return {};
  std::vector<std::string> out;
  // 1. compile_commands.json: from the binary's directory up, and the root's own.
  std::vector<fs::path> dbs = DatabasesAbove(binary.parent_path());
  for (const fs::path& db : DatabasesAbove(fs::path(root)))
    if (std::find(dbs.begin(), dbs.end(), db) == dbs.end()) dbs.push_back(db);
  std::string cmake_dir = "/" + name + ".dir/";
  for (const fs::path& db_path : dbs) {
    std::shared_ptr<const Database> db = LoadDatabase(db_path);
    for (size_t i = 0; i < db->files.size(); ++i) {
      const std::string& output = db->outputs[i];
      if (output.empty()) continue;
      if (fs::path(output).filename() == name || output.find(cmake_dir) != std::string::npos)
        if (HasHipExtension(db->files[i]))  // one that cannot be read is loaded all the same: HIP006 names it
          out.push_back(NormalizePath(db->files[i]));
    }
    if (!out.empty()) break;
  }
  // 2. The sources whose stem is the binary's name, within the project root.
  if (out.empty() && !root.empty()) {
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    size_t seen = 0;
    for (; it != end && seen < 100000; it.increment(ec), ++seen) {
      if (ec) break;
      if (it->is_directory(ec)) {
        if (SkipDirectory(it->path())) it.disable_recursion_pending();
        continue;
      }
      const fs::path& p = it->path();
      if (p.stem() == name && HasHipExtension(p.filename().string()) && it->is_regular_file(ec))
        out.push_back(NormalizePath(p.string()));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string SanitizerHipSource(const yaml::Node& root, const std::string& recipe_path,
                               const std::function<std::string()>& project_root, std::string* outside) {
  const yaml::Node* mode = root.is_map() ? root.Get("mode") : nullptr;
  if (!mode || !mode->is_str() || mode->text != "sanitizer") return "";
  SanitizerPlan plan = ReadSanitizerPlan(root, recipe_path, BuiltinSanitizerKeys());
  std::error_code ec;
  // No `hip:` source: the source the plan's (consan_)command builds, when compile_commands.json names it.
  if (plan.source.hip_resolved.empty() && plan.source.command.ok()) {
    std::string binary = LaunchedBinary(SplitShellWords(plan.source.command.text));
    std::string top = project_root();
    std::vector<std::string> built =
        binary.empty() ? std::vector<std::string>{} : SourcesBuilding(binary, plan.recipe_dir, top);
    if (!built.empty()) plan.source.hip_resolved = built.front();
  }
  if (plan.source.hip_resolved.empty() || !fs::is_regular_file(plan.source.hip_resolved, ec)) return "";
  // A path written in the recipe can name any file: only the project's are read.
  if (std::string top = project_root(); !top.empty() && !WithinRoot(plan.source.hip_resolved, top)) {
    if (outside) *outside = plan.source.hip_resolved;
    return "";
  }
  return NormalizePath(plan.source.hip_resolved);
}

std::shared_ptr<const HipPayload> LoadHipPayload(const std::string& path, FileStates* read) {
  ReadResult text = ReadSourceFile(path);
  if (read) read->emplace_back(path, text.identity);
  if (!text.ok) return UnreadableHip(path, text.error);
  auto source = std::make_shared<const SourceFile>(path, std::move(text.text), text.identity);
  std::optional<CompileCommand> command = FindCompileCommand(path, read);
  return AnalyseHip(std::move(source), command ? &*command : nullptr, command && CompiledAsHip(*command), read);
}

bool CompiledAsHip(const CompileCommand& command) {
  const std::vector<std::string>& args = command.arguments;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if ((a == "-x" && i + 1 < args.size() && args[i + 1] == "hip") || a == "-xhip" ||
        a.rfind("--offload-arch", 0) == 0 || a.rfind("--cuda-gpu-arch", 0) == 0 || a == "--hip-link")
      return true;
  }
  std::string compiler = args.empty() ? "" : fs::path(args[0]).filename().string();
  return compiler == "hipcc" || compiler == "amdclang++";
}

bool HipStore::AddUse(const std::string& path) {
  std::unique_ptr<Entry>& entry = entries_[path];
  bool first = !entry;
  if (first) entry = std::make_unique<Entry>();
  ++entry->uses;
  return first;
}

std::shared_ptr<const HipPayload> HipStore::Acquire(const std::string& path) {
  auto it = entries_.find(path);
  if (it == entries_.end()) return nullptr;
  Entry& entry = *it->second;
  std::call_once(entry.loaded, [&] { entry.payload = LoadHipPayload(path, &entry.read); });
  return entry.payload;
}

void HipStore::Release(const std::string& path) {
  auto it = entries_.find(path);
  if (it != entries_.end() && --it->second->uses == 0) it->second->payload.reset();
}

}  // namespace aortalint
