#include "base/file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "base/strings.h"

namespace aortalint {
namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 if it is not valid.
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  size_t n;
  uint32_t cp;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    cp = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    cp = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    cp = c & 0x07;
  } else
    return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || (cp >= 0xD800 && cp <= 0xDFFF) ||
      cp > 0x10FFFF)
    return 0;
  return n;
}

}  // namespace

bool CheckText(std::string_view text, std::string* error, size_t* offset, std::string* help) {
  for (size_t i = 0; i < text.size();) {
    // Most of a file is ASCII without NUL: eight such bytes at a time.
    for (uint64_t word; i + 8 <= text.size(); i += 8) {
      std::memcpy(&word, text.data() + i, 8);
      constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
      bool zero_byte = ((word - kOnes) & ~word & kHighs) != 0;
      if ((word & kHighs) != 0 || zero_byte) break;
    }
    if (i >= text.size()) break;
    if (text[i] == '\0') {
      *error = fmt::format("file is binary (NUL byte at offset {})", i);
      *offset = i;
      return false;
    }
    size_t n = Utf8SequenceLength(text, i);
    if (n == 0) {
      *error = fmt::format("file is not UTF-8 (byte 0x{:02x} at offset {})", static_cast<unsigned char>(text[i]), i);
      if (help) *help = "save it as UTF-8";
      *offset = i;
      return false;
    }
    i += n;
  }
  return true;
}

namespace {

std::string OverlayKey(const std::string& path) {
  std::error_code ec;
  return std::filesystem::absolute(path, ec).lexically_normal().string();
}

thread_local const FileOverlay* current_overlay = nullptr;

}  // namespace

void FileOverlay::Set(const std::string& path, std::string text) { texts_[OverlayKey(path)] = std::move(text); }

const std::string* FileOverlay::Find(const std::string& path) const {
  if (texts_.empty()) return nullptr;
  auto it = texts_.find(OverlayKey(path));
  return it == texts_.end() ? nullptr : &it->second;
}

ScopedFileOverlay::ScopedFileOverlay(const FileOverlay* overlay) : outer_(current_overlay) {
  current_overlay = overlay;
}
ScopedFileOverlay::~ScopedFileOverlay() { current_overlay = outer_; }
const FileOverlay* ScopedFileOverlay::Current() { return current_overlay; }

namespace {
thread_local ScopedReadLog* read_log = nullptr;
}  // namespace

ScopedReadLog::ScopedReadLog() : outer_(read_log) { read_log = this; }
ScopedReadLog::~ScopedReadLog() { read_log = outer_; }

uint64_t ContentHash(std::string_view bytes) {
  // Eight bytes a step: each step is a bijection of the state, so any one
  // changed word changes it. A change detector (a byte at a time, FNV-1a was a
  // tenth of a warm run's instructions), not a digest.
  uint64_t h = 0x9e3779b97f4a7c15ull ^ bytes.size();
  auto mix = [&h](uint64_t word) {
    h = (h ^ word) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  };
  ForEachWord(bytes, mix);
  return h * 0xc4ceb9fe1a85ec53ull;
}

namespace {

// Whether a file with these times needs its contents hashed to be told apart (FileIdentity).
bool Recent(const FileIdentity& id) { return id.ctime_ns + kTimestampSlackNs >= NowNs(); }

FileIdentity IdentityFromStat(const struct stat& st) {
  FileIdentity id;
  id.exists = true;
  id.size = st.st_size;
  id.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  id.ctime_ns = static_cast<int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
  id.inode = st.st_ino;
  id.device = st.st_dev;
  return id;
}

std::string FileTypeName(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Reads all of `fd` up to max_bytes + 1 bytes. `expected`: the size fstat gave
// a regular file: one read of one byte more finds it whole (a short read of a
// regular file is its end), so a small file costs one read, not two.
bool ReadFd(int fd, std::string& text, size_t max_bytes, size_t expected = 0) {
  if (expected > 0 && expected <= max_bytes) {
    text.resize(expected + 1);
    ssize_t got;
    do got = ::read(fd, text.data(), expected + 1);
    while (got < 0 && errno == EINTR);
    if (got < 0) return false;
    text.resize(static_cast<size_t>(got));
    if (static_cast<size_t>(got) <= expected) return true;  // grew while read: read on
  }
  char buf[65536];
  for (;;) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return false;
    if (got == 0) return true;
    text.append(buf, static_cast<size_t>(got));
    if (text.size() > max_bytes) return true;
  }
}

}  // namespace

int64_t NowNs() {
  struct timespec now;
  ::clock_gettime(CLOCK_REALTIME, &now);
  return int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

namespace {

// The identity of `path` read from the open file, with its contents hashed (a regular file up to
// kIdentityHashBytes); nullopt when it cannot be opened.
std::optional<FileIdentity> HashedIdentity(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return std::nullopt;
  std::optional<FileIdentity> id;
  struct stat st;
  std::string text;
  if (::fstat(fd, &st) == 0) {
    id = IdentityFromStat(st);
    if (S_ISREG(st.st_mode) && static_cast<size_t>(st.st_size) <= kIdentityHashBytes &&
        ReadFd(fd, text, kIdentityHashBytes, static_cast<size_t>(st.st_size)))
      id->hash = ContentHash(text);
  }
  ::close(fd);
  return id;
}

}  // namespace

FileIdentity IdentityOf(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return {};
  FileIdentity id = IdentityFromStat(st);
  if (!S_ISREG(st.st_mode) || static_cast<size_t>(st.st_size) > kIdentityHashBytes || !Recent(id)) return id;
  // Changed recently: its contents tell it apart, hashed as read from the open file (unreadable: no hash).
  return HashedIdentity(path).value_or(id);
}

bool SettledSince(const FileIdentity& then, const FileIdentity& now, const std::string& path) {
  if (then.hash == 0 || now.hash != 0 || !now.exists) return false;
  FileIdentity same = now;
  same.hash = then.hash;
  if (same != then) return false;
  std::optional<FileIdentity> read = HashedIdentity(path);
  return read && *read == then;
}

void NoteProbe(const std::string& path) {
  if (!read_log) return;
  FileIdentity id = IdentityOf(path);
  for (ScopedReadLog* log = read_log; log; log = log->outer_) log->reads_.emplace_back(path, id);
}

ReadResult ReadTextFile(const std::string& path, size_t max_bytes) { return detail::ReadFile(path, max_bytes, true); }

ReadResult ReadRegularFile(const std::string& path, size_t max_bytes) {
  return detail::ReadFile(path, max_bytes, false);
}

ReadResult ReadSourceFile(const std::string& path) {
  ReadResult r = detail::ReadFile(path, kMaxFileBytes, false);
  if (!r.ok) return r;
  for (size_t i = 0; i < r.text.size();) {
    size_t n = Utf8SequenceLength(r.text, i);
    if (n == 0) r.text[i] = '?';
    i += n == 0 ? 1 : n;
  }
  r.ok = CheckText(r.text, &r.error, &r.error_offset, &r.help);
  return r;
}

ReadResult detail::ReadFile(const std::string& path, size_t max_bytes, bool as_text) {
  ReadResult r;
  auto log = [&] {
    for (ScopedReadLog* l = read_log; l; l = l->outer_) l->reads_.emplace_back(path, r.identity);
  };
  if (current_overlay)
    if (const std::string* text = current_overlay->Find(path)) {
      r.text = *text;
      r.ok = !as_text || CheckText(r.text, &r.error, &r.error_offset, &r.help);
      return r;
    }
  if (path.size() >= PATH_MAX) {
    r.error = fmt::format("the path is {} bytes long, and the system allows {}", path.size(), PATH_MAX - 1);
    log();
    return r;
  }
  // Never block: a FIFO or a device named as a file is refused, not opened for reading.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    int e = errno;
    struct stat st;
    if (e == ENOENT)
      r.error = "file does not exist";
    else if (e == ENAMETOOLONG)
      r.error = "the path (or one of its names) is too long for the system";
    else if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      r.error = "path is a directory, not a file";
    else
      r.error = fmt::format("cannot read file ({})", std::strerror(e));
    if (e != ENOENT && e != ENOTDIR && ::stat(path.c_str(), &st) == 0) r.identity = IdentityFromStat(st);
    log();
    return r;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    r.error = fmt::format("cannot read file ({})", std::strerror(errno));
    ::close(fd);
    log();
    return r;
  }
  r.identity = IdentityFromStat(st);
  if (S_ISDIR(st.st_mode)) {
    r.error = "path is a directory, not a file";
  } else if (!S_ISREG(st.st_mode)) {
    r.error =
        fmt::format("path is {}, not a regular file; aortalint reads only regular files", FileTypeName(st.st_mode));
  } else if (static_cast<size_t>(st.st_size) > max_bytes) {
    r.error =
        fmt::format("file is {:.1f} MiB; aortalint reads files up to {} MiB", st.st_size / 1048576.0, max_bytes >> 20);
  } else if (!ReadFd(fd, r.text, max_bytes, static_cast<size_t>(st.st_size))) {
    // A regular file: O_NONBLOCK (which kept the open from blocking on a FIFO) has no effect on its reads.
    r.error = fmt::format("cannot read file ({})", std::strerror(errno));
  } else if (r.text.size() > max_bytes) {
    r.error = fmt::format("file grew past {} MiB while it was read; aortalint reads files up to {} MiB",
                          max_bytes >> 20, max_bytes >> 20);
    r.text.clear();
  } else {
    if (r.text.size() <= kIdentityHashBytes && static_cast<size_t>(st.st_size) <= kIdentityHashBytes &&
        Recent(r.identity))
      r.identity.hash = ContentHash(r.text);
    r.ok = !as_text || CheckText(r.text, &r.error, &r.error_offset, &r.help);
  }
  ::close(fd);
  log();
  return r;
}

}  // namespace aortalint
