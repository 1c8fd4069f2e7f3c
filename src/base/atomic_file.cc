#include "base/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

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

// The current bytes of `path`, or nullopt when it cannot be read.
std::optional<std::string> ReadAll(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (got == 0) break;
    text.append(buf, static_cast<size_t>(got));
  }
  ::close(fd);
  return text;
}

}  // namespace

std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view text,
                                               const std::string* expected) {
  std::string target = ResolveSymlinks(path);
  struct stat st {};
  bool exists = ::stat(target.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) return fmt::format("cannot inspect it ({})", Errno());
  if (exists && !S_ISREG(st.st_mode)) return "it is not a regular file";
  if (expected) {
    std::optional<std::string> now = exists ? ReadAll(target) : std::nullopt;
    if (!now) return "it can no longer be read";
    if (*now != *expected) return "it changed on disk since aortalint read it; run aortalint again";
  }
  fs::path dir = fs::path(target).parent_path();
  if (dir.empty()) dir = ".";
  std::string tmp = (dir / ("." + fs::path(target).filename().string() + ".aortalint-XXXXXX")).string();
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) return fmt::format("cannot create a temporary file in '{}' ({})", dir.string(), Errno());
  auto fail = [&](std::string why) -> std::optional<std::string> {
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    return why;
  };
  mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~[] {
    mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }());
  if (exists && (st.st_uid != ::geteuid() || st.st_gid != ::getegid()) && ::fchown(fd, st.st_uid, st.st_gid) != 0)
    return fail(fmt::format("cannot keep its owner {}:{} ({})", st.st_uid, st.st_gid, Errno()));
  if (::fchmod(fd, mode) != 0) return fail(fmt::format("cannot keep its mode {:o} ({})", mode, Errno()));
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(fmt::format("write failed after {} of {} bytes ({})", done, text.size(), Errno()));
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) return fail(fmt::format("fsync failed ({})", Errno()));
  int closed = ::close(fd);
  fd = -1;
  if (closed != 0) return fail(fmt::format("close failed ({})", Errno()));
  if (::rename(tmp.c_str(), target.c_str()) != 0) return fail(fmt::format("rename failed ({})", Errno()));
  // The rename itself is durable once the directory is synced (best effort).
  if (int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return std::nullopt;
}

}  // namespace aortalint
