// Capture files within limits (see capture_files.h).
#include "run/capture_files.h"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>

#include "base/file_reader.h"

namespace aortalint::run {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<fs::path> CaptureFiles(const fs::path& dir, std::string_view suffix, CaptureNotes* notes) {
  std::vector<fs::path> found;
  auto skip_link = [&](const fs::path& p) {
    if (notes) notes->skipped_links.push_back(p.string());
  };
  std::error_code ec;
  if (fs::is_symlink(dir, ec)) {
    skip_link(dir);
    return found;
  }
  if (fs::is_regular_file(dir, ec)) return {dir};  // one file named: read whatever its name
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code fec;
    if (it->is_symlink(fec)) {
      skip_link(it->path());
      continue;
    }
    if (!it->is_regular_file(fec)) continue;
    std::string name = it->path().filename().string();
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::optional<std::string> JsonShapeProblem(std::string_view text, int max_depth) {
  size_t values = 1;
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        return fmt::format("nested more than {} levels deep (at byte {}), deeper than Python's json module reads",
                           max_depth, i);
      ++values;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && ++values > kMaxCaptureValues) {
      return fmt::format("holds more than {} JSON values (at byte {}); split the capture", kMaxCaptureValues, i);
    }
  }
  return std::nullopt;
}

std::optional<json> ReadJsonArtifact(const fs::path& file, CaptureNotes* notes) {
  auto fail = [&](const std::string& why) -> std::optional<json> {
    if (notes) notes->unreadable.push_back("'" + file.string() + "': " + why);
    return std::nullopt;
  };
  ReadResult read = ReadRegularFile(file.string(), kMaxCaptureBytes);
  if (!read.ok) return fail(read.error);
  if (auto problem = JsonShapeProblem(read.text)) return fail(*problem);
  try {
    return json::parse(read.text);
  } catch (const json::parse_error& e) {
    return fail(std::string("not JSON (a truncated or damaged file?): ") + e.what());
  } catch (const std::exception& e) {
    return fail(std::string("cannot be read: ") + e.what());
  }
}

}  // namespace aortalint::run
