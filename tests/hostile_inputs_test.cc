// Regression tests for the hostile-input findings (shared/findings/
// hostile-inputs-f39dbbd.md, R1..R49): each case names its finding and fails
// on f39dbbd. Files are never damaged, paths stay in the project, no input
// crashes or hangs, the cache only makes things faster.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "base/atomic_file.h"
#include "base/python_regex.h"
#include "base/source_file.h"
#include "engine/fix_guard.h"
#include "engine/fixes.h"
#include "lsp/protocol.h"
#include "lsp/transport.h"
#include "run/trial.h"

namespace aortalint::testing {
using run::HasSuccessPathExitText;
}
#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

const std::string kBin = ShellQuote(AORTALINT_BINARY);
const std::string kFixme =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect: {rocprof: {stats: true}}\n";
const std::string kClean =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect: []\n";

std::string In(const fs::path& dir) { return "cd " + ShellQuote(dir.string()) + " && "; }

// ---------------------------------------------------------------- --fix safety

TEST_CASE("R1: a fix that cannot be written leaves the file byte for byte and exits non-zero") {
  fs::path dir = TempDir("aortalint-r1");
  std::string text = kFixme;  // COL003 has a safe fix
  WriteFile(dir / "small.yaml", text);
  // File size limit 0: every write fails (EFBIG); f39dbbd truncated the file to 0 bytes and exited 0.
  CommandResult r = RunShell(In(dir) + "(trap '' XFSZ; ulimit -f 0; " + kBin +
                             " check --no-config --no-cache --fix small.yaml) 2>&1");
  CHECK(r.exit_code != 0);
  CHECK(r.output.find("did not write the fixed 'small.yaml'") != std::string::npos);
  CHECK(ReadFile(dir / "small.yaml") == text);
  // No temporary file is left behind.
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  CHECK(entries == 1);
  fs::remove_all(dir);
}

TEST_CASE("R1: WriteFileAtomically keeps mode, writes through symlinks and refuses a changed file (R6)") {
  fs::path dir = TempDir("aortalint-atomic");
  WriteFile(dir / "target.yaml", "old\n");
  ::chmod((dir / "target.yaml").c_str(), 0640);
  fs::create_symlink("target.yaml", dir / "link.yaml");
  std::string old = "old\n";
  CHECK(!WriteFileAtomically((dir / "link.yaml").string(), "new\n", &old));
  CHECK(fs::is_symlink(dir / "link.yaml"));
  CHECK(ReadFile(dir / "target.yaml") == "new\n");
  struct stat st;
  REQUIRE(::stat((dir / "target.yaml").c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0640);
  // R6: the text on disk is not the text that was fixed: nothing is written.
  std::optional<std::string> why = WriteFileAtomically((dir / "target.yaml").string(), "lost\n", &old);
  REQUIRE(why);
  CHECK(why->find("changed on disk") != std::string::npos);
  CHECK(ReadFile(dir / "target.yaml") == "new\n");
  fs::remove_all(dir);
}

TEST_CASE("R29: a file that cannot be written among several: the others are fixed, the reason given, exit 2") {
  fs::path dir = TempDir("aortalint-r29");
  std::string bad =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  rocprof: {stats: true}\n";
  // b.yaml is larger than the file size limit below (works for root too, unlike permissions).
  std::string big = bad + "# " + std::string(200000, 'x') + "\n";
  WriteFile(dir / "a.yaml", bad);
  WriteFile(dir / "b.yaml", big);
  WriteFile(dir / "c.yaml", bad);
  CommandResult r = RunShell(In(dir) + "(trap '' XFSZ; ulimit -f 64; " + kBin +
                             " check --no-config --no-cache --fix --format concise a.yaml b.yaml c.yaml) 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("did not write the fixed 'b.yaml'") != std::string::npos);
  CHECK(r.output.find("File too large") != std::string::npos);
  CHECK(r.output.find("internal") == std::string::npos);
  CHECK(r.output.find("b.yaml:7:") != std::string::npos);  // its finding is still reported, as it stays on disk
  CHECK(ReadFile(dir / "a.yaml") != bad);                  // fixed
  CHECK(ReadFile(dir / "c.yaml") != bad);                  // fixed too, after the failure
  CHECK(ReadFile(dir / "b.yaml") == big);
  fs::remove_all(dir);
}

TEST_CASE("R3: the PAY004 fix keeps tabs, skips a one-line guard, and a fix that would not parse is dropped") {
  fs::path dir = TempDir("aortalint-r3");
  std::string one_line =
      "import sys\nimport triton.profiler as proton  # isort: skip\n\n\ndef main():\n    return 0\n\n\n"
      "if __name__ == \"__main__\": sys.exit(main())\n";
  std::string tabs =
      "import sys\nimport triton.profiler as proton  # isort: skip\n\n\ndef main():\n\treturn 0\n\n\n"
      "if __name__ == \"__main__\":\n\tsys.exit(main())\n";
  WriteFile(dir / "p.py", one_line);
  WriteFile(dir / "t.py", tabs);
  RunShell(In(dir) + kBin + " check --no-config --no-cache --fix p.py t.py >/dev/null 2>&1");
  CHECK(!PythonIndentationError(ReadFile(dir / "p.py")));
  CHECK(!PythonIndentationError(ReadFile(dir / "t.py")));
  CHECK(ReadFile(dir / "t.py").find("\tcode = main()\n\tif code:\n\t\traise SystemExit(code)\n") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R3: PythonIndentationError finds what CPython's tokenizer refuses") {
  CHECK(PythonIndentationError("if x: y = 1\n  z = 2\n") == "line 2: unexpected indent");
  CHECK(PythonIndentationError("def f():\nreturn 1\n") == "line 2: expected an indented block");
  CHECK(PythonIndentationError("if a:\n    b\n  c\n") == "line 3: unindent does not match any outer indentation level");
  CHECK(PythonIndentationError("def f():\n    x = (1,\n  2)\n    s = '''a\nb:'''\n    return x  # c:\n"
                               "y = 1 \\\n    + 2\n") == std::nullopt);
  CHECK(PythonIndentationError("\tif a:\n") == "line 1: unexpected indent");
  CHECK(!NewSyntaxError("r.yaml", "a: 1\n", "a: 2\n"));
  CHECK(NewSyntaxError("r.yaml", "a: 1\n", "a: [1\n"));
  CHECK(NewSyntaxError("p.py", "if a:\n    b\n", "if a:\n    b\n  c\n"));
}

TEST_CASE("R5: --fix --stdin-filename echoes input it cannot read as UTF-8") {
  CommandResult latin1 = RunShell("printf 'import triton.profiler as proton\\n# caf\\351\\n' | " + kBin +
                                  " check --no-config --fix --stdin-filename p.py 2>/dev/null");
  CHECK(latin1.output == "import triton.profiler as proton\n# caf\xe9\n");
  CommandResult nul = RunShell("printf 'import triton.profiler as proton\\000\\n' | " + kBin +
                               " check --no-config --fix --stdin-filename p.py 2>/dev/null");
  CHECK(nul.output == std::string("import triton.profiler as proton\0\n", 34));
}

TEST_CASE("R8: a report that cannot be written is an error with a message") {
  fs::path dir = TempDir("aortalint-r8");
  WriteFile(dir / "fixme.yaml", kFixme);
  WriteFile(dir / "good.yaml", kClean);
  CommandResult a = RunShell(In(dir) + kBin + " check --no-config --no-cache fixme.yaml 2>&1 >/dev/full");
  CHECK(a.exit_code == 2);
  CHECK(a.output.find("cannot write the report to standard output") != std::string::npos);
  // A clean text report is empty: nothing is lost. A JSON one is "[]" and must arrive.
  CommandResult b = RunShell(In(dir) + kBin + " check --no-config --no-cache --format json good.yaml 2>&1 >/dev/full");
  CHECK(b.exit_code == 2);
  CommandResult c = RunShell(kBin + " schema 2>&1 >/dev/full");
  CHECK(c.exit_code == 2);
  CHECK(c.output.find("cannot write to standard output") != std::string::npos);
  // -o into a directory that cannot take it: a message, exit 2, no partial file.
  CommandResult d = RunShell(In(dir) + "(ulimit -f 0; trap '' XFSZ; " + kBin +
                             " check --no-config --no-cache --format sarif -o report.sarif fixme.yaml) 2>&1");
  CHECK(d.exit_code == 2);
  CHECK(d.output.find("cannot write the report to --output 'report.sarif'") != std::string::npos);
  CHECK(!fs::exists(dir / "report.sarif"));
  fs::remove_all(dir);
}

TEST_CASE("R36: -o naming one of the inputs is refused") {
  fs::path dir = TempDir("aortalint-r36");
  WriteFile(dir / "recipe.yaml", kFixme);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache -o recipe.yaml recipe.yaml 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("is one of the files being checked") != std::string::npos);
  CHECK(ReadFile(dir / "recipe.yaml") == kFixme);
  fs::remove_all(dir);
}

TEST_CASE("R41: --stdin-filename naming a directory is a usage error") {
  fs::path dir = TempDir("aortalint-r41");
  fs::create_directories(dir / "emptydir");
  CommandResult r =
      RunShell(In(dir) + "echo 'schema_version: 1' | " + kBin + " check --no-config --stdin-filename emptydir 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("is a directory") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R13: --diff of a 60,000-line payload is linear") {
  std::string before, after;
  for (int i = 0; i < 60000; ++i) before += "x" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  after = "import proton\n" + before;
  after.replace(after.size() - 10, 2, "zz");
  auto start = std::chrono::steady_clock::now();
  std::string diff = UnifiedDiff("p.py", before, after);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 2.0);  // f39dbbd: 6 GB of LCS table, then std::bad_alloc
  CHECK(diff.find("@@ -1,3 +1,4 @@\n+import proton\n") != std::string::npos);
  // A middle that differs everywhere still gives a correct (long) diff.
  std::string x, y;
  for (int i = 0; i < 3000; ++i) x += "a" + std::to_string(i) + "\n", y += "b" + std::to_string(i) + "\n";
  std::string all = UnifiedDiff("q.py", x, y);
  CHECK(all.find("-a2999\n") != std::string::npos);
  CHECK(all.find("+b2999\n") != std::string::npos);
}

TEST_CASE("R40: payload fixes keep CRLF line endings") {
  fs::path dir = TempDir("aortalint-r40");
  WriteFile(
      dir / "crlf.py",
      "import sys\r\nimport triton.profiler as proton  # isort: skip\r\n\r\n\r\ndef main():\r\n    return 0\r\n\r\n\r\n"
      "if __name__ == \"__main__\":\r\n    sys.exit(main())\r\n");
  RunShell(In(dir) + kBin + " check --no-config --no-cache --fix crlf.py >/dev/null 2>&1");
  std::string fixed = ReadFile(dir / "crlf.py");
  CHECK(fixed.find("code = main()") != std::string::npos);
  for (size_t i = 0; i < fixed.size(); ++i)
    if (fixed[i] == '\n') CHECK((i > 0 && fixed[i - 1] == '\r'));
  fs::remove_all(dir);
}

TEST_CASE("R39: a BOM leaves columns on line 1 unchanged") {
  SourceFile with("p.py", "\xEF\xBB\xBFimport torch\n");
  CHECK(with.Locate(3).column == 1);
  CHECK(with.Locate(10).column == 8);
  CHECK(with.LineText(1) == "import torch");
  CHECK(with.Utf16Column(10) == 7);
}

TEST_CASE("R27: columns on a 4 MB line are linear") {
  std::string line(4u << 20, 'a');
  SourceFile file("n.py", line + "\n");
  auto start = std::chrono::steady_clock::now();
  uint32_t sum = 0;
  for (uint32_t off = 0; off < line.size(); off += 1000) sum += file.Locate(off).column;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(file.Locate(static_cast<uint32_t>(line.size() - 1)).column == line.size());
  CHECK(seconds < 1.0);  // 4,195 lookups; the per-line scan took minutes
  CHECK(sum > 0);
}

// ---------------------------------------------------------------- crashes

TEST_CASE("R9: 30,000-character cell names, extra_env keys and nested patterns do not crash") {
  fs::path dir = TempDir("aortalint-r9");
  std::string big(30000, 'a');
  WriteFile(dir / "c.yaml", "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\ncells:\n  - name: " + big +
                                "-\n    mitigations: [none]\n    environment: local\n");
  CommandResult c = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise c.yaml 2>&1");
  CHECK(c.exit_code == 0);  // a valid (long) name: no finding, no crash
  WriteFile(dir / "e.yaml", "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\nextra_env:\n  ? " + big +
                                "!\n  : x\ncells:\n  - name: c\n    mitigations: [none]\n    environment: local\n");
  CommandResult e = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise e.yaml 2>&1");
  CHECK(e.exit_code == 1);
  CHECK(e.output.find("RCP014") != std::string::npos);
  WriteFile(dir / "k.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {kernel_include_regex: \"" +
                std::string(20000, '(') + "a" + std::string(20000, ')') + "\"}\n");
  CommandResult k = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise k.yaml 2>&1");
  CHECK(k.exit_code == 1);
  CHECK(k.output.find("COL009") != std::string::npos);
  CHECK(k.output.find("can overflow the stack") != std::string::npos);
  // step_time_regex: 200,000 characters and 20,000 nested groups.
  CHECK(!PythonRegexError(std::string(200000, 'a')));
  std::optional<std::string> deep = PythonRegexError(std::string(20000, '(') + "a" + std::string(20000, ')'));
  REQUIRE(deep);
  CHECK(deep->find("RecursionError") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R11: the success-path exit scan is linear and right") {
  CHECK(!HasSuccessPathExitText("NOTE = \"\"\"exit(" + std::string(100000, ' ') + "\"\"\"\n"));
  CHECK(HasSuccessPathExitText("if __name__ == '__main__':\n    sys.exit( main( ) )\n"));
  CHECK(HasSuccessPathExitText("raise SystemExit(main())"));
  CHECK(HasSuccessPathExitText("exit(main())"));
  CHECK(!HasSuccessPathExitText("myexit(main())"));
  CHECK(!HasSuccessPathExitText("sys.exit(main(1))"));
}

TEST_CASE("R10/R33: a poisoned cache entry is dropped, never trusted") {
  fs::path dir = TempDir("aortalint-r10");
  WriteFile(dir / "fixme.yaml", kFixme);
  std::string run = In(dir) + "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " " + kBin +
                    " check --no-config --format concise fixme.yaml 2>&1";
  CommandResult first = RunShell(run);
  REQUIRE(first.exit_code == 1);
  auto poison = [&](const std::function<void(nlohmann::json&)>& edit) {
    for (const auto& sub : fs::recursive_directory_iterator(dir / "c")) {
      if (sub.path().extension() != ".json") continue;
      std::string text = ReadFile(sub.path());
      if (text.find("COL003") == std::string::npos) continue;
      nlohmann::json j = nlohmann::json::parse(text);
      for (auto& [key, entry] : j.items()) edit(entry["diagnostics"][0]);
      WriteFile(sub.path(), j.dump());
    }
  };
  poison([](nlohmann::json& d) { d["severity"] = 10; });
  CommandResult severity = RunShell(run);
  CHECK(severity.exit_code == 1);
  CHECK(severity.output == first.output);
  RunShell(run);  // rewrites a good entry
  poison([](nlohmann::json& d) { d["at"][0] = "/etc/passwd"; });
  CommandResult elsewhere = RunShell(run);
  CHECK(elsewhere.output.find("/etc/passwd") == std::string::npos);
  CHECK(elsewhere.output == first.output);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- the cache

TEST_CASE("R32: a same-size edit with its mtime restored is not served from the cache") {
  fs::path dir = TempDir("aortalint-r32");
  WriteFile(dir / "r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect: {rocprof: {stats: \"true\"}}\n");
  std::string run = In(dir) + "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " " + kBin +
                    " check --no-config --format concise r.yaml 2>&1";
  RunShell(In(dir) + "touch -d 2026-01-01 r.yaml");
  CHECK(RunShell(run).exit_code == 0);
  WriteFile(dir / "r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect: {rocprof: {stats:   true}}\n");
  RunShell(In(dir) + "touch -d 2026-01-01 r.yaml");
  CHECK(RunShell(run).exit_code == 1);
  fs::remove_all(dir);
}

TEST_CASE("R20: creating a module that did not exist invalidates the cached result") {
  fs::path dir = TempDir("aortalint-r20");
  WriteFile(dir / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "recipe.yaml", "# aorta sweep run --recipe recipe.yaml -- python payload.py\n" +
                                     kClean.substr(0, kClean.size() - 12) + "collect:\n  proton: {mode: cli}\n");
  WriteFile(dir / "payload.py",
            "import helpers\nimport triton.profiler as proton  # isort: skip  # noqa: I001\n\n\n"
            "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n");
  std::string run = In(dir) + "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " " + kBin +
                    " check --no-config --format concise . 2>&1";
  CommandResult before = RunShell(run);
  CHECK(before.output.find("PAY003") == std::string::npos);
  WriteFile(dir / "helpers.py", "import torch\n");
  CommandResult after = RunShell(run);
  CHECK(after.output.find("PAY003") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R28/R35: clean removes only the cache's own files") {
  fs::path dir = TempDir("aortalint-clean");
  WriteFile(dir / "fixme.yaml", kFixme);
  WriteFile(dir / "c/keep.txt", "not the cache's\n");
  std::string env = "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " ";
  RunShell(In(dir) + env + kBin + " check --no-config fixme.yaml >/dev/null 2>&1");
  size_t shards = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir / "c")) shards += e.path().extension() == ".json";
  CHECK(shards > 0);
  CommandResult r = RunShell(In(dir) + env + kBin + " clean 2>&1");
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("removed " + std::to_string(shards)) != std::string::npos);
  CHECK(fs::exists(dir / "c/keep.txt"));
  size_t left = 0;
  for ([[maybe_unused]] const auto& e : fs::recursive_directory_iterator(dir / "c")) ++left;
  CHECK(left == 1);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- special files

TEST_CASE("R23/R37/R47: FIFOs and devices are refused as not regular files, never opened blocking") {
  fs::path dir = TempDir("aortalint-r23");
  REQUIRE(::mkfifo((dir / "f.yaml").c_str(), 0644) == 0);
  CommandResult fifo =
      RunShell(In(dir) + "timeout 10 " + kBin + " check --no-config --no-cache --format concise f.yaml 2>&1");
  CHECK(fifo.exit_code == 1);
  CHECK(fifo.output.find("SYN003") != std::string::npos);
  CHECK(fifo.output.find("FIFO") != std::string::npos);
  CommandResult config = RunShell(In(dir) + "timeout 10 " + kBin + " check --config f.yaml x.yaml 2>&1");
  CHECK(config.exit_code != 124);
  CommandResult zero = RunShell("timeout 10 " + kBin + " check --no-config --no-cache --format concise /dev/zero 2>&1");
  CHECK(zero.output.find("character device") != std::string::npos);
  CHECK(zero.output.find("RCP001") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R45: a filesystem error on a user's path exits 2, not internal") {
  CommandResult r = RunAortalint("rules --docs /proc/nope/x");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("internal") == std::string::npos);
}

// ---------------------------------------------------------------- paths and the runner

TEST_CASE("R2: a header comment cannot make aortalint read, print or rewrite a file outside the project") {
  fs::path dir = TempDir("aortalint-r2");
  WriteFile(dir / "secret/creds", "AWS_SECRET_ACCESS_KEY = wJalrXUtnFEMI/EXAMPLE\n");
  std::string victim =
      "import torch\nimport triton.profiler as proton\n\ndef main():\n    return 0\n\n"
      "if __name__ == \"__main__\":\n    raise SystemExit(main())\n";
  WriteFile(dir / "secret/victim.py", victim);
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  std::string head = "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n";
  WriteFile(dir / "repo/recipes/a.yaml", "# aorta sweep run --recipe recipes/a.yaml -- python ../secret/creds\n" +
                                             head + "collect:\n  proton: {mode: env}\n");
  WriteFile(dir / "repo/recipes/b.yaml", "# aorta sweep run --recipe recipes/b.yaml -- python ../secret/victim.py\n" +
                                             head + "collect:\n  proton: {mode: cli}\n");
  WriteFile(dir / "repo/recipes/c.yaml", "# aorta sweep run --recipe recipes/c.yaml -- python /etc/passwd\n" + head +
                                             "collect:\n  proton: {mode: env}\n");
  CommandResult a =
      RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache recipes/a.yaml recipes/c.yaml 2>&1");
  CHECK(a.output.find("wJalr") == std::string::npos);
  CHECK(a.output.find("root:") == std::string::npos);
  CHECK(a.output.find("outside the project root") != std::string::npos);
  RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache --fix --unsafe-fixes recipes/b.yaml 2>&1");
  CHECK(ReadFile(dir / "secret/victim.py") == victim);
  fs::remove_all(dir);
}

const std::string kProtonCli =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  proton: {mode: cli}\n";
const std::string kApp = "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n";

TEST_CASE("R4: run --output never empties a directory it did not create, unless --force") {
  fs::path dir = TempDir("aortalint-r4");
  WriteFile(dir / "proton/__init__.py", "VERSION = 1\n");
  WriteFile(dir / "r.yaml", kProtonCli);
  WriteFile(dir / "app.py", kApp);
  CommandResult r = RunShell(In(dir) + "AORTA_PROTON_PYTHON=/bin/true " + kBin +
                             " run --no-config --recipe r.yaml --output . -- python3 app.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("--force") != std::string::npos);
  CHECK(ReadFile(dir / "proton/__init__.py") == "VERSION = 1\n");
  fs::remove_all(dir);
}

TEST_CASE("R7: a cell named ../../victim cannot write outside aortalint-run") {
  fs::path dir = TempDir("aortalint-r7");
  WriteFile(dir / "victim/proton/data.txt", "precious\n");
  WriteFile(dir / "work/evil.yaml",
            "# aortalint: ignore-file[RCP008]\nschema_version: 1\nworkload: gemm\ntrials: 1\nsteps: 10\ncells:\n"
            "  - name: \"../../victim\"\n    mitigations: [none]\n    environment: local\n    collect:\n"
            "      proton: {mode: env}\n");
  WriteFile(dir / "work/p.py", kApp);
  CommandResult r = RunShell(In(dir / "work") + kBin +
                             " run --no-config --recipe evil.yaml --cell ../../victim -- python3 p.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(ReadFile(dir / "victim/proton/data.txt") == "precious\n");
  CHECK(!fs::exists(dir / "victim/trial.json"));
  fs::remove_all(dir);
}

TEST_CASE("R17/R46: an infinite timeout is no timeout; the payload's exit status does not become aortalint's") {
  fs::path dir = TempDir("aortalint-r17");
  WriteFile(dir / "tmo.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\ntimeout_per_trial: .inf\n"
            "mitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect: []\n");
  CommandResult slow = RunShell(In(dir) + kBin +
                                " run --no-config --recipe tmo.yaml --output o -- python3 -c "
                                "'import time; time.sleep(1.0)' 2>&1");
  CHECK(slow.exit_code == 0);
  CHECK(nlohmann::json::parse(ReadFile(dir / "o/trial.json"))["timed_out"] == false);
  CommandResult two =
      RunShell(In(dir) + kBin + " run --no-config --recipe tmo.yaml --output o2 -- sh -c 'exit 2' 2>&1");
  CHECK(two.exit_code == 1);
  CHECK(two.output.find("the payload exited with status 2") != std::string::npos);
  CHECK(nlohmann::json::parse(ReadFile(dir / "o2/trial.json"))["exit_code"] == 2);
  fs::remove_all(dir);
}

TEST_CASE("R24: run piped into head keeps running and writes its record") {
  fs::path dir = TempDir("aortalint-r24");
  WriteFile(dir / "none.yaml", kClean);
  CommandResult r = RunShell(In(dir) + kBin +
                             " run --no-config --recipe none.yaml --output o -- python3 -c "
                             "'import time; [print(i, flush=True) or time.sleep(0.005) for i in range(200)]' "
                             "2>/dev/null | head -2 >/dev/null; sleep 0.2");
  CHECK(fs::exists(dir / "o/trial.json"));
  CHECK(ReadFile(dir / "o/stdout.log").find("199\n") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("R16: SIGHUP stops the capture, which leaves its record") {
  fs::path dir = TempDir("aortalint-r16");
  WriteFile(dir / "none.yaml", kClean);
  CommandResult r = RunShell(In(dir) + "(" + kBin +
                             " run --no-config --recipe none.yaml --output o -- python3 -c "
                             "'import time; time.sleep(30)' >/dev/null 2>&1 & pid=$!; sleep 1.5; kill -HUP $pid; "
                             "wait $pid; echo rc=$?)");
  CHECK(r.output.find("rc=129") != std::string::npos);
  REQUIRE(fs::exists(dir / "o/trial.json"));
  CHECK(nlohmann::json::parse(ReadFile(dir / "o/trial.json"))["forwarded_signal"] == 1);
  fs::remove_all(dir);
}

TEST_CASE("R15: a daemon holding the output pipes does not hold the run") {
  fs::path dir = TempDir("aortalint-r15");
  WriteFile(dir / "none.yaml", kClean);
  auto start = std::chrono::steady_clock::now();
  CommandResult r = RunShell(In(dir) + kBin +
                             " run --no-config --recipe none.yaml --output o -- python3 -c "
                             "\"import subprocess; p = subprocess.Popen(['sleep', '25'], start_new_session=True); "
                             "open('daemon.pid', 'w').write(str(p.pid))\" 2>&1");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 15);
  CHECK(r.output.find("still held its output open") != std::string::npos);
  CHECK(fs::exists(dir / "o/trial.json"));
  RunShell(In(dir) + "kill $(cat daemon.pid) 2>/dev/null; true");  // the daemon this test started, by its pid
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- the language server

TEST_CASE("R12: a message nested 200,000 deep is refused, not a crash") {
  lsp::Deframer d;
  std::string body = std::string(200000, '[') + std::string(200000, ']');
  d.Append("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  std::optional<lsp::Incoming> in = d.Next();
  REQUIRE(in);
  CHECK(in->kind == lsp::Incoming::Kind::kMalformed);
  CHECK(in->error.find("nested 200000 levels deep") != std::string::npos);
}

TEST_CASE("R34: an endless Content-Length and header-less garbage do not swallow the stream") {
  lsp::Deframer d;
  std::string next = "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}";
  d.Append("Content-Length: 18446744073709551615\r\n\r\n{}");
  std::optional<lsp::Incoming> huge = d.Next();
  REQUIRE(huge);
  CHECK(huge->kind == lsp::Incoming::Kind::kMalformed);
  CHECK(huge->error.find("over the limit") != std::string::npos);
  lsp::Deframer g;
  g.Append(std::string(1u << 20, 'x'));
  std::optional<lsp::Incoming> garbage = g.Next();
  REQUIRE(garbage);
  CHECK(garbage->kind == lsp::Incoming::Kind::kMalformed);
  g.Append("Content-Length: " + std::to_string(next.size()) + "\r\n\r\n" + next);
  std::optional<lsp::Incoming> after = g.Next();
  REQUIRE(after);
  CHECK(after->kind == lsp::Incoming::Kind::kMessage);
}

TEST_CASE("R48: float and negative LSP positions are clamped, never converted with undefined behaviour") {
  SourceFile file("r.yaml", "ab\ncd\n");
  CHECK(lsp::FromPosition(file, nlohmann::json{{"line", 1}, {"character", 1e30}}, lsp::PositionEncoding::kUtf16) == 5);
  CHECK(lsp::FromPosition(file, nlohmann::json{{"line", -4}, {"character", -1.5}}, lsp::PositionEncoding::kUtf16) == 0);
  CHECK(lsp::FromPosition(file, nlohmann::json{{"line", 1.0}, {"character", 1}}, lsp::PositionEncoding::kUtf16) == 4);
}

TEST_CASE("R22: terminal control characters in excerpts and messages are shown escaped, never raw") {
  fs::path dir = TempDir("aortalint-r22");
  WriteFile(dir / "e.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect: [rocprf\x1b[2K\x1b[1A\x1b]0;pwned\x07]\n");
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --color never e.yaml 2>&1");
  CHECK(r.exit_code == 1);
  CHECK(r.output.find('\x1b') == std::string::npos);
  CHECK(r.output.find('\x07') == std::string::npos);
  CHECK(r.output.find("\\x1b[2K") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing
