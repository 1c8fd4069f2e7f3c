#include "driver/docs_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "base/edit_distance.h"
#include "base/json_text.h"
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

int PrintRules(const std::vector<std::string>& selectors, bool json, std::ostream& out, std::ostream& err) {
  std::vector<const RuleMeta*> shown;
  std::vector<std::string> normal;
  for (const std::string& written : selectors) {
    normal.push_back(NormalizeSelector(written));
    if (std::optional<UnknownSelector> unknown = CheckSelector(normal.back())) {
      err << "aortalint: '" << written << "' names no rule"
          << (unknown->suggestion ? "; did you mean '" + *unknown->suggestion + "'?" : "")
          << " (`aortalint rules` lists them)\n";
      return 2;
    }
  }
  for (const RuleMeta* m : AllRuleMetas())
    if (normal.empty() ||
        std::any_of(normal.begin(), normal.end(), [&](const std::string& s) { return SelectorMatches(s, m->id); }))
      shown.push_back(m);
  if (json)
    out << JsonText(RulesJson(shown), 2) << '\n';
  else
    out << RuleTable(shown);
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
