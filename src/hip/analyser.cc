// The HIP analyser module (libaortalint_hip.so): parses one HIP or C++
// payload's host side with Clang 14 (`-x hip --cuda-host-only -nogpuinc
// -nogpulib -fsyntax-only`) and fills a HipPayload with what the HIP rules
// need: kernels (with the symbols rocprofv3 names them by), launches, roctx
// calls, hipModuleGetFunction lookups and `__shared__` variables. Facts are
// kept at their position in the payload (a launch hidden in a macro is placed
// where the macro is used); kernels defined in the project's own headers are
// kept too, placed at the #include, while launches and roctx calls there are
// only counted.
//
// Headers: ROCm's when it is installed, else aortalint's stand-in headers
// (src/hip/include, embedded here and served from memory). A header found
// nowhere is served empty, recorded once, and the parse goes on: a fatal
// "file not found" would stop Clang instantiating templates.
//
// Containment: the module runs only in a worker process with limits
// (load/hip_worker.h); within it, the parse opens only regular files below
// the project's root and the include roots (a FIFO, a device, /dev/stdin or a
// file outside is a missing header), Clang's debug pragmas do nothing, and a
// diagnostic is quoted only from the payload and the project's own files.
#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Mangle.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticLex.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/Stack.h>
#include <clang/Basic/Version.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <clang/Sema/ExternalSemaSource.h>
#include <clang/Sema/Sema.h>
#include <clang/Sema/SemaConsumer.h>
#include <clang/Serialization/ASTWriter.h>
#include <clang/Serialization/PCHContainerOperations.h>
#include <clang/Tooling/Tooling.h>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VersionTuple.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "base/elide.h"
#include "hip/module_abi.h"
#include "load/hip_wire.h"

namespace aortalint::hip {
namespace {

// The stand-in headers, generated from src/hip/include at configure time:
// `{"hip/hip_runtime.h", R"(...)"}`, ...
struct StandinHeader {
  const char* path;
  const char* text;
};
constexpr StandinHeader kStandin[] = {
#include "hip_standin.inc"
};

constexpr const char* kStandinDir = "/__aortalint__/standin";
constexpr const char* kMissingDir = "/__aortalint__/missing";
// The stand-in's declarations of the builtins Clang 14 lacks, which a parse with ROCm's headers includes too.
constexpr const char* kNewerBuiltins = "aortalint/newer_builtins.h";
// The precompiled prelude and the empty main file it is built from, served from memory.
constexpr const char* kPchPath = "/__aortalint__/pch/prelude.pch";
constexpr const char* kPchMain = "/__aortalint__/pch/prelude.hip";

constexpr const char* kLaunchApis[] = {"hipLaunchKernelGGL",         "hipLaunchKernel",
                                       "hipExtLaunchKernel",         "hipExtLaunchKernelGGL",
                                       "hipLaunchCooperativeKernel", "hipModuleLaunchKernel",
                                       "hipExtModuleLaunchKernel",   "hipModuleLaunchCooperativeKernel",
                                       "hipLaunchKernelExC",         "hipLaunchCooperativeKernelMultiDevice",
                                       "hipLaunchKernelEx",          "hipGraphLaunch"};

bool IsLaunchApi(llvm::StringRef name) {
  for (const char* api : kLaunchApis)
    if (name == api) return true;
  return false;
}

// A call's callee by name: a resolved function's, or (in a template) the name an unresolved call looks up; empty
// for a call through a value (a functor, a pointer) or an operator.
llvm::StringRef CalleeName(const clang::CallExpr* call) {
  if (const clang::FunctionDecl* callee = call->getDirectCallee())
    return callee->getIdentifier() ? callee->getName() : llvm::StringRef();
  if (const auto* lookup = llvm::dyn_cast<clang::OverloadExpr>(call->getCallee()->IgnoreParenImpCasts()))
    if (lookup->getName().isIdentifier()) return lookup->getName().getAsIdentifierInfo()->getName();
  return {};
}

// The real file system seen through the containment rule: a file is opened
// only when it is a regular file whose real path (links followed) lies below
// one of the roots. Anything else looks missing, and why is recorded.
class ContainedFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  explicit ContainedFileSystem(const std::vector<std::string>& roots)
      : ProxyFileSystem(llvm::vfs::getRealFileSystem()) {
    for (const std::string& root : roots)
      if (std::string real = RealPath(root); !real.empty()) roots_.push_back(real);
  }

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    llvm::ErrorOr<llvm::vfs::Status> st = ProxyFileSystem::status(path);
    if (!st || st->isDirectory()) return st;  // a directory holds nothing until a file in it is opened
    if (Refuse(path.str(), st->getType() == llvm::sys::fs::file_type::regular_file))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return st;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    std::string name = path.str();
    // Never blocks: O_NONBLOCK makes a FIFO's open return, and fstat then refuses it.
    int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return std::error_code(errno, std::generic_category());
    llvm::sys::fs::file_status st;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = std::make_error_code(std::errc::io_error);
    if (!llvm::sys::fs::status(fd, st) && !Refuse(name, st.type() == llvm::sys::fs::file_type::regular_file))
      buffer = llvm::MemoryBuffer::getOpenFile(fd, name, st.getSize(), /*RequiresNullTerminator=*/false);
    ::close(fd);
    if (!buffer) return std::make_error_code(std::errc::no_such_file_or_directory);
    return std::unique_ptr<llvm::vfs::File>(
        new BufferFile(llvm::vfs::Status::copyWithNewName(st, name), std::move(*buffer)));
  }

  /// `path` with its links resolved, as realpath(3) gives it; empty when it does not exist. Memoised by
  /// directory: a header search resolves hundreds of files in a few directories, and realpath(3) reads
  /// each component of each path again (a readlink per component: 3,800 for a file that includes <vector>).
  std::string RealPath(const std::string& path) {
    if (auto it = real_.find(path); it != real_.end()) return it->second;
    std::string out;
    llvm::StringRef parent = llvm::sys::path::parent_path(path), name = llvm::sys::path::filename(path);
    llvm::sys::fs::file_status st;
    if (llvm::sys::path::is_absolute(path) && !parent.empty() && parent != path && name != "." && name != ".." &&
        !llvm::sys::fs::status(path, st, /*follow=*/false) && st.type() != llvm::sys::fs::file_type::symlink_file) {
      // Not a link itself: its real path is its directory's, then its name.
      if (std::string dir = RealPath(parent.str()); !dir.empty())
        out = dir == "/" ? "/" + name.str() : dir + "/" + name.str();
    } else {
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(path, real)) out = real.str().str();
    }
    real_.emplace(path, out);
    return out;
  }

  /// Why `path` (as a header was looked up) was not opened, when it exists; else empty.
  std::string RefusalOf(llvm::StringRef written) const {
    for (const auto& [path, why] : refused_)
      if (path == written || llvm::StringRef(path).endswith(("/" + written).str())) return why;
    return "";
  }

 private:
  // A file read once and served from memory.
  class BufferFile : public llvm::vfs::File {
   public:
    BufferFile(llvm::vfs::Status status, std::unique_ptr<llvm::MemoryBuffer> buffer)
        : status_(std::move(status)), buffer_(std::move(buffer)) {}
    llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool,
                                                                 bool) override {
      return llvm::MemoryBuffer::getMemBufferCopy(buffer_->getBuffer(), name);
    }
    std::error_code close() override { return {}; }

   private:
    llvm::vfs::Status status_;
    std::unique_ptr<llvm::MemoryBuffer> buffer_;
  };

  // Whether `path` must not be opened; records why.
  bool Refuse(const std::string& path, bool regular) {
    std::string why;
    if (!regular) {
      why = "it is not a regular file";
    } else {
      std::string real = RealPath(path);
      bool inside = false;
      for (const std::string& root : roots_)
        inside |= real == root || (llvm::StringRef(real).startswith(root) && real[root.size()] == '/');
      if (inside) return false;
      why = "it is outside the project and the include roots";
    }
    if (refused_.size() < 256) refused_.emplace_back(path, why);
    return true;
  }

  std::vector<std::string> roots_;
  std::vector<std::pair<std::string, std::string>> refused_;
  std::map<std::string, std::string> real_;
};

// Serves one file from memory under a fixed unique ID: the precompiled prelude, which the
// InMemoryFileSystem would hash whole (7.5 MB) into a unique ID as it is added, 1.5 ms of every parse.
class OneFileSystem : public llvm::vfs::FileSystem {
 public:
  OneFileSystem(std::string path, llvm::StringRef bytes)
      : path_(std::move(path)),
        bytes_(bytes),
        status_(path_, llvm::sys::fs::UniqueID(~uint64_t{0}, 1), llvm::sys::TimePoint<>(), 0, 0, bytes.size(),
                llvm::sys::fs::file_type::regular_file, llvm::sys::fs::perms::all_read) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    if (path.str() != path_) return std::make_error_code(std::errc::no_such_file_or_directory);
    return status_;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    if (path.str() != path_) return std::make_error_code(std::errc::no_such_file_or_directory);
    return std::unique_ptr<llvm::vfs::File>(new Reader(status_, bytes_));
  }
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine&, std::error_code& ec) override {
    ec = std::make_error_code(std::errc::no_such_file_or_directory);
    return {};
  }
  std::error_code getRealPath(const llvm::Twine& path, llvm::SmallVectorImpl<char>& out) const override {
    if (path.str() != path_) return std::make_error_code(std::errc::no_such_file_or_directory);
    out.assign(path_.begin(), path_.end());
    return {};
  }
  std::error_code setCurrentWorkingDirectory(const llvm::Twine&) override { return {}; }
  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override { return std::string("/"); }

 private:
  class Reader : public llvm::vfs::File {
   public:
    Reader(llvm::vfs::Status status, llvm::StringRef bytes) : status_(std::move(status)), bytes_(bytes) {}
    llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool,
                                                                 bool) override {
      return llvm::MemoryBuffer::getMemBuffer(bytes_, name.str(), /*RequiresNullTerminator=*/false);
    }
    std::error_code close() override { return {}; }

   private:
    llvm::vfs::Status status_;
    llvm::StringRef bytes_;
  };

  std::string path_;
  llvm::StringRef bytes_;
  llvm::vfs::Status status_;
};

// Everything the parse records before the AST exists: missing headers, and
// the diagnostics (counted, never printed).
struct ParseState {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory;
  llvm::IntrusiveRefCntPtr<ContainedFileSystem> disk;
  llvm::IntrusiveRefCntPtr<OneFileSystem> pch;  // the precompiled prelude, when the parse reads one
  int missing_count = 0;
  std::set<std::string> missing_reported;
  std::set<std::string> spelled;  // every header name an #include wrote (the prelude's shadowing check)
  bool parsed = false;            // the AST was built (else Clang stopped before: a PCH it refused)
  uint64_t fork_chains_mib = 0;   // Request::fork_chains_mib
  HipPayload* out = nullptr;
};

class MissingHeaders : public clang::PPCallbacks {
 public:
  MissingHeaders(ParseState& state, clang::Preprocessor& pp) : state_(state), pp_(pp), sm_(pp.getSourceManager()) {}

  // Serve an empty file from a fresh directory (the FileManager caches misses
  // by directory, so a second miss needs a new one) and let Clang look again.
  // The directory is one level deeper per `..` in the name, so `../x.h` stays in it.
  bool FileNotFound(llvm::StringRef file, llvm::SmallVectorImpl<char>& recovery) override {
    // Not for `#include_next`: Clang 14 adds the recovery directory to the search list that the directive's
    // position points into, and crashes (SEGV). Such a header stops the parse; InclusionDirective reports it.
    if (InIncludeNext()) return false;
    std::string dir = std::string(kMissingDir) + "/" + std::to_string(state_.missing_count++);
    for (auto it = llvm::sys::path::begin(file), end = llvm::sys::path::end(file); it != end; ++it)
      if (*it == "..") dir += "/up";
    llvm::SmallString<256> path(dir + "/" + file.str());
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    state_.memory->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer(""));
    state_.memory->addFile(dir + "/.missing", 0, llvm::MemoryBuffer::getMemBuffer(""));  // the directory itself
    recovery.assign(dir.begin(), dir.end());
    return true;
  }

  void InclusionDirective(clang::SourceLocation hash, const clang::Token&, llvm::StringRef file, bool,
                          clang::CharSourceRange range, const clang::FileEntry* entry, llvm::StringRef, llvm::StringRef,
                          const clang::Module*, clang::SrcMgr::CharacteristicKind) override {
    state_.spelled.insert(file.str());
    if (entry && !entry->getName().startswith(kMissingDir)) return;  // found (no entry: not even served empty)
    if (!state_.missing_reported.insert(file.str()).second) return;
    HipMissingHeader missing{file.str(), {}, state_.disk->RefusalOf(file)};
    clang::SourceLocation loc = sm_.getExpansionLoc(hash);
    if (sm_.isWrittenInMainFile(loc)) {
      clang::SourceLocation end = sm_.getExpansionLoc(range.getEnd());
      missing.span = {sm_.getFileOffset(loc), sm_.getFileOffset(end)};
    }
    state_.out->missing_headers.push_back(std::move(missing));
  }

 private:
  // Whether the directive being handled is an `#include_next` (the lexer stands at the end of its line).
  bool InIncludeNext() const {
    // A directive is lexed from a file, and Clang 14's only PreprocessorLexer is the file Lexer.
    const auto* lexer = static_cast<const clang::Lexer*>(pp_.getCurrentLexer());
    if (!lexer) return false;
    llvm::StringRef before(lexer->getBuffer().data(), lexer->getBufferLocation() - lexer->getBuffer().data());
    before = before.rtrim();  // the directive's end of line may be read already
    llvm::StringRef line = before.substr(before.rfind('\n') + 1);
    return line.contains("include_next");
  }

  ParseState& state_;
  clang::Preprocessor& pp_;
  clang::SourceManager& sm_;
};

// Counts the errors in the payload's own text; prints nothing. The first one
// is kept, quoted only from the payload or a file of the project (never from
// a file outside it), and shortened.
class CountingConsumer : public clang::DiagnosticConsumer {
 public:
  CountingConsumer(HipPayload& out, std::string project_root) : out_(out), project_root_(std::move(project_root)) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error) return;
    // A missing header is reported as such, not as an error.
    if (info.getID() == clang::diag::err_pp_file_not_found) return;
    ++out_.errors;
    if (!out_.first_error.empty() || !info.hasSourceManager() || !info.getLocation().isValid()) return;
    const clang::SourceManager& sm = info.getSourceManager();
    clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
    llvm::SmallString<160> text;
    info.FormatDiagnostic(text);
    std::string first;
    if (sm.isWrittenInMainFile(loc))
      first = std::to_string(sm.getExpansionLineNumber(loc)) + ":" + std::to_string(sm.getExpansionColumnNumber(loc)) +
              ": " + text.str().str();
    else if (InProject(sm.getFilename(loc)))
      first = sm.getFilename(loc).str() + ": " + text.str().str();
    else
      first = "in " + sm.getFilename(loc).str() + ", not quoted: the file is outside the project";
    out_.first_error = Elide(first, kMaxQuote);
  }

 private:
  static constexpr size_t kMaxQuote = 300;

  bool InProject(llvm::StringRef file) const {
    llvm::SmallString<256> real;
    if (project_root_.empty() || llvm::sys::fs::real_path(file, real)) return false;
    return real.str().startswith(project_root_ + "/");
  }

  HipPayload& out_;
  std::string project_root_;
};

// Instantiations whose body the parse left out (Consumer::LeaveDeclared below).
using DeclaredOnly = std::set<const clang::FunctionDecl*>;

// Where each kernel and each of its symbols come from, parallel to a payload's kernels and their symbols: the kernel's
// template (its canonical declaration's address) and each symbol's declaration (its place in the order the AST was
// allocated in, Decl::getID). Both are the same in every process forked once the file was parsed (below).
struct KernelOrigins {
  std::vector<uint64_t> templates;
  std::vector<std::vector<int64_t>> symbols;
  // Where the walk found the kernel: the declaration (Decl::getID) whose traversal reached what it visited, one the
  // file wrote (an instantiation is reached from its template's first declaration).
  std::vector<int64_t> found_at;
};

class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  Collector(clang::ASTContext& context, HipPayload& out, const DeclaredOnly& declared_only)
      : context_(context),
        sm_(context.getSourceManager()),
        out_(out),
        mangler_(context.createMangleContext()),
        declared_only_(declared_only) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitFunctionDecl(clang::FunctionDecl* fn) {
    if (!fn->hasAttr<clang::CUDAGlobalAttr>() || (!fn->doesThisDeclarationHaveABody() && !declared_only_.count(fn)))
      return true;
    // An instantiation adds its symbol to its template's kernel.
    const clang::FunctionDecl* pattern = fn;
    if (fn->isTemplateInstantiation()) {
      if (const clang::FunctionDecl* p = fn->getTemplateInstantiationPattern()) pattern = p;
    }
    clang::SourceLocation loc = sm_.getExpansionLoc(pattern->getLocation());
    if (!sm_.isWrittenInMainFile(loc) && !InProjectHeader(loc)) return true;
    HipKernel& kernel = KernelFor(pattern, loc, fn);
    // A parameter whose type did not parse reads as `int`: its name would be a guess.
    if (HasInvalidType(fn)) {
      kernel.name_unknown = true;
      return true;
    }
    if (fn->isTemplateInstantiation() || !pattern->getDescribedFunctionTemplate()) {
      std::string symbol = Symbol(fn);
      if (!symbol.empty() && std::find(kernel.symbols.begin(), kernel.symbols.end(), symbol) == kernel.symbols.end()) {
        kernel.display_names.push_back(Demangled(symbol));
        kernel.symbols.push_back(std::move(symbol));
        origins_.symbols[&kernel - out_.kernels.data()].push_back(fn->getID());
      }
    }
    return true;
  }

  bool VisitVarDecl(clang::VarDecl* var) {
    if (!var->hasAttr<clang::CUDASharedAttr>()) return true;
    clang::SourceLocation loc = sm_.getExpansionLoc(var->getLocation());
    if (sm_.isWrittenInMainFile(loc))
      out_.shared_decls.push_back(SpanOf(var->getSourceRange()));
    else if (InProjectHeader(loc))
      ++out_.shared_in_headers;
    else
      return true;
    // The kernel whose body declares it.
    const clang::DeclContext* dc = var->getDeclContext();
    while (dc && !llvm::isa<clang::FunctionDecl>(dc)) dc = dc->getParent();
    if (const auto* fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(dc))
      if (fn->hasAttr<clang::CUDAGlobalAttr>()) {
        clang::SourceLocation kloc = sm_.getExpansionLoc(fn->getLocation());
        if (sm_.isWrittenInMainFile(kloc) || InProjectHeader(kloc)) KernelFor(fn, kloc, fn).declares_shared = true;
      }
    return true;
  }

  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* call) {
    std::string kernel;
    if (const clang::FunctionDecl* fn = call->getDirectCallee()) kernel = KernelName(fn);
    AddLaunch("<<<>>>", kernel, call->getSourceRange());
    return true;
  }

  bool VisitCallExpr(clang::CallExpr* call) {
    if (llvm::isa<clang::CUDAKernelCallExpr>(call)) return true;
    llvm::StringRef name = CalleeName(call);
    if (name.empty()) return true;
    if (IsLaunchApi(name)) {
      std::string kernel;
      if (call->getNumArgs() > 0 && !name.startswith("hipModule") && !name.startswith("hipExtModule") &&
          !name.startswith("hipGraph"))
        kernel = ReferencedKernel(call->getArg(name == "hipLaunchKernelExC" || name == "hipLaunchKernelEx" ? 1 : 0));
      AddLaunch(name.str(), kernel, call->getSourceRange());
    } else if (name.startswith("roctx")) {
      clang::SourceLocation loc = sm_.getExpansionLoc(call->getBeginLoc());
      if (sm_.isWrittenInMainFile(loc))
        out_.roctx_calls.push_back({name.str(), "", SpanOf(call->getSourceRange())});
      else if (InProjectHeader(loc))
        ++out_.roctx_in_headers;
    } else if (name == "hipModuleGetFunction" && call->getNumArgs() >= 3) {
      clang::SourceLocation loc = sm_.getExpansionLoc(call->getBeginLoc());
      if (!sm_.isWrittenInMainFile(loc)) return true;
      const clang::Expr* arg = call->getArg(2)->IgnoreParenImpCasts();
      HipCall lookup{name.str(), "", SpanOf(call->getSourceRange())};
      if (const auto* literal = llvm::dyn_cast<clang::StringLiteral>(arg)) {
        lookup.literal = literal->getString().str();
        lookup.span = SpanOf(literal->getSourceRange());
      }
      out_.module_lookups.push_back(std::move(lookup));
    }
    return true;
  }

  // Template bodies are visited as written; an instantiation repeats its template's calls, so only its declaration
  // is visited (a kernel's symbol), never its body: composable_kernel's examples instantiate tens of thousands of
  // functions (bench/hip.md). The visitor traverses constructors, destructors and conversions apart from other
  // methods: an instantiated constructor's launch was taken a second time, with the kernel its instantiation names.
  bool TraverseFunctionDecl(clang::FunctionDecl* fn) {
    return fn->isTemplateInstantiation() ? WalkUpFromFunctionDecl(fn) : RecursiveASTVisitor::TraverseFunctionDecl(fn);
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl* fn) {
    return fn->isTemplateInstantiation() ? WalkUpFromCXXMethodDecl(fn) : RecursiveASTVisitor::TraverseCXXMethodDecl(fn);
  }
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl* fn) {
    return fn->isTemplateInstantiation() ? WalkUpFromCXXConstructorDecl(fn)
                                         : RecursiveASTVisitor::TraverseCXXConstructorDecl(fn);
  }
  bool TraverseCXXDestructorDecl(clang::CXXDestructorDecl* fn) {
    return fn->isTemplateInstantiation() ? WalkUpFromCXXDestructorDecl(fn)
                                         : RecursiveASTVisitor::TraverseCXXDestructorDecl(fn);
  }
  bool TraverseCXXConversionDecl(clang::CXXConversionDecl* fn) {
    return fn->isTemplateInstantiation() ? WalkUpFromCXXConversionDecl(fn)
                                         : RecursiveASTVisitor::TraverseCXXConversionDecl(fn);
  }

  const KernelOrigins& Origins() const { return origins_; }

 private:
  // The declaration the walk reaches `fn` from: for an instantiation, its template's first declaration, or its
  // outermost class template's (the walk visits instantiations there); else `fn` itself.
  static const clang::Decl* TraversedFrom(const clang::FunctionDecl* fn) {
    const clang::Decl* from = fn;
    if (const clang::FunctionTemplateDecl* primary = fn->getPrimaryTemplate()) from = primary->getCanonicalDecl();
    for (const clang::DeclContext* dc = fn->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(dc))
        from = spec->getSpecializedTemplate()->getCanonicalDecl();
    return from;
  }

  // The kernel of `pattern`, found while visiting `visited` (the pattern, or an instantiation of it).
  HipKernel& KernelFor(const clang::FunctionDecl* pattern, clang::SourceLocation loc,
                       const clang::FunctionDecl* visited) {
    auto [it, inserted] = kernel_index_.emplace(pattern->getCanonicalDecl(), out_.kernels.size());
    if (inserted) {
      HipKernel kernel;
      kernel.name = pattern->getNameAsString();
      kernel.qualified = pattern->getQualifiedNameAsString();
      if (sm_.isWrittenInMainFile(loc)) {
        uint32_t begin = sm_.getFileOffset(loc);
        kernel.span = {begin, begin + static_cast<uint32_t>(kernel.name.size())};
      } else {  // in a project header: placed at the payload's #include that reads it
        kernel.defined_in = sm_.getFilename(loc).str();
        clang::SourceLocation include = loc;
        while (include.isValid() && !sm_.isWrittenInMainFile(include))
          include = sm_.getIncludeLoc(sm_.getFileID(include));
        if (include.isValid()) kernel.span = SpanOf(include);
      }
      kernel.extern_c = pattern->isExternC();
      kernel.is_template = pattern->getDescribedFunctionTemplate() != nullptr;
      out_.kernels.push_back(std::move(kernel));
      origins_.templates.push_back(reinterpret_cast<uintptr_t>(pattern->getCanonicalDecl()));
      origins_.symbols.emplace_back();
      origins_.found_at.push_back(TraversedFrom(visited)->getID());
    }
    return out_.kernels[it->second];
  }

  // The device symbol: Itanium-mangled, or the plain name for C linkage.
  std::string Symbol(const clang::FunctionDecl* fn) {
    if (fn->isDependentContext()) return "";
    if (!mangler_->shouldMangleDeclName(fn)) return fn->getNameAsString();
    std::string symbol;
    llvm::raw_string_ostream os(symbol);
    mangler_->mangleName(clang::GlobalDecl(fn, clang::KernelReferenceKind::Kernel), os);
    return os.str();
  }

  // Whether the function or a parameter has a type Clang could not resolve.
  static bool HasInvalidType(const clang::FunctionDecl* fn) {
    if (fn->isInvalidDecl()) return true;
    for (const clang::ParmVarDecl* p : fn->parameters())
      if (p->isInvalidDecl()) return true;
    return false;
  }

  // The name rocprofv3 shows: the symbol demangled by LLVM's Itanium demangler
  // (libstdc++'s output format), never the host's, which may not know a newer
  // mangling such as `DF16_` for _Float16.
  static std::string Demangled(const std::string& symbol) {
    int status = 0;
    char* text = llvm::itaniumDemangle(symbol.c_str(), nullptr, nullptr, &status);
    std::string out = status == 0 && text ? text : symbol;
    std::free(text);
    return out;
  }

  static std::string KernelName(const clang::FunctionDecl* fn) {
    if (const clang::FunctionDecl* p = fn->getTemplateInstantiationPattern()) fn = p;
    return fn->getQualifiedNameAsString();
  }

  // The kernel a launch API's first argument names: `k`, `&k`, `k<float>`,
  // `(const void*)k`, `reinterpret_cast<const void*>(&k)`, HIP_KERNEL_NAME(k).
  static std::string ReferencedKernel(const clang::Expr* e) {
    for (int depth = 0; e && depth < 16; ++depth) {
      e = e->IgnoreParenCasts();
      if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
        e = unary->getSubExpr();
        continue;
      }
      if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
        if (const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl())) return KernelName(fn);
      if (const auto* lookup = llvm::dyn_cast<clang::OverloadExpr>(e)) return lookup->getName().getAsString();
      break;
    }
    return "";
  }

  void AddLaunch(std::string api, std::string kernel, clang::SourceRange range) {
    clang::SourceLocation begin = range.getBegin();
    if (!sm_.isWrittenInMainFile(sm_.getExpansionLoc(begin))) {
      if (InProjectHeader(sm_.getExpansionLoc(begin))) ++out_.launches_in_headers;
      return;
    }
    // The outermost macro the user wrote, when the launch is inside one.
    std::string macro;
    for (clang::SourceLocation loc = begin; loc.isMacroID(); loc = sm_.getImmediateMacroCallerLoc(loc)) {
      llvm::StringRef name = clang::Lexer::getImmediateMacroName(loc, sm_, context_.getLangOpts());
      if (!name.empty()) macro = name.str();
    }
    // ROCm's own hipLaunchKernelGGL is a macro around `<<<>>>`: name the API, not a user macro.
    if (IsLaunchApi(macro)) {
      api = macro;
      macro.clear();
    }
    Span span = SpanOf(range);
    for (const HipLaunch& seen : out_.launches)
      if (seen.span == span && seen.kernel == kernel) return;
    out_.launches.push_back({std::move(api), std::move(kernel), std::move(macro), span});
  }

  // A header of the user's project: not a system header, not ours.
  bool InProjectHeader(clang::SourceLocation loc) const {
    if (loc.isInvalid() || sm_.isInSystemHeader(loc)) return false;
    llvm::StringRef file = sm_.getFilename(loc);
    return !file.empty() && !file.startswith("/__aortalint__/");
  }

  // The written extent of a range in the payload (the macro use for a range inside a macro).
  Span SpanOf(clang::SourceRange range) {
    clang::CharSourceRange chars = sm_.getExpansionRange(range);
    clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(chars.getEnd(), 0, sm_, context_.getLangOpts());
    uint32_t b = sm_.getFileOffset(chars.getBegin());
    uint32_t e = end.isValid() && sm_.isWrittenInMainFile(end) ? sm_.getFileOffset(end) : b;
    return {b, std::max(b, e)};
  }

  clang::ASTContext& context_;
  clang::SourceManager& sm_;
  HipPayload& out_;
  std::unique_ptr<clang::MangleContext> mangler_;
  std::map<const clang::Decl*, size_t> kernel_index_;
  KernelOrigins origins_;  // parallel to out_.kernels
  const DeclaredOnly& declared_only_;
};

// Which templates of the project's headers can bring a kernel's symbol into the parse when instantiated: those whose
// body (or a variable's initializer) as written launches or names a kernel, or uses a function, a constructor or a
// variable that can. A use Clang resolved while parsing the template leads to the declarations it found; one it could
// not (a member of a template parameter's type, a functor's call) leads to every function of that name, so `x.Run()`
// counts as a call of every `Run`: over-approximating keeps an instantiation, it never loses a kernel.
class KernelPaths : public clang::RecursiveASTVisitor<KernelPaths> {
  using Base = clang::RecursiveASTVisitor<KernelPaths>;

 public:
  KernelPaths(clang::ASTContext& context, const std::vector<clang::Decl*>& decls)
      : sm_(context.getSourceManager()), call_(context.DeclarationNames.getCXXOperatorName(clang::OO_Call)) {
    for (clang::Decl* decl : decls) TraverseDecl(decl);
    Propagate();
  }

