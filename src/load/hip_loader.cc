#include "load/hip_loader.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "hip/module_abi.h"

namespace aortalint {
namespace fs = std::filesystem;

bool HasHipExtension(std::string_view path) {
  for (std::string_view ext : {".hip", ".cu", ".cpp", ".cc", ".cxx"})
    if (path.size() > ext.size() && path.ends_with(ext)) return true;
  return false;
}

namespace {

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `word` at `at` standing alone (not part of a longer identifier).
bool WordAt(std::string_view text, size_t at, std::string_view word) {
  if (text.compare(at, word.size(), word) != 0) return false;
  if (at > 0 && IsIdentChar(text[at - 1])) return false;
  size_t end = at + word.size();
  return end >= text.size() || !IsIdentChar(text[end]);
}

}  // namespace

bool LooksLikeHip(std::string_view text) {
  // `#include <hip/hip_runtime.h>` (or "..."), or `__global__` outside a comment or string.
  for (size_t at = text.find("hip/hip_runtime"); at != std::string_view::npos;
       at = text.find("hip/hip_runtime", at + 1)) {
    size_t bol = text.rfind('\n', at);
    std::string_view line = text.substr(bol == std::string_view::npos ? 0 : bol + 1);
    size_t hash = line.find_first_not_of(" \t");
    if (hash != std::string_view::npos && line[hash] == '#' &&
        line.substr(hash + 1, 40).find("include") != std::string_view::npos)
      return true;
  }
  for (size_t at = text.find("__global__"); at != std::string_view::npos; at = text.find("__global__", at + 1)) {
    if (!WordAt(text, at, "__global__")) continue;
    size_t bol = text.rfind('\n', at);
    std::string_view before =
        text.substr(bol == std::string_view::npos ? 0 : bol + 1, at - (bol == std::string_view::npos ? 0 : bol + 1));
    // Not after `//` on its line, nor inside a string literal (an odd number of quotes before it).
    if (before.find("//") != std::string_view::npos || std::count(before.begin(), before.end(), '"') % 2 == 1) continue;
    return true;
  }
  return false;
}

namespace {

std::string ExecutableDir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.parent_path().string();
}

constexpr const char* kModuleName = "libaortalint_hip.so";

struct Module {
  std::once_flag opened;
  AortalintHipAnalyseFn* analyse = nullptr;
  std::string error;  // why it could not be used
  std::string path;
};

Module& TheModule() {
  static Module module;
  std::call_once(module.opened, [] {
#ifndef AORTALINT_WITH_CLANG
    module.error = "this aortalint was built without Clang (-DAORTALINT_WITH_CLANG=OFF)";
#else
    module.path = FindHipModule();
    if (module.path.empty()) {
      module.error = std::string("the HIP analyser module ") + kModuleName + " is not installed beside the aortalint "
                     "binary (" + ExecutableDir() + ") or in ../lib/aortalint/hip/";
      return;
    }
    void* handle = ::dlopen(module.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = ::dlerror();
      module.error = "the HIP analyser module " + module.path + " could not be loaded: " + (why ? why : "unknown error");
      return;
    }
    auto* abi = reinterpret_cast<AortalintHipAbiFn*>(::dlsym(handle, "aortalint_hip_abi"));
    auto* analyse = reinterpret_cast<AortalintHipAnalyseFn*>(::dlsym(handle, "aortalint_hip_analyse"));
    if (!abi || !analyse || abi() != hip::kAbi) {
      module.error = "the HIP analyser module " + module.path + " is from another aortalint build (interface " +
                     (abi ? std::to_string(abi()) : std::string("unknown")) + ", this binary needs " +
                     std::to_string(hip::kAbi) + ")";
      return;
    }
    module.analyse = analyse;
#endif
  });
  return module;
}

// ROCm's headers, when installed: $ROCM_PATH/include, else /opt/rocm/include.
std::string RocmInclude() {
  std::error_code ec;
  if (const char* rocm = std::getenv("ROCM_PATH"); rocm && *rocm)
    if (fs::exists(fs::path(rocm) / "include/hip/hip_runtime.h", ec)) return (fs::path(rocm) / "include").string();
  if (fs::exists("/opt/rocm/include/hip/hip_runtime.h", ec)) return "/opt/rocm/include";
  return "";
}

}  // namespace

std::string FindHipModule() {
  std::error_code ec;
  if (const char* env = std::getenv("AORTALINT_HIP_MODULE"); env && *env)
    return fs::is_regular_file(env, ec) ? std::string(env) : std::string();
  std::string dir = ExecutableDir();
  if (dir.empty()) return "";
  for (fs::path candidate : {fs::path(dir) / kModuleName, fs::path(dir) / "../lib/aortalint/hip" / kModuleName})
    if (fs::is_regular_file(candidate, ec)) return candidate.lexically_normal().string();
  return "";
}

std::string HipSupportSummary() {
#ifndef AORTALINT_WITH_CLANG
  return "HIP payloads: not analysed (built with -DAORTALINT_WITH_CLANG=OFF)";
#else
  std::string module = FindHipModule();
  if (module.empty())
    return std::string("HIP payloads: Clang ") + AORTALINT_CLANG_VERSION + " analyser module " + kModuleName +
           " NOT FOUND beside the binary or in ../lib/aortalint/hip/";
  return std::string("HIP payloads: Clang ") + AORTALINT_CLANG_VERSION + " LibTooling (" + module +
         ", loaded only when a HIP payload is checked)";
#endif
}

std::shared_ptr<const HipPayload> UnreadableHip(const std::string& path, std::string error) {
  auto payload = std::make_shared<HipPayload>();
  payload->source = std::make_shared<const SourceFile>(path, "");
  payload->read_error = std::move(error);
  return payload;
}

namespace {

// Where a header the parse did not find would be found once written: beside
// the payload, or in a directory its compile command searches.
std::vector<std::string> HeaderSearchDirs(const std::string& payload, const CompileCommand* command) {
  std::vector<std::string> dirs = {fs::path(payload).parent_path().string()};
  if (!command) return dirs;
  const std::vector<std::string>& args = command->arguments;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string dir;
    if (args[i] == "-I" || args[i] == "-iquote" || args[i] == "-isystem" || args[i] == "-idirafter")
      dir = i + 1 < args.size() ? args[++i] : "";
    else if (args[i].starts_with("-I"))
      dir = args[i].substr(2);
    if (!dir.empty()) dirs.push_back((fs::path(command->directory) / dir).string());
  }
  return dirs;
}

// What a parse depends on besides the payload's text, each file as it is now: the headers it
// read, and where each header it did not find would be found once written. The files are stat'ed
// after the parse, so one changed since the parse began may have been seen either way: it gets a
// state no file has (size -1), and nothing built on it is reused (git's rule for racy entries).
FileStates ParseDependencies(const HipPayload& payload, const CompileCommand* command, int64_t started) {
  FileStates states;
  auto add = [&](const std::string& file) {
    FileIdentity now = IdentityOf(file);
    if (now.exists && now.ctime_ns >= started - kTimestampSlackNs) now.size = -1;
    states.emplace_back(file, now);
  };
  for (const std::string& header : payload.includes) add(header);
  if (!payload.missing_headers.empty()) {
    std::vector<std::string> dirs = HeaderSearchDirs(payload.source->path(), command);
    for (const HipMissingHeader& missing : payload.missing_headers)
      for (const std::string& dir : dirs) add((fs::path(dir) / missing.header).lexically_normal().string());
  }
  return states;
}

bool Unchanged(const FileStates& files) {
  return std::all_of(files.begin(), files.end(),
                     [](const auto& file) { return IdentityOf(file.first) == file.second; });
}

// A compile command as the parse sees it.
std::string CommandText(const CompileCommand* command) {
  if (!command) return "";
  std::string text = command->database + '\0' + command->directory;
  for (const std::string& argument : command->arguments) text += '\0' + argument;
  return text;
}

}  // namespace

std::shared_ptr<const HipPayload> AnalyseHip(SourcePtr source, const CompileCommand* command, bool always,
                                             FileStates* read) {
  auto payload = std::make_shared<HipPayload>();
  payload->source = source;
  if (!always && !LooksLikeHip(source->text())) {
    payload->hip = false;  // a plain C++ file: nothing to parse
    return payload;
  }
  Module& module = TheModule();
  if (!module.analyse) {
#ifndef AORTALINT_WITH_CLANG
    payload->status = HipPayload::Status::kNoClang;
#else
    payload->status = HipPayload::Status::kNoModule;
#endif
    payload->status_detail = module.error;
    return payload;
  }
  // One parse per file per process: check, explain and the language server share it while its
  // text, its compile command and every file it depends on hold.
  struct Parsed {
    std::string text, command;
    FileStates dependencies;
    std::shared_ptr<const HipPayload> payload;
  };
  static std::mutex memo_mutex;
  static std::map<std::string, Parsed> memo;
  const std::string& memo_key = source->path();
  std::string command_text = CommandText(command);
  FileStates dependencies;
  std::shared_ptr<const HipPayload> parsed;
  {
    std::lock_guard lock(memo_mutex);
    auto it = memo.find(memo_key);
    if (it != memo.end() && it->second.text == source->text() && it->second.command == command_text) {
      dependencies = it->second.dependencies;
      parsed = it->second.payload;
    }
  }
  if (parsed && Unchanged(dependencies)) {
    if (read) read->insert(read->end(), dependencies.begin(), dependencies.end());
    return parsed;
  }
  int64_t started = NowNs();
  hip::Request request;
  request.path = source->path();
  request.text = std::string(source->text());
  request.rocm_include = RocmInclude();
#ifdef AORTALINT_CLANG_RESOURCE_DIR
  request.resource_dir = AORTALINT_CLANG_RESOURCE_DIR;
#endif
  if (command) {
    request.directory = command->directory;
    if (command->arguments.size() > 1) request.flags.assign(command->arguments.begin() + 1, command->arguments.end());
    payload->flags_from = command->database;
  }
  module.analyse(request, *payload);
  dependencies = ParseDependencies(*payload, command, started);
  if (read) read->insert(read->end(), dependencies.begin(), dependencies.end());
  std::lock_guard lock(memo_mutex);
  if (memo.size() >= 64) memo.clear();  // a bound: a run over many payloads parses each once through HipStore anyway
  memo[memo_key] = {std::string(source->text()), std::move(command_text), std::move(dependencies), payload};
  return payload;
}

}  // namespace aortalint
