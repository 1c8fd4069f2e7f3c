#include "driver/docs_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "base/edit_distance.h"
#include "emit/docs.h"
#include "emit/recipe_schema.h"
#include "engine/selection.h"
#include "load/knowledge_loader.h"

namespace aortalint {
namespace fs = std::filesystem;

int PrintRecipeSchema(std::ostream& out) {
  out << RecipeSchema(BuiltinKnowledge()).dump(2) << '\n';
  return 0;
}

int PrintRules(std::ostream& out) {
  out << RuleTable();
  return 0;
}

int PrintRule(const std::string& written, std::ostream& out, std::ostream& err) {
  std::string id = NormalizeSelector(written);  // rule IDs are case-insensitive
  const RuleMeta* found = FindRule(id);
  std::vector<std::string_view> names;  // IDs and slugs: `rule COL003` and `rule option-not-string` alike
  for (const RuleMeta* m : AllRuleMetas()) {
    names.push_back(m->id);
    names.push_back(m->slug);
    if (m->slug == written) found = m;
  }
  if (found) {
    out << RuleDoc(*found);
    return 0;
  }
  err << "aortalint: unknown rule '" << written << "'" << DidYouMean(written, names) << " (see `aortalint rules`)\n";
  return 2;
}

int WriteRuleDocs(const std::string& dir, bool check, std::ostream& out, std::ostream& err) {
  std::vector<std::pair<fs::path, std::string>> pages;
  for (const RuleMeta* m : AllRuleMetas())
    pages.emplace_back(fs::path(dir) / (std::string(m->id) + ".md"), RuleDoc(*m));
  pages.emplace_back(fs::path(dir) / "README.md", RuleIndex());
  int stale = 0;
  if (!check) fs::create_directories(dir);
  for (const auto& [path, text] : pages) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream current;
    current << in.rdbuf();
    if (current.str() == text) continue;
    if (check) {
      err << path.string() << ": stale; regenerate with `aortalint rules --docs " << dir << "`\n";
      ++stale;
    } else {
      std::ofstream(path, std::ios::binary) << text;
      out << "wrote " << path.string() << "\n";
    }
  }
  return stale ? 1 : 0;
}

}  // namespace aortalint
