// The rule registry held true (issue 15 item 3): IDs unique and well formed,
// kebab-case slugs, every rule factory listed once in rules/all_rules.cc with
// the right ID beside it, every rule with a fixture folder and a generated doc
// page, and no doc page or fixture folder without a rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "engine/rule.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;

const fs::path kSource = AORTALINT_SOURCE_DIR;

bool KebabCase(std::string_view slug) {
  static const std::regex kKebab("[a-z0-9]+(-[a-z0-9]+)*");
  return std::regex_match(slug.begin(), slug.end(), kKebab);
}

TEST_CASE("registry: rule IDs are unique and well formed, slugs kebab-case and unique") {
  std::set<std::string> ids, slugs;
  static const std::regex kId("[A-Z]{3}[0-9]{3}");
  for (const RuleMeta* m : AllRuleMetas()) {
    std::string id(m->id), slug(m->slug);
    CAPTURE(id);
    CHECK(std::regex_match(id, kId));
    CHECK_MESSAGE(ids.insert(id).second, "duplicate rule ID " << id);
    CHECK_MESSAGE(KebabCase(slug), "slug '" << slug << "' is not kebab-case");
    CHECK_MESSAGE(slugs.insert(slug).second, "duplicate slug " << slug);
    CHECK(FindRule(id) == m);
    CHECK_FALSE(m->summary.empty());
  }
  CHECK(ids.size() == AllRules().size());
  CHECK(ids.size() >= 60);
  // The test can tell: these are not kebab-case.
  CHECK_FALSE(KebabCase("Torch-before"));
  CHECK_FALSE(KebabCase("torch_before"));
  CHECK_FALSE(KebabCase("-torch"));
}

TEST_CASE("registry: every rule factory is defined once and listed once, with its ID beside it") {
  // Factories defined in rule sources.
  std::map<std::string, int> defined;
  static const std::regex kDefinition(R"(std::unique_ptr<Rule>\s+(Make\w+)\(\)\s*\{)");
  for (const auto& e : fs::recursive_directory_iterator(kSource / "rules")) {
    if (!e.is_regular_file() || e.path().extension() != ".cc" || e.path().filename() == "all_rules.cc") continue;
    std::string text = ReadFile(e.path());
    for (std::sregex_iterator it(text.begin(), text.end(), kDefinition), end; it != end; ++it) defined[(*it)[1]]++;
  }
  // The list: `    MakeX,  // ID` lines of kRules, in order.
  std::string registry = ReadFile(kSource / "rules" / "all_rules.cc");
  size_t list = registry.find("kRules");
  REQUIRE(list != std::string::npos);
  std::string entries = registry.substr(list, registry.find("};", list) - list);
  static const std::regex kEntry(R"((Make\w+),\s*//\s*([A-Z]{3}[0-9]{3}))");
  std::vector<std::pair<std::string, std::string>> listed;
  std::map<std::string, int> times;
  for (std::sregex_iterator it(entries.begin(), entries.end(), kEntry), end; it != end; ++it) {
    listed.emplace_back((*it)[1], (*it)[2]);
    times[(*it)[1]]++;
  }
  CHECK(listed.size() == AllRules().size());
  for (const auto& [name, n] : defined) {
    CAPTURE(name);
    CHECK_MESSAGE(n == 1, name << " is defined " << n << " times");
    CHECK_MESSAGE(times[name] == 1, name << " is listed " << times[name] << " times in rules/all_rules.cc");
  }
  for (const auto& [name, n] : times) CHECK_MESSAGE(defined.count(name), name << " is listed but defined nowhere");
  // Each entry's comment names the ID its factory makes.
  for (size_t i = 0; i < listed.size() && i < AllRules().size(); ++i) {
    CAPTURE(listed[i].first);
    CHECK(AllRules()[i]()->Meta().id == listed[i].second);
  }
}

TEST_CASE("registry: a rule's file is named by its slug") {
  static const std::regex kSlug(R"re(\.slug = "([a-z0-9-]+)")re");
  size_t rules = 0;
  for (const auto& e : fs::recursive_directory_iterator(kSource / "rules")) {
    if (!e.is_regular_file() || e.path().extension() != ".cc") continue;
    std::string text = ReadFile(e.path());
    std::smatch m;
    if (!std::regex_search(text, m, kSlug)) continue;
    std::string expected = m[1].str();
    std::replace(expected.begin(), expected.end(), '-', '_');
    CHECK_MESSAGE(e.path().stem().string() == expected,
                  e.path().generic_string() << " holds rule '" << m[1].str() << "': name it " << expected << ".cc");
    ++rules;
  }
  CHECK(rules == AllRules().size());
}

TEST_CASE("registry: every rule has a fixture folder and a doc page, none without a rule") {
  std::set<std::string> ids;
  for (const RuleMeta* m : AllRuleMetas()) {
    std::string id(m->id);
    ids.insert(id);
    CHECK_MESSAGE(fs::is_directory(kSource / "fixtures" / "rules" / id), id << " has no fixtures/rules/" << id << "/");
    CHECK_MESSAGE(fs::is_regular_file(kSource / "docs" / "rules" / (id + ".md")),
                  id << " has no docs/rules/" << id << ".md");
  }
  for (const auto& e : fs::directory_iterator(kSource / "docs" / "rules")) {
    std::string name = e.path().filename().string();
    if (name == "README.md") continue;
    CHECK_MESSAGE(ids.count(e.path().stem().string()), "docs/rules/" << name << " documents no rule");
  }
  for (const auto& e : fs::directory_iterator(kSource / "fixtures" / "rules")) {
    if (!e.is_directory()) continue;
    std::string name = e.path().filename().string();
    CHECK_MESSAGE(ids.count(name), "fixtures/rules/" << name << "/ is the folder of no rule");
  }
}

}  // namespace
}  // namespace aortalint