  // Whether instantiating `fn` may name a kernel: its template may, or a class or lambda it is instantiated with
  // has a member that may (a helper that calls the functor it is given). A template not walked here (a system
  // header's) may.
  bool MayLead(const clang::FunctionDecl* fn) const {
    const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    if (!pattern || LeadsAt(pattern) != Leads::kNo) return true;
    for (const clang::DeclContext* dc = fn; dc; dc = dc->getParent()) {
      const clang::TemplateArgumentList* args = nullptr;
      if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc))
        args = f->getTemplateSpecializationArgs();
      else if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(dc))
        args = &spec->getTemplateArgs();
      if (args && ArgumentsLead(args->asArray(), 0)) return true;
    }
    return false;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }  // the templates as written

  bool TraverseDecl(clang::Decl* decl) {
    bool scope = false;
    if (const auto* fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(decl))
      scope = fn->doesThisDeclarationHaveABody();
    else if (const auto* var = llvm::dyn_cast_or_null<clang::VarDecl>(decl))
      scope = var->hasInit() && !var->isLocalVarDeclOrParm();
    if (!scope) return Base::TraverseDecl(decl);
    Open(llvm::cast<clang::NamedDecl>(decl));
    bool ok = Base::TraverseDecl(decl);
    open_.pop_back();
    return ok;
  }
  // Without the base's queue parameter, so the body is walked before the lambda is closed.
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) {
    if (!lambda->getCallOperator()) return Base::TraverseLambdaExpr(lambda);
    Open(lambda->getCallOperator());
    bool ok = Base::TraverseLambdaExpr(lambda);
    open_.pop_back();
    return ok;
  }

  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr*) { return Root(); }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) { return Use(e->getDecl()); }
  bool VisitMemberExpr(clang::MemberExpr* e) { return Use(e->getMemberDecl()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) { return Use(e->getConstructor()); }
  bool VisitOverloadExpr(clang::OverloadExpr* e) {
    for (const clang::NamedDecl* d : e->decls()) Use(d);
    const auto* lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(e);
    if (e->getNumDecls() == 0 || (lookup && lookup->requiresADL())) Mention(e->getName());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(clang::CXXDependentScopeMemberExpr* e) { return Mention(e->getMember()); }
  bool VisitDependentScopeDeclRefExpr(clang::DependentScopeDeclRefExpr* e) { return Mention(e->getDeclName()); }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (IsLaunchApi(CalleeName(call))) Root();
    // A functor, or a value of a template parameter's type: whatever `operator()` it has.
    const clang::Expr* callee = call->getCallee()->IgnoreParenImpCasts();
    if (!call->getDirectCallee() &&
        !llvm::isa<clang::OverloadExpr, clang::CXXDependentScopeMemberExpr, clang::DependentScopeDeclRefExpr>(callee))
      Mention(call_);
    return true;
  }
  // An object of a class calls its constructor and destructor without naming them.
  bool VisitTypeLoc(clang::TypeLoc loc) {
    const clang::Type* type = loc.getTypePtr();
    if (const auto* spec = type->getAs<clang::TemplateSpecializationType>())
      if (const clang::TemplateDecl* t = spec->getTemplateName().getAsTemplateDecl()) Mention(t->getDeclName());
    if (const auto* dependent = llvm::dyn_cast<clang::DependentNameType>(type)) Mention(dependent->getIdentifier());
    if (const auto* dependent = llvm::dyn_cast<clang::DependentTemplateSpecializationType>(type))
      Mention(dependent->getIdentifier());
    if (const clang::CXXRecordDecl* record = type->getAsCXXRecordDecl()) Mention(record->getDeclName());
    return true;
  }

 private:
  enum class Leads { kNo, kYes, kUnknown };
  struct Scope {
    const clang::Decl* decl = nullptr;  // a use Clang resolved to this declaration reaches it
    clang::DeclarationName name;        // an unresolved use of this name reaches it (a constructor's: its class's)
    clang::DeclarationName record;      // the class of a member
    bool root = false;
  };

  static bool IsKernel(const clang::NamedDecl* d) {
    d = d->getUnderlyingDecl();
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
    return d->hasAttr<clang::CUDAGlobalAttr>();
  }
  // A use of an instantiation is a use of its template's declaration.
  static const clang::Decl* Written(const clang::Decl* d) {
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
    if (const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(d))
      if (const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern()) d = pattern;
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d))
      if (const clang::VarDecl* pattern = var->getTemplateInstantiationPattern()) d = pattern;
    return d->getCanonicalDecl();
  }

  void Open(const clang::NamedDecl* decl) {
    Scope scope;
    scope.decl = Written(decl);
    const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(decl->getDeclContext());
    if (record && record->isLambda()) record = nullptr;
    if (record) scope.record = record->getDeclName();
    if (llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(decl))
      scope.name = scope.record;
    else if (!(record == nullptr && llvm::isa<clang::CXXMethodDecl>(decl)))  // a lambda's call has no name
      scope.name = decl->getDeclName();
    at_[Key(decl)].push_back(scopes_.size());
    open_.push_back(scopes_.size());
    scopes_.push_back(scope);
  }
  bool Root() {
    for (size_t s : open_) scopes_[s].root = true;
    return true;
  }
  void Add(std::vector<size_t>& by) {
    for (size_t s : open_)
      if (by.empty() || by.back() != s) by.push_back(s);
  }
  // A resolved use: the declaration, and for a virtual function every override (by its name).
  bool Use(const clang::NamedDecl* d) {
    if (!d || open_.empty()) return true;
    if (IsKernel(d)) return Root();
    d = d->getUnderlyingDecl();
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d); var && var->isLocalVarDeclOrParm()) return true;
    if (!llvm::isa<clang::FunctionDecl, clang::FunctionTemplateDecl, clang::VarDecl>(d)) return true;
    if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(d)) Mention(ctor->getParent()->getDeclName());
    if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(d); method && method->isVirtual())
      Mention(method->getDeclName());
    Add(used_by_[Written(d)]);
    return true;
  }
  bool Mention(const clang::IdentifierInfo* id) { return id ? Mention(clang::DeclarationName(id)) : true; }
  bool Mention(clang::DeclarationName name) {
    if (!open_.empty() && !name.isEmpty()) Add(mentioned_by_[name.getAsOpaquePtr()]);
    return true;
  }

  // From the scopes that launch or name a kernel, through the uses that reach them, to every scope that uses one.
  void Propagate() {
    std::vector<bool> leads(scopes_.size(), false);
    std::vector<size_t> work;
    auto reach = [&](const std::vector<size_t>& users) {
      for (size_t u : users)
        if (!leads[u]) leads[u] = true, work.push_back(u);
    };
    for (size_t s = 0; s < scopes_.size(); ++s)
      if (scopes_[s].root) leads[s] = true, work.push_back(s);
    while (!work.empty()) {
      const Scope& scope = scopes_[work.back()];
      work.pop_back();
      if (!scope.record.isEmpty()) leading_records_.insert(scope.record.getAsOpaquePtr());
      if (auto it = used_by_.find(scope.decl); it != used_by_.end()) reach(it->second);
      if (!scope.name.isEmpty() && leading_names_.insert(scope.name.getAsOpaquePtr()).second)
        if (auto it = mentioned_by_.find(scope.name.getAsOpaquePtr()); it != mentioned_by_.end()) reach(it->second);
    }
    // Only what MayLead asks is kept.
    for (auto& [key, scopes] : at_) {
      bool any = false;
      for (size_t s : scopes) any |= leads[s];
      leads_at_.emplace(key, any);
    }
    scopes_ = {};
    at_ = {};
    used_by_ = {};
    mentioned_by_ = {};
  }

  // Declarations are told apart by where they are written, so an instantiated lambda finds the lambda it copies.
  unsigned Key(const clang::Decl* decl) const { return sm_.getExpansionLoc(decl->getLocation()).getRawEncoding(); }
  Leads LeadsAt(const clang::Decl* decl) const {
    auto it = leads_at_.find(Key(decl));
    if (it == leads_at_.end()) return Leads::kUnknown;
    return it->second ? Leads::kYes : Leads::kNo;
  }

  bool ArgumentsLead(llvm::ArrayRef<clang::TemplateArgument> args, int depth) const {
    if (depth > 4) return true;
    for (const clang::TemplateArgument& arg : args) {
      switch (arg.getKind()) {
        case clang::TemplateArgument::Pack:
          if (ArgumentsLead(arg.pack_elements(), depth + 1)) return true;
          break;
        case clang::TemplateArgument::Declaration:
          if (IsKernel(arg.getAsDecl()) || LeadsAt(Written(arg.getAsDecl())) == Leads::kYes) return true;
          break;
        case clang::TemplateArgument::Type: {
          clang::QualType type = arg.getAsType();
          if (type.isNull()) return true;
          type = type.getNonReferenceType();
          while (type->isPointerType()) type = type->getPointeeType();
          const clang::CXXRecordDecl* record = type->getAsCXXRecordDecl();
          if (!record) break;
          if (record->isLambda()) {
            const clang::CXXMethodDecl* call = record->getLambdaCallOperator();
            if (!call || LeadsAt(call) != Leads::kNo) return true;
          } else if (leading_records_.count(record->getDeclName().getAsOpaquePtr())) {
            return true;
          }
          if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record))
            if (ArgumentsLead(spec->getTemplateArgs().asArray(), depth + 1)) return true;
          break;
        }
        default:
          break;
      }
    }
    return false;
  }

  const clang::SourceManager& sm_;
  const clang::DeclarationName call_;
  // While walking:
  std::vector<Scope> scopes_;
  std::vector<size_t> open_;  // the scopes being walked, innermost last: a use inside a lambda is its function's too
  std::unordered_map<unsigned, std::vector<size_t>> at_;
  std::unordered_map<const clang::Decl*, std::vector<size_t>> used_by_;
  std::unordered_map<void*, std::vector<size_t>> mentioned_by_;
  // The result:
  std::unordered_map<unsigned, bool> leads_at_;
  std::unordered_set<void*> leading_names_;
  std::unordered_set<void*> leading_records_;  // classes with a member that may name a kernel
};

