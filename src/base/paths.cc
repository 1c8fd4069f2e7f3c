#include "base/paths.h"

#include <unistd.h>
#include <climits>
#include <filesystem>
#include <vector>

namespace aortalint {
namespace {

// The working directory, read once; empty when it cannot be read (then std::filesystem decides).
const std::string& Cwd() {
  static const std::string cwd = [] {
    char buf[PATH_MAX];
    return ::getcwd(buf, sizeof buf) ? std::string(buf) : std::string();
  }();
  return cwd;
}

// Where the last `..` name of `path` ends; 0 when it has none.
size_t EndOfLastDotDot(std::string_view path) {
  size_t end = 0;
  for (size_t at = 0; (at = path.find("..", at)) != std::string_view::npos; at += 2)
    if ((at == 0 || path[at - 1] == '/') && (at + 2 == path.size() || path[at + 2] == '/')) end = at + 2;
  return end;
}

}  // namespace

std::string AbsoluteNormal(std::string_view path) {
  bool relative = path.empty() || path[0] != '/';
  // Already absolute and normal (what the walk and the listings hand on): nothing to fold.
  if (!relative && path.find("//") == std::string_view::npos && path.find("/.") == std::string_view::npos)
    return std::string(path);
  if (relative && Cwd().empty()) {
    std::error_code ec;
    return std::filesystem::absolute(path, ec).lexically_normal().string();
  }
  // Relative and plain (what a walk from a relative root hands on): the working directory joined.
  if (relative && !path.empty() && path[0] != '.' && path.back() != '/' && path.find("//") == std::string_view::npos &&
      path.find("/.") == std::string_view::npos) {
    std::string out;
    out.reserve(Cwd().size() + 1 + path.size());
    if (Cwd() != "/") out = Cwd();
    out += '/';
    out += path;
    return out;
  }
  // Components of the working directory (when relative) then of the path; `..` pops, `.` and empty go.
  std::string out;
  out.reserve((relative ? Cwd().size() + 1 : 0) + path.size());
  auto fold = [&out](std::string_view s, bool& trailing) {
    size_t at = 0;
    while (at <= s.size()) {
      size_t slash = s.find('/', at);
      std::string_view part = s.substr(at, slash == std::string_view::npos ? std::string_view::npos : slash - at);
      bool last = slash == std::string_view::npos;
      if (part.empty() || part == ".") {
        trailing = last && (part == "." || !s.empty());
      } else if (part == "..") {
        size_t cut = out.rfind('/');
        out.resize(cut == std::string::npos ? 0 : cut);
        trailing = last;
      } else {
        out += '/';
        out += part;
        trailing = false;
      }
      if (last) break;
      at = slash + 1;
    }
  };
  bool trailing = false;
  if (relative && Cwd() != "/") out = Cwd();  // getcwd's answer is already absolute and normal
  fold(path, trailing);
  if (out.empty()) return "/";
  if (trailing) out += '/';
  return out;
}

std::optional<std::string_view> PlainParent(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view last = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (last.empty() || last == "." || last == "..") return std::nullopt;
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

bool HasDotDot(std::string_view path) { return EndOfLastDotDot(path) != 0; }

bool HasGitName(std::string_view path) {
  for (size_t at = path.find(".git"); at != std::string_view::npos; at = path.find(".git", at + 1))
    if ((at == 0 || path[at - 1] == '/') && (at + 4 == path.size() || path[at + 4] == '/')) return true;
  return false;
}

std::string AbsoluteResolved(std::string_view path) {
  std::string lexical = AbsoluteNormal(path);
  size_t end = EndOfLastDotDot(path);
  if (end == 0) return lexical;
  // Split after the last `..`: the file system decides which directory the head reaches.
  std::string head(path.substr(0, end));
  std::string_view tail = path.substr(std::min(end + 1, path.size()));
  auto real = [](const std::filesystem::path& p, std::error_code& ec) {
    std::string r = std::filesystem::weakly_canonical(p, ec).string();
    if (r.size() > 1 && r.back() == '/') r.pop_back();
    return r;
  };
  // weakly_canonical resolves a link before the `..` that follows it, as open() does.
  std::error_code ec1, ec2;
  std::string reached = real(std::filesystem::absolute(head, ec1), ec1);
  std::string folded = real(AbsoluteNormal(head), ec2);
  if (ec1 || ec2 || reached == folded) return lexical;
  return AbsoluteNormal(tail.empty() ? reached : reached + "/" + std::string(tail));
}

const char* ShortestSpelling(const std::string& absolute_normal) {
  const std::string& cwd = Cwd();
  if (cwd.size() > 1 && absolute_normal.size() > cwd.size() + 1 && absolute_normal.starts_with(cwd) &&
      absolute_normal[cwd.size()] == '/')
    return absolute_normal.c_str() + cwd.size() + 1;
  return absolute_normal.c_str();
}

std::string_view ParentOf(std::string_view absolute_normal) {
  size_t slash = absolute_normal.rfind('/');
  if (slash == std::string_view::npos) return {};
  return slash == 0 ? absolute_normal.substr(0, 1) : absolute_normal.substr(0, slash);
}

std::string_view LastName(std::string_view absolute_normal) {
  return absolute_normal.substr(absolute_normal.rfind('/') + 1);  // npos + 1 == 0: a bare name whole
}

}  // namespace aortalint
