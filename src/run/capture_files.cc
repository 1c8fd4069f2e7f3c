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
  // aorta's collector walk: a directory's files in name order, then each
  // subdirectory in name order, depth first. This order is the order the
  // totals are summed in, so it decides their last bits and the tie order.
  std::vector<fs::path> pending{dir};
  while (!pending.empty()) {
    fs::path current = std::move(pending.back());
    pending.pop_back();
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(current, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
      entries.push_back(*it);
    ec.clear();
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
    std::vector<fs::path> subdirs;
    for (const auto& entry : entries) {
      std::error_code fec;
      if (entry.is_symlink(fec)) {
        skip_link(entry.path());
      } else if (entry.is_directory(fec)) {
        subdirs.push_back(entry.path());
      } else if (entry.is_regular_file(fec) && entry.path().filename().string().ends_with(suffix)) {
        found.push_back(entry.path());
      }
    }
    pending.insert(pending.end(), subdirs.rbegin(), subdirs.rend());
  }
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