// No rule reads a system header's function bodies (kernels and launches are the project's), and
// parsing them is most of a parse's time; Sema still parses constexpr and `auto` bodies.
class SkipsSystemBodies : public clang::SemaConsumer {
 public:
  void Initialize(clang::ASTContext& context) override { sm_ = &context.getSourceManager(); }
  bool shouldSkipFunctionBody(clang::Decl* decl) override {
    return sm_ && sm_->isInSystemHeader(sm_->getExpansionLoc(decl->getLocation()));
  }

 protected:
  const clang::SourceManager* sm_ = nullptr;
};

// ---- Kernel chains in processes of their own ----
// Clang's AST only grows: a parse's peak is its file plus every instantiation it performs. Once a large file is parsed
// (its AST at least Request::fork_chains_mib), the instantiations it queued that may name a kernel (KernelPaths) are
// split into at most kChainProcesses chains, and each chain but the last is performed in a fork of this process, which
// sends back the facts it found and exits: a chain's memory is given back before the next begins. composable_kernel's
// convnd example instantiates its device operation for 1, 2 and 3 dimensions, 70 to 110 MB each (bench/hip.md). A
// chain that grew the AST by less than half the threshold was not worth its process (what the chains have in common is
// instantiated again in each): the chains after it are performed here. Every chain starts from the same parsed file,
// so the facts are one parse's, merged as one process would have listed them (MergeChains). A chain that meets a Clang
// error is performed here instead, with those after it, so the errors (and Clang's error limit) are as in one process;
// a chain's process that dies ends this one the same way.
constexpr size_t kChainProcesses = 4;  // this one and three forks

// What a chain's process found.
struct ChainFacts {
  uint64_t grew = 0;  // the AST's growth in bytes
  HipPayload facts;
  KernelOrigins origins;
};

// [growth][kernels][for each: template, found_at, symbols, each symbol's declaration][the facts, as the worker sends]
std::string EncodeChain(const ChainFacts& chain) {
  std::string bytes;
  auto put = [&](uint64_t n) { bytes.append(reinterpret_cast<const char*>(&n), sizeof n); };
  const KernelOrigins& o = chain.origins;
  put(chain.grew);
  put(o.templates.size());
  for (size_t i = 0; i < o.templates.size(); ++i) {
    put(o.templates[i]);
    put(uint64_t(o.found_at[i]));
    put(o.symbols[i].size());
    for (int64_t decl : o.symbols[i]) put(uint64_t(decl));
  }
  return bytes + hip_wire::EncodeFacts(chain.facts);
}

std::optional<ChainFacts> DecodeChain(std::string_view bytes) {
  ChainFacts chain;
  KernelOrigins& o = chain.origins;
  // A count is checked against what is left (eight bytes an item) before anything is sized by it.
  auto get = [&](auto& n) {
    if (bytes.size() < sizeof n) return false;
    std::memcpy(&n, bytes.data(), sizeof n);
    bytes.remove_prefix(sizeof n);
    return true;
  };
  uint64_t kernels = 0;
  if (!get(chain.grew) || !get(kernels) || kernels > bytes.size() / 8) return std::nullopt;
  for (uint64_t i = 0; i < kernels; ++i) {
    uint64_t count = 0;
    if (!get(o.templates.emplace_back()) || !get(o.found_at.emplace_back()) || !get(count) || count > bytes.size() / 8)
      return std::nullopt;
    for (int64_t& decl : o.symbols.emplace_back(count))
      if (!get(decl)) return std::nullopt;
  }
  if (!hip_wire::DecodeFacts(bytes, chain.facts) || chain.facts.kernels.size() != kernels) return std::nullopt;
  for (size_t i = 0; i < kernels; ++i)
    if (chain.facts.kernels[i].symbols.size() != o.symbols[i].size()) return std::nullopt;
  return chain;
}

double CpuSeconds(const rusage& used) {
  return double(used.ru_utime.tv_sec + used.ru_stime.tv_sec) +
         double(used.ru_utime.tv_usec + used.ru_stime.tv_usec) / 1e6;
}

// The worker's CPU-time limit is the parse's: a chain's process gets what is left of it, and what the chain spent is
// taken from this one's (past it, the kernel sends SIGXCPU, as to a parse performed in one process).
void LowerCpuLimit(double seconds) {
  rlimit cpu{};
  if (::getrlimit(RLIMIT_CPU, &cpu) != 0 || cpu.rlim_cur == RLIM_INFINITY) return;
  rlim_t by = rlim_t(std::ceil(seconds));
  cpu.rlim_cur = cpu.rlim_cur > by ? cpu.rlim_cur - by : 1;
  ::setrlimit(RLIMIT_CPU, &cpu);
}

std::string ReadAll(int fd) {
  std::string bytes;
  char buffer[65536];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
    if (n > 0)
      bytes.append(buffer, size_t(n));
    else if (errno != EINTR)
      break;
  }
  return bytes;
}

void WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n > 0)
      bytes.remove_prefix(size_t(n));
    else if (n < 0 && errno != EINTR)
      return;
  }
}

// Sema asks its external sources for pending instantiations once, when the file is parsed and just before it
// performs them: the one moment every template is written and none of what the file queued is instantiated.
class ParseEnd : public clang::ExternalSemaSource {
 public:
  explicit ParseEnd(std::function<void()> then) : then_(std::move(then)) {}
  void ReadPendingInstantiations(llvm::SmallVectorImpl<std::pair<clang::ValueDecl*, clang::SourceLocation>>&) override {
    then_();
  }

 private:
  std::function<void()> then_;
};

class Consumer : public SkipsSystemBodies {
 public:
  explicit Consumer(ParseState& state) : state_(state), out_(*state.out) {}
  // The declarations this parse read (a precompiled prelude's are not among them: traversing the whole
  // translation unit would load all of those back).
  // A system header's declarations hold no fact (every fact is written in the payload or a project header),
  // and walking the libstdc++ the payload includes was a twentieth of a parse.
  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    for (clang::Decl* decl : group)
      if (!sm_->isInSystemHeader(sm_->getExpansionLoc(decl->getLocation()))) top_level_.push_back(decl);
    return true;
  }
  void InitializeSema(clang::Sema& sema) override {
    sema_ = &sema;
    parse_end_ = new ParseEnd([this] { ParseEnded(); });
    sema.addExternalSource(parse_end_.get());
  }
  void ForgetSema() override { sema_ = nullptr; }

  // A header's function that the parse uses is declared, not defined, unless its instantiation may name a kernel
  // (KernelPaths): the host-side parse never runs a device body, no rule reads an instantiated body (facts come
  // from the templates as written), and a kernel's symbol is its declaration's. composable_kernel's gridwise kernels
  // were a third of a parse's memory, and its host reference code a third of another's (bench/hip.md). The
  // payload's own templates are still instantiated: Clang's errors there are HIP006's.
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl* fn) override {
    if (!sema_) return;
    // Sema has just queued it, to instantiate its body at the end of the translation unit.
    std::deque<clang::Sema::PendingImplicitInstantiation>& pending = sema_->PendingInstantiations;
    if (pending.empty() || pending.back().first != fn || !LeaveDeclared(fn)) return;
    pending.pop_back();
  }

  // The file is parsed and Sema is about to instantiate what it queued: leave out what cannot name a kernel.
  void ParseEnded() {
    if (paths_) return;  // asked once per translation unit; C++20 modules (another fragment) are off
    paths_.emplace(sema_->getASTContext(), top_level_);
    std::deque<clang::Sema::PendingImplicitInstantiation>& pending = sema_->PendingInstantiations;
    auto kept = std::remove_if(pending.begin(), pending.end(), [&](const clang::Sema::PendingImplicitInstantiation& p) {
      auto* fn = llvm::dyn_cast<clang::FunctionDecl>(p.first);
      return fn && LeaveDeclared(fn);
    });
    pending.erase(kept, pending.end());
    if (out_.errors == 0 && sema_->getASTContext().getASTAllocatedMemory() >= (state_.fork_chains_mib << 20))
      ForkChains();
  }

  // Whether an instantiation of a header's template is left declared (and recorded so): a device-only one always,
  // a host one once the file is parsed and KernelPaths says it cannot name a kernel (until then, what may is not
  // known: ParseEnd sorts what was queued). Never one whose type has no linkage (a lambda's or a local class's):
  // Clang requires it to be defined in this translation unit, an error otherwise.
  bool LeaveDeclared(clang::FunctionDecl* fn) {
    const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    if (sm_->isWrittenInMainFile(sm_->getExpansionLoc((pattern ? pattern : fn)->getLocation())) ||
        sema_->isExternalWithNoLinkageType(fn))
      return false;
    bool device_only = fn->hasAttr<clang::CUDAGlobalAttr>() ||
                       (fn->hasAttr<clang::CUDADeviceAttr>() && !fn->hasAttr<clang::CUDAHostAttr>());
    if (!device_only && (!paths_ || paths_->MayLead(fn))) return false;
    fn->setInstantiationIsPending(false);
    declared_only_.insert(fn);
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext& context) override {
    state_.parsed = true;
    Collector collector(context, out_, declared_only_);
    for (clang::Decl* decl : top_level_) collector.TraverseDecl(decl);
    if (chain_fd_ >= 0) {  // a chain's process: its facts go to the process that forked it, and it is done
      WriteAll(chain_fd_, EncodeChain({context.getASTAllocatedMemory() - ast_at_fork_, out_, collector.Origins()}));
      ::_exit(0);
    }
    if (!chains_.empty()) MergeChains(collector.Origins());
    // The user's own headers the parse read: the result cache depends on them.
    const clang::SourceManager& sm = context.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
      llvm::StringRef name = it->first->getName();
      if (name.startswith("/__aortalint__/") || it->first == sm.getFileEntryForID(sm.getMainFileID())) continue;
      // The driver names libstdc++ as /usr/lib/gcc/.../../../../include/c++: resolve before testing the prefix.
      std::string real = state_.disk->RealPath(name.str());
      llvm::StringRef path = real.empty() ? name : llvm::StringRef(real);
      if (path.startswith("/usr/") || path.startswith("/opt/")) continue;  // system and ROCm headers
      out_.includes.push_back(name.str());
    }
  }

 private:
  using Pending = clang::Sema::PendingImplicitInstantiation;

  // Splits what Sema is about to instantiate into chains, and performs each chain but the last in a fork (above).
  void ForkChains() {
    std::deque<Pending>& pending = sema_->PendingInstantiations;
    std::vector<size_t> starts;  // the instantiations that may name a kernel
    for (size_t i = 0; i < pending.size(); ++i)
      if (StartsChain(pending[i])) starts.push_back(i);
    if (starts.size() < 2) return;
    // Contiguous runs of them (what one instantiates, the next often shares); the rest go with the last.
    size_t chains = std::min(starts.size(), kChainProcesses);
    std::vector<size_t> chain_of(pending.size(), chains - 1);
    for (size_t j = 0; j < starts.size(); ++j) chain_of[starts[j]] = j * chains / starts.size();
    // What is declared from here on is a chain's: Decl::getID of an allocation made now.
    clang::ASTContext& context = sema_->getASTContext();
    fork_mark_ = int64_t(*context.getAllocator().identifyObject(context.Allocate(1, alignof(clang::Decl)))) /
                 int64_t(alignof(clang::Decl));
    size_t here = 0;  // the first chain performed in this process
    for (; here + 1 < chains; ++here) {
      Forked forked = Fork(chain_of, here);
      if (forked == Forked::kInChain) return;
      if (forked == Forked::kNot) break;
      if (chains_.back().grew < (state_.fork_chains_mib << 20) / 2) {
        ++here;
        break;
      }
    }
    Keep(chain_of, here, chains - 1);
  }

  // Whether a pending instantiation is of a template of the project's that may name a kernel.
  bool StartsChain(const Pending& p) const {
    const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(p.first);
    const clang::FunctionDecl* pattern = fn ? fn->getTemplateInstantiationPattern() : nullptr;
    return pattern && !sm_->isInSystemHeader(sm_->getExpansionLoc(pattern->getLocation())) && paths_->MayLead(fn);
  }

  enum class Forked { kInChain, kDone, kNot };

  // Performs chain `c` in a fork of this process. In the fork, Sema is left that chain (kInChain). Here, the fork's
  // facts are kept (kDone), unless it met an error or could not start (kNot: the chain is performed here).
  Forked Fork(const std::vector<size_t>& chain_of, size_t c) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return Forked::kNot;
    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    ast_at_fork_ = sema_->getASTContext().getASTAllocatedMemory();
    pid_t parent = ::getpid(), pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the worker is killed (its time limit): its chain with it
      if (::getppid() != parent) ::_exit(0);
      LowerCpuLimit(CpuSeconds(self));
      chain_fd_ = fds[1];
      Keep(chain_of, c, c);
      return Forked::kInChain;
    }
    ::close(fds[1]);
    if (pid < 0) {
      ::close(fds[0]);
      return Forked::kNot;
    }
    std::string bytes = ReadAll(fds[0]);
    ::close(fds[0]);
    int status = 0;
    rusage used{};
    while (::wait4(pid, &status, 0, &used) < 0 && errno == EINTR) {
    }
    LowerCpuLimit(CpuSeconds(used));
    if (WIFSIGNALED(status)) {  // a crash, a limit: the worker ends as a parse in one process would have
      ::signal(WTERMSIG(status), SIG_DFL);
      ::raise(WTERMSIG(status));
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) ::_exit(WEXITSTATUS(status));  // it told the worker's parent
    std::optional<ChainFacts> chain = DecodeChain(bytes);
    if (!chain || chain->facts.errors > 0) return Forked::kNot;
    chains_.push_back(std::move(*chain));
    return Forked::kDone;
  }

  // Leaves Sema the pending instantiations of chains first..last; another process performs the others.
  void Keep(const std::vector<size_t>& chain_of, size_t first, size_t last) {
    std::deque<Pending>& pending = sema_->PendingInstantiations;
    std::deque<Pending> kept;
    for (size_t i = 0; i < pending.size(); ++i) {
      if (chain_of[i] >= first && chain_of[i] <= last) {
        kept.push_back(pending[i]);
      } else if (auto* fn = llvm::dyn_cast<clang::FunctionDecl>(pending[i].first)) {
        fn->setInstantiationIsPending(false);
        sema_->UndefinedButUsed.erase(fn);  // defined there: not "used but not defined" here
      }
    }
    pending.swap(kept);
  }

  // Takes in what the chains' processes found, as one process would have listed it: the kernels in the order the walk
  // would find them with every process's instantiations, and a kernel's symbols whose declarations were made before
  // the first fork in the order they were made (whichever process gave them a body), then those each chain made, in
  // the order the chains ran (this process's own last).
  void MergeChains(const KernelOrigins& here) {
    struct Symbol {
      std::string name, display;
      int64_t decl;
    };
    struct Merged {
      uint64_t key;
      int64_t found_at;
      HipKernel kernel;
      std::vector<Symbol> before, after;  // the fork
    };
    std::vector<Merged> merged;
    auto take = [&](std::vector<HipKernel>& kernels, const KernelOrigins& origins) {
      for (size_t i = 0; i < kernels.size(); ++i) {
        HipKernel& kernel = kernels[i];
        auto into = std::find_if(merged.begin(), merged.end(), [&](const Merged& m) {
          return m.key == origins.templates[i] && m.kernel.qualified == kernel.qualified;
        });
        if (into == merged.end()) into = merged.insert(merged.end(), {origins.templates[i], INT64_MAX, kernel, {}, {}});
        into->found_at = std::min(into->found_at, origins.found_at[i]);  // a walk of all the facts finds it first
        into->kernel.name_unknown |= kernel.name_unknown;
        for (size_t j = 0; j < kernel.symbols.size(); ++j) {
          auto same = [&](const Symbol& s) { return s.name == kernel.symbols[j]; };
          if (std::none_of(into->before.begin(), into->before.end(), same) &&
              std::none_of(into->after.begin(), into->after.end(), same))
            (origins.symbols[i][j] < fork_mark_ ? into->before : into->after)
                .push_back({kernel.symbols[j], kernel.display_names[j], origins.symbols[i][j]});
        }
      }
    };
    for (ChainFacts& chain : chains_) take(chain.facts.kernels, chain.origins);
    take(out_.kernels, here);
    std::stable_sort(merged.begin(), merged.end(),
                     [](const Merged& a, const Merged& b) { return a.found_at < b.found_at; });
    out_.kernels.clear();
    for (Merged& m : merged) {
      std::stable_sort(m.before.begin(), m.before.end(),
                       [](const Symbol& a, const Symbol& b) { return a.decl < b.decl; });
      m.kernel.symbols.clear();
      m.kernel.display_names.clear();
      for (const std::vector<Symbol>* part : {&m.before, &m.after})
        for (const Symbol& s : *part) {
          m.kernel.symbols.push_back(s.name);
          m.kernel.display_names.push_back(s.display);
        }
      out_.kernels.push_back(std::move(m.kernel));
    }
    out_.forked_chains = unsigned(chains_.size());
  }

  ParseState& state_;
  HipPayload& out_;
  std::vector<clang::Decl*> top_level_;
  clang::Sema* sema_ = nullptr;
  llvm::IntrusiveRefCntPtr<ParseEnd> parse_end_;
  std::optional<KernelPaths> paths_;  // once the file is parsed
  DeclaredOnly declared_only_;
  int chain_fd_ = -1;               // in a chain's process: where its facts go
  uint64_t ast_at_fork_ = 0;        // the AST's size when the chain's process was forked
  int64_t fork_mark_ = 0;           // declarations from before the first fork have a smaller Decl::getID
  std::vector<ChainFacts> chains_;  // what the chains' processes found
};

// What every run of Clang here sets up before the main file is read.
void Prepare(clang::CompilerInstance& ci, ParseState& state) {
  // `#pragma clang __debug crash` (and overflow_stack, llvm_fatal_error...) must not stop the worker.
  ci.getPreprocessorOpts().DisablePragmaDebugCrash = true;
  ci.getFrontendOpts().SkipFunctionBodies = true;  // those the consumer says (system headers')
  ci.getPreprocessor().addPPCallbacks(std::make_unique<MissingHeaders>(state, ci.getPreprocessor()));
}

class Action : public clang::ASTFrontendAction {
 public:
  explicit Action(ParseState& state) : state_(state) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<Consumer>(state_);
  }
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    Prepare(ci, state_);
    return true;
  }

 private:
  ParseState& state_;
};

// Precompiles the prelude: the `-include hip/hip_runtime.h` of the parse's flags over an empty main
// file, system headers' bodies skipped as the parse skips them. The AST is written to `buffer`.
class PreludeAction : public clang::GeneratePCHAction {
 public:
  PreludeAction(ParseState& state, std::shared_ptr<clang::PCHBuffer> buffer)
      : state_(state), buffer_(std::move(buffer)) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
    consumers.push_back(std::make_unique<clang::PCHGenerator>(ci.getPreprocessor(), ci.getModuleCache(), kPchPath,
                                                              /*isysroot=*/"", buffer_,
                                                              ci.getFrontendOpts().ModuleFileExtensions));
    consumers.push_back(std::make_unique<SkipsSystemBodies>());  // a body is skipped when both say so
    return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
  }
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    Prepare(ci, state_);
    // The templates that the headers' own code uses are instantiated here, once, rather than at the end of every
    // parse that reads the prelude (the PCH keeps them pending otherwise): under C++20, libstdc++'s constexpr
    // functions leave thousands, a third of a small file's parse (bench/hip.md).
    ci.getLangOpts().PCHInstantiateTemplates = true;
    return GeneratePCHAction::BeginSourceFileAction(ci);
  }

 private:
  ParseState& state_;
  std::shared_ptr<clang::PCHBuffer> buffer_;
};

// The flags of a compile command that shape the parse; the rest (outputs,
// code generation, dependency files) are left out.
void AddUserFlags(const Request& request, std::vector<std::string>& args) {
  auto absolute = [&](const std::string& path) {
    if (path.empty() || path[0] == '/' || request.directory.empty()) return path;
    return request.directory + "/" + path;
  };
  const std::vector<std::string>& f = request.flags;
  for (size_t i = 0; i < f.size(); ++i) {
    const std::string& a = f[i];
    for (const char* with_path : {"-I", "-isystem", "-iquote", "-idirafter", "-include"}) {
      std::string flag = with_path;
      if (a == flag && i + 1 < f.size()) {
        args.push_back(flag);
        args.push_back(absolute(f[++i]));
        goto next;
      }
      if (flag == "-I" && a.size() > 2 && a.rfind("-I", 0) == 0) {
        args.push_back("-I" + absolute(a.substr(2)));
        goto next;
      }
    }
    if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0) {
      args.push_back(a);
      if (a.size() == 2 && i + 1 < f.size()) args.push_back(f[++i]);
    } else if (a.rfind("-std=", 0) == 0 || a == "-fms-extensions" || a == "-fopenmp") {
      args.push_back(a);
    }
  next:;
  }
}

// ROCm's HIP version, "major.minor.patch", from its hip/hip_version.h; "" when it has none.
std::string RocmHipVersion(const std::string& rocm_include) {
  std::string path = rocm_include + "/hip/hip_version.h";
  if (!llvm::sys::fs::is_regular_file(path)) return "";
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file) return "";
  llvm::StringRef text = (*file)->getBuffer();
  std::string version;
  for (const char* part : {"MAJOR", "MINOR", "PATCH"}) {
    std::string define = std::string("#define HIP_VERSION_") + part + " ";
    size_t at = text.find(define);
    if (at == llvm::StringRef::npos) return "";
    unsigned n = 0;
    if (llvm::StringRef rest = text.substr(at + define.size()).ltrim(); rest.consumeInteger(10, n)) return "";
    version += (version.empty() ? "" : ".") + std::to_string(n);
  }
  return version;
}

// The flags every parse starts with, before the compile command's.
std::vector<std::string> BaseArgs(const Request& request) {
  std::vector<std::string> args = {"clang++",
                                   "-x",
                                   "hip",
                                   "--cuda-host-only",
                                   "-nogpuinc",
                                   "-nogpulib",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-ferror-limit=0",
                                   "-w",
                                   "-Wno-error",
                                   "-fno-color-diagnostics",
                                   "-fno-caret-diagnostics"};
  // C++20 modules, which -std=c++20 turns on: no HIP program uses them, and with them on, Clang 14 merges the host
  // and device declarations of the global operator new it reads back from a precompiled prelude into one, whose last
  // (the device one) is all a host call finds: `std::vector<int> v(3)` and a `new` of an over-aligned type were
  // errors (bench/hip.md).
  args.insert(args.end(), {"-Xclang", "-fno-cxx-modules"});
  if (!request.resource_dir.empty()) args.push_back("-resource-dir=" + request.resource_dir);
  // What hipcc gives Clang for ROCm's headers and -nogpuinc drops: the driver's `-include
  // __clang_hip_runtime_wrapper.h` (declarations ROCm's headers leave to it: std::tanhf, ::isnan on the device,
  // __ocml_*), first, as the driver puts it before the command's own -include. Clang takes ROCm's version from
  // bin/.hipVersion, which Debian's ROCm lacks (its hipcc passes --hip-version); from 3.6 on the driver uses the
  // wrapper, and the version also puts its cuda_wrappers directory before libstdc++'s. -nogpuinc stays, so
  // the driver adds no ROCm directory of its own: AddHipHeaders gives ROCm's, or the stand-in's in its place.
  if (!request.rocm_include.empty()) {
    if (std::string version = RocmHipVersion(request.rocm_include); !version.empty()) {
      args.push_back("--hip-version=" + version);
      llvm::VersionTuple v;
      if (!v.tryParse(version) &&
          llvm::VersionTuple(v.getMajor(), v.getMinor().getValueOr(0)) > llvm::VersionTuple(3, 5))
        args.insert(args.end(), {"-include", "__clang_hip_runtime_wrapper.h"});
    }
  }
  return args;
}

// The headers after the compile command's flags: ROCm's, else the stand-in (served from memory).
void AddHipHeaders(const Request& request, std::vector<std::string>& args) {
  if (!request.rocm_include.empty()) {
    // Debian's libamdhip64-dev puts them in /usr/include, searched already: given again with -isystem it would
    // come before libstdc++'s directories, and their `#include_next <math.h>` would find nothing.
    if (request.rocm_include != "/usr/include" && request.rocm_include != "/usr/local/include") {
      args.push_back("-isystem");
      args.push_back(request.rocm_include);
    }
    args.push_back("-D__HIP_PLATFORM_AMD__=1");
  } else {
    args.push_back("-isystem");
    args.push_back(kStandinDir);
  }
  // Clang's HIP wrapper defines `__global__` & co. in every HIP translation unit with no #include (it does not
  // include hip/hip_runtime.h); the stand-in has no wrapper, so its hip_runtime.h gives them, here, in both modes.
  args.push_back("-include");
  args.push_back("hip/hip_runtime.h");
  // What hipcc's newer Clang knows and the analyser's does not (the stand-in's hip_runtime.h includes it).
  if (!request.rocm_include.empty()) {
    args.push_back("-include");
    args.push_back(std::string(kStandinDir) + "/" + kNewerBuiltins);
  }
}

// A fresh parse's state: the contained disk below the in-memory files (the stand-in, and `files`).
ParseState NewState(const Request& request, llvm::IntrusiveRefCntPtr<ContainedFileSystem> disk, HipPayload& out,
                    const std::map<std::string, llvm::StringRef>& files) {
  ParseState state;
  state.out = &out;
  state.fork_chains_mib = request.fork_chains_mib;
  out.standin = request.rocm_include.empty();
  state.disk = std::move(disk);
  state.memory = new llvm::vfs::InMemoryFileSystem;
  for (const StandinHeader& h : kStandin)
    if (request.rocm_include.empty() || h.path == llvm::StringRef(kNewerBuiltins))
      state.memory->addFile(std::string(kStandinDir) + "/" + h.path, 0, llvm::MemoryBuffer::getMemBuffer(h.text));
  for (const auto& [path, text] : files)
    state.memory->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer(text, path, /*RequiresNullTerminator=*/false));
  return state;
}

// One run of Clang over `main`; its diagnostics are counted into the state's payload.
bool RunClang(ParseState& state, std::vector<std::string> args, const std::string& main,
              std::unique_ptr<clang::FrontendAction> action, const std::string& project_root) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> fs(new llvm::vfs::OverlayFileSystem(state.disk));
  fs->pushOverlay(state.memory);
  if (state.pch) fs->pushOverlay(state.pch);
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(new clang::FileManager(clang::FileSystemOptions(), fs));
  args.push_back(main);
  CountingConsumer diagnostics(*state.out, project_root);
  clang::tooling::ToolInvocation invocation(std::move(args), std::move(action), files.get());
  invocation.setDiagnosticConsumer(&diagnostics);
  return invocation.run();
}

// ---- The precompiled prelude ----
// Every parse starts with `-include hip/hip_runtime.h` (the stand-in or ROCm's, with <cmath> and
// <cstdlib>): most of a small file's cost. It is precompiled once per key and kept on disk as
// [PCH][the header names its #includes wrote, one a line][PCH's size][xxHash64 of all before][magic],
// written to a temporary file and renamed, so a reader sees a whole file or none; one that is cut or
// altered fails the hash and is built again. Clang checks the rest as it loads the PCH (its version,
// the language options, macros, and each header's size and time); a PCH it refuses is built again.

constexpr llvm::StringLiteral kPreludeMagic = "aortpch1";

struct Prelude {
  std::string file;                                // where it is kept
  std::shared_ptr<const llvm::MemoryBuffer> kept;  // the file as read, or the PCH just built
  llvm::StringRef pch;                             // the AST, within `kept`
  std::vector<std::string> spelled;                // the header names the prelude's #includes wrote
};

// The GNU build ID of the loaded object that holds `address` (the linker's hash of the whole output, which
// `strip` keeps); empty when it has none.
std::string BuildId(const void* address) {
  struct Search {
    uintptr_t address;
    std::string id;
  } search{reinterpret_cast<uintptr_t>(address), {}};
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        bool mine = false;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
          mine |= ph.p_type == PT_LOAD && s->address >= begin && s->address < begin + ph.p_memsz;
        }
        if (!mine) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_NOTE) continue;
          const char* at = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
          const char* end = at + ph.p_memsz;
          while (at + sizeof(ElfW(Nhdr)) <= end) {
            ElfW(Nhdr) note;
            std::memcpy(&note, at, sizeof note);
            const char* name = at + sizeof note;
            const char* desc = name + ((note.n_namesz + 3) & ~3u);
            if (desc + note.n_descsz > end) break;
            if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0 &&
                note.n_descsz > 0) {
              s->id = llvm::toHex(llvm::StringRef(desc, note.n_descsz));
              return 1;
            }
            at = desc + ((note.n_descsz + 3) & ~3u);
          }
        }
        return 1;
      },
      &search);
  return search.id;
}

// This module's build, once: its GNU build ID, else its own file hashed (empty when neither: no prelude).
// Hashing the file (33 MB) was 5 ms of every parse.
const std::string& ModuleStamp() {
  static const std::string stamp = [] {
    static const char anchor = 0;
    if (std::string id = BuildId(&anchor); !id.empty()) return "build-id:" + id;
    Dl_info info{};
    if (!::dladdr(&anchor, &info) || !info.dli_fname) return std::string();
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> self = llvm::MemoryBuffer::getFile(info.dli_fname);
    return self ? llvm::utohexstr(llvm::xxHash64((*self)->getBuffer())) : std::string();
  }();
  return stamp;
}

bool IsSearchDir(llvm::StringRef flag) {
  return flag == "-I" || flag == "-isystem" || flag == "-iquote" || flag == "-idirafter";
}

// The prelude's file for these flags: keyed by this module's build, Clang's version, the stand-in's text,
// and every flag that shapes the preprocessor (target, -std, -D/-U, the Clang and system roots).
// The compile command's search directories are not in the key: Shadowed() checks them. Empty: no prelude
// (the command has its own -include, which the prelude would come before; ROCm's headers).
std::string PreludeFile(const Request& request, const std::vector<std::string>& args,
                        const std::vector<std::string>& user) {
  // Not with ROCm's own headers: there a payload with a missing header crashed Clang 14 (SEGV) when
  // parsed from the PCH (2 of 179 real programs; bench/hip.md), and none without it.
  if (request.pch_dir.empty() || !request.rocm_include.empty() || ModuleStamp().empty()) return "";
  std::string key = ModuleStamp() + '\0' + clang::getClangFullRepositoryVersion() + '\0';
  for (const StandinHeader& h : kStandin) key += std::string(h.path) + '\0' + h.text + '\0';
  for (const std::string& root : request.include_roots) key += root + '\0';
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-include" && std::find(user.begin(), user.end(), "-include") != user.end()) return "";
    if (IsSearchDir(args[i]) && std::find(user.begin(), user.end(), args[i + 1]) != user.end()) {
      ++i;  // a directory of the compile command's (the stand-in's and ROCm's stay in the key)
      continue;
    }
    if (llvm::StringRef(args[i]).startswith("-I") && args[i] != "-I") continue;
    key += args[i] + '\0';
  }
  return request.pch_dir + "/prelude-" + llvm::utohexstr(llvm::xxHash64(key)) + ".pch";
}

// Whether a directory the compile command searches holds a header the prelude read (its own
// `hip/hip_runtime.h`, a `cmath`): this parse would read that one, not the precompiled one.
bool Shadowed(const Prelude& prelude, const std::vector<std::string>& user) {
  for (size_t i = 0; i < user.size(); ++i) {
    std::string dir;
    if (IsSearchDir(user[i]) && i + 1 < user.size())
      dir = user[++i];
    else if (llvm::StringRef(user[i]).startswith("-I"))
      dir = user[i].substr(2);
    if (dir.empty()) continue;
    for (const std::string& name : prelude.spelled)
      if (llvm::sys::fs::exists(dir + "/" + name)) return true;
  }
  return false;
}

std::optional<Prelude> ReadPrelude(const std::string& file) {
  // Read, not mapped (IsVolatile): the parse keeps these bytes, and a mapped file cut by another process
  // would be a SIGBUS; reading once is also the one copy the PCH needs.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(file, /*IsText=*/false, /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
  if (!buffer) return std::nullopt;
  llvm::StringRef bytes = (*buffer)->getBuffer();
  constexpr size_t kTail = 16 + kPreludeMagic.size();
  if (bytes.size() < kTail || !bytes.endswith(kPreludeMagic)) return std::nullopt;
  uint64_t pch_size = 0, hash = 0;
  std::memcpy(&pch_size, bytes.data() + bytes.size() - kTail, 8);
  std::memcpy(&hash, bytes.data() + bytes.size() - kTail + 8, 8);
  if (pch_size > bytes.size() - kTail || llvm::xxHash64(bytes.drop_back(kTail - 8)) != hash) return std::nullopt;
  Prelude prelude{file, std::move(*buffer), bytes.substr(0, pch_size), {}};
  llvm::SmallVector<llvm::StringRef, 64> names;
  bytes.drop_back(kTail).drop_front(pch_size).split(names, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef name : names) prelude.spelled.push_back(name.str());
  return prelude;
}

// Preludes live while they are used, as the result cache's entries do: a reuse stamps a file last
// stamped more than a day ago, and building a new one removes those (and torn temporaries) not used
// for kPreludeIdleDays. Flags, headers and analyser builds change; their preludes (6 MB each) go.
constexpr std::chrono::hours kPreludeIdleTime{24 * 30};

void NoteUse(const std::string& file) {
  struct stat st;
  if (::lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime) > std::chrono::hours(24))
    ::utimensat(AT_FDCWD, file.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

void PruneIdlePreludes(const std::string& dir) {
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    struct stat st;
    if (!name.startswith("prelude-") || !name.contains(".pch") || ::lstat(it->path().c_str(), &st) != 0 ||
        !S_ISREG(st.st_mode))
      continue;
    if (std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime) > kPreludeIdleTime)
      llvm::sys::fs::remove(it->path());
  }
}

// Writes the file: a temporary one renamed, so a reader sees a whole file or none.
void WritePrelude(const std::string& file, llvm::StringRef bytes) {
  llvm::SmallString<256> temp;
  int fd = -1;
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(file)) ||
      llvm::sys::fs::createUniqueFile(file + ".%%%%%%.tmp", fd, temp))
    return;  // an unwritable cache: every parse builds its own
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << bytes;
  os.close();
  if (os.has_error() || llvm::sys::fs::rename(temp, file)) {
    os.clear_error();
    llvm::sys::fs::remove(temp);
  }
}

// Precompiles the prelude; none when it has an error or a missing header (the parse then reports them).
std::optional<Prelude> BuildPrelude(const Request& request, const std::string& file,
                                    llvm::IntrusiveRefCntPtr<ContainedFileSystem> disk,
                                    const std::vector<std::string>& args, const std::string& project_root) {
  HipPayload scratch;
  ParseState state = NewState(request, std::move(disk), scratch, {{kPchMain, ""}});
  auto buffer = std::make_shared<clang::PCHBuffer>();
  RunClang(state, args, kPchMain, std::make_unique<PreludeAction>(state, buffer), project_root);
  if (!buffer->IsComplete || scratch.errors > 0 || !scratch.missing_headers.empty()) return std::nullopt;
  // The file's image, built in place (one copy of the AST, which is several MB): what ReadPrelude reads.
  std::string names;
  for (const std::string& name : state.spelled) names += name + "\n";
  uint64_t pch_size = buffer->Data.size();
  std::unique_ptr<llvm::WritableMemoryBuffer> image =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(pch_size + names.size() + 16 + kPreludeMagic.size());
  char* at = image->getBufferStart();
  at = std::copy(buffer->Data.begin(), buffer->Data.end(), at);
  buffer.reset();
  at = std::copy(names.begin(), names.end(), at);
  std::memcpy(at, &pch_size, 8);
  at += 8;
  uint64_t hash = llvm::xxHash64(llvm::StringRef(image->getBufferStart(), size_t(at - image->getBufferStart())));
  std::memcpy(at, &hash, 8);
  std::copy(kPreludeMagic.begin(), kPreludeMagic.end(), at + 8);
  llvm::StringRef bytes(image->getBufferStart(), image->getBufferSize());
  WritePrelude(file, bytes);
  PruneIdlePreludes(request.pch_dir);
  llvm::StringRef pch = bytes.take_front(pch_size);
  return Prelude{file, std::move(image), pch, {state.spelled.begin(), state.spelled.end()}};
}

}  // namespace
}  // namespace aortalint::hip

extern "C" __attribute__((visibility("default"))) int aortalint_hip_abi() { return aortalint::hip::kAbi; }

extern "C" __attribute__((visibility("default"))) void aortalint_hip_contain(AortalintHipFatalFn* fatal) {
  static AortalintHipFatalFn* report = fatal;
  llvm::install_fatal_error_handler([](void*, const char* reason, bool) { report(reason, false); });
  llvm::install_bad_alloc_error_handler([](void*, const char* reason, bool) { report(reason, true); });
  // Deep recursion (a type nested thousands deep) moves to a thread with a larger stack instead of overflowing.
  clang::noteBottomOfStack();
}

extern "C" __attribute__((visibility("default"))) void aortalint_hip_analyse(const aortalint::hip::Request& request,
                                                                             aortalint::HipPayload& out) {
  using namespace aortalint::hip;
  std::vector<std::string> roots = request.include_roots;
  roots.push_back(request.project_root);
  llvm::IntrusiveRefCntPtr<ContainedFileSystem> disk(new ContainedFileSystem(roots));
  llvm::SmallString<256> project_root;
  if (llvm::sys::fs::real_path(request.project_root, project_root)) project_root.clear();

  // The payload's text comes from the request (an editor's buffer may not be saved).
  std::string path = request.path;
  if (path.empty() || path[0] != '/') {
    llvm::SmallString<256> abs(path);
    llvm::sys::fs::make_absolute(abs);
    path = abs.str().str();
  }
  std::vector<std::string> args = BaseArgs(request), user;
  AddUserFlags(request, user);
  args.insert(args.end(), user.begin(), user.end());
  AddHipHeaders(request, args);

  std::optional<Prelude> prelude;
  if (std::string file = PreludeFile(request, args, user); !file.empty()) {
    prelude = ReadPrelude(file);
    if (prelude)
      NoteUse(file);
    else
      prelude = BuildPrelude(request, file, disk, args, project_root.str().str());
    if (prelude && Shadowed(*prelude, user)) prelude.reset();
  }
  if (prelude) {
    ParseState state = NewState(request, disk, out, {{path, request.text}, {kPchMain, ""}});
    state.pch = new OneFileSystem(kPchPath, prelude->pch);
    std::vector<std::string> with_pch = args;
    with_pch.insert(with_pch.end(), {"-include-pch", kPchPath});
    RunClang(state, with_pch, path, std::make_unique<Action>(state), project_root.str().str());
    if (state.parsed) return;
    // Clang refused the PCH (a header changed since it was built): parse without it, build it next time.
    llvm::sys::fs::remove(prelude->file);
    out = aortalint::HipPayload{};
  }
  ParseState state = NewState(request, disk, out, {{path, request.text}});
  bool ran = RunClang(state, args, path, std::make_unique<Action>(state), project_root.str().str());
  if (!ran && out.kernels.empty() && out.launches.empty() && out.errors == 0) {
    out.status = aortalint::HipPayload::Status::kFailed;
    out.status_detail =
        "Clang could not start the parse (" + (out.first_error.empty() ? "unknown reason" : out.first_error) + ")";
  }
}
