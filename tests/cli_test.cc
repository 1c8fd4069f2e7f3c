// The command line never silently does less: list options keep the paths
// after them, IDs are case-insensitive, unknown selectors and commands are
// usage errors with a suggestion, the options ruff users type exist, a path
// with nothing to lint is said, colour follows the environment, and carets
// line up under wide characters.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>

#include <nlohmann/json.hpp>

#include "base/display_width.h"
#include "json_schema.h"
#include "load/hip_loader.h"
#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

// COL003 (a rocprof option that must be a string), with a safe fix.
constexpr char kCol003[] =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  rocprof:\n    stats: true\n";
constexpr char kClean[] =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  rocprof: {}\n";

struct Repo {
  fs::path root = TempDir("aortalint-cli");
  Repo() {
    WriteFile(root / "sub/bad.yaml", kCol003);
    WriteFile(root / "good.yaml", kClean);
    WriteFile(root / "docs/notes.yaml", "title: not a recipe\n");
  }
  ~Repo() { fs::remove_all(root); }
  CommandResult Run(const std::string& args, const std::string& env = "") const {
    return RunShell("cd " + ShellQuote(root.string()) + " && " + env + " " + ShellQuote(AORTALINT_BINARY) + " " + args +
                    " 2>&1");
  }
};

bool Has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

TEST_CASE("cli: list options take one value each and leave the paths alone (R19)") {
  Repo repo;
  // Before: `sub` became a rule ID and `.` was linted (good.yaml is clean, so exit 0).
  CommandResult r = repo.Run("check --no-cache --format concise --select COL003 sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "sub/bad.yaml:8:12"));
  // --collect NAMES then a path: the path is linted, not taken for a collector.
  r = repo.Run("check --no-cache --format concise --collect rocprof good.yaml");
  CHECK(r.exit_code == 0);
  CHECK_FALSE(Has(r.output, "unknown collector"));
  // Repeated and comma-separated forms add up.
  r = repo.Run("check --no-cache --format concise --select CNF --select COL001,COL003 sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "[COL003]"));
  r = repo.Run("check --no-cache --format concise --select=COL001 --extend-select col003 sub");
  CHECK(Has(r.output, "[COL003]"));
  r = repo.Run("check --no-cache --format concise --ignore COL001 --ignore COL003 sub");
  CHECK(r.exit_code == 0);
}

TEST_CASE("cli: every output format says what is wrong and, apart, what to do") {
  Repo repo;
  CommandResult r = repo.Run("check --no-cache --color never --format json sub/bad.yaml");
  REQUIRE(r.exit_code == 1);
  nlohmann::json all = nlohmann::json::parse(r.output.substr(0, r.output.rfind(']') + 1));
  REQUIRE(all.size() == 1);
  std::string message = all[0]["message"], help = all[0].value("help", "");
  CHECK_FALSE(help.empty());
  CHECK_FALSE(Has(message, help));
  CHECK_FALSE(Has(message, "; "));

  r = repo.Run("check --no-cache --color never sub/bad.yaml");
  CHECK(Has(r.output, message + " [COL003]\n"));
  CHECK(Has(r.output, "\n  help: " + help + "\n"));
  CHECK(Has(r.output, "\n  fix: quote the value (safe fix)\n"));
  r = repo.Run("check --no-cache --color never --format concise sub/bad.yaml");
  CHECK(Has(r.output, message + "; " + help + " [COL003]\n"));
  r = repo.Run("check --no-cache --format sarif sub/bad.yaml");
  nlohmann::json sarif = nlohmann::json::parse(r.output.substr(0, r.output.rfind('}') + 1));
  const nlohmann::json& result = sarif["runs"][0]["results"][0];
  CHECK(result["message"]["text"] == message + "\nhelp: " + help);
  CHECK(result["properties"]["help"] == help);
  r = repo.Run("check --no-cache --format github sub/bad.yaml");
  CHECK(Has(r.output, "%0Ahelp: " + help));
  r = repo.Run("check --no-cache --output-format gitlab sub/bad.yaml");
  nlohmann::json gitlab = nlohmann::json::parse(r.output.substr(0, r.output.rfind(']') + 1));
  CHECK(Has(gitlab[0]["description"], message + "; " + help));
}

TEST_CASE("cli: rule IDs are case-insensitive, an unknown selector is exit 2 with a suggestion (R18)") {
  Repo repo;
  CommandResult r = repo.Run("check --no-cache --format concise --select col003 sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "[COL003]"));
  r = repo.Run("check --no-cache --select COL03 sub");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "--select 'COL03' names no rule; did you mean 'COL003'?"));
  r = repo.Run("check --no-cache --ignore FOO sub");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "--ignore 'FOO' names no rule"));
  r = repo.Run("rule col003");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "COL003"));
  // In the config too: `select: [col003]` is COL003, not an unknown rule.
  WriteFile(repo.root / ".aortalint.yaml", "select: [col003]\n");
  r = repo.Run("check --no-cache --format concise sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "[COL003]"));
  CHECK_FALSE(Has(r.output, "SUP002"));
}

TEST_CASE("cli: unknown commands get the nearest one, help [COMMAND] (R43)") {
  CommandResult r = RunAortalint("chek");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "unknown command 'chek'; did you mean 'check'?"));
  r = RunAortalint("frobnicate");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "unknown command 'frobnicate'"));
  CHECK_FALSE(Has(r.output, "A subcommand is required"));
  r = RunAortalint("help");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "Subcommands:"));
  r = RunAortalint("help check");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "--output-format"));
  CHECK(Has(r.output, "aortalint check"));
  r = RunAortalint("help chek");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "did you mean 'check'?"));
  r = RunAortalint("");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "Usage: aortalint"));
}

TEST_CASE("cli: --jobs out of range says so in a sentence (R44)") {
  for (const char* bad : {"0", "-3", "x", "1e9"}) {
    CommandResult r = RunAortalint(std::string("check --jobs ") + bad + " .");
    CHECK(r.exit_code == 2);
    CHECK(Has(r.output, "must be a whole number from 1 to 4096, got '" + std::string(bad) + "'"));
    CHECK(r.output.size() < 300);  // not a 300-digit range
  }
}

TEST_CASE("cli: the options ruff users type") {
  Repo repo;
  CommandResult r = repo.Run("check --no-cache --output-format json sub");
  CHECK(r.exit_code == 1);
  CHECK(r.output.rfind("[", 0) == 0);
  // The fixable summary, then -q drops the summary lines but keeps the findings.
  r = repo.Run("check --no-cache sub");
  CHECK(Has(r.output, "1 error in 1 file"));
  CHECK(Has(r.output, "[*] 1 fixable with --fix"));
  r = repo.Run("check --no-cache -q sub");
  CHECK(Has(r.output, "[COL003]"));
  CHECK_FALSE(Has(r.output, "1 error in 1 file"));
  CHECK_FALSE(Has(r.output, "fixable"));
  // --statistics: a count per rule, fixable marked, instead of the findings.
  WriteFile(repo.root / "sub/bad2.yaml", kCol003);
  r = repo.Run("check --no-cache --statistics sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "2\tCOL003\t[*] "));
  CHECK_FALSE(Has(r.output, "sub/bad.yaml:8:12"));
  // --show-fixes: what a fix would change, and with --fix what it changed.
  r = repo.Run("check --no-cache --show-fixes sub");
  CHECK(Has(r.output, "Fixes available in sub/bad.yaml:"));
  r = repo.Run("check --no-cache --show-fixes --fix sub");
  CHECK(Has(r.output, "Fixed in sub/bad.yaml:"));
  CHECK(Has(r.output, "1 x COL003"));
  CHECK(ReadFile(repo.root / "sub/bad.yaml").find("stats: \"true\"") != std::string::npos);
}

TEST_CASE("cli: a path with nothing to lint is a warning, not a silent pass") {
  Repo repo;
  CommandResult r = repo.Run("check --no-cache docs");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "warning: nothing to lint under 'docs': no aorta recipe among its 1 YAML file"));
  fs::create_directories(repo.root / "empty");
  r = repo.Run("check --no-cache empty");
  CHECK(Has(r.output, "warning: nothing to lint under 'empty'"));
  r = repo.Run("check --no-cache -q docs");
  CHECK_FALSE(Has(r.output, "warning"));
  r = repo.Run("check --no-cache sub");
  CHECK_FALSE(Has(r.output, "nothing to lint"));
  // A Proton payload alone is something to lint, from the cache too.
  WriteFile(repo.root / "py/payload.py",
            "import triton.profiler as proton\n\nif __name__ == \"__main__\":\n    proton.start(\"run\")\n");
  for (int pass = 0; pass < 2; ++pass) {
    r = repo.Run("check py", "AORTALINT_CACHE_DIR=" + ShellQuote((repo.root / "cache").string()));
    CHECK_FALSE(Has(r.output, "nothing to lint"));
  }
}

TEST_CASE("cli: colour follows FORCE_COLOR, CLICOLOR_FORCE, NO_COLOR and TERM=dumb") {
  Repo repo;
  const std::string esc = "\x1b[";
  // stdout is a pipe here: auto means no colour unless forced.
  CHECK_FALSE(Has(repo.Run("check --no-cache sub").output, esc));
  CHECK(Has(repo.Run("check --no-cache sub", "FORCE_COLOR=1").output, esc));
  CHECK(Has(repo.Run("check --no-cache sub", "CLICOLOR_FORCE=1").output, esc));
  CHECK_FALSE(Has(repo.Run("check --no-cache sub", "FORCE_COLOR=0").output, esc));
  CHECK_FALSE(Has(repo.Run("check --no-cache sub", "FORCE_COLOR=1 NO_COLOR=1").output, esc));
  CHECK_FALSE(Has(repo.Run("check --no-cache --color never sub", "FORCE_COLOR=1").output, esc));
  CHECK(Has(repo.Run("check --no-cache --color always sub", "TERM=dumb").output, esc));
  // TERM=dumb on a terminal: script(1) gives the run a pseudo-terminal where it exists.
  if (RunShell("command -v script >/dev/null 2>&1").exit_code == 0) {
    std::string cmd = "check --no-cache sub";
    auto tty = [&](const std::string& term) {
      return RunShell("cd " + ShellQuote(repo.root.string()) + " && TERM=" + term + " script -qec " +
                      ShellQuote(ShellQuote(AORTALINT_BINARY) + " " + cmd) + " /dev/null 2>&1")
          .output;
    };
    CHECK(Has(tty("xterm"), esc));
    CHECK_FALSE(Has(tty("dumb"), esc));
  }
}

TEST_CASE("cli: display width of code points") {
  CHECK(CodePointWidth(U'a') == 1);
  CHECK(CodePointWidth(U'é') == 1);
  CHECK(CodePointWidth(U'\u0301') == 0);  // combining acute
  CHECK(CodePointWidth(U'中') == 2);
  CHECK(CodePointWidth(U'한') == 2);
  CHECK(CodePointWidth(U'\U0001F600') == 2);  // 😀
  CHECK(CodePointWidth(U'\uFF21') == 2);      // fullwidth A
  CHECK(CodePointWidth(U'\u200B') == 0);      // zero-width space
  CHECK(DisplayWidth("a中😀e\xcc\x81") == 1 + 2 + 2 + 1);
}

TEST_CASE("cli: carets line up under CJK and emoji") {
  Repo repo;
  // The bad value sits after wide characters on its line; the caret must start under it.
  WriteFile(repo.root / "wide/r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {pmc: \"中文😀\", stats: true}\n");
  CommandResult r = repo.Run("check --no-cache --select COL003 wide");
  // `  rocprof: {pmc: "` is 18 columns, 中文😀 six, `", stats: ` ten: `true` starts at display column 35.
  std::string line = "  rocprof: {pmc: \"中文😀\", stats: true}";
  size_t at = r.output.find(line);
  REQUIRE(at != std::string::npos);
  size_t next = r.output.find('\n', at) + 1;
  std::string caret_line = r.output.substr(next, r.output.find('\n', next) - next);
  size_t bar = caret_line.find("| ");
  REQUIRE(bar != std::string::npos);
  std::string under = caret_line.substr(bar + 2);
  CHECK(under == std::string(34, ' ') + "^^^^");
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: run --dry-run gives aorta's verdict, and aortalint's errors apart") {
  Repo repo;
  WriteFile(repo.root / "x.py", "print('hi')\n");
  // The recipe has errors aorta refuses it for at load (COL003): that is aorta's verdict, no plan.
  CommandResult r = RunShell("cd " + ShellQuote(repo.root.string()) + " && PATH=/usr/bin:/bin " +
                             ShellQuote(AORTALINT_BINARY) + " run --dry-run --recipe sub/bad.yaml -- python x.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "[COL003]"));  // the errors are listed
  CHECK(Has(r.output, "aorta would refuse to load the recipe: the errors above (COL003"));
  CHECK_FALSE(Has(r.output, "rocprofv3 -d "));
  CHECK_FALSE(fs::exists(repo.root / "aortalint-run"));  // nothing was run or created
  // A clean recipe without rocprofv3 on PATH: aorta's wrapping raises.
  WriteFile(repo.root / "ok.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect: [rocprof]\n");
  r = RunShell("cd " + ShellQuote(repo.root.string()) + " && env -u ROCPROF_BIN PATH=/usr/bin:/bin " +
               ShellQuote(AORTALINT_BINARY) + " run --dry-run --no-config --recipe ok.yaml -- python3 x.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "aorta would refuse: RocprofUnavailableError: rocprofv3 not found"));
  CHECK_FALSE(fs::exists(repo.root / "aortalint-run"));
  // Without --dry-run the same errors refuse the run.
  r = RunShell("cd " + ShellQuote(repo.root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
               " run --recipe sub/bad.yaml -- python x.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "not started"));
  // The refusal is aortalint's, not aorta's: it says why and how to run anyway.
  CHECK(Has(r.output, "aortalint refuses to start"));
  CHECK(Has(r.output, "severity: {COL003: warning}"));
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("config: every accepted name is found, two in one directory are a warning") {
  for (const char* name : {".aortalint.yaml", ".aortalint.yml", "aortalint.yaml", "aortalint.yml"}) {
    CAPTURE(std::string(name));
    Repo repo;
    WriteFile(repo.root / name, "ignore: [COL003]\n");
    CommandResult r = repo.Run("check --no-cache sub");
    CHECK(r.exit_code == 0);
    CHECK_FALSE(Has(r.output, "[COL003]"));
  }
  Repo repo;
  WriteFile(repo.root / ".aortalint.yaml", "ignore: [COL003]\n");
  WriteFile(repo.root / "aortalint.yml", "select: [COL003]\n");
  CommandResult r = repo.Run("check --no-cache sub");
  CHECK(r.exit_code == 0);  // .aortalint.yaml wins
  CHECK(Has(r.output, "warning: '" + (fs::absolute(repo.root) / "aortalint.yml").lexically_normal().string() +
                          "' is ignored: '"));
  CHECK(Has(r.output, ".aortalint.yaml' sits beside it"));
  // A config file is never taken for a recipe.
  CHECK_FALSE(Has(repo.Run("check --no-cache --show-files .").output, "aortalint.yml"));
}

TEST_CASE("config: per-file-ignores, extend-select, extends adds to the parent's lists") {
  Repo repo;
  WriteFile(repo.root / "sub/also.yaml", kCol003);
  WriteFile(repo.root / ".aortalint.yaml", "per-file-ignores:\n  \"sub/also.yaml\": [col003]\n");
  CommandResult r = repo.Run("check --no-cache --format concise .");
  CHECK(Has(r.output, "sub/bad.yaml:8:12"));
  CHECK_FALSE(Has(r.output, "sub/also.yaml"));
  // A glob without a slash matches the name anywhere; `dir/` everything under it.
  WriteFile(repo.root / ".aortalint.yaml", "per-file-ignores:\n  \"sub/\": [COL]\n");
  CHECK(repo.Run("check --no-cache .").exit_code == 0);
  WriteFile(repo.root / ".aortalint.yaml", "per-file-ignores:\n  \"bad.yaml\": COL003\n");
  r = repo.Run("check --no-cache --format concise .");
  CHECK_FALSE(Has(r.output, "sub/bad.yaml"));
  CHECK(Has(r.output, "sub/also.yaml"));
  // extends: the child's ignore adds to the parent's (it used to replace it).
  WriteFile(repo.root / "base.yaml", "ignore: [COL003]\nper-file-ignores: {\"also.yaml\": [RCP]}\n");
  WriteFile(repo.root / ".aortalint.yaml", "extends: base.yaml\nignore: [RCP001]\n");
  r = repo.Run("check --no-cache --show-settings sub/bad.yaml");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "[\"COL003\",\"RCP001\"]"));
  CHECK(Has(r.output, "also.yaml"));
  CHECK(repo.Run("check --no-cache .").exit_code == 0);
  // extend-select on top of a select.
  WriteFile(repo.root / ".aortalint.yaml", "select: [CNF]\nextend-select: [COL003]\n");
  CHECK(repo.Run("check --no-cache .").exit_code == 1);
  WriteFile(repo.root / ".aortalint.yaml", "select: [CNF]\n");
  CHECK(repo.Run("check --no-cache .").exit_code == 0);
  // A typo in the new keys is a config error with a suggestion.
  WriteFile(repo.root / ".aortalint.yaml", "per-file-ignore: {}\n");
  r = repo.Run("check --no-cache .");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "did you mean 'per-file-ignores'"));
}

TEST_CASE("config: .gitignore is respected by default, --show-files lists what would be linted") {
  Repo repo;
  WriteFile(repo.root / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(repo.root / "gen/out.yaml", kCol003);
  WriteFile(repo.root / "gen/keep.yaml", kCol003);
  WriteFile(repo.root / "sub/tmp.yaml", kCol003);
  WriteFile(repo.root / ".gitignore", "# generated\n/gen/*\n!/gen/keep.yaml\n*.tmp\n");
  WriteFile(repo.root / "sub/.gitignore", "tmp.yaml\n");
  CommandResult r = repo.Run("check --no-cache --show-files .");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "sub/bad.yaml"));
  CHECK(Has(r.output, "good.yaml"));
  CHECK(Has(r.output, "gen/keep.yaml"));  // re-included by `!`
  CHECK_FALSE(Has(r.output, "gen/out.yaml"));
  CHECK_FALSE(Has(r.output, "sub/tmp.yaml"));  // a nested .gitignore
  CHECK_FALSE(Has(r.output, "notes.yaml"));    // YAML that is no recipe
  r = repo.Run("check --no-cache --no-respect-gitignore --show-files .");
  CHECK(Has(r.output, "gen/out.yaml"));
  CHECK(Has(r.output, "sub/tmp.yaml"));
  // Named files are linted whatever .gitignore says.
  r = repo.Run("check --no-cache --format concise gen/out.yaml");
  CHECK(Has(r.output, "gen/out.yaml:8:12"));
}

TEST_CASE("cli: --select on the command line starts over, as ruff's does, and load failures are always said") {
  Repo repo;
  WriteFile(repo.root / ".aortalint.yaml", "ignore: [COL003]\n");
  CHECK(repo.Run("check --no-cache --format concise sub").exit_code == 0);
  // Before: the config's ignore still won, so the one rule asked for ran silent with exit 0.
  CommandResult r = repo.Run("check --no-cache --format concise --select COL003 sub");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "[COL003]"));
  r = repo.Run("check --no-cache --format concise --extend-select COL003 sub");
  CHECK(Has(r.output, "[COL003]"));
  r = repo.Run("check --no-cache --format concise --select COL --ignore COL003 sub");
  CHECK(r.exit_code == 0);
  fs::remove(repo.root / ".aortalint.yaml");
  // A recipe that is not YAML, or a path that does not exist, is reported whatever the selection.
  WriteFile(repo.root / "broken.yaml", "schema_version: 1\ntrials: [1\ncollect: []\n");
  for (const char* args : {"--select COL003 broken.yaml", "--ignore SYN broken.yaml", "--select COL003 missing.yaml"}) {
    CAPTURE(std::string(args));
    r = repo.Run(std::string("check --no-cache --format concise ") + args);
    CHECK(r.exit_code == 1);
    CHECK((Has(r.output, "[SYN001]") || Has(r.output, "[SYN003]")));
  }
}

TEST_CASE("cli: counts are told in English (2 fixes, 1 hit, 1 miss)") {
  Repo repo;
  WriteFile(repo.root / "p/a.yaml", kCol003);
  WriteFile(repo.root / "p/b.yaml", kCol003);
  const std::string cache = "AORTALINT_CACHE_DIR=" + ShellQuote((repo.root / "cache").string());
  CommandResult r = repo.Run("check -v --fix p", cache);
  CHECK(Has(r.output, "applied 2 fixes"));
  CHECK_FALSE(Has(r.output, "fixs"));
  WriteFile(repo.root / "q/a.yaml", kCol003);
  CHECK(Has(repo.Run("check -v q", cache).output, "cache: 0 hits, 1 miss"));
  WriteFile(repo.root / "q/b.yaml", kCol003);
  CHECK(Has(repo.Run("check -v q", cache).output, "cache: 1 hit, 1 miss"));
}

TEST_CASE("cli: a file named twice, or under two spellings, is linted and fixed once") {
  Repo repo;
  std::string abs = (repo.root / "sub/bad.yaml").string();
  CommandResult r = repo.Run("check --no-cache --format concise sub/bad.yaml ./sub/../sub/bad.yaml " + ShellQuote(abs));
  CHECK(Has(r.output, "1 error in 1 file"));
  fs::create_symlink("bad.yaml", repo.root / "sub/alias.yaml");
  r = repo.Run("check --no-cache --fix sub/bad.yaml sub/alias.yaml " + ShellQuote(abs));
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "applied 1 fix"));
  CHECK_FALSE(Has(r.output, "changed on disk"));
  // Links a walk finds to a file it finds too: the file, once (the fix went through one, and the
  // others were reported as changed on disk).
  WriteFile(repo.root / "w/a.yaml", kCol003);
  fs::create_symlink("a.yaml", repo.root / "w/b.yaml");
  fs::create_directories(repo.root / "w/d");
  fs::create_symlink("../a.yaml", repo.root / "w/d/e.yaml");
  r = repo.Run("check --no-cache --format concise w");
  CHECK(Has(r.output, "w/a.yaml:8:12"));
  CHECK(Has(r.output, "1 error in 1 file"));
  r = repo.Run("check --no-cache --fix w");
  CHECK(r.exit_code == 0);
  CHECK_FALSE(Has(r.output, "changed on disk"));
}

TEST_CASE("cli: options that took paths, or were ignored, say what they do") {
  Repo repo;
  WriteFile(repo.root / "side.json", "{\"version\": 1, \"mitigations\": {}}\n");
  // --mitigations-file takes one path; the recipe after it is linted.
  CommandResult r = repo.Run("check --no-cache --format concise --mitigations-file side.json sub/bad.yaml");
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "[COL003]"));
  CHECK(repo.Run("check --config x.yaml --no-config good.yaml").exit_code == 2);
  CHECK(repo.Run("rules --check").exit_code == 2);
  // --diff: --exit-zero is exit 0, --output gets the diff.
  CHECK(repo.Run("check --no-cache --diff --exit-zero sub/bad.yaml").exit_code == 0);
  r = repo.Run("check --no-cache --diff --output diff.txt sub/bad.yaml");
  CHECK(r.exit_code == 1);
  CHECK(Has(ReadFile(repo.root / "diff.txt"), "+++ b/sub/bad.yaml"));
  // `-` is stdin, which needs --stdin-filename; paths beside stdin are said to be ignored.
  CHECK(repo.Run("check --no-cache -").exit_code == 2);
  r = repo.Run("check --no-cache --format concise --stdin-filename x.yaml - < sub/bad.yaml");
  CHECK(Has(r.output, "x.yaml:8:12"));
  r = repo.Run("check --no-cache --format concise --stdin-filename x.yaml good.yaml < sub/bad.yaml");
  CHECK(Has(r.output, "ignoring 'good.yaml' in favour of standard input"));
  // --statistics as JSON, as ruff writes it.
  r = repo.Run("check --no-cache --statistics --format json sub/bad.yaml 2>/dev/null");
  nlohmann::json stats = nlohmann::json::parse(r.output);
  CHECK(stats == nlohmann::json::parse(R"([{"code": "COL003", "name": "option-not-string", "count": 1,
                                            "fixable": true}])"));
  CHECK(repo.Run("check --no-cache --statistics --format sarif sub/bad.yaml").exit_code == 2);
  // run: a recipe that does not load stops with exit 2, --dry-run too (it crashed on the missing root).
  WriteFile(repo.root / "broken.yaml", "schema_version: 1\ntrials: [1\n");
  for (const char* recipe : {"broken.yaml", "missing.yaml", "sub"}) {
    CAPTURE(std::string(recipe));
    CHECK(repo.Run(std::string("run --no-config --recipe ") + recipe + " --dry-run -- python3 x.py").exit_code == 2);
  }
  r = repo.Run("rule option-not-string");
  CHECK(Has(r.output, "# COL003 option-not-string"));
  CHECK(Has(repo.Run("rule optin-not-string").output, "unknown rule 'optin-not-string'"));
}

TEST_CASE("cli: the config's globs read as gitignore's, and a pair or a named file that does nothing is said") {
  Repo repo;
  WriteFile(repo.root / "legacy/old.yaml", kCol003);
  for (const char* pattern : {"/legacy", "./legacy/**", "legacy/", "old.yaml"}) {
    CAPTURE(std::string(pattern));
    WriteFile(repo.root / ".aortalint.yaml", std::string("exclude: [\"") + pattern + "\"]\n");
    CHECK_FALSE(Has(repo.Run("check --show-files .").output, "legacy/old.yaml"));
  }
  // An anchored pattern matches from the config's directory only.
  WriteFile(repo.root / ".aortalint.yaml", "exclude: [\"/bad.yaml\"]\n");
  CHECK(Has(repo.Run("check --show-files .").output, "sub/bad.yaml"));
  WriteFile(repo.root / ".aortalint.yaml", "exclude: [\"{old,new}.yaml\"]\n");
  CHECK(repo.Run("check --no-cache .").exit_code == 2);
  // A named file that is neither YAML/JSON nor Python or HIP (a job passing every changed file) is skipped,
  // not read as YAML (a false SYN001 on pyproject.toml).
  WriteFile(repo.root / "pyproject.toml", "[tool.ruff]\nline-length = 100\n");
  CommandResult named = repo.Run("check --no-cache --no-config -v pyproject.toml good.yaml");
  CHECK(named.exit_code == 0);
  CHECK(Has(named.output, "skipped pyproject.toml: not a recipe"));
  CHECK_FALSE(Has(named.output, "SYN001"));
  // Every named file excluded: said, not a silent clean run.
  WriteFile(repo.root / ".aortalint.yaml", "exclude: [\"legacy/**\"]\n");
  CommandResult r = repo.Run("check --no-cache legacy/old.yaml");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "every file named was skipped (legacy/old.yaml: excluded by the exclude: of"));
  // A pairs: glob matching nothing under a walked config directory; an empty command.
  WriteFile(repo.root / ".aortalint.yaml", "pairs:\n  - {recipe: \"subs/*.yaml\", command: \"python p.py\"}\n");
  CHECK(Has(repo.Run("check --no-cache .").output, "recipe glob 'subs/*.yaml' matches no YAML file"));
  WriteFile(repo.root / ".aortalint.yaml", "pairs:\n  - {recipe: \"sub/*.yaml\", command: \" \"}\n");
  CHECK(Has(repo.Run("check --no-cache .").output, "a pair's command is empty"));
  // The config named (a job that names every changed file) is not linted as a recipe; its errors are said.
  WriteFile(repo.root / ".aortalint.yaml", "mitigations: [site_flag]\n");
  r = repo.Run("check --no-cache --format concise .aortalint.yaml");
  CHECK(r.exit_code == 0);
  CHECK_FALSE(Has(r.output, "RCP"));
  WriteFile(repo.root / ".aortalint.yaml", "mitigatons: [site_flag]\n");
  CHECK(repo.Run("check --no-cache .aortalint.yaml").exit_code == 2);
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: lsp takes the flags editors' clients add") {
  // End of input before `shutdown`: exit 1, as LSP says; not 2 (a usage error).
  for (const char* flags : {"--stdio", "--stdio --clientProcessId=4242", "--clientProcessId 4242 --stdio"}) {
    CommandResult r = RunShell(ShellQuote(AORTALINT_BINARY) + " lsp " + flags + " < /dev/null 2>&1");
    CAPTURE(std::string(flags));
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("arguments") == std::string::npos);
  }
  fs::path log = TempDir("aortalint-lsp-log") / "trace.log";
  CommandResult r =
      RunShell(ShellQuote(AORTALINT_BINARY) + " lsp --stdio --log " + ShellQuote(log.string()) + " < /dev/null 2>&1");
  CHECK(r.exit_code == 1);
  CHECK(ReadFile(log).find("language server") != std::string::npos);
  CHECK(RunAortalint("lsp --log /proc/nope/x < /dev/null").exit_code == 2);
  fs::remove_all(log.parent_path());
}

TEST_CASE("cli: a HIP source named alone brings the recipe that pairs it, as its directory's check reports it") {
  // The hook names each changed file alone: HIP004 in a source a recipe pairs (by its header command's
  // binary, or as a sanitizer plan's hip:) must not pass where `check` of the directory fails.
  fs::path dir = TempDir("named-hip");
  RunShell("cp -r " + ShellQuote(std::string(AORTALINT_SOURCE_DIR) + "/fixtures/rules/HIP004/.") + " " +
           ShellQuote(dir.string()));
  for (const char* file : {"paired/kernels.hip", "paired/host.cpp", "sanitizer/repro/lds_race.hip"}) {
    CommandResult r = RunAortalint("check --no-cache --skip-non-recipes --fail-level warning --format concise " +
                                   ShellQuote((dir / file).string()));
    CHECK_MESSAGE(r.exit_code == 1, file);
    CHECK_MESSAGE(r.output.find("HIP004") != std::string::npos, file << ": " << r.output);
  }
  fs::remove_all(dir);
}

TEST_CASE("cli: every published hook and the docs' local hook match every file kind a rule reads") {
  // A commit touching only a HIP source was "Skipped" when the hooks matched YAML and Python only.
  std::vector<std::string> kinds = {"r.yaml", "r.yml", "r.json", "p.py"};
  for (const char* ext : {".hip", ".cu", ".cpp", ".cc", ".cxx"}) {
    REQUIRE(HasHipExtension(std::string("k") + ext));  // the loader's list, which this one must follow
    kinds.push_back(std::string("k") + ext);
  }
  const std::string root = AORTALINT_SOURCE_DIR;
  std::regex files_line(R"(files:\s*'?([^'\n]+)'?)");
  for (const std::string& path : {root + "/.pre-commit-hooks.yaml", root + "/docs/pre-commit.md",
                                  root + "/examples/recipe-repo/.pre-commit-config.yaml"}) {
    std::string text = ReadFile(path);
    size_t hooks = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), files_line); it != std::sregex_iterator(); ++it) {
      ++hooks;
      std::regex pattern((*it)[1].str());
      for (const std::string& kind : kinds) CHECK_MESSAGE(std::regex_search(kind, pattern), path << ": " << kind);
    }
    CHECK_MESSAGE(hooks > 0, path);
  }
}

TEST_CASE("cli: a script with Proton work at module level is an entry point, even beside an __init__.py") {
  fs::path dir = TempDir("proton-script");
  WriteFile(dir / "bench" / "__init__.py", "");
  // torch before Proton: PAY001, reported only when the file is judged an entry point.
  WriteFile(dir / "bench" / "run_bench.py",
            "import torch\nimport triton.profiler as proton\n\nproton.start(\"bench\")\nx = torch.ones(4)\n"
            "proton.finalize()\n");
  WriteFile(dir / "bench" / "helpers.py",
            "import torch\nimport triton.profiler as proton\n\n\n"
            "def run():\n    proton.start(\"t\")\n");
  for (const char* mode : {"", "--full-parse "}) {
    CommandResult r = RunAortalint(std::string("check --no-cache --format concise ") + mode + ShellQuote(dir.string()));
    CHECK_MESSAGE(r.output.find("run_bench.py:1:1: error: torch is imported") != std::string::npos,
                  (std::string(mode) + r.output));
    CHECK_MESSAGE(r.output.find("helpers.py") == std::string::npos,
                  (std::string(mode) + r.output));  // a library module still
  }
  fs::remove_all(dir);
}

TEST_CASE("cli: explain and run take --aorta as check does") {
  Repo repo;
  // mode: cli pinning rocprofiler: refused at c141f983, accepted by the newest aorta.
  WriteFile(repo.root / "cli.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: cli, backend: rocprofiler}\n");
  for (const char* front : {"explain cli.yaml", "run --dry-run --recipe cli.yaml"}) {
    CAPTURE(std::string(front));
    CommandResult newest = repo.Run(std::string(front) + " --no-config -- python x.py");
    CHECK_FALSE(Has(newest.output, "[ATT001]"));
    CommandResult old = repo.Run(std::string(front) + " --no-config --aorta c141f983 -- python x.py");
    CHECK(old.exit_code == 1);
    CHECK(Has(old.output, "aorta c141f983 refuses"));
    CommandResult unknown = repo.Run(std::string(front) + " --no-config --aorta deadbeef0 -- python x.py");
    CHECK(unknown.exit_code == 2);
    CHECK(Has(unknown.output, "--aorta 'deadbeef0' is not an aorta version aortalint knows"));
  }
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: ruff's flags do what ruff's do (issue 38)") {
  Repo repo;
  for (const char* version : {"-V", "--version", "version"})
    CHECK(repo.Run(version).output.rfind("aortalint ", 0) == 0);
  // --output-file is -o.
  CHECK(repo.Run("check --no-cache --output-file out.txt sub").exit_code == 1);
  CHECK(Has(ReadFile(repo.root / "out.txt"), "[COL003]"));
  // --isolated is --no-config.
  WriteFile(repo.root / ".aortalint.yaml", "ignore: [COL003]\n");
  CHECK(repo.Run("check --no-cache sub").exit_code == 0);
  CHECK(repo.Run("check --no-cache --isolated sub").exit_code == 1);
  fs::remove(repo.root / ".aortalint.yaml");
  // --cache-dir keeps the cache where it says.
  CHECK(repo.Run("check --cache-dir mycache sub").exit_code == 1);
  CHECK(fs::is_directory(repo.root / "mycache"));
  // --extend-exclude (and --exclude) skip what they match, relative to the working directory.
  CHECK(repo.Run("check --no-cache --extend-exclude sub .").exit_code == 0);
  CHECK(repo.Run("check --no-cache --exclude 'sub/*.yaml' .").exit_code == 0);
  CHECK(repo.Run("check --no-cache --extend-exclude other .").exit_code == 1);
  // --unfixable: reported without its fix, and --fix leaves it.
  CommandResult r = repo.Run("check --no-cache --unfixable col --fix sub");
  CHECK(r.exit_code == 1);
  CHECK_FALSE(Has(r.output, "fixable"));
  CHECK(ReadFile(repo.root / "sub/bad.yaml") == kCol003);
  // --exit-non-zero-on-fix: a run that fixed everything still fails.
  CHECK(repo.Run("check --no-cache --fix --exit-non-zero-on-fix sub").exit_code == 1);
  CHECK(repo.Run("check --no-cache --exit-non-zero-on-fix sub").exit_code == 0);  // nothing left to fix
  // --ignore-noqa reports what a suppression silences.
  std::string suppressed = kCol003;
  suppressed.insert(suppressed.size() - 1, "  # aortalint: ignore[COL003]");
  WriteFile(repo.root / "sub/bad.yaml", suppressed);
  CHECK(repo.Run("check --no-cache sub").exit_code == 0);
  CHECK(repo.Run("check --no-cache --ignore-noqa sub").exit_code == 1);
  // A clean run says so; -q says nothing; -v counts in words.
  r = repo.Run("check --no-cache good.yaml");
  CHECK(Has(r.output, "All checks passed!"));
  CHECK(repo.Run("check --no-cache -q good.yaml").output.empty());
  CHECK(Has(repo.Run("check --no-cache -v good.yaml").output, "1 file linted; cache: 0 hits, 0 misses"));
  // --config takes a file: ruff's KEY=VALUE is said plainly.
  r = repo.Run("check --config 'lint.select=[\"COL\"]' good.yaml");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "--config takes a config file"));
  // stdin: no warning about a '.' nobody gave.
  r = repo.Run("check --no-cache --stdin-filename x.yaml < good.yaml");
  CHECK_FALSE(Has(r.output, "ignoring"));
  // rules: selectors and JSON.
  r = repo.Run("rules pay");
  CHECK(Has(r.output, "PAY001"));
  CHECK_FALSE(Has(r.output, "COL001"));
  nlohmann::json rules = nlohmann::json::parse(repo.Run("rules --format json SUP 2>/dev/null").output);
  REQUIRE(rules.size() >= 3);
  CHECK(rules[0]["code"] == "SUP001");
  CHECK(rules[0]["name"] == "unused-suppression");
  CHECK(Has(rules[0]["explanation"].get<std::string>(), "# SUP001"));
  CHECK(repo.Run("rules XYZ").exit_code == 2);
}

TEST_CASE("cli: JSON has ruff's location fields beside the byte offsets") {
  Repo repo;
  nlohmann::json report = nlohmann::json::parse(repo.Run("check --no-cache --format json sub 2>/dev/null").output);
  REQUIRE(report.size() == 1);
  const nlohmann::json& d = report[0];
  CHECK(d["location"] == nlohmann::json{{"row", 8}, {"column", 12}});
  CHECK(d["end_location"] == nlohmann::json{{"row", d["end_line"]}, {"column", d["end_column"]}});
  const nlohmann::json& edit = d["fix"]["edits"][0];
  CHECK(edit.contains("begin"));
  CHECK(edit["location"]["row"] == 8);
}

TEST_CASE("cli: junit, rdjson, pylint and azure reports, checked against what their readers accept") {
  Repo repo;
  WriteFile(repo.root / "sub/odd <&\">.yaml", kCol003);
  // JUnit: valid against the schema of what Jenkins, GitLab and Azure read; a clean run is one passed case.
  for (const char* paths : {"sub", "good.yaml"}) {
    CAPTURE(std::string(paths));
    CommandResult r = repo.Run(std::string("check --no-cache --format junit -o report.xml ") + paths);
    CHECK(r.exit_code == (std::string(paths) == "sub" ? 1 : 0));
    CommandResult valid =
        RunShell("xmllint --noout --schema " + ShellQuote(AORTALINT_SOURCE_DIR "/fixtures/schemas/junit.xsd") + " " +
                 ShellQuote((repo.root / "report.xml").string()) + " 2>&1");
    INFO(valid.output);
    CHECK(valid.exit_code == 0);
  }
  CHECK(Has(ReadFile(repo.root / "report.xml"), "<testcase name=\"no problems found\""));
  repo.Run("check --no-cache --format junit -o report.xml sub");
  std::string junit = ReadFile(repo.root / "report.xml");
  CHECK(Has(junit, "<testsuite name=\"sub/odd &lt;&amp;&quot;&gt;.yaml\" tests=\"1\" failures=\"1\""));
  CHECK(Has(junit, "type=\"COL003\""));
  // rdjson: valid against reviewdog's format, the fix as a suggestion.
  testing::JsonSchemaValidator validator(
      nlohmann::json::parse(ReadFile(AORTALINT_SOURCE_DIR "/fixtures/schemas/rdjson.schema.json")));
  nlohmann::json rd = nlohmann::json::parse(repo.Run("check --no-cache --format rdjson sub 2>/dev/null").output);
  std::vector<std::string> problems = validator.Validate(rd);
  for (const std::string& p : problems) MESSAGE(p);
  CHECK(problems.empty());
  REQUIRE(rd["diagnostics"].size() == 2);
  const nlohmann::json& first = rd["diagnostics"][0];
  CHECK(first["code"]["value"] == "COL003");
  CHECK(first["severity"] == "ERROR");
  CHECK(first["location"]["range"]["start"] == nlohmann::json{{"line", 8}, {"column", 12}});
  CHECK(first["suggestions"][0]["text"] == "\"true\"");
  // pylint and azure: one line per finding in their readers' shapes.
  CHECK(Has(repo.Run("check --no-cache --format pylint sub/bad.yaml").output,
            "sub/bad.yaml:8: [COL003] rocprof option 'stats'"));
  CommandResult azure = repo.Run("check --no-cache --format azure sub/bad.yaml");
  CHECK(Has(azure.output,
            "##vso[task.logissue type=error;sourcepath=sub/bad.yaml;linenumber=8;columnnumber=12;"
            "code=COL003;]"));
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: completions know flags from options, and offer an option's values") {
  Repo repo;
  std::string bash = repo.Run("generate bash").output;
  WriteFile(repo.root / "completion.bash", bash);
  auto complete = [&](const std::string& words, int current) {
    return RunShell("bash -c " +
                    ShellQuote("source " + (repo.root / "completion.bash").string() + "; COMP_WORDS=(" + words +
                               "); COMP_CWORD=" + std::to_string(current) + "; _aortalint; echo \"${COMPREPLY[*]}\""))
        .output;
  };
  CHECK(complete("aortalint check --format j", 3) == "json junit\n");
  CHECK(complete("aortalint check --fail-level w", 3) == "warning\n");
  CHECK(Has(complete("aortalint check --select SUP00", 3), "SUP001 SUP002 SUP003"));
  CHECK(complete("aortalint check --jobs ''", 3) == "\n");  // a number: nothing to offer, no file names
  CHECK(complete("aortalint rule SUP00", 2) == "SUP001 SUP002 SUP003\n");
  std::string zsh = repo.Run("generate zsh").output;
  CHECK(Has(zsh, "'--fix[apply safe fixes, re-linting until nothing changes]' "));
  CHECK(Has(zsh, "'--format[output format]:value:(text concise json sarif github gitlab junit rdjson pylint azure)'"));
  CHECK(Has(zsh, "'--output[write the report to a file]:file:_files'"));
  // fish, run: a flag takes no value, an enumerated option offers its values.
  WriteFile(repo.root / "completion.fish", repo.Run("generate fish").output);
  auto fish = [&](const std::string& line) {
    return RunShell(
               "fish -c " +
               ShellQuote("source " + (repo.root / "completion.fish").string() + "; complete -C " + ShellQuote(line)) +
               " | cut -f1 | tr '\\n' ' '")
        .output;
  };
  CHECK(fish("aortalint check --fail-level ") == "error info warning ");
  CHECK(fish("aortalint check --fix --fail-l") == "--fail-level ");
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("config: a misspelt severity gets the nearest, a [tool.aortalint] table in pyproject.toml is said") {
  Repo repo;
  WriteFile(repo.root / "sub/.aortalint.yaml", "severity:\n  COL003: warn\n");
  CommandResult r = repo.Run("check --no-cache sub");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "got 'warn'; did you mean 'warning'?"));
  fs::remove(repo.root / "sub/.aortalint.yaml");
  WriteFile(repo.root / "pyproject.toml", "[tool.ruff]\nline-length = 100\n\n[tool.aortalint]\nselect = [\"COL\"]\n");
  r = repo.Run("check --no-cache good.yaml");
  CHECK(Has(r.output, "pyproject.toml' has a [tool.aortalint] table, which aortalint does not read"));
  // Said once, also when the walk's root is that directory (spelled "dir/": it was said twice).
  for (const char* args : {"check --no-cache .", "check --no-cache ./", "check --no-cache . good.yaml"}) {
    std::string out = repo.Run(args).output;
    CAPTURE(args);
    size_t first = out.find("has a [tool.aortalint] table");
    REQUIRE(first != std::string::npos);
    CHECK(out.find("has a [tool.aortalint] table", first + 1) == std::string::npos);
  }
  WriteFile(repo.root / "pyproject.toml", "[tool.ruff]\nline-length = 100\n");
  CHECK_FALSE(Has(repo.Run("check --no-cache good.yaml").output, "tool.aortalint"));
  // Read as TOML: a dotted key is the table; the header inside a string is not.
  WriteFile(repo.root / "pyproject.toml", "tool.aortalint.select = [\"COL\"]\n");
  CHECK(Has(repo.Run("check --no-cache good.yaml").output, "has a [tool.aortalint] table"));
  WriteFile(repo.root / "pyproject.toml", "[project]\ndescription = \"\"\"\n[tool.aortalint]\n\"\"\"\n");
  CHECK_FALSE(Has(repo.Run("check --no-cache good.yaml").output, "tool.aortalint"));
  WriteFile(repo.root / "pyproject.toml", "[tool.aortalint]\nselect = [\"COL\"\n");
  CHECK(Has(repo.Run("check --no-cache good.yaml").output,
            "pyproject.toml' does not parse as TOML (line 2, column 17: "));
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: metrics on an empty trial shows why, from trial.json's capture notes") {
  Repo repo;
  fs::create_directories(repo.root / "trial/proton");
  WriteFile(repo.root / "trial/trial.json",
            "{\"capture_notes\": [\"proton wrote nothing: the payload exited through SystemExit\"]}\n");
  CommandResult r = repo.Run("metrics trial");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "kernels   none: the artifacts hold no timed kernel and no cycles"));
  CHECK(Has(r.output, "why       proton wrote nothing: the payload exited through SystemExit"));
  CHECK(Has(r.output, "backend unknown: neither trial.json nor the .hatchet records it"));
  nlohmann::json j = nlohmann::json::parse(repo.Run("metrics --format json trial 2>/dev/null").output);
  CHECK(j["aortalint_capture_notes"][0] == "proton wrote nothing: the payload exited through SystemExit");
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: run without `--` takes the recipe's header command, as check and explain do") {
  Repo repo;
  WriteFile(
      repo.root / "p.py",
      "import triton.profiler as proton  # isort: skip  # noqa: I001\n\nif __name__ == \"__main__\":\n    pass\n");
  WriteFile(repo.root / "r.yaml",
            "# aorta probe run --recipe r.yaml -- python p.py\nschema_version: 1\nmode: probe\ntrials: 1\n"
            "mitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect:\n  proton: {}\n");
  CommandResult r = repo.Run("run --no-config --recipe r.yaml --dry-run");
  CHECK(r.exit_code == 0);
  CHECK(Has(r.output, "the command from the recipe's header comment"));
  CHECK(Has(r.output, "-m triton.profiler.proton"));
  CHECK(Has(r.output, " p.py"));
  // From elsewhere the plan is shown, but a capture would start the command in the wrong directory.
  fs::create_directories(repo.root / "elsewhere");
  std::string elsewhere = "cd " + ShellQuote((repo.root / "elsewhere").string()) + " && " +
                          ShellQuote(AORTALINT_BINARY) + " run --no-config --recipe ../r.yaml";
  CHECK(RunShell(elsewhere + " --dry-run 2>&1").exit_code == 0);
  r = RunShell(elsewhere + " 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "run from there, or give the command after `--`"));
  // No command anywhere: said, exit 2.
  r = repo.Run("run --no-config --recipe good.yaml --dry-run");
  CHECK(r.exit_code == 2);
  CHECK(Has(r.output, "give the command to capture after `--`"));
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("cli: --add-noqa suppresses each finding on its line, where a comment is read as one") {
  Repo repo;
  WriteFile(repo.root / "sub/bad.yaml",
            "schema_version: 1\nmode: probe\ntrials: 3\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof:\n    stats: true  # aortalint: ignore[COL005] kept\n");
  WriteFile(repo.root / "sub/quoted.yaml",
            "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof:\n    trace: \"kernel,\n      bogus\"\n");
  CommandResult r = repo.Run("check --no-cache --add-noqa sub");
  CHECK(Has(r.output, "added 2 suppressions"));
  CHECK(ReadFile(repo.root / "sub/bad.yaml") ==
        "schema_version: 1\nmode: probe\ntrials: 3\ntrials: 3  # aortalint: ignore[SYN004]\n"
        "mitigation_axis: [none]\ndiagnostic_axis: [none]\n"
        "collect:\n  rocprof:\n    stats: true  # aortalint: ignore[COL005,COL003] kept\n");
  // Inside a quoted scalar a `#` is no comment: the finding stays, and the file is untouched.
  CHECK(r.exit_code == 1);
  CHECK(Has(r.output, "quoted.yaml:8:12"));
  CHECK(ReadFile(repo.root / "sub/quoted.yaml").find("aortalint:") == std::string::npos);
  // The suppressions hold: bad.yaml is clean now (COL005 unused there is SUP001's to say).
  CHECK_FALSE(Has(repo.Run("check --no-cache --select SYN004,COL003 sub/bad.yaml").output, "[COL003]"));
}

}  // namespace
}  // namespace aortalint::testing
