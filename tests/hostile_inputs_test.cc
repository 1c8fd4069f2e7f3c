// Regression tests for the hostile-input findings (shared/findings/
// hostile-inputs-f39dbbd.md, R1..R49): each case names its finding and fails
// on f39dbbd. Files are never damaged, paths stay in the project, no input
// crashes or hangs, the cache only makes things faster.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/atomic_file.h"
#include "base/source_file.h"
#include "engine/cache.h"
#include "engine/cache_format.h"
#include "engine/fix_guard.h"
#include "engine/fixes.h"
#include "lsp/protocol.h"
#include "lsp/transport.h"
#include "model/hip.h"
#include "python/regex.h"
#include "run/capture_files.h"
#include "run/metrics_view.h"
#include "run/run_command.h"
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

TEST_CASE("N21: a file swapped for a link out of the project while --fix runs is not written through") {
  fs::path dir = TempDir("aortalint-n21");
  fs::create_directories(dir / "repo" / ".git");
  WriteFile(dir / "outside" / "twin.yaml", kFixme);
  WriteFile(dir / "repo" / "lib" / "r.yaml", kFixme);
  fs::create_symlink(dir / "outside" / "twin.yaml", dir / "repo" / "r.yaml");  // the swap: same bytes as read
  std::optional<std::string> why = WriteFileAtomically((dir / "repo" / "r.yaml").string(), "fixed\n", &kFixme);
  REQUIRE(why);
  CHECK(why->find("it is now a link to '" + (dir / "outside" / "twin.yaml").string() + "', outside the project") == 0);
  CHECK(ReadFile(dir / "outside" / "twin.yaml") == kFixme);
  // A link within the project is still written through.
  fs::create_symlink("lib/r.yaml", dir / "repo" / "in.yaml");
  CHECK_FALSE(WriteFileAtomically((dir / "repo" / "in.yaml").string(), "fixed\n", &kFixme));
  CHECK(ReadFile(dir / "repo" / "lib" / "r.yaml") == "fixed\n");
  CHECK(fs::is_symlink(dir / "repo" / "in.yaml"));
  fs::remove_all(dir);
}

TEST_CASE("N22: a user's own file whose group they are not in is fixed, keeping what they can keep") {
  if (::geteuid() != 0) {
    MESSAGE("N22 needs root to make a file whose group its user is not in; not checked here");
    return;
  }
  fs::path dir = TempDir("aortalint-n22");
  WriteFile(dir / "a.yaml", "old\n");
  REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
  REQUIRE(::chown((dir / "a.yaml").c_str(), 65534, 0) == 0);  // nobody:root, as sudo cp + chown user leaves it
  REQUIRE(::chmod((dir / "a.yaml").c_str(), 0666) == 0);
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    bool dropped = ::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0;
    std::string old = "old\n";
    ::_exit(dropped && !WriteFileAtomically((dir / "a.yaml").string(), "new\n", &old) ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(ReadFile(dir / "a.yaml") == "new\n");
  struct stat st {};
  REQUIRE(::stat((dir / "a.yaml").c_str(), &st) == 0);
  CHECK(st.st_uid == 65534u);
  CHECK((st.st_mode & 07777) == 0666);
  fs::remove_all(dir);
}

TEST_CASE("N23: --fix refuses a read-only file, as editors and formatters do") {
  fs::path dir = TempDir("aortalint-n23");
  WriteFile(dir / "b.yaml", kFixme);
  REQUIRE(::chmod((dir / "b.yaml").c_str(), 0444) == 0);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --fix b.yaml 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("did not write the fixed 'b.yaml': it is read-only (mode 444); make it writable") !=
        std::string::npos);
  CHECK(ReadFile(dir / "b.yaml") == kFixme);
  fs::remove_all(dir);
}

TEST_CASE("N24: --fix keeps a file's extended attributes") {
  fs::path dir = TempDir("aortalint-n24");
  WriteFile(dir / "a.yaml", kFixme);
  REQUIRE_MESSAGE(::setxattr((dir / "a.yaml").c_str(), "user.note", "keepme", 6, 0) == 0,
                  "the temporary directory's file system takes no user xattrs: " << std::strerror(errno));
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --fix a.yaml 2>&1");
  CHECK(ReadFile(dir / "a.yaml") != kFixme);
  char value[16] = {};
  CHECK(::getxattr((dir / "a.yaml").c_str(), "user.note", value, sizeof value) == 6);
  CHECK(std::string(value) == "keepme");
  fs::remove_all(dir);
}

TEST_CASE("N25: a signal during a write removes the temporary file") {
  fs::path dir = TempDir("aortalint-n25");
  const std::string old = "old\n";
  for (int sig : {SIGINT, SIGHUP, SIGTERM}) {
    CAPTURE(sig);
    WriteFile(dir / "a.yaml", old);
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::signal(sig, SIG_DFL);            // as in aortalint itself, not the test runner's crash handler
      std::string big(256u << 20, 'x');  // long enough a write to be caught in it
      WriteFileAtomically((dir / "a.yaml").string(), big, &old);
      ::_exit(0);
    }
    auto temporary = [&] {
      for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().find(".aortalint-") != std::string::npos) return true;
      return false;
    };
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!temporary() && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == sig);
    CHECK_FALSE(temporary());
    CHECK(ReadFile(dir / "a.yaml") == old);
  }
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
  CHECK(k.exit_code == 0);  // a warning: aorta starts the run (docs/aorta-differences.md)
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
  auto poison = [&](const std::function<void(StoredDiagnostic&)>& edit) {
    EditCacheEntries(dir / "c", [&](CacheEntry& entry) {
      for (StoredDiagnostic& d : entry.body.diagnostics) edit(d);
      // Signed again with the user's secret, as a bug in a build might sign a bad value: still dropped.
      entry.mac = EntryMac(ReadFile(ResultCache::SecretPath()), entry.key, entry.bin, EncodeBody(entry.body));
    });
  };
  poison([](StoredDiagnostic& d) { d.severity = 10; });
  CommandResult severity = RunShell(run);
  CHECK(severity.exit_code == 1);
  CHECK(severity.output == first.output);
  RunShell(run);                                       // rewrites a good entry
  poison([](StoredDiagnostic& d) { d.at.file = 7; });  // a file the entry does not have
  CommandResult elsewhere = RunShell(run);
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
  for (const auto& e : fs::recursive_directory_iterator(dir / "c")) shards += e.path().extension() == ".bin";
  CHECK(shards > 0);
  // A text shard an earlier build left: the cache's too.
  WriteFile(CacheShards(dir / "c")[0].replace_extension(".json"), "{\n}");
  ++shards;
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
  // `..` after a link: the file system leads to p/secret/victim.py, inside, and so does aortalint.
  // Folded by the letters, the same path is ../secret/victim.py: earlier builds checked the first and
  // read, printed and rewrote the second.
  WriteFile(dir / "repo/p/secret/victim.py", victim);
  fs::create_directories(dir / "repo/p/q/r/s");
  fs::create_directories(dir / "repo/a");
  fs::create_directory_symlink("../p/q/r/s", dir / "repo/a/link");
  WriteFile(dir / "repo/recipes/d.yaml",
            "# aorta sweep run --recipe recipes/d.yaml -- python a/link/../../../secret/victim.py\n" + head +
                "collect:\n  proton: {mode: cli}\n");
  CommandResult d =
      RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache --format concise recipes/d.yaml 2>&1");
  CAPTURE(d.output);
  CHECK(d.output.starts_with("p/secret/victim.py:1:1: info:"));  // PAY001 under mode: cli
  CHECK(d.output.find("../secret/victim.py:") == std::string::npos);
  RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache --fix --unsafe-fixes recipes/d.yaml 2>&1");
  CHECK(ReadFile(dir / "secret/victim.py") == victim);
  CHECK(ReadFile(dir / "repo/p/secret/victim.py") != victim);  // the file the command runs was fixed
  // Links in the tree: a walk and a recipe.yaml's directory follow them only within the project.
  WriteFile(dir / "secret/r.yaml", head + "collect:\n  rocprof: {SECRET_KEY: 1}\n");
  fs::create_directories(dir / "repo/walk/e");
  fs::create_symlink("../../secret/r.yaml", dir / "repo/walk/leak.yaml");
  fs::create_symlink("../../../secret/victim.py", dir / "repo/walk/e/payload.py");
  WriteFile(dir / "repo/walk/e/recipe.yaml", head + "collect:\n  proton: {mode: cli}\n");
  WriteFile(dir / "repo/lib/r.yaml", head + "collect:\n  rocprof: {inside_key: 1}\n");
  fs::create_symlink("../lib/r.yaml", dir / "repo/walk/inside.yaml");  // within the project: followed
  std::string walk_secret = ReadFile(dir / "secret/r.yaml");
  CommandResult walk = RunShell(In(dir / "repo") + kBin +
                                " check --no-config --no-cache --fix --unsafe-fixes --format concise walk 2>&1");
  CAPTURE(walk.output);
  CHECK(walk.exit_code == 1);
  CHECK(walk.output.find("SECRET") == std::string::npos);
  CHECK(walk.output.find("cannot read 'walk/leak.yaml': it is a link to") != std::string::npos);
  CHECK(walk.output.find("cannot read 'walk/e/payload.py': it is a link to") != std::string::npos);
  CHECK(walk.output.find("'payload.py' beside the recipe is a link to a file outside the project root") !=
        std::string::npos);
  CHECK(walk.output.find("walk/inside.yaml:7:13: error: rocprof has no option 'inside_key'") != std::string::npos);
  CHECK(ReadFile(dir / "secret/victim.py") == victim);
  CHECK(ReadFile(dir / "secret/r.yaml") == walk_secret);
  // Named, as pre-commit names every file git tracks, a link out of the repository is not read either;
  // named outside any repository, it is the user's own choice.
  CommandResult named = RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache walk/leak.yaml 2>&1");
  CAPTURE(named.output);
  CHECK(named.output.find("outside the repository") != std::string::npos);
  CHECK(named.output.find("SECRET") == std::string::npos);
  fs::create_directory_symlink("../../secret", dir / "repo/walk/secrets");  // a directory: not walked
  for (const char* name : {"walk/secrets", "walk/secrets/"}) {
    CommandResult linked_dir = RunShell(In(dir / "repo") + kBin + " check --no-config --no-cache " + name + " 2>&1");
    CAPTURE(linked_dir.output);
    CHECK(linked_dir.output.find("cannot read 'walk/secrets': it is a link to") != std::string::npos);
    CHECK(linked_dir.output.find("SECRET") == std::string::npos);
  }
  fs::create_directories(dir / "loose");
  fs::create_symlink("../secret/r.yaml", dir / "loose/leak.yaml");
  CommandResult loose = RunShell(In(dir / "loose") + kBin + " check --no-config --no-cache leak.yaml 2>&1");
  CHECK(loose.output.find("SECRET_KEY") != std::string::npos);
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

TEST_CASE("R17/R46: an infinite timeout is no timeout, the payload's exit status does not become aortalint's") {
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

// ---------------------------------------------------------------- walks (R26, R38)

// Root bypasses permissions: drop every capability so they apply, as they do to any user.
std::string AsUnprivileged() { return ::geteuid() == 0 ? "setpriv --bounding-set=-all --inh-caps=-all " : ""; }

TEST_CASE("R26: a directory the walk cannot list gets SYN003 at the directory, never a clean run") {
  fs::path dir = TempDir("aortalint-r26");
  WriteFile(dir / "tree/noread/fixme.yaml", kFixme);
  WriteFile(dir / "tree/ok.yaml", kClean);
  ::chmod((dir / "tree/noread").c_str(), 0);
  // f39dbbd: "clean", exit 0, no output, for the tree and for the directory named alone.
  for (std::string named : {"tree", "tree/noread"}) {
    CommandResult r = RunShell(In(dir) + AsUnprivileged() + kBin + " check --no-config --no-cache --format concise " +
                               named + " 2>&1");
    CAPTURE(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("tree/noread:1:1: error: cannot read 'tree/noread'") != std::string::npos);
    CHECK(r.output.find("[SYN003]") != std::string::npos);
    CHECK(r.output.find("cannot be listed (Permission denied)") != std::string::npos);
    CHECK(r.output.find("give read and search permission on it") != std::string::npos);
  }
  // What can be read is still linted beside it.
  WriteFile(dir / "tree/bad.yaml", kFixme);
  CommandResult both = RunShell(In(dir) + AsUnprivileged() + kBin + " check --no-config --no-cache tree 2>&1");
  CHECK(both.output.find("COL003") != std::string::npos);
  ::chmod((dir / "tree/noread").c_str(), 0755);
  fs::remove_all(dir);
}

TEST_CASE("R38: a path longer than PATH_MAX in a walk gets SYN003 with the lengths, never silence") {
  fs::path dir = TempDir("aortalint-r38");
  // deep/ then 19 names of 200 characters and one of 100 (3,924 bytes), made with relative cd. In the last:
  // x.yaml (readable), a symlink to it named with 251 characters whose path is 4,176 bytes (stat fails, and
  // f39dbbd's walk skipped it silently), and a directory of 255 characters whose path (4,180) passes PATH_MAX.
  std::string name(200, 'd'), last(100, 'e'), link = "l" + std::string(245, 'y') + ".yaml", sub(255, 's');
  // Relative to directory descriptors (mkdirat, openat): no path the system could refuse is ever spelt out.
  auto put = [&](int at, const std::string& file) {
    int out = ::openat(at, file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(out >= 0);
    REQUIRE(::write(out, kFixme.data(), kFixme.size()) == static_cast<ssize_t>(kFixme.size()));
    ::close(out);
  };
  auto down = [](int at, const std::string& child) {
    REQUIRE(::mkdirat(at, child.c_str(), 0755) == 0);
    int next = ::openat(at, child.c_str(), O_RDONLY | O_DIRECTORY);
    REQUIRE(next >= 0);
    ::close(at);
    return next;
  };
  int fd = down(::open(dir.c_str(), O_RDONLY | O_DIRECTORY), "deep");
  for (int i = 0; i < 19; ++i) fd = down(fd, name);
  fd = down(fd, last);
  put(fd, "x.yaml");
  REQUIRE(::symlinkat("x.yaml", fd, link.c_str()) == 0);
  fd = down(fd, sub);
  put(fd, "x.yaml");
  ::close(fd);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise deep 2>&1");
  CAPTURE(r.output.substr(0, 300));
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("x.yaml:6:28: error:") != std::string::npos);  // the readable one is linted (COL003)
  CHECK(r.output.find("the file cannot be looked up (File name too long: the path is 4176 bytes long, and the "
                      "system allows 4095), so nothing in it was checked; shorten the names on its path") !=
        std::string::npos);
  CHECK(r.output.find("the directory cannot be listed (File name too long: the path is 4180 bytes long") !=
        std::string::npos);
  CHECK(r.output.find("shorten the names on its path") != std::string::npos);
  RunShell("rm -rf " + ShellQuote(dir.string()));  // rm walks relative to each directory; fs::remove_all cannot
}

// ---------------------------------------------------------------- R42, R49

TEST_CASE("R42: a large recipe written out is no alias bomb, a real bomb still is, at its alias") {
  // 140,000 cells: about 1.1 million nodes, past the alias limit of one million, and no alias at all.
  fs::path dir = TempDir("aortalint-r42");
  std::string text = "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\ncollect: [rocprof]\ncells:\n";
  for (int i = 0; i < 140000; ++i)
    text += "  - {name: c" + std::to_string(i) + ", mitigations: [none], environment: local}\n";
  WriteFile(dir / "big.yaml", text);
  CommandResult big =
      RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise --select SYN big.yaml 2>&1");
  CHECK(big.output.find("alias") == std::string::npos);
  CHECK(big.exit_code == 0);
  std::string bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 10; ++i) {
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) bomb += (j ? ", *a" : "*a") + std::to_string(i - 1);
    bomb += "]\n";
  }
  WriteFile(dir / "bomb.yaml", "schema_version: 1\n" + bomb);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise bomb.yaml 2>&1");
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("an alias bomb") != std::string::npos);
  CHECK(r.output.find("bomb.yaml:1:1:") == std::string::npos);  // at the alias that passes the limit
  fs::remove_all(dir);
}

TEST_CASE("R49: the RCP009 fix keeps a comment on the deleted key's line") {
  fs::path dir = TempDir("aortalint-r49");
  std::string text =
      "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\ncollect: [rocprof]\ncells:\n"
      "  - name: base\n    mitigations: [none]\n    environment: local\n    collect:    # nothing here\n"
      "  - name: other\n    mitigations: [none]\n    environment: local\n    collect: ~  # none either\r\n";
  WriteFile(dir / "r.yaml", text);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --fix r.yaml 2>&1");
  CAPTURE(r.output);
  std::string fixed = ReadFile(dir / "r.yaml");
  CHECK(fixed ==
        "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\ncollect: [rocprof]\ncells:\n"
        "  - name: base\n    mitigations: [none]\n    environment: local\n    # nothing here\n"
        "  - name: other\n    mitigations: [none]\n    environment: local\n    # none either\r\n");
  CHECK(RunShell(In(dir) + kBin + " check --no-config --no-cache r.yaml 2>&1").exit_code == 0);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- R14, R25, R35 (code that had no test)

TEST_CASE("R14: a recipe edited while it is analysed is never cached with the old findings") {
  // A triage recipe of 60,000 cells takes long enough to analyse that an edit lands during the run.
  // v_clean and v_bad have the same size; each run edits the file at a different moment, and the
  // cached answer afterwards must always be the uncached one (f39dbbd cached the text as read with
  // the file's state after the analysis, so the edit was served stale for good).
  fs::path dir = TempDir("aortalint-r14");
  std::string cells;
  for (int i = 0; i < 60000; ++i)
    cells += "  - {name: c" + std::to_string(i) + ", mitigations: [none], environment: local}\n";
  std::string head = "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\n";
  std::string v_clean = head + "collect: {rocprof: {stats: \"true\"}}\ncells:\n" + cells;
  std::string v_bad = head + "collect: {rocprof: {stats: true  }}\ncells:\n" + cells;
  REQUIRE(v_clean.size() == v_bad.size());
  WriteFile(dir / "clean.txt", v_clean);
  WriteFile(dir / "bad.txt", v_bad);
  std::string env = "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " ";
  std::string check = kBin + " check --no-config --format concise --select COL003 r.yaml";
  WriteFile(dir / "r.yaml", v_clean);
  auto start = std::chrono::steady_clock::now();
  CommandResult timing = RunShell(In(dir) + check + " --no-cache 2>&1");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CAPTURE(timing.output.substr(0, 500));
  REQUIRE(timing.exit_code == 0);
  for (double at : {0.25, 0.5, 0.75}) {
    for (bool to_bad : {true, false}) {
      fs::remove_all(dir / "c");
      WriteFile(dir / "r.yaml", to_bad ? v_clean : v_bad);
      std::string delay = std::to_string(at * seconds);
      // All in one subshell after the cd: `cd d && edit & check` would run the check elsewhere.
      fs::remove(dir / "edited.out");
      RunShell(In(dir) + "( (sleep " + delay + "; cat " + (to_bad ? "bad.txt" : "clean.txt") + " > r.yaml) & " + env +
               check + " >edited.out 2>&1; wait )");
      REQUIRE(fs::exists(dir / "edited.out"));  // the run being edited under ran in `dir`
      CommandResult fresh = RunShell(In(dir) + check + " --no-cache 2>&1");
      CommandResult cached = RunShell(In(dir) + env + check + " 2>&1");
      CAPTURE(at);
      CAPTURE(to_bad);
      CHECK(fresh.exit_code == (to_bad ? 1 : 0));
      CHECK(cached.exit_code == fresh.exit_code);
      CHECK(cached.output == fresh.output);
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("R25: an output directory that cannot be written is refused before the payload starts") {
  fs::path dir = TempDir("aortalint-r25");
  WriteFile(dir / "none.yaml", kClean);
  std::string payload = " -- python3 -c 'open(\"ran\", \"w\").write(\"x\")'";
  // 1. A directory nobody may write (capabilities dropped: root bypasses permissions).
  fs::create_directories(dir / "ro");
  ::chmod((dir / "ro").c_str(), 0555);
  CommandResult ro = RunShell(In(dir) + AsUnprivileged() + kBin + " run --no-config --recipe none.yaml --output ro" +
                              payload + " 2>&1");
  CAPTURE(ro.output);
  CHECK(ro.exit_code == 2);
  CHECK(ro.output.find("ro/stdout.log' (Permission denied)") != std::string::npos);
  CHECK(ro.output.find("choose a writable --output") != std::string::npos);
  CHECK(!fs::exists(dir / "ran"));  // f39dbbd ran the payload, then failed to write trial.json
  ::chmod((dir / "ro").c_str(), 0755);
  // 2. A previous trial whose stderr.log is a directory: no process may open it for writing, root included.
  WriteFile(dir / "prev/trial.json", "{}\n");
  fs::create_directories(dir / "prev/stderr.log");
  CommandResult isdir =
      RunShell(In(dir) + kBin + " run --no-config --recipe none.yaml --output prev" + payload + " 2>&1");
  CAPTURE(isdir.output);
  CHECK(isdir.exit_code == 2);
  CHECK(isdir.output.find("stderr.log' (Is a directory)") != std::string::npos);
  CHECK(!fs::exists(dir / "ran"));
  fs::remove_all(dir);
}

TEST_CASE("R35: the cache evicts other builds' entries, idle ones, and the least recently used past the cap") {
  fs::path dir = TempDir("aortalint-r35");
  WriteFile(dir / "fixme.yaml", kFixme);
  std::string run = In(dir) + "AORTALINT_CACHE_DIR=" + ShellQuote((dir / "c").string()) + " " + kBin +
                    " check --no-config --format concise fixme.yaml 2>&1";
  REQUIRE(RunShell(run).exit_code == 1);
  std::vector<fs::path> shards = CacheShards(dir / "c");
  REQUIRE(shards.size() == 1);
  std::string bytes = ReadFile(shards[0]);
  RecordIndex records;
  REQUIRE(IndexShard(bytes, records));
  REQUIRE(records.size() == 1);
  const std::string real(records.begin()->first);
  const CacheRecord entry = *DecodeRecord(records.begin()->second);
  const int64_t today = entry.used;
  const std::string secret = ReadFile(ResultCache::SecretPath());
  std::vector<std::string> written;
  auto add = [&](const std::string& key, std::string_view bin, int64_t used, std::string_view body) {
    written.push_back(EncodeRecord({key, bin, EntryMac(secret, key, bin, body), used, body}));
  };
  // The real entry was last used yesterday, so the next run's hit rewrites the shard (and evicts).
  add(real, entry.bin, today - 1, entry.body);
  const size_t cap = 2048;
  auto key = [&](int i) { return real.substr(0, 2) + fmt::format("{:030x}", i + 1); };
  // cap + 100 entries of this build, used 1 to 20 days ago; one of another build; one idle for 40 days.
  EntryBody quiet = *DecodeBody(entry.body);
  quiet.diagnostics.clear();
  const std::string quiet_body = EncodeBody(quiet);
  for (int i = 0; i < static_cast<int>(cap) + 100; ++i) add(key(i), entry.bin, today - 1 - (i % 20), quiet_body);
  add(real.substr(0, 2) + "other-build", std::string(32, '0'), today, quiet_body);
  add(real.substr(0, 2) + "idle", entry.bin, today - 40, quiet_body);
  WriteFile(shards[0], EncodeShard({written.begin(), written.end()}));
  CommandResult hit = RunShell(run);
  CHECK(hit.exit_code == 1);
  CHECK(hit.output.find("COL003") != std::string::npos);  // served from the real entry
  std::string after_bytes = ReadFile(shards[0]);
  RecordIndex after;
  REQUIRE(IndexShard(after_bytes, after));
  CHECK(after.size() == cap);
  CHECK(!after.count(real.substr(0, 2) + "other-build"));
  CHECK(!after.count(real.substr(0, 2) + "idle"));
  REQUIRE(after.count(real));
  CHECK(DecodeRecord(after.at(real))->used == today);
  // Least recently used out first: every entry kept was used no earlier than any entry evicted.
  int64_t oldest_kept = today, newest_evicted = 0;
  for (int i = 0; i < static_cast<int>(cap) + 100; ++i) {
    int64_t used = today - 1 - (i % 20);
    if (after.count(key(i)))
      oldest_kept = std::min(oldest_kept, used);
    else
      newest_evicted = std::max(newest_evicted, used);
  }
  CHECK(newest_evicted <= oldest_kept);
  CHECK(newest_evicted == today - 20);  // 101 evicted, all from the oldest day (107 entries were used then)
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- the next ones (same categories)

TEST_CASE("names that are not UTF-8: files and directories are linted and reported in every format, never a crash") {
  // A file name is bytes. JSON cannot hold such a path: the reports write its bad bytes as U+FFFD
  // (earlier builds aborted, or failed with "internal error" from the JSON library, in every run of
  // such a project); the binary cache stores the bytes as they are.
  fs::path root = TempDir("aortalint-bytes");
  fs::path dir = root / "proj\xe9";
  WriteFile(dir / "ok.yaml", kFixme);
  WriteFile(dir / "bad\xff.yaml", kFixme);
  std::string env = "AORTALINT_CACHE_DIR=" + ShellQuote((root / "c").string()) + " ";
  for (std::string format : {"concise", "text", "json", "sarif", "github", "gitlab"}) {
    CommandResult r = RunShell(In(dir) + env + kBin + " check --no-config --format " + format + " . 2>&1");
    CAPTURE(format);
    CAPTURE(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("internal error") == std::string::npos);
    CHECK(r.output.find("COL003") != std::string::npos);
  }
  for (std::string format : {"json", "sarif", "gitlab"}) {
    CommandResult r = RunShell(In(dir) + kBin + " check --no-cache --no-config --format " + format + " . 2>/dev/null");
    CAPTURE(format);
    nlohmann::json report;
    CHECK_NOTHROW(report = nlohmann::json::parse(r.output));
    // SARIF's URIs escape the byte; the others write U+FFFD for it.
    CHECK(r.output.find(format == "sarif" ? "bad%FF.yaml" : "bad\xef\xbf\xbd.yaml") != std::string::npos);
  }
  // Cached or not, both files get the same findings, run after run.
  std::string fresh = RunShell(In(dir) + kBin + " check --no-cache --no-config --format concise . 2>&1").output;
  for (int run = 0; run < 2; ++run)
    CHECK(RunShell(In(dir) + env + kBin + " check --no-config --format concise . 2>&1").output == fresh);
  CHECK(RunShell(In(dir) + env + kBin + " check -v --no-config . 2>&1").output.find("cache: 2 hits, 0 misses") !=
        std::string::npos);
  CHECK(fresh.find("bad\xff.yaml") != std::string::npos);  // text keeps the bytes
  CommandResult settings = RunShell(In(dir) + kBin + " check --no-config --show-settings ok.yaml 2>&1");
  CHECK(settings.exit_code == 0);
  CommandResult explain = RunShell(In(dir) + kBin + " explain --no-config --format json bad\xff.yaml 2>/dev/null");
  nlohmann::json parsed;
  CHECK_NOTHROW(parsed = nlohmann::json::parse(explain.output));
  WriteFile(dir / "clean.yaml", kClean);
  CommandResult run = RunShell(In(dir) + kBin + " run --no-config --recipe clean.yaml --output out\xe9 -- true 2>&1");
  CAPTURE(run.output);
  CHECK(run.exit_code == 0);
  CHECK_NOTHROW(parsed = nlohmann::json::parse(ReadFile(dir / "out\xe9" / "trial.json")));
  fs::remove_all(root);
}

TEST_CASE("containment: a header comment's --mitigations-file outside the project is reported, never read") {
  fs::path dir = TempDir("aortalint-sidecar");
  WriteFile(dir / "proj/.git/HEAD", "ref: refs/heads/main\n");
  auto check = [&](const std::string& args) {
    return RunShell(In(dir / "proj") + "timeout 20 " + kBin + " check --no-cache --format concise " + args + " 2>&1");
  };
  // A FIFO outside the project: f39dbbd-era code opened it with std::ifstream and waited forever.
  fs::create_directories(dir / "outside");
  REQUIRE(::mkfifo((dir / "outside/s.json").c_str(), 0644) == 0);
  WriteFile(dir / "proj/r.yaml", "# aorta sweep run --recipe r.yaml --mitigations-file ../outside/s.json\n" + kClean);
  CommandResult r = check("--no-config r.yaml");
  CAPTURE(r.output);
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("gives --mitigations-file '../outside/s.json', which is outside the project root") !=
        std::string::npos);
  // Inside the project, a FIFO sidecar is refused as not a regular file, not waited on.
  REQUIRE(::mkfifo((dir / "proj/s.json").c_str(), 0644) == 0);
  WriteFile(dir / "proj/r.yaml", "# aorta sweep run --recipe r.yaml --mitigations-file s.json\n" + kClean);
  CommandResult inside = check("--no-config r.yaml");
  CAPTURE(inside.output);
  CHECK(inside.exit_code == 1);
  CHECK(inside.output.find("cannot be read (path is a FIFO") != std::string::npos);
  // A HIP source named by the header command outside the project is not read either.
  WriteFile(dir / "outside/k.hip", "__global__ void k(int* x) { x[0] = 1; }  // TOPSECRET-hip\n");
  WriteFile(dir / "proj/h.yaml", "# aorta sweep run --recipe h.yaml -- ./run ../outside/k.hip\n" + kClean);
  CommandResult hip = check("--no-config h.yaml");
  CAPTURE(hip.output);
  CHECK(hip.output.find("runs '../outside/k.hip', which is outside the project root") != std::string::npos);
  CHECK(hip.output.find("TOPSECRET") == std::string::npos);
  // Nor a source a config's pairs: gives for the program a recipe runs.
  WriteFile(dir / "proj/.aortalint.yaml",
            "pairs:\n  - {recipe: \"p.yaml\", command: \"./run\", sources: [../outside/k.hip]}\n");
  WriteFile(dir / "proj/p.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {kernel_include_regex: nomatch}\n");  // HIP001 would quote the kernel's line
  CommandResult pair = check("p.yaml");
  CAPTURE(pair.output);
  CHECK(pair.exit_code == 1);
  CHECK(pair.output.find("gives the source '../outside/k.hip', which is outside the project root") !=
        std::string::npos);
  CHECK(pair.output.find("TOPSECRET") == std::string::npos);
  fs::remove(dir / "proj/.aortalint.yaml");
  // Given on the command line, it is the user's own choice: refused as a FIFO, not waited on either.
  CommandResult named = RunShell(In(dir / "proj") + "timeout 20 " + kBin +
                                 " check --no-config --no-cache --mitigations-file ../outside/s.json r.yaml 2>&1");
  CHECK(named.exit_code != 124);
  fs::remove_all(dir);
}

TEST_CASE("containment: a config in a repository reads no file outside it (extends, knowledge, a link)") {
  fs::path dir = TempDir("aortalint-config-out");
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "repo/r.yaml", kClean);
  WriteFile(dir / "secret/key.yaml", "TOPSECRET_key: 1\n");
  auto check = [&](const std::string& args) {
    return RunShell(In(dir / "repo") + kBin + " check --no-cache --format concise " + args + " r.yaml 2>&1");
  };
  WriteFile(dir / "repo/.aortalint.yaml", "extends: ../secret/key.yaml\n");
  CommandResult extends = check("");
  CAPTURE(extends.output);
  CHECK(extends.exit_code == 2);
  CHECK(extends.output.find("'extends' names '../secret/key.yaml', which is outside the project") != std::string::npos);
  CHECK(extends.output.find("TOPSECRET") == std::string::npos);
  WriteFile(dir / "repo/.aortalint.yaml", "knowledge: ../secret/key.yaml\n");
  CommandResult knowledge = check("");
  CAPTURE(knowledge.output);
  CHECK(knowledge.output.find("which is outside the project") != std::string::npos);
  CHECK(knowledge.output.find("TOPSECRET") == std::string::npos);
  fs::remove(dir / "repo/.aortalint.yaml");
  fs::create_symlink("../secret/key.yaml", dir / "repo/.aortalint.yaml");
  CommandResult link = check("");
  CAPTURE(link.output);
  CHECK(link.exit_code == 2);
  CHECK(link.output.find("is a link to") != std::string::npos);
  CHECK(link.output.find("TOPSECRET") == std::string::npos);
  // Within the repository, a link and extends are followed; --config is the user's own choice.
  WriteFile(dir / "repo/shared/base.yaml", "TOPSECRET_inside: 1\n");
  fs::remove(dir / "repo/.aortalint.yaml");
  fs::create_symlink("shared/base.yaml", dir / "repo/.aortalint.yaml");
  CHECK(check("").output.find("unknown config key 'TOPSECRET_inside'") != std::string::npos);
  CHECK(check("--config ../secret/key.yaml").output.find("unknown config key 'TOPSECRET_key'") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("containment: a sanitizer plan's source.hip outside the project is reported, never read") {
  fs::path dir = TempDir("aortalint-planhip");
  WriteFile(dir / "proj/.git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "outside/lds_race.hip",
            "#include <hip/hip_runtime.h>\n\n__global__ void lds_race(int* out) {\n  out[threadIdx.x] = 1;\n}\n\n"
            "int main() {\n  hipModule_t module;\n  hipFunction_t kernel;\n"
            "  hipModuleLoad(&module, \"lds_race.hsaco\");\n"
            "  hipModuleGetFunction(&kernel, module, \"lds_race\");  // TOPSECRET-7f3a\n  return 0;\n}\n");
  std::string recipe =
      "schema_version: 1\nmode: sanitizer\nsanitizer_plan:\n  target: gfx950\n  source:\n    kind: consan_repro\n"
      "    variant: racy\n    hip: HIP\n    command: build/lds_race\n  scope:\n    kind: kernel\n  selection:\n"
      "    requirement: top_dispatch_count\n    top_n: 1\n  sanitizers: [consan]\n  policy:\n"
      "    consan_policy: strict\n    on_missing_backend: fail\n  output:\n    report: sanitizer_report.json\n";
  auto with = [&](const std::string& hip) { return std::string(recipe).replace(recipe.find("HIP\n"), 3, hip); };
  WriteFile(dir / "proj/consan.yaml", with("../outside/lds_race.hip"));
  CommandResult r = RunShell(In(dir / "proj") + kBin + " check --no-config --no-cache consan.yaml 2>&1");
  CAPTURE(r.output);
  CHECK(r.output.find("TOPSECRET") == std::string::npos);
  CHECK(r.output.find("outside the project root") != std::string::npos);
  CHECK(r.output.find("consan.yaml:8:10: error: sanitizer_plan.source.hip resolves to '../outside/lds_race.hip'") !=
        std::string::npos);
  // The same file inside the project is analysed (the excerpt is shown), so the test above can fail.
  fs::copy_file(dir / "outside/lds_race.hip", dir / "proj/lds_race.hip");
  WriteFile(dir / "proj/consan.yaml", with("lds_race.hip"));
  CommandResult in = RunShell(In(dir / "proj") + kBin + " check --no-config --no-cache consan.yaml 2>&1");
  CAPTURE(in.output);
  CHECK(in.output.find("TOPSECRET") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("FIFOs: a capture directory holding FIFOs named like capture files does not block metrics") {
  fs::path dir = TempDir("aortalint-metrics-fifo");
  fs::create_directories(dir / "t/proton");
  fs::create_directories(dir / "t/rocprof");
  // trial.json is read by name (f39dbbd opened it with std::ifstream and waited); the others are found by a walk.
  for (const char* name : {"t/trial.json", "t/proton/x.hatchet", "t/proton/y.chrome_trace",
                           "t/rocprof/run_kernel_stats.csv", "t/rocprof/run_kernel_trace.csv"})
    REQUIRE(::mkfifo((dir / name).c_str(), 0644) == 0);
  CommandResult r = RunShell(In(dir) + "timeout 20 " + kBin + " metrics t 2>&1");
  CAPTURE(r.output);
  CHECK(r.exit_code != 124);
  CommandResult json = RunShell(In(dir) + "timeout 20 " + kBin + " metrics --format json t 2>&1");
  CHECK(json.exit_code != 124);
  fs::remove_all(dir);
}

TEST_CASE("R9: rocprof's kernel filter on 30,000+ character patterns and names does not crash") {
  // f39dbbd-era KernelFilter compiled any pattern and searched depth-first: both recurse per character.
  CHECK_FALSE(KernelFilter::Compile(std::string(30000, 'a')));                              // past the bounds: COL009
  CHECK_FALSE(KernelFilter::Compile(std::string(300, '(') + "a" + std::string(300, ')')));  // 300 nested groups
  std::optional<KernelFilter> any = KernelFilter::Compile(".*x$");
  REQUIRE(any);
  std::string name(40000, 'a');
  CHECK(any->Judge(name) == false);
  CHECK(any->Judge(name + "x") == true);
  std::optional<KernelFilter> alt = KernelFilter::Compile("^(a|b)*c");
  REQUIRE(alt);
  CHECK(alt->Judge(name + "c") == true);
  CHECK(alt->Judge(name) == false);
  // A backreference needs the depth-first matcher: past 2,048 characters it is not judged (kept, not "dropped").
  std::optional<KernelFilter> backref = KernelFilter::Compile("(a)\\1");
  REQUIRE(backref);
  CHECK(backref->Judge("xaa") == true);
  CHECK_FALSE(backref->Judge(name).has_value());
  CHECK(backref->Keeps(name));
}

// ---------------------------------------------------------------- session 13: a second hostile pass

// Seconds `command` took, run in `dir`, with its result.
std::pair<double, CommandResult> Timed(const fs::path& dir, const std::string& command) {
  auto start = std::chrono::steady_clock::now();
  CommandResult r = RunShell(In(dir) + "timeout 60 " + command + " 2>&1");
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), r};
}

TEST_CASE("H1: merge keys that double at every level are an alias bomb said at once, not a hang") {
  fs::path dir = TempDir("aortalint-h1");
  std::string flow = kClean + "m0: &m0 {a: 1}\n", block = flow;
  for (int i = 1; i < 40; ++i) {
    flow += fmt::format("m{0}: &m{0} {{<<: [*m{1}, *m{1}]}}\n", i, i - 1);
    block += fmt::format("m{0}: &m{0}\n  <<: *m{1}\n  <<: *m{1}\n  b{0}: 1\n", i, i - 1);
  }
  WriteFile(dir / "flow.yaml", flow);
  WriteFile(dir / "block.yaml", block);
  for (const char* name : {"flow.yaml", "block.yaml"}) {
    CAPTURE(std::string(name));
    // Before: 2^40 pairs flattened for the constructor check (30 s and 1.3 GB, still going).
    auto [seconds, r] = Timed(dir, kBin + " check --no-config --no-cache --format concise " + name);
    CHECK(seconds < 10);
    CHECK(r.output.find("alias bomb") != std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("H2: a pmc token that is not a counter name is COL005's warning, and the runner refuses it") {
  fs::path dir = TempDir("aortalint-h2");
  WriteFile(dir / "r.yaml",
            kClean.substr(0, kClean.find("collect")) + "collect:\n  rocprof: {pmc: \"SQ_WAVES -- /bin/sh -c id\"}\n");
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise r.yaml 2>&1");
  CHECK(r.exit_code == 0);  // aorta starts the run: a warning (docs/aorta-differences.md)
  CHECK(r.output.find("warning: rocprof option 'pmc' holds '--', which is not a counter name") != std::string::npos);
  // The dry run shows aorta's plan, with aortalint's own refusal apart; a real run does not start.
  WriteFile(dir / "bin/rocprofv3", "#!/bin/sh\nexit 0\n");
  fs::permissions(dir / "bin/rocprofv3", fs::perms::owner_all);
  WriteFile(dir / "app.py", "print('hi')\n");
  r = RunShell(In(dir) + "ROCPROF_BIN=bin/rocprofv3 " + kBin +
               " run --no-config --recipe r.yaml --dry-run -- python3 app.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("aortalint's own refusal (aorta builds the plan above)") != std::string::npos);
  r = RunShell(In(dir) + "ROCPROF_BIN=bin/rocprofv3 " + kBin +
               " run --no-config --recipe r.yaml -- python3 app.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("which is not a counter name") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "aortalint-run/r/trial.json"));
  WriteFile(dir / "ok.yaml", kClean.substr(0, kClean.find("collect")) +
                                 "collect:\n  rocprof: {pmc: \"SQ_WAVES, TCC_HIT[0] GRBM_COUNT\"}\n");
  CHECK(RunShell(In(dir) + kBin + " check --no-config --no-cache ok.yaml").exit_code == 0);
  fs::remove_all(dir);
}

TEST_CASE("H3: nothing under .git is paired or extended: its config can hold the checkout's credentials") {
  fs::path dir = TempDir("aortalint-h3");
  REQUIRE(RunShell(In(dir) + "git init -q .").exit_code == 0);
  RunShell(In(dir) + "git config http.extraheader 'AUTHORIZATION: basic c2VjcmV0'");
  WriteFile(dir / "r.yaml", "# aorta sweep run --recipe r.yaml -- python .git/config\n" + kClean);
  CommandResult r = RunShell(In(dir) + kBin + " check --no-cache r.yaml 2>&1");
  CHECK(r.output.find("c2VjcmV0") == std::string::npos);
  CHECK(r.output.find("inside the repository's .git directory") != std::string::npos);
  WriteFile(dir / ".aortalint.yaml", "extends: .git/config\n");
  r = RunShell(In(dir) + kBin + " check --no-cache r.yaml 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("c2VjcmV0") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("H4: a mapping of 40,000 keys, and a one-line recipe with 2,000 findings, take linear time and output") {
  fs::path dir = TempDir("aortalint-h4");
  std::string big =
      "schema_version: 1\nworkload: gemm\ntrials: 1\nsteps: 1\ncells:\n  - {name: a, mitigations: [none], "
      "environment: local}\nextra_env:\n";
  for (int i = 0; i < 40000; ++i) big += fmt::format("  K{}: \"v\"\n", i);
  WriteFile(dir / "env.yaml", big + "  K5: \"again\"\n  5: x\n  5.0: y\n");
  auto [seconds, r] = Timed(dir, kBin + " check --no-config --no-cache --format concise env.yaml");
  CHECK(seconds < 10);  // before: 5.6 s at 40,000 keys, four times that at 80,000
  CHECK(r.output.find("duplicate key 'K5'") != std::string::npos);
  CHECK(r.output.find("duplicate key 5:") != std::string::npos);  // 5 == 5.0, as a dict has it
  std::string line =
      "{\"schema_version\":1,\"mode\":\"probe\",\"trials\":1,\"mitigation_axis\":[\"none\"],"
      "\"diagnostic_axis\":[\"none\"],\"collect\":{\"rocprof\":{";
  for (int i = 0; i < 2000; ++i) line += fmt::format("{}\"k{}\":\"v\"", i ? "," : "", i);
  WriteFile(dir / "many.json", line + "}}}");
  r = RunShell(In(dir) + kBin + " check --no-config --no-cache many.json");
  CHECK(r.output.size() < 2'000'000);  // before: 69 MB, the whole line under each finding
  CHECK(r.output.find("\"k1999\":\"v\"") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("H5: Python with lone CR line ends reads as Python reads it, and an empty --stdin-filename is refused") {
  fs::path dir = TempDir("aortalint-h5");
  std::string lf =
      "import sys\nimport torch\nimport triton.profiler as proton\n\n\ndef main():\n    proton.start(\"x\")\n"
      "    print(proton)\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n";
  std::string cr = lf;
  std::replace(cr.begin(), cr.end(), '\n', '\r');
  WriteFile(dir / "lf.py", lf);
  WriteFile(dir / "cr.py", cr);
  CommandResult a = RunShell(In(dir) + kBin + " check --no-config --no-cache --format json lf.py");
  CommandResult b = RunShell(In(dir) + kBin + " check --no-config --no-cache --format json cr.py");
  auto rules = [](const std::string& json) {
    std::vector<std::string> out;
    for (const auto& d : nlohmann::json::parse(json))
      out.push_back(d["rule"].get<std::string>() + ":" + std::to_string(d["line"].get<int>()));
    return out;
  };
  CHECK(rules(a.output) == std::vector<std::string>{"PAY001:2", "PAY004:13"});
  CHECK(rules(b.output) == rules(a.output));  // before: PAY005 and SYN002 that were not there, no PAY004
  CHECK(RunShell(In(dir) + "echo x | " + kBin + " check --no-config --stdin-filename ''").exit_code == 2);
  fs::remove_all(dir);
}

TEST_CASE("H6: run never takes a recipe's name for a directory out of aortalint-run/") {
  fs::path dir = TempDir("aortalint-h6");
  WriteFile(dir / "...yaml", kClean.substr(0, kClean.find("collect")) + "collect:\n  proton: {mode: cli}\n");
  WriteFile(dir / "app.py", "print(1)\n");
  CommandResult r = RunShell(In(dir) + "AORTA_PROTON_PYTHON=/bin/true " + kBin +
                             " run --no-config --recipe ...yaml --dry-run -- python3 app.py 2>&1");
  CHECK(r.output.find("aortalint-run/trial/proton") != std::string::npos);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- metrics

// A .hatchet whose ROOT holds one chain `depth` frames deep.
std::string DeepHatchet(int depth) {
  std::string s = R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[)j";
  for (int i = 0; i < depth; ++i) s += R"({"frame":{"name":"k"},"metrics":{"cycles":1},"children":[)";
  for (int i = 0; i < depth; ++i) s += "]}";
  return s + "]}]";
}

const std::string kOneKernel =
    R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[{"frame":{"name":"gemm"},"metrics":{"time (ns)":2000000,"count":4},"children":[]}]}])j";

TEST_CASE("N12: a .hatchet nested 180k deep is refused by name, not a stack overflow in the cycles tree") {
  fs::path dir = TempDir("aortalint-n12");
  WriteFile(dir / "proton" / "p.hatchet", DeepHatchet(180000));
  run::CaptureView c = run::LoadCapture(dir);
  CHECK(c.kind == "unreadable");
  REQUIRE(c.notes.unreadable.size() == 1);
  CHECK(c.notes.unreadable[0].find("nested more than 980 levels deep") != std::string::npos);
  // Just within the limit, the cycles reader builds and frees the tree (iteratively).
  WriteFile(dir / "proton" / "p.hatchet", DeepHatchet(run::kMaxCaptureDepth / 2 - 2));
  c = run::LoadCapture(dir);
  CHECK(c.notes.unreadable.empty());
  CHECK(c.kind == "cycles");
  fs::remove_all(dir);
}

TEST_CASE("N13: a trial.json nested 300k deep beside a capture is refused, never copied recursively") {
  fs::path dir = TempDir("aortalint-n13");
  WriteFile(dir / "proton" / "p.hatchet", kOneKernel);
  WriteFile(dir / "trial.json", R"({"proton":)" + std::string(300000, '[') + std::string(300000, ']') + "}");
  run::CaptureView c = run::LoadCapture(dir);
  CHECK(c.kind == "timing");
  CHECK_FALSE(c.trial);
  REQUIRE(c.notes.unreadable.size() == 1);
  CHECK(c.notes.unreadable[0].find("trial.json': nested more than") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("N18: an artifact of more JSON values than can be held is refused before it is parsed") {
  std::string huge = "[" + std::string(2 * run::kMaxCaptureValues, '0') + "]";
  for (size_t i = 2; i < huge.size() - 1; i += 2) huge[i] = ',';
  auto problem = run::JsonShapeProblem(huge);
  REQUIRE(problem);
  CHECK(problem->find("holds more than 8000000 JSON values") != std::string::npos);
  // Commas and brackets inside strings are text, not values.
  CHECK_FALSE(run::JsonShapeProblem(R"(["[[[,,,\"]]]"])", 2));
  CHECK(run::JsonShapeProblem("[[[]]]", 2));
}

TEST_CASE("N19: an artifact that cannot be parsed is named with the reason, not shown as an empty capture") {
  fs::path dir = TempDir("aortalint-n19");
  WriteFile(dir / "proton" / "p.hatchet", kOneKernel.substr(0, kOneKernel.size() / 2));
  std::ostringstream out, err;
  CHECK(run::MetricsMain({dir}, false, false, out, err) == 1);
  CHECK(out.str().find("kernels   unknown: 1 artifact(s) could not be read") != std::string::npos);
  CHECK(out.str().find("none") == std::string::npos);
  CHECK(err.str().find("p.hatchet': not JSON (a truncated or damaged file?)") != std::string::npos);
  // --format json carries them too.
  std::ostringstream jout, jerr;
  CHECK(run::MetricsMain({dir}, true, false, jout, jerr) == 1);
  CHECK(nlohmann::json::parse(jout.str())["aortalint_unreadable"].size() == 1);
  // A readable file beside it is still shown; the broken one is still named.
  WriteFile(dir / "proton" / "q.hatchet", kOneKernel);
  std::ostringstream out2, err2;
  CHECK(run::MetricsMain({dir}, false, false, out2, err2) == 1);
  CHECK(out2.str().find("gemm") != std::string::npos);
  CHECK(err2.str().find("p.hatchet'") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("N20: symbolic links inside a capture are not followed, and --verbose names them") {
  fs::path dir = TempDir("aortalint-n20");
  WriteFile(
      dir / "outside" / "x.hatchet",
      R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[{"frame":{"name":"SECRET_KERNEL"},"metrics":{"time (ns)":5},"children":[]}]}])j");
  fs::create_directories(dir / "cap" / "proton");
  fs::create_symlink(dir / "outside" / "x.hatchet", dir / "cap" / "proton" / "p.hatchet");
  fs::create_directories(dir / "cap2");
  fs::create_directory_symlink("/", dir / "cap2" / "proton");
  for (const char* cap : {"cap", "cap2"}) {
    CAPTURE(cap);
    std::ostringstream out, err, vout, verr;
    CHECK(run::MetricsMain({dir / cap}, false, false, out, err) == 0);
    CHECK(out.str().find("SECRET_KERNEL") == std::string::npos);
    CHECK(out.str().find("symbolic links were not followed") != std::string::npos);
    CHECK(err.str().empty());
    CHECK(run::MetricsMain({dir / cap}, true, true, vout, verr) == 0);
    CHECK(vout.str().find("SECRET_KERNEL") == std::string::npos);
    CHECK(verr.str().find("is a symbolic link: not followed") != std::string::npos);
  }
  // aorta's keys are computed without following them either.
  CHECK_FALSE(run::CollectMetrics(dir / "cap").contains("proton_top_kernels"));
  fs::remove_all(dir);
}

TEST_CASE("N29: control characters from a capture are printed escaped") {
  fs::path dir = TempDir("aortalint-n29");
  WriteFile(
      dir / "proton" / "p.hatchet",
      R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[{"frame":{"name":"kern\u001b[2Jx\u0007"},"metrics":{"time (ns)":5,"count":1},"children":[]}]}])j");
  WriteFile(dir / "trial.json",
            R"({"environment":{"gpu_name":"\u001b]8;;http://evil\u0007GPU"},"proton":{"resolved":"\u001b[2Jcupti"}})");
  std::ostringstream out, err;
  CHECK(run::MetricsMain({dir}, false, false, out, err) == 0);
  CHECK(out.str().find('\x1b') == std::string::npos);
  CHECK(out.str().find('\x07') == std::string::npos);
  CHECK(out.str().find("\\x1b]8;;http://evil\\x07GPU") != std::string::npos);
  CHECK(out.str().find("\\x1b[2Jcupti") != std::string::npos);
  std::ostringstream two, two_err;
  run::MetricsMain({dir, dir}, false, false, two, two_err);
  CHECK(two.str().find('\x1b') == std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing
