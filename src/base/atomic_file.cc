#include "base/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "base/dir_index.h"
#include "base/paths.h"

namespace aortalint {
namespace fs = std::filesystem;

std::string ResolveSymlinks(const std::string& path) {
  std::error_code ec;
  fs::path p = path;
  // Follow the chain by hand (a bounded number of hops), so a link to a file
  // that does not exist yet still resolves to where it points.
  for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
    fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return p.string();
}

bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa, sb;
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

namespace {

std::string Errno() { return std::strerror(errno); }

// The current bytes of `fd` from its start, or nullopt when it cannot be read.
std::optional<std::string> ReadAll(int fd) {
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return std::nullopt;
    if (got == 0) break;
    text.append(buf, static_cast<size_t>(got));
  }
  return text;
}

class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { Close(); }
  int get() const { return fd_; }
  int Close() {
    int rc = fd_ >= 0 ? ::close(fd_) : 0;
    fd_ = -1;
    return rc;
  }

 private:
  int fd_;
};

// The temporary file being written, removed by the handlers below when a
// signal ends the process: an interrupted --fix must not leave it in the tree.
// One write at a time (g_write_mutex), so one name.
std::mutex g_write_mutex;
std::atomic<int> g_tmp_dir{-1};
char g_tmp_name[256];
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPWR};
constexpr size_t kNumCleanupSignals = std::size(kCleanupSignals);
struct sigaction g_saved[kNumCleanupSignals];

void RemoveTmpOnSignal(int sig) {
  int saved = errno;
  if (int dir = g_tmp_dir.exchange(-1); dir >= 0) ::unlinkat(dir, g_tmp_name, 0);
  // The signal's own action, then, as if we had not been here: it is blocked
  // while this handler runs, so raise() delivers it on return.
  for (size_t i = 0; i < kNumCleanupSignals; ++i)
    if (kCleanupSignals[i] == sig) ::sigaction(sig, &g_saved[i], nullptr);
  ::raise(sig);
  errno = saved;
}

// A new file `.name.aortalint-XXXXXX` in dir, opened without following links.
int CreateTmp(int dir, const std::string& base, std::string& name) {
  static thread_local std::mt19937_64 random{std::random_device{}()};
  for (int attempt = 0; attempt < 100; ++attempt) {
    name = fmt::format(".{}.aortalint-{:06x}", base.substr(0, 200), random() & 0xffffff);
    int fd = ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// While it lives, a signal that ends the process first removes the temporary file.
class TmpGuard {
 public:
  explicit TmpGuard(int dir) : dir_(dir) {
    struct sigaction sa {};
    sa.sa_handler = RemoveTmpOnSignal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < kNumCleanupSignals; ++i) {
      ::sigaction(kCleanupSignals[i], nullptr, &g_saved[i]);
      // An ignored signal stays ignored; a handler of the program's own keeps running after ours.
      if (g_saved[i].sa_handler != SIG_IGN) ::sigaction(kCleanupSignals[i], &sa, nullptr);
    }
  }
  ~TmpGuard() {
    g_tmp_dir.store(-1);
    for (size_t i = 0; i < kNumCleanupSignals; ++i) ::sigaction(kCleanupSignals[i], &g_saved[i], nullptr);
  }
  TmpGuard(const TmpGuard&) = delete;
  TmpGuard& operator=(const TmpGuard&) = delete;

  // Creates the temporary file (CreateTmp) with those signals blocked until it is tracked: one that lands
  // between its creation and its tracking would leave it behind.
  int Create(const std::string& base, std::string& name) {
    sigset_t block, old;
    sigemptyset(&block);
    for (int sig : kCleanupSignals) sigaddset(&block, sig);
    ::pthread_sigmask(SIG_BLOCK, &block, &old);
    int fd = CreateTmp(dir_, base, name);
    if (fd >= 0) {
      std::snprintf(g_tmp_name, sizeof g_tmp_name, "%s", name.c_str());
      g_tmp_dir.store(dir_);
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    return fd;
  }

 private:
  int dir_;
};

// Why `path` (as named) may not be written through: it is now a link that
// leads out of the project (its git repository, or without one the working
// directory, when it lies within it). Read-time containment, checked again:
// a file can be swapped for a link while --fix runs.
std::optional<std::string> LeadsOutside(const std::string& path, const std::string& target) {
  std::error_code ec;
  if (!fs::is_symlink(path, ec)) return std::nullopt;
  std::string named = AbsoluteNormal(path);
  std::string root = GitTop(std::string(ParentOf(named)));
  if (root.empty()) root = AbsoluteNormal(fs::current_path(ec).string());
  if (!WithinRoot(std::string(ParentOf(named)), root) || WithinRoot(target, root)) return std::nullopt;
  return fmt::format("it is now a link to '{}', outside the project '{}'; a fix is written only inside it", target,
                     root);
}

// May we replace this file? Not when its mode says it is read-only, as editors and formatters refuse it.
std::optional<std::string> ReadOnly(const std::string& target, const struct stat& st) {
  if ((st.st_mode & 0222) != 0 && ::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) == 0) return std::nullopt;
  return fmt::format("it is read-only (mode {:o}); make it writable (chmod u+w) if it should be changed",
                     st.st_mode & 07777);
}

// The owner, and the group where this user may set it (a user keeps a file
// whose group they are not in, as an in-place write would; only root can give a
// file away).
std::optional<std::string> KeepOwner(int fd, const struct stat& st) {
  if (st.st_uid != ::geteuid() && ::fchown(fd, st.st_uid, st.st_gid) != 0)
    return fmt::format("cannot keep its owner {}:{} ({})", st.st_uid, st.st_gid, Errno());
  if (st.st_gid != ::getegid()) ::fchown(fd, static_cast<uid_t>(-1), st.st_gid);
  return std::nullopt;
}

// Extended attributes (user notes, POSIX ACLs, security labels), copied to the new file.
std::optional<std::string> KeepXattrs(int from, int to) {
  ssize_t size = ::flistxattr(from, nullptr, 0);
  if (size <= 0) return std::nullopt;  // none, or not supported here
  std::vector<char> names(static_cast<size_t>(size));
  size = ::flistxattr(from, names.data(), names.size());
  if (size < 0) return fmt::format("cannot list its extended attributes ({})", Errno());
  for (const char* name = names.data(); name < names.data() + size; name += std::strlen(name) + 1) {
    ssize_t len = ::fgetxattr(from, name, nullptr, 0);
    std::vector<char> value(static_cast<size_t>(std::max<ssize_t>(len, 0)));
    if (len < 0 || (len = ::fgetxattr(from, name, value.data(), value.size())) < 0 ||
        ::fsetxattr(to, name, value.data(), static_cast<size_t>(len), 0) != 0)
      return fmt::format("cannot keep its extended attribute '{}' ({})", name, Errno());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view text,
                                               const std::string* expected) {
  std::lock_guard<std::mutex> lock(g_write_mutex);
  std::string target = ResolveSymlinks(path);
  if (auto outside = LeadsOutside(path, target)) return outside;
  fs::path dir_path = fs::path(target).parent_path();
  if (dir_path.empty()) dir_path = ".";
  std::string base = fs::path(target).filename().string();
  // Everything below is relative to this directory, and its last name is never followed.
  Fd dir(::open(dir_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0) return fmt::format("cannot open its directory '{}' ({})", dir_path.string(), Errno());
  Fd old(::openat(dir.get(), base.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (old.get() < 0 && errno == ELOOP) return "it became a symbolic link while aortalint ran";
  if (old.get() < 0 && errno != ENOENT) return fmt::format("cannot inspect it ({})", Errno());
  struct stat st {};
  bool exists = old.get() >= 0;
  if (exists && ::fstat(old.get(), &st) != 0) return fmt::format("cannot inspect it ({})", Errno());
  if (exists && !S_ISREG(st.st_mode)) return "it is not a regular file";
  if (exists)
    if (auto ro = ReadOnly(target, st)) return ro;
  if (expected) {
    std::optional<std::string> now = exists ? ReadAll(old.get()) : std::nullopt;
    if (!now) return "it can no longer be read";
    if (*now != *expected) return "it changed on disk since aortalint read it; run aortalint again";
  }
  std::string tmp;
  TmpGuard guard(dir.get());
  Fd fd(guard.Create(base, tmp));
  if (fd.get() < 0) return fmt::format("cannot create a temporary file in '{}' ({})", dir_path.string(), Errno());
  auto fail = [&](std::string why) -> std::optional<std::string> {
    fd.Close();
    ::unlinkat(dir.get(), tmp.c_str(), 0);
    return why;
  };
  mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~[] {
    mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }());
  if (exists) {
    if (auto why = KeepOwner(fd.get(), st)) return fail(*why);
    if (auto why = KeepXattrs(old.get(), fd.get())) return fail(*why);
  }
  if (::fchmod(fd.get(), mode) != 0) return fail(fmt::format("cannot keep its mode {:o} ({})", mode, Errno()));
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(fmt::format("write failed after {} of {} bytes ({})", done, text.size(), Errno()));
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd.get()) != 0) return fail(fmt::format("fsync failed ({})", Errno()));
  if (fd.Close() != 0) return fail(fmt::format("close failed ({})", Errno()));
  if (::renameat(dir.get(), tmp.c_str(), dir.get(), base.c_str()) != 0)
    return fail(fmt::format("rename failed ({})", Errno()));
  ::fsync(dir.get());  // the rename itself is durable once the directory is synced (best effort)
  return std::nullopt;
}

}  // namespace aortalint
