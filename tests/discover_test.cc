// The one discovery predicate (driver/discover.h ClassifyFile): what the walk,
// --skip-non-recipes, --show-files and the language server treat as a recipe.
#include <doctest/doctest.h>

#include <random>

#include "base/dir_index.h"
#include "driver/discover.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::RunShell;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

FileRole Role(std::string_view path, std::string_view text) { return ClassifyFile(path, text).role; }

TEST_CASE("recipes of every mode and shape are recipes") {
  // A triage recipe without schema_version (RCP004 must see it).
  CHECK(Role("t.yaml", "workload: gemm\ntrials: 3\nsteps: 10\ncells: []\n") == FileRole::kRecipe);
  CHECK(Role("s.yml", "mode: sanitizer\nsanitizer_plan: {}\n") == FileRole::kRecipe);
  CHECK(Role("p.yaml", "mode: probe\ntrials: 1\nmitigation_axis: [none]\n") == FileRole::kRecipe);
  // Typos of the two keys that make a recipe a recipe.
  CHECK(Role("r.yaml", "schema_verison: 1\nworkload: gemm\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "schema_verison: 1\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "Schema_Version: 1\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "schemaVersion: 1\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "mdoe: probe\n") == FileRole::kRecipe);
  // Quoted keys, JSON, flow style, a BOM, CRLF and lone CR line endings.
  CHECK(Role("r.yaml", "\"schema_version\": 1\n'workload': gemm\n") == FileRole::kRecipe);
  CHECK(Role("r.json", "{\n  \"schema_version\": 1,\n  \"mode\": \"probe\",\n  \"trials\": 2\n}\n") ==
        FileRole::kRecipe);
  CHECK(Role("r.yaml", "{mode: probe, trials: 1}\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "\xEF\xBB\xBFworkload: gemm\r\ntrials: 3\r\n") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "# header\rworkload: gemm\rtrials: 3\r") == FileRole::kRecipe);
  CHECK(Role("r.yaml", "---\n# c\nticket: X\ndescription: y\n") == FileRole::kRecipe);
}

TEST_CASE("files that are clearly something else are not recipes") {
  std::string_view recipe_like = "schema_version: 1\nworkload: gemm\n";
  CHECK(Role(".github/workflows/ci.yml", recipe_like) == FileRole::kOther);
  CHECK(Role(".pre-commit-config.yaml", recipe_like) == FileRole::kOther);
  CHECK(Role("docker-compose.yml", recipe_like) == FileRole::kOther);
  CHECK(Role("compose.yaml", recipe_like) == FileRole::kOther);
  CHECK(Role(".aortalint.yaml", recipe_like) == FileRole::kConfig);
  CHECK(Role("notes.txt", recipe_like) == FileRole::kOther);
  // One generic key, or none, or keys that only look like `mode`.
  CHECK(Role("x.yaml", "name: ci\non: [push]\njobs: {}\n") == FileRole::kOther);
  CHECK(Role("x.yaml", "description: a thing\nversion: 2\n") == FileRole::kOther);
  CHECK(Role("x.yaml", "model: llama\nnode: 3\ncode: 1\n") == FileRole::kOther);
  CHECK(Role("package.json", "{\"name\": \"x\", \"description\": \"y\", \"scripts\": {\"mode\": 1}}") ==
        FileRole::kOther);
  CHECK(Role("x.yaml", "- a\n- b\n") == FileRole::kOther);
  CHECK(Role("x.yaml", "  indented: 1\n  trials: 2\n") == FileRole::kOther);
  // Keys nested deeper than the top level do not count.
  CHECK(Role("x.json", "{\"a\": {\"schema_version\": 1, \"trials\": 2}}") == FileRole::kOther);
  // A PyTorch profiler trace: `schemaVersion` is a near miss, among a dozen keys no recipe has (it was
  // linted as a recipe with 15 errors in aorta's own repository).
  std::string_view trace =
      "{\"schemaVersion\": 1, \"deviceProperties\": [], \"distributedInfo\": {}, \"record_shapes\": 1,\n"
      " \"traceEvents\": [], \"traceName\": \"t\", \"displayTimeUnit\": \"ms\"}\n";
  CHECK(Role("run.pt.trace.json", trace) == FileRole::kOther);
  CHECK(ClassifyFile("run.pt.trace.json", trace).why.find("6 of its 7 top-level keys are no recipe's") !=
        std::string::npos);
  // A recipe with a typo and little else stays one.
  CHECK(Role("x.yaml", "schemaVersion: 1\nworkload: gemm\ncells: []\n") == FileRole::kRecipe);
  // Another tool's schema_version among keys of its own is not aorta's shape (25 such files in a Triton
  // fork got 241 RCP errors); with as many recipe keys as foreign ones it stays a recipe.
  std::string_view ddg =
      "{\"@generated\": \"by a tool\", \"schema_version\": \"ddg-0.1\", \"config\": {}, \"kernel\": {}}\n";
  CHECK(Role("ddg.json", ddg) == FileRole::kOther);
  CHECK(Role("ddg.yaml", "schema_version: ddg-0.1\nnodes: []\nedges: []\n") == FileRole::kOther);
  CHECK(ClassifyFile("ddg.json", ddg).why.find("one recipe key ('schema_version')") != std::string::npos);
  CHECK(Role("r.json", "{\"schema_version\": 2, \"extra\": 1}\n") == FileRole::kRecipe);
}

TEST_CASE("the reason is given for --verbose") {
  CHECK(ClassifyFile("x.yaml", "schema_verison: 1\n").why.find("near miss of 'schema_version'") != std::string::npos);
  CHECK(ClassifyFile("x.yaml", "ticket: a\ntrials: 2\n").why == "2 recipe keys (ticket, trials)");
  CHECK(ClassifyFile("x.yaml", "ticket: a\n").why == "one recipe key only (ticket)");
  CHECK(ClassifyFile(".github/workflows/a.yml", "").why == "a GitHub workflow");
}

TEST_CASE("check's walk, --skip-non-recipes and --show-files use the predicate") {
  fs::path dir = TempDir("aortalint-discover");
  WriteFile(dir / "typo.yaml",
            "schema_verison: 1\nworkload: gemm\ntrials: 3\nsteps: 10\n"
            "cells:\n  - {name: a, mitigations: [none], environment: local}\n");
  WriteFile(dir / "no_version.yaml",
            "workload: gemm\ntrials: 3\nsteps: 10\n"
            "cells:\n  - {name: a, mitigations: [none], environment: local}\n");
  WriteFile(dir / "probe.json",
            "{\"schema_version\": 1, \"mode\": \"probe\", \"trials\": 1,\n"
            " \"mitigation_axis\": [\"none\"], \"diagnostic_axis\": [\"none\"]}\n");
  WriteFile(dir / ".github/workflows/ci.yml", "name: ci\non: push\njobs: {}\n");
  WriteFile(dir / "docker-compose.yml", "services: {}\n");
  WriteFile(dir / "other.yaml", "name: x\n");
  std::string bin = ShellQuote(AORTALINT_BINARY);
  std::string cd = "cd " + ShellQuote(dir.string()) + " && ";

  testing::CommandResult shown = RunShell(cd + bin + " check . --show-files --no-config");
  CHECK(shown.output == "no_version.yaml\nprobe.json\ntypo.yaml\n");

  testing::CommandResult run = RunShell(cd + bin + " check . --no-config --no-cache --format concise");
  CHECK(run.output.find("typo.yaml:1:1: error: unknown key 'schema_verison'") != std::string::npos);
  CHECK(run.output.find("no_version.yaml") != std::string::npos);  // RCP004: no schema_version
  CHECK(run.output.find("probe.json") == std::string::npos);       // a clean JSON probe recipe

  // The pre-commit hook names every YAML file: the same predicate skips the rest.
  testing::CommandResult hook = RunShell(cd + bin +
                                         " check --skip-non-recipes --no-config --no-cache --format concise "
                                         "other.yaml docker-compose.yml typo.yaml");
  CHECK(hook.output.find("typo.yaml") != std::string::npos);
  CHECK(hook.output.find("other.yaml") == std::string::npos);

  testing::CommandResult verbose = RunShell(cd + bin + " check . --no-config --no-cache --verbose 2>&1 >/dev/null");
  CHECK(verbose.output.find("skipped docker-compose.yml: not a recipe: a compose file") != std::string::npos);
  CHECK(verbose.output.find("skipped other.yaml: not a recipe: no recipe key at the top level (name)") !=
        std::string::npos);
}

}  // namespace
}  // namespace aortalint

