#include "base/file_reader.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <sys/stat.h>

#include <fmt/format.h>

namespace aortalint {
namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 if it is not valid.
size_t Utf8SequenceLength(const std::string& s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  size_t n;
  uint32_t cp;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) { n = 2; cp = c & 0x1F; }
  else if ((c & 0xF0) == 0xE0) { n = 3; cp = c & 0x0F; }
  else if ((c & 0xF8) == 0xF0) { n = 4; cp = c & 0x07; }
  else return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
      (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
    return 0;
  return n;
}

}  // namespace

bool CheckText(const std::string& text, std::string* error, size_t* offset) {
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      *error = fmt::format("file is binary (NUL byte at offset {})", i);
      *offset = i;
      return false;
    }
    size_t n = Utf8SequenceLength(text, i);
    if (n == 0) {
      *error = fmt::format("file is not UTF-8 (byte 0x{:02x} at offset {}); save it as UTF-8",
                           static_cast<unsigned char>(text[i]), i);
      *offset = i;
      return false;
    }
    i += n;
  }
  return true;
}

namespace {

// Texts that replace files on disk: stdin under --stdin-filename, and the
// files being fixed in memory (--diff, the passes of --fix).
std::shared_mutex overlay_mutex;
std::map<std::string, std::string> overlay;

std::string OverlayKey(const std::string& path) {
  std::error_code ec;
  return std::filesystem::absolute(path, ec).lexically_normal().string();
}

}  // namespace

void SetFileOverlay(const std::string& path, std::string text) {
  std::unique_lock lock(overlay_mutex);
  overlay[OverlayKey(path)] = std::move(text);
}

void ClearFileOverlay() {
  std::unique_lock lock(overlay_mutex);
  overlay.clear();
}

namespace {
thread_local ScopedReadLog* read_log = nullptr;
}  // namespace

ScopedReadLog::ScopedReadLog() : outer_(read_log) { read_log = this; }
ScopedReadLog::~ScopedReadLog() { read_log = outer_; }

ReadResult ReadTextFile(const std::string& path, size_t max_bytes) {
  for (ScopedReadLog* log = read_log; log; log = log->outer_) log->paths_.push_back(path);
  ReadResult r;
  {
    std::shared_lock lock(overlay_mutex);
    if (!overlay.empty()) {
      if (auto it = overlay.find(OverlayKey(path)); it != overlay.end()) {
        r.text = it->second;
        r.ok = CheckText(r.text, &r.error, &r.error_offset);
        return r;
      }
    }
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    r.error = errno == ENOENT ? "file does not exist" : fmt::format("cannot read file ({})", std::strerror(errno));
    return r;
  }
  if (S_ISDIR(st.st_mode)) {
    r.error = "path is a directory, not a file";
    return r;
  }
  if (static_cast<size_t>(st.st_size) > max_bytes) {
    r.error = fmt::format("file is {:.1f} MiB; aortalint reads files up to {} MiB",
                          st.st_size / 1048576.0, max_bytes >> 20);
    return r;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    r.error = fmt::format("cannot read file ({})", std::strerror(errno));
    return r;
  }
  r.text.resize(static_cast<size_t>(st.st_size));
  in.read(r.text.data(), static_cast<std::streamsize>(r.text.size()));
  r.text.resize(static_cast<size_t>(in.gcount()));
  if (!CheckText(r.text, &r.error, &r.error_offset)) return r;
  r.ok = true;
  return r;
}

}  // namespace aortalint
