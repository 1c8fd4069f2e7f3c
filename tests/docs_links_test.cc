// The docs stand alone: every relative link in docs/ and README.md resolves
// to a file of this repository, and no page sends the reader to the
// maintainers' notes (reference/aorta.md and its § sections), which users do not have.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

// The targets of Markdown links `[text](target)` and images, outside code spans and fences.
std::vector<std::string> Links(const std::string& text) {
  std::vector<std::string> out;
  bool fenced = false;
  size_t at = 0;
  while (at < text.size()) {
    size_t eol = text.find('\n', at);
    std::string line = text.substr(at, eol == std::string::npos ? std::string::npos : eol - at);
    at = eol == std::string::npos ? text.size() : eol + 1;
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    bool code = false;
    for (size_t i = 0; i + 1 < line.size(); ++i) {
      if (line[i] == '`') code = !code;
      if (code || line[i] != ']' || line[i + 1] != '(') continue;
      size_t close = line.find(')', i + 2);
      if (close == std::string::npos) break;
      out.push_back(line.substr(i + 2, close - i - 2));
      i = close;
    }
  }
  return out;
}

TEST_CASE("docs: every relative link resolves, no page cites the maintainers' notes") {
  fs::path root = AORTALINT_SOURCE_DIR;
  std::vector<fs::path> pages = {root / "README.md", root / "examples/recipe-repo/README.md"};
  for (const auto& entry : fs::recursive_directory_iterator(root / "docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  size_t checked = 0;
  for (const fs::path& page : pages) {
    std::string text = ReadFile(page);
    CAPTURE(page.string());
    CHECK(text.find("reference/aorta.md") == std::string::npos);
    CHECK(text.find("§") == std::string::npos);
    for (std::string target : Links(text)) {
      if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0 || target.rfind("#", 0) == 0)
        continue;
      target = target.substr(0, target.find('#'));
      if (size_t space = target.find(' '); space != std::string::npos)
        target = target.substr(0, space);  // [x](path "title")
      CAPTURE(target);
      CHECK(fs::exists(page.parent_path() / target));
      ++checked;
    }
  }
  CHECK(pages.size() > 60);  // README, the example's, docs/*.md and every rule page
  CHECK(checked > 70);       // each rule page links at least the index back
}

}  // namespace
}  // namespace aortalint::testing
