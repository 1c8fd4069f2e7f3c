// Reading a capture directory's artifacts without leaving it, within limits,
// and saying which files could not be read and why.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::run {

// Nesting deeper than this is refused: Python's json module raises
// RecursionError there (python/value.h), so aorta and proton-viewer cannot
// read such a file either.
inline constexpr int kMaxCaptureDepth = 980;
// More JSON values than this in one artifact are refused: a parsed value
// takes tens of times its text, and 8M of them about a gigabyte.
inline constexpr size_t kMaxCaptureValues = 8'000'000;

// What reading a capture left out.
struct CaptureNotes {
  std::vector<std::string> unreadable;     // "'<path>': <why>", one per artifact that could not be read
  std::vector<std::string> skipped_links;  // symbolic links inside the capture, not followed
};

// Regular files under dir whose names end with suffix, in the order aorta's
// collector walks them (dir itself when it is a regular file). A symbolic link at or below dir is not followed (a
// capture from elsewhere can point anywhere, `proton -> /`): it is added to notes->skipped_links when notes is given.
std::vector<std::filesystem::path> CaptureFiles(const std::filesystem::path& dir, std::string_view suffix,
                                                CaptureNotes* notes = nullptr);

// Why text, taken as JSON, is too deep or too large to read (a scan of its
// brackets and commas outside strings, in constant memory); nullopt when it
// is within max_depth and kMaxCaptureValues.
std::optional<std::string> JsonShapeProblem(std::string_view text, int max_depth = kMaxCaptureDepth);

// One JSON artifact, read and parsed; nullopt, with the reason added to
// notes->unreadable, when it cannot be read, is too deep or too large, or is
// not JSON (the byte at which parsing failed is named). Never throws.
std::optional<nlohmann::json> ReadJsonArtifact(const std::filesystem::path& file, CaptureNotes* notes);

}  // namespace aortalint::run
