#include "fixture_runner.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "test_util.h"

namespace aortalint::testing {
namespace fs = std::filesystem;
namespace {

using Finding = std::pair<std::string, int>;      // "path:line", rule -> count
using Expectations = std::map<std::string, int>;  // "path:line: ID" -> count

void AddAnnotations(const fs::path& dir, const fs::path& file, Expectations& expected, Expectations& todo) {
  static const std::regex kAnnotation(
      R"((?:#|//)\s*(todo-)?expect(@([+-]\d+))?:\s*([A-Z]{3}\d{3}(\s+[A-Z]{3}\d{3})*))");
  std::ifstream in(file, std::ios::binary);
  std::string line;
  int number = 0;
  std::string rel = fs::relative(file, dir).generic_string();
  while (std::getline(in, line)) {
    ++number;
    for (std::sregex_iterator it(line.begin(), line.end(), kAnnotation), end; it != end; ++it) {
      const std::smatch& m = *it;
      int target = number + (m[3].matched ? std::stoi(m[3].str()) : 0);
      std::istringstream ids(m[4].str());
      std::string id;
      while (ids >> id) (m[1].matched ? todo : expected)[rel + ":" + std::to_string(target) + ": " + id]++;
    }
  }
}

// Paths as the run prints them, relative to the fixture folder ("./x" or "x").
std::string RelativeToFolder(const std::string& path) { return path.rfind("./", 0) == 0 ? path.substr(2) : path; }

// The folder's documented example (example/, fixed/): not a fixture (kNotExamples).
bool IsExampleDir(const fs::path& folder, const fs::directory_entry& entry) {
  std::string name = entry.path().filename().string();
  return entry.is_directory() && entry.path().parent_path() == folder && (name == "example" || name == "fixed");
}

}  // namespace

int RunFixtureFolder(const std::string& dir_arg) {
  fs::path dir = fs::absolute(dir_arg).lexically_normal();
  std::string id = dir.filename().string();
  Expectations expected, todo;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    const fs::directory_entry& entry = *it;
    if (IsExampleDir(dir, entry)) it.disable_recursion_pending();
    if (!entry.is_regular_file()) continue;
    std::string name = entry.path().filename().string();
    if (name == "expected.txt" || name == "expected.diff" || name == "ARGS" || name == "EXPECT") continue;
    AddAnnotations(dir, entry.path(), expected, todo);
  }
  if (fs::exists(dir / "EXPECT")) {
    std::ifstream in(dir / "EXPECT");
    std::string line;
    while (std::getline(in, line))
      if (!line.empty() && line[0] != '#') expected[line]++;
  }
  std::string args = ReadFile(dir / "ARGS");
  while (!args.empty() && (args.back() == '\n' || args.back() == ' ')) args.pop_back();
  std::string before = args, after;
  if (size_t dd = args.find(" -- "); dd != std::string::npos) {
    before = args.substr(0, dd);
    after = args.substr(dd);
  } else if (args.rfind("-- ", 0) == 0) {
    before.clear();
    after = " " + args;
  }

  std::string base = "cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) + " check . --select " +
                     id + " --color never " + kNotExamples + before;
  CommandResult json = RunShell(base + " --format json" + after);
  if (json.exit_code >= 2) {
    std::cerr << id << ": aortalint exited " << json.exit_code << "\n" << json.output;
    return 1;
  }
  Expectations actual;
  bool fixes = false;
  for (const auto& d : nlohmann::json::parse(json.output)) {
    fixes = fixes || d.contains("fix");
    actual[RelativeToFolder(d["path"].get<std::string>()) + ":" + std::to_string(d["line"].get<int>()) + ": " +
           d["rule"].get<std::string>()]++;
  }

  int failures = 0;
  for (const auto& [key, count] : actual) {
    int want = expected.count(key) ? expected[key] : 0;
    if (count > want && !todo.count(key)) {
      std::cerr << id << ": NOISY (fired, not annotated): " << key << " x" << count - want << "\n";
      ++failures;
    }
  }
  for (const auto& [key, count] : expected) {
    int got = actual.count(key) ? actual[key] : 0;
    if (got < count) {
      std::cerr << id << ": MISSING (annotated, did not fire): " << key << "\n";
      ++failures;
    }
  }
  for (const auto& [key, count] : todo)
    if (actual.count(key)) std::cerr << id << ": note: todo-expect now fires, promote it: " << key << "\n";
  if (expected.empty()) {
    std::cerr << id << ": the fixture folder has no expectation: it must fire its rule at least once\n";
    ++failures;
  }

  CommandResult text = RunShell(base + after);
  fs::path snapshot = dir / "expected.txt";
  if (std::getenv("AORTALINT_UPDATE_SNAPSHOTS")) {
    std::ofstream(snapshot, std::ios::binary) << text.output;
  } else if (ReadFile(snapshot) != text.output) {
    std::cerr << id << ": WRONG: the rendered output differs from expected.txt "
              << "(review, then rerun with AORTALINT_UPDATE_SNAPSHOTS=1)\n--- expected.txt\n"
              << ReadFile(snapshot) << "--- actual\n"
              << text.output;
    ++failures;
  }
  // What the fixes write, safe and unsafe, pinned beside the findings.
  fs::path diff_snapshot = dir / "expected.diff";
  if (fixes) {
    std::string diffs = "# check --diff (safe fixes)\n" + RunShell(base + " --diff" + after + " 2>/dev/null").output +
                        "# check --diff --unsafe-fixes (safe and unsafe fixes)\n" +
                        RunShell(base + " --diff --unsafe-fixes" + after + " 2>/dev/null").output;
    if (std::getenv("AORTALINT_UPDATE_SNAPSHOTS")) {
      std::ofstream(diff_snapshot, std::ios::binary) << diffs;
    } else if (ReadFile(diff_snapshot) != diffs) {
      std::cerr << id << ": WRONG: what the fixes write differs from expected.diff "
                << "(review, then rerun with AORTALINT_UPDATE_SNAPSHOTS=1)\n--- expected.diff\n"
                << ReadFile(diff_snapshot) << "--- actual\n"
                << diffs;
      ++failures;
    }
  } else if (fs::exists(diff_snapshot)) {
    std::cerr << id << ": WRONG: expected.diff is there but no finding has a fix; remove it\n";
    ++failures;
  }
  if (failures == 0) std::cout << id << ": " << actual.size() << " findings as annotated\n";
  return failures ? 1 : 0;
}

}  // namespace aortalint::testing