namespace aortalint {
namespace {

TEST_CASE("RoleOf (which stops at the second recipe key) agrees with ClassifyFile on every mix of keys") {
  const char* keys[] = {"schema_version", "mode",       "trials",  "workload",      "name",
                        "jobs",           "model",      "collect", "mdoe",          "Schema_Version",
                        "description",    "\"trials\"", "on",      "sanitizer_plan"};
  std::mt19937 rng(14);
  for (int i = 0; i < 3000; ++i) {
    std::string block, flow = "{";
    for (int n = rng() % 5; n > 0; --n) {
      const char* k = keys[rng() % std::size(keys)];
      block += std::string(rng() % 4 == 0 ? "  " : "") + k + ": 1\n";
      flow += std::string(flow.size() > 1 ? ", " : "") + k + ": 1";
    }
    for (const char* path : {"r.yaml", "r.json", ".github/workflows/r.yml", "compose.yaml", "a/x.py"})
      for (const std::string& text : {block, flow + "}"}) {
        FileVerdict verdict = ClassifyFile(path, text);
        CHECK_MESSAGE(RoleOf(path, text) == verdict.role, path, "\n", text);
        CHECK(!verdict.why.empty());
      }
  }
}

}  // namespace
}  // namespace aortalint

namespace aortalint {
namespace {

TEST_CASE("the walk finds the same files through the run's directory listings as through std::filesystem") {
  namespace fs = std::filesystem;
  fs::path root = testing::TempDir("aortalint-walk");
  testing::WriteFile(root / ".git/HEAD", "ref: refs/heads/main\n");
  testing::WriteFile(root / ".gitignore", "gen/\n*.tmp.yaml\n");
  testing::WriteFile(root / ".aortalint.yaml", "exclude: [legacy/]\n");
  for (const char* f :
       {"a/recipe.yaml", "a/payload.py", "a/b/r.yml", "a/b/c/r.json", "gen/x.yaml", "a/x.tmp.yaml", "legacy/old.yaml",
        "env/pyvenv.cfg", "env/lib/x.py", "build/x.yaml", ".hidden/x.yaml", "links/real.yaml", "node_modules/x.py"})
    testing::WriteFile(root / f, "schema_version: 1\n");
  fs::create_symlink(root / "links/real.yaml", root / "links/link.yaml");  // a directory with a symlink
  fs::create_symlink(root / "a", root / "links/dir_link");                 // never followed
  auto walk = [&](bool gitignore) {
    ConfigResolver configs("", false);
    FileSet files = Discover({root.string()}, configs, gitignore);
    std::vector<std::string> out;
    for (const Candidate& c : files.recipes) out.push_back("r " + c.path);
    for (const Candidate& c : files.payloads) out.push_back("p " + c.path);
    return out;
  };
  for (bool gitignore : {true, false}) {
    std::vector<std::string> plain = walk(gitignore);
    ScopedDirectoryCache run;
    CHECK(walk(gitignore) == plain);
    CHECK(std::find(plain.begin(), plain.end(), "r " + (root / "a/b/c/r.json").string()) != plain.end());
    // A link to a file the walk finds too is that file, linted once.
    CHECK(std::find(plain.begin(), plain.end(), "r " + (root / "links/real.yaml").string()) != plain.end());
    CHECK(std::find(plain.begin(), plain.end(), "r " + (root / "links/link.yaml").string()) == plain.end());
    CHECK(std::find(plain.begin(), plain.end(), "p " + (root / "env/lib/x.py").string()) == plain.end());
    CHECK(std::find(plain.begin(), plain.end(), "r " + (root / "legacy/old.yaml").string()) == plain.end());
    CHECK((std::find(plain.begin(), plain.end(), "r " + (root / "gen/x.yaml").string()) == plain.end()) == gitignore);
  }
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint
