// The import-order fixes against the real import sorters (issue 17, issue 10
// item 5). Inputs: every Python file of the PAY fixture folders, and a
// generated set of import blocks (`__future__` and stdlib imports, comments,
// conditional imports above the Proton import; every pin state; torch and a
// package that imports torch below it).
//
// - Safe fixes never fight: no combination of them yields a PAY001 (or
//   PAY003) finding the file did not have (runs in every suite).
// - After aortalint's fixes (safe, then safe and unsafe), isort (Debian's) and
//   ruff's I001 fix (the WebAssembly build, tests/sorters/) never bring one
//   back: each file is sorted by the sorters its project runs, as PAY002 finds
//   them, both when none is configured. Skipped by default; ctest runs it as
//   `import_sorters` with --no-skip and reports a missing sorter as SKIPPED.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/fixes.h"
#include "engine/import_sorters.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;
using testing::RunShell;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

constexpr int kSkipped = 77;  // ctest's SKIP_RETURN_CODE for `import_sorters`

// Writes the generated import blocks under `dir`: one payload each.
size_t WriteGeneratedBlocks(const fs::path& dir) {
  const char* prefixes[] = {
      "",
      "from __future__ import annotations\n\n",
      "import os\n",
      "# the harness\nimport sys\nimport os.path\n",
      "from __future__ import annotations\nimport argparse\n",
      "import numpy as np\n",
      "import sys\n\nif sys.platform == \"linux\":\n    import json\n",
      "\"\"\"A payload.\"\"\"\n\nimport os  # comment\n",
      "import torch\n",  // PAY001's order: PAY002 must leave it to PAY001
      "import os\nimport torch.nn as nn\n\n",
  };
  const char* protons[] = {
      "import triton.profiler as proton{pin}\n",
      "from triton import profiler as proton{pin}\n",
      "import triton.profiler as proton{pin}\nimport triton.profiler.language as pl\n",
  };
  const char* pins[] = {"", "  # isort: skip  # noqa: I001", "  # noqa: I001", "  # isort: skip"};
  const char* suffixes[] = {
      "import torch\n",
      "import torch\nimport triton\n",
      "import torch.nn as nn\nfrom torch import Tensor\nimport os\n",
      "import transformers\nimport torch\n",
  };
  // Half of them exit through SystemExit on success, with the session left to Proton's front end (no
  // finalize() of their own): PAY004's safe fix joins PAY002's.
  const char* bodies[] = {
      "\n\ndef main():\n    proton.start(\"run\")\n    proton.finalize()\n    return 0\n\n\n"
      "if __name__ == \"__main__\":\n    code = main()\n    if code:\n        raise SystemExit(code)\n",
      "\n\ndef main():\n    with proton.scope(\"run\"):\n        pass\n    return 0\n\n\n"
      "if __name__ == \"__main__\":\n    raise SystemExit(main())\n",
  };
  size_t n = 0;
  for (const char* prefix : prefixes)
    for (const char* proton : protons)
      for (const char* pin : pins)
        for (const char* suffix : suffixes) {
          std::string p = proton;
          p.replace(p.find("{pin}"), 5, pin);
          WriteFile(dir / ("block_" + std::to_string(n) + ".py"), std::string(prefix) + p + suffix + bodies[n % 2]);
          ++n;
        }
  // Inside a `try:` (a conditional block of its own).
  for (const char* pin : pins)
    WriteFile(dir / ("block_" + std::to_string(n++) + ".py"),
              std::string("import os\n\ntry:\n    import triton.profiler as proton") + pin +
                  "\n    import torch\nexcept ImportError:\n    raise\n" + bodies[1]);
  return n;
}

// The inputs, copied under `root`: the PAY fixture folders and the generated set.
void WriteInputs(const fs::path& root) {
  fs::create_directories(root / ".git");  // the sorter-configuration walk stops here
  // Both sorters configured at the top with their defaults (with none, PAY002 pins nothing).
  WriteFile(root / "pyproject.toml", "[tool.isort]\n\n[tool.ruff.lint]\nselect = [\"I\"]\n");
  fs::path fixtures = fs::path(AORTALINT_SOURCE_DIR) / "fixtures" / "rules";
  for (const char* id : {"PAY001", "PAY002", "PAY003", "PAY004", "PAY005"})
    fs::copy(fixtures / id, root / id, fs::copy_options::recursive);
  REQUIRE(WriteGeneratedBlocks(root / "generated") > 300);
}

std::vector<fs::path> PythonFiles(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() == ".py") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// "path: ID" of each PAY001/PAY003 finding under `root`, paths relative to it.
std::multiset<std::string> OrderFindings(const fs::path& root) {
  testing::CommandResult r = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                                      " check . --no-cache --select PAY001,PAY003 --format json 2>/dev/null");
  std::multiset<std::string> out;
  for (const auto& d : nlohmann::json::parse(r.output)) {
    std::string path = d["path"].get<std::string>();
    if (path.rfind("./", 0) == 0) path = path.substr(2);
    out.insert(path + ": " + d["rule"].get<std::string>());
  }
  return out;
}

// The findings of `after` that `before` does not have.
std::vector<std::string> New(const std::multiset<std::string>& before, const std::multiset<std::string>& after) {
  std::vector<std::string> out;
  std::multiset<std::string> left = before;
  for (const std::string& f : after) {
    auto it = left.find(f);
    if (it == left.end())
      out.push_back(f);
    else
      left.erase(it);
  }
  return out;
}

TEST_CASE("no combination of safe fixes yields a file that PAY001 or PAY003 flags") {
  fs::path root = TempDir("aortalint-safe-fixes");
  WriteInputs(root);
  std::multiset<std::string> before = OrderFindings(root);
  testing::CommandResult r = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                                      " check . --no-cache --format json 2>/dev/null");
  // Each file's safe fixes, then every subset of them applied to a copy beside it.
  std::map<std::string, std::vector<Diagnostic>> fixes;
  for (const auto& d : nlohmann::json::parse(r.output)) {
    if (!d.contains("fix") || d["fix"]["applicability"] != "safe") continue;
    Diagnostic diag;
    diag.rule = d["rule"].get<std::string>();
    diag.fix = Fix{d["fix"]["title"].get<std::string>(), Applicability::kSafe, {}};
    std::string path = d["path"].get<std::string>();
    if (path.rfind("./", 0) == 0) path = path.substr(2);
    for (const auto& e : d["fix"]["edits"])
      diag.fix->edits.push_back(
          {path, {e["begin"].get<uint32_t>(), e["end"].get<uint32_t>()}, e["content"].get<std::string>()});
    fixes[path].push_back(std::move(diag));
  }
  // While PAY001 fires on a file, PAY002 (whose fix would pin the wrong order) is silent on it.
  std::set<std::string> pay001_files;
  for (const std::string& f : before)
    if (f.ends_with(": PAY001")) pay001_files.insert(f.substr(0, f.find(": ")));
  CHECK(pay001_files.size() >= 60);
  for (const auto& [path, list] : fixes)
    for (const Diagnostic& d : list) CHECK_MESSAGE(!(d.rule == "PAY002" && pay001_files.count(path)), path);
  size_t pay002 = 0, variants = 0;
  for (const auto& [path, list] : fixes) {
    for (const Diagnostic& d : list) pay002 += d.rule == "PAY002";
    REQUIRE(list.size() < 8);
    std::string original = ReadFile(root / path);
    for (unsigned mask = 1; mask < (1u << list.size()); ++mask) {
      std::vector<Diagnostic> chosen;
      for (size_t i = 0; i < list.size(); ++i)
        if (mask & (1u << i)) chosen.push_back(list[i]);
      FileTexts texts = {{path, original}};
      ApplyFixes(chosen, false, texts);
      fs::path variant = root / (path + ".subset" + std::to_string(mask) + ".py");
      WriteFile(variant, texts[path]);
      ++variants;
    }
  }
  // Found before the fixes, the findings a variant may keep are its original's.
  std::multiset<std::string> after = OrderFindings(root);
  std::multiset<std::string> allowed = before;
  for (const std::string& f : before) {
    std::string path = f.substr(0, f.find(": "));
    for (unsigned mask = 1; mask < 256; ++mask)
      if (fs::exists(root / (path + ".subset" + std::to_string(mask) + ".py")))
        allowed.insert(path + ".subset" + std::to_string(mask) + ".py" + f.substr(f.find(": ")));
  }
  std::vector<std::string> fresh = New(allowed, after);
  CHECK_MESSAGE(fresh.empty(), "safe fixes made new findings, e.g. " << (fresh.empty() ? "" : fresh[0]));
  CHECK(pay002 >= 100);           // the generated set is mostly unpinned imports PAY002 fixes
  CHECK(variants >= 2 * pay002);  // most files have two safe fixes: three combinations
  MESSAGE(variants << " combinations of safe fixes over " << fixes.size() << " files, " << pay002 << " PAY002 fixes");
  fs::remove_all(root);
}

bool Have(const std::string& tool) { return RunShell("command -v " + tool + " >/dev/null 2>&1").exit_code == 0; }

void SkipWith(const std::string& why) {
  std::cout << "SKIPPED: " << why << "\n";
  if (std::getenv("AORTALINT_SKIP_EXIT")) std::exit(kSkipped);
  throw std::runtime_error("skipped");
}

// Skips unless both real sorters are here; returns the directory of ruff's WebAssembly build.
std::string SortersOrSkip() {
  std::string ruff_dir = AORTALINT_RUFF_WASM_DIR;
  if (!Have("isort")) SkipWith("'isort' is not installed (apt-get install isort)");
  if (!Have("node")) SkipWith("'node' is not installed (apt-get install nodejs)");
  if (!fs::exists(fs::path(ruff_dir) / "ruff_wasm.js"))
    SkipWith("ruff's WebAssembly build is not in " + ruff_dir + " (npm was missing or failed at configure time)");
  return ruff_dir;
}

struct Sorter {
  std::string name;
  bool (ImportSorters::*runs)() const;
  std::string command;  // files are appended
};

// Where isort starts for `file`: the nearest directory up to `tree` with a configuration or a
// project marker (isort takes one configuration for all the files it is given, found from the first).
fs::path IsortStart(const fs::path& file, const fs::path& tree) {
  for (fs::path dir = file.parent_path(); dir != tree && dir.has_relative_path(); dir = dir.parent_path())
    for (const char* name : {".isort.cfg", "setup.cfg", "tox.ini", "pyproject.toml", ".git", ".aortalint.yaml"})
      if (fs::exists(dir / name)) return dir;
  return tree;
}

// Sorts, under `tree`, the files whose project runs `sorter`; returns how many. isort runs once
// per configuration, from where it would find it.
size_t Sort(const fs::path& tree, const Sorter& sorter) {
  std::map<fs::path, std::string> files;  // where to run -> the files, quoted
  size_t n = 0;
  for (const fs::path& f : PythonFiles(tree))
    if ((FindImportSorters(f.string()).*sorter.runs)())
      files[sorter.name == "isort" ? IsortStart(f, tree) : tree] += " " + ShellQuote(f.string()), ++n;
  for (const auto& [dir, names] : files) {
    testing::CommandResult r = RunShell("cd " + ShellQuote(dir.string()) + " && " + sorter.command + names + " 2>&1");
    INFO(sorter.name << ": " << r.output);
    REQUIRE(r.exit_code == 0);
  }
  return n;
}

TEST_CASE("a sorter's settings: what is read, and what is not trusted") {
  fs::path dir = TempDir("aortalint-sorter-settings");
  fs::create_directories(dir / ".git");
  WriteFile(dir / "pyproject.toml",
            "[tool.isort]\nprofile = \"black\"\nforce_to_top = [\n  \"triton.profiler\",  # Proton first\n]\n\n"
            "[tool.ruff.lint]\nselect = [\"I\"]\n\n[tool.ruff.lint.isort]\nforce-sort-within-sections = true\n");
  std::string payload = (dir / "pkg" / "p.py").string();
  ImportSorters sorters = FindImportSorters(payload);
  CHECK(sorters.isort_order.force_to_top == std::vector<std::string>{"triton.profiler"});
  CHECK(sorters.isort_order.unmodelled.empty());
  CHECK(sorters.ruff_order.force_sort_within_sections);
  CHECK(SortsAbove(sorters.isort_order, {"torch", false}, {"triton", true}));  // `import` lines first
  CHECK_FALSE(SortsAbove(sorters.isort_order, {"torch", false}, {"triton.profiler", false}));
  CHECK_FALSE(SortsAbove(sorters.ruff_order, {"xformers", false}, {"triton", true}));
  // A `triton` of the project's own is first-party: its section is not modelled.
  for (const char* own : {"triton/__init__.py", "triton.py", "src/triton/__init__.py"}) {
    WriteFile(dir / own, "\n");
    CAPTURE(own);
    CHECK(FindImportSorters(payload).isort_order.unmodelled.find("triton") != std::string::npos);
    fs::remove_all(dir / fs::path(own).begin()->string());
  }
  // A setting the model does not know, and a nested isort configuration, are named.
  WriteFile(dir / "setup.cfg", "[isort]\nknown_first_party = pkg\n");
  CHECK(FindImportSorters(payload).isort_order.unmodelled.starts_with("a second isort configuration"));
  fs::remove(dir / "setup.cfg");
  WriteFile(dir / "pkg" / ".isort.cfg", "[settings]\nforce_to_top = triton.profiler\n");
  CHECK(FindImportSorters(payload).isort_order.unmodelled.starts_with("an isort configuration below"));
  fs::remove_all(dir);
}

TEST_CASE("import sorters: isort and ruff's I001 never undo the import order aortalint's fixes write" *
          doctest::skip()) {
  std::string ruff_dir = SortersOrSkip();
  std::vector<Sorter> sorters = {
      {"isort", &ImportSorters::runs_isort, "isort -q"},
      {"ruff I001", &ImportSorters::runs_ruff,
       "node " + ShellQuote((fs::path(AORTALINT_TESTS_DIR) / "sorters" / "ruff_isort.js").string()) + " " +
           ShellQuote(ruff_dir)},
  };
  fs::path root = TempDir("aortalint-sorters");
  WriteInputs(root / "input");

  // The sorters are live: unpinned, they undo the order.
  for (const Sorter& sorter : sorters) {
    fs::path tree = root / ("unfixed-" + std::to_string(&sorter - sorters.data()));
    fs::copy(root / "input", tree, fs::copy_options::recursive);
    std::multiset<std::string> before = OrderFindings(tree);
    Sort(tree, sorter);
    CHECK_MESSAGE(New(before, OrderFindings(tree)).size() >= 20, sorter.name << " moved no unpinned Proton import");
  }

  for (const char* fix : {"--fix", "--fix --unsafe-fixes"}) {
    fs::path fixed =
        root / (std::string("fixed") + (std::string(fix).find("unsafe") != std::string::npos ? "-unsafe" : ""));
    fs::copy(root / "input", fixed, fs::copy_options::recursive);
    RunShell("cd " + ShellQuote(fixed.string()) + " && " + ShellQuote(AORTALINT_BINARY) + " check . --no-cache " + fix +
             " >/dev/null 2>&1");
    std::multiset<std::string> before = OrderFindings(fixed);
    for (const Sorter& sorter : sorters) {
      CAPTURE(std::string(fix));
      CAPTURE(sorter.name);
      fs::path tree = root / (fixed.filename().string() + "-" + std::to_string(&sorter - sorters.data()));
      fs::copy(fixed, tree, fs::copy_options::recursive);
      size_t sorted = Sort(tree, sorter);
      CHECK(sorted > 300);
      // A file the fixes left flagged (an order no safe fix changes) is not judged: it is wrong already.
      std::set<std::string> flagged;
      for (const std::string& f : before) flagged.insert(f.substr(0, f.find(": ")));
      size_t judged = 0;
      for (const fs::path& f : PythonFiles(tree)) judged += !flagged.count(fs::relative(f, tree).string());
      CHECK(judged > 300);
      std::vector<std::string> fresh;
      for (const std::string& f : New(before, OrderFindings(tree)))
        if (!flagged.count(f.substr(0, f.find(": ")))) fresh.push_back(f);
      for (const std::string& f : fresh) MESSAGE("after " << sorter.name << ": " << f);
      CHECK(fresh.empty());
    }
  }
  fs::remove_all(root);
}

// Where PAY002 trusts a sorter's order and stays silent, the real sorter must keep the Proton
// import above every torch import of its block: settings (force_to_top, force_sort_within_sections,
// and ones aortalint does not model) times Proton and torch import styles.
TEST_CASE("import sorters: where PAY002 trusts a sorter's settings, the real sorter keeps the Proton import first" *
          doctest::skip()) {
  std::string ruff_dir = SortersOrSkip();
  struct Order {
    std::vector<std::string> force_to_top;
    bool within_sections = false;
    std::string first_party;  // known_first_party: not modelled, so PAY002 must not trust the order
  };
  const std::vector<Order> orders = {{},
                                     {{"triton.profiler"}},
                                     {{"triton"}},
                                     {{"triton.profiler"}, true},
                                     {{"triton"}, true},
                                     {{}, true},
                                     {{"triton.profiler", "torch"}},
                                     {{"triton.profiler"}, false, "triton"}};
  const char* protons[] = {"import triton.profiler as proton", "from triton import profiler as proton",
                           "import triton.profiler", "from triton.profiler import scope"};
  const char* below[] = {"import torch",
                         "from torch import nn",
                         "import torch.nn as nn",
                         "import xformers",
                         "from vllm import LLM",
                         "import transformers",
                         "import trl",
                         "from transformers import AutoModel",
                         "import numpy\nimport torch",
                         "import os, torch"};
  const char* prefixes[] = {"", "import os\n"};
  const char* pins[] = {"", "  # isort: skip"};  // isort moves a skipped line below an unpinned one
  fs::path root = TempDir("aortalint-sorter-orders");
  fs::create_directories(root / ".git");
  auto quoted = [](const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& m : items) out += (out.empty() ? "\"" : ", \"") + m + "\"";
    return "[" + out + "]";
  };
  for (size_t o = 0; o < orders.size(); ++o) {
    const Order& order = orders[o];
    std::string isort = "[settings]\nprofile = black\n", ruff = "[lint]\nselect = [\"I\"]\n\n[lint.isort]\n";
    if (!order.force_to_top.empty()) {
      std::string list;
      for (const std::string& m : order.force_to_top) list += (list.empty() ? "" : ",") + m;
      isort += "force_to_top = " + list + "\n";
      ruff += "force-to-top = " + quoted(order.force_to_top) + "\n";
    }
    if (order.within_sections)
      isort += "force_sort_within_sections = true\n", ruff += "force-sort-within-sections = true\n";
    if (!order.first_party.empty())
      isort += "known_first_party = " + order.first_party + "\n",
          ruff += "known-first-party = " + quoted({order.first_party}) + "\n";
    WriteFile(root / std::to_string(o) / "isort" / ".isort.cfg", isort);
    WriteFile(root / std::to_string(o) / "ruff" / "ruff.toml", ruff);
    for (const char* sorter : {"isort", "ruff"})  // each its own project, its configuration at the top
      fs::create_directories(root / std::to_string(o) / sorter / ".git");
    for (const char* sorter : {"isort", "ruff"})
      for (size_t p = 0; p < std::size(protons); ++p)
        for (size_t b = 0; b < std::size(below); ++b)
          for (size_t v = 0; v < 3; ++v)  // bare; after `import os`; pinned after `import os`
            WriteFile(root / std::to_string(o) / sorter /
                          ("p" + std::to_string(p) + "_b" + std::to_string(b) + "_v" + std::to_string(v) + ".py"),
                      std::string(prefixes[v > 0]) + protons[p] + pins[v > 1] + "\n" + below[b] +
                          "\n\n\ndef main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n");
  }
  // What PAY002 says before the sorters run: a file it leaves silent is one it trusts.
  testing::CommandResult lint = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                                         " check . --no-cache --select PAY002 --format json 2>/dev/null");
  std::set<std::string> warned;
  for (const auto& d : nlohmann::json::parse(lint.output)) {
    std::string path = d["path"].get<std::string>();
    warned.insert(path.rfind("./", 0) == 0 ? path.substr(2) : path);
  }
  std::multiset<std::string> before = OrderFindings(root);
  REQUIRE(before.empty());
  for (size_t o = 0; o < orders.size(); ++o) {
    fs::path dir = root / std::to_string(o);
    std::string files;
    for (const fs::path& f : PythonFiles(dir / "isort")) files += " " + f.filename().string();
    REQUIRE(RunShell("cd " + ShellQuote((dir / "isort").string()) + " && isort -q" + files).exit_code == 0);
    nlohmann::json settings = nlohmann::json::object();
    if (!orders[o].force_to_top.empty()) settings["force-to-top"] = orders[o].force_to_top;
    if (orders[o].within_sections) settings["force-sort-within-sections"] = true;
    if (!orders[o].first_party.empty()) settings["known-first-party"] = {orders[o].first_party};
    REQUIRE(RunShell("cd " + ShellQuote((dir / "ruff").string()) + " && node " +
                     ShellQuote((fs::path(AORTALINT_TESTS_DIR) / "sorters" / "ruff_isort.js").string()) + " " +
                     ShellQuote(ruff_dir) + " --isort " + ShellQuote(settings.dump()) + files)
                .exit_code == 0);
  }
  std::set<std::string> moved;
  for (const std::string& f : OrderFindings(root)) moved.insert(f.substr(0, f.find(": ")));
  size_t trusted = 0, needless = 0;
  for (const fs::path& f : PythonFiles(root)) {
    std::string path = fs::relative(f, root).string();
    bool silent = !warned.count(path);
    CHECK_MESSAGE(!(silent && moved.count(path)), path << ": PAY002 was silent, and the sorter moved torch above");
    trusted += silent;
    needless += !silent && !moved.count(path);
  }
  MESSAGE(trusted << " of " << PythonFiles(root).size() << " files trusted to the sorter's order; " << needless
                  << " warned where the sorter kept the order (settings not modelled)");
  CHECK(trusted > 500);
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint
