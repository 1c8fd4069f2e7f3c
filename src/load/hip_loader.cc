#include "load/hip_loader.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>

#include "base/elide.h"
#include "hip/module_abi.h"
#include "load/hip_worker.h"

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

// Why the file at `path` cannot be the module, checked before anything maps it (a truncated
// library would kill its loader with SIGBUS): a regular ELF file that holds every segment and
// section its header promises. Empty when it can be tried.
[[maybe_unused]] std::string ModuleFileError(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::string("cannot be opened: ") + std::strerror(errno);
  struct stat st {};
  Elf64_Ehdr header{};
  std::string error;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = "is not a regular file";
  } else if (::pread(fd, &header, sizeof header, 0) != ssize_t(sizeof header) ||
             std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64) {
    error = "is not a 64-bit shared library (" + std::to_string(st.st_size) + " bytes)";
  } else {
    uint64_t size = uint64_t(st.st_size), promised = header.e_shoff + uint64_t(header.e_shnum) * header.e_shentsize;
    for (unsigned i = 0; i < header.e_phnum && promised <= size; ++i) {
      Elf64_Phdr segment{};
      if (::pread(fd, &segment, sizeof segment, off_t(header.e_phoff + uint64_t(i) * header.e_phentsize)) !=
          ssize_t(sizeof segment))
        promised = size + 1;
      else if (segment.p_type == PT_LOAD)
        promised = std::max<uint64_t>(promised, segment.p_offset + segment.p_filesz);
    }
    if (promised > size)
      error = "is truncated (" + std::to_string(size) + " bytes, its header needs " + std::to_string(promised) + ")";
  }
  ::close(fd);
  return error;
}

struct Module {
  std::once_flag found;
  std::string error;  // why it cannot be used
  std::string help;   // what to do about it, when reinstalling is not the answer
  std::string path;
};

Module& TheModule() {
  static Module module;
  std::call_once(module.found, [] {
#ifndef AORTALINT_WITH_CLANG
    module.error = "this aortalint was built without Clang (-DAORTALINT_WITH_CLANG=OFF)";
#else
    if (const char* env = std::getenv("AORTALINT_HIP_MODULE"); env && *env) {
      module.path = env;
      if (std::string why = ModuleFileError(module.path); !why.empty())
        module.error = "the HIP analyser module named by $AORTALINT_HIP_MODULE (" + Elide(module.path, 200) + ") " + why;
      module.help = "point $AORTALINT_HIP_MODULE at this build's libaortalint_hip.so, or unset it to use the one "
                    "installed beside the binary";
      return;
    }
    module.path = FindHipModule();
    if (module.path.empty()) {
      module.error = std::string("the HIP analyser module ") + kModuleName + " is not installed beside the aortalint "
                     "binary (" + ExecutableDir() + ") or in ../lib/aortalint/hip/";
      module.help = "install the aortalint-hip package (or build with -DAORTALINT_WITH_CLANG=ON and install both)";
      return;
    }
    if (std::string why = ModuleFileError(module.path); !why.empty())
      module.error = "the HIP analyser module " + module.path + " " + why;
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
  std::string clang = std::string("HIP payloads: Clang ") + AORTALINT_CLANG_VERSION;
  if (const char* env = std::getenv("AORTALINT_HIP_MODULE"); env && *env) {
    if (std::string why = ModuleFileError(env); !why.empty())
      return clang + " analyser module named by $AORTALINT_HIP_MODULE (" + Elide(env, 200) + ") " + why;
  }
  std::string module = FindHipModule();
  if (module.empty())
    return clang + " analyser module " + kModuleName +
           " NOT FOUND beside the binary or in ../lib/aortalint/hip/ (install the aortalint-hip package)";
  if (std::string why = ModuleFileError(module); !why.empty()) return clang + " analyser module " + module + " " + why;
  return clang + " LibTooling (" + module + ", run in a worker process when a HIP payload is checked)";
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

// The directory whose files a payload's parse may read: the nearest at or above it holding .git or
// .aortalint.yaml (the markers of a project's top), else the payload's own directory.
std::string ProjectRootOf(const std::string& payload) {
  std::error_code ec;
  fs::path dir = fs::absolute(payload, ec).lexically_normal().parent_path();
  for (fs::path d = dir; !d.empty(); d = d.parent_path()) {
    if (fs::exists(d / ".git", ec) || fs::exists(d / ".aortalint.yaml", ec)) return d.string();
    if (d == d.root_path()) break;
  }
  return dir.string();
}

// A compile command as the parse sees it.
std::string CommandText(const CompileCommand* command) {
  if (!command) return "";
  std::string text = command->database + '\0' + command->directory;
  for (const std::string& argument : command->arguments) text += '\0' + argument;
  return text;
}

}  // namespace

namespace {
std::mutex pch_dir_mutex;
std::string pch_dir;
}  // namespace

void SetHipPrecompiledDir(std::string dir) {
  std::lock_guard lock(pch_dir_mutex);
  pch_dir = std::move(dir);
}

std::shared_ptr<const HipPayload> AnalyseHip(SourcePtr source, const CompileCommand* command, bool always,
                                             FileStates* read) {
  auto payload = std::make_shared<HipPayload>();
  payload->source = source;
  if (!always && !LooksLikeHip(source->text())) {
    payload->hip = false;  // a plain C++ file: nothing to parse
    return payload;
  }
  Module& module = TheModule();
  std::string limits_error;
  HipLimits limits = HipLimitsFromEnvironment(&limits_error);
  if (!limits_error.empty()) {
    payload->status = HipPayload::Status::kFailed;
    payload->status_detail = limits_error;
    payload->status_help = "unset it, or give a number in that range";
    return payload;
  }
  if (!module.error.empty()) {
#ifndef AORTALINT_WITH_CLANG
    payload->status = HipPayload::Status::kNoClang;
#else
    payload->status = HipPayload::Status::kNoModule;
#endif
    payload->status_detail = module.error;
    payload->status_help = module.help;
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
  std::string command_text =
      CommandText(command) + '\0' + std::to_string(limits.seconds) + '\0' + std::to_string(limits.memory_mib);
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
  request.fork_chains_mib = limits.fork_chains_mib;  // the facts are the same either way: not in the key above
#ifdef AORTALINT_CLANG_RESOURCE_DIR
  request.resource_dir = AORTALINT_CLANG_RESOURCE_DIR;
#endif
  request.project_root = ProjectRootOf(source->path());
  request.include_roots = {"/usr/include", "/usr/local/include", "/usr/lib/gcc"};
  for (const std::string& root : {request.resource_dir, request.rocm_include})
    if (!root.empty()) request.include_roots.push_back(root);
  if (command) {
    request.directory = command->directory;
    if (command->arguments.size() > 1) request.flags.assign(command->arguments.begin() + 1, command->arguments.end());
    payload->flags_from = command->database;
  }
  {
    std::lock_guard lock(pch_dir_mutex);
    request.pch_dir = pch_dir;
  }
  AnalyseInWorker(module.path, limits, request, *payload);
  dependencies = ParseDependencies(*payload, command, started);
  // A stopped parse depends on the machine's load as much as on the files: never reused from the result cache.
  if (payload->status == HipPayload::Status::kStopped)
    dependencies.emplace_back(source->path(), FileIdentity{.size = -1});
  if (read) read->insert(read->end(), dependencies.begin(), dependencies.end());
  std::lock_guard lock(memo_mutex);
  if (memo.size() >= 64) memo.clear();  // a bound: a run over many payloads parses each once through HipStore anyway
  memo[memo_key] = {std::string(source->text()), std::move(command_text), std::move(dependencies), payload};
  return payload;
}

}  // namespace aortalint
