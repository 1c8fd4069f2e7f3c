// The benchmark's floors and per-stage profile, on the files `aortalint
// check` would read (bench/run.sh):
//   aortalint_parse_only [--jobs N] [--floor read|scan|yaml|parse|full] DIR
//     runs one floor over every file, on N threads, and no rule:
//       read   read every recipe and payload;
//       scan   read, and pre-scan every payload (load/python_scan.h);
//       yaml   read, parse every recipe (the PyYAML port builds the tree), pre-scan every payload;
//       parse  yaml, and parse every payload as `check` does (selective);
//       full   yaml, and parse every payload whole (the old floor).
//   aortalint_parse_only --stages DIR
//     one thread: the CPU time of each stage in turn (read, recipe YAML,
//     pre-scan, selective tree-sitter parse, facts, rules over each recipe
//     with the payloads beside it, text output), and the full parse for
//     comparison. `check`'s total less these is discovery, pairing and the cache.
#include <time.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/file_reader.h"
#include "driver/discover.h"
#include "driver/pairing.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/settings.h"
#include "load/payload_loader.h"
#include "load/python_parser.h"
#include "load/python_scan.h"
#include "load/yaml_loader.h"
#include "rules/all_rules.h"

namespace {

double Cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aortalint;
  InstallBuiltinRules();  // the rules stage runs them
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string dir = ".", floor = "full";
  bool stages = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--jobs") && i + 1 < argc)
      jobs = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--floor") && i + 1 < argc)
      floor = argv[++i];
    else if (!std::strcmp(argv[i], "--stages"))
      stages = true;
    else
      dir = argv[i];
  }
  ConfigResolver configs("", true);
  FileSet files = Discover({dir}, configs);
  std::vector<std::string> paths;
  for (const Candidate& c : files.recipes) paths.push_back(c.path);
  size_t recipes = paths.size();
  for (const Candidate& c : files.payloads) paths.push_back(c.path);

  if (stages) {
    double t0 = Cpu();
    std::vector<std::string> texts;
    size_t bytes = 0;
    for (const std::string& p : paths) {
      ReadResult r = ReadTextFile(p);
      bytes += r.text.size();
      texts.push_back(std::move(r.text));
    }
    double t1 = Cpu();
    for (size_t i = 0; i < recipes; ++i) ParseYaml(std::make_shared<SourceFile>(paths[i], texts[i]));
    double t2 = Cpu();
    size_t statements = 0, triggered = 0, gave_up = 0, payload_bytes = 0, parsed_bytes = 0;
    for (size_t i = recipes; i < paths.size(); ++i) {
      PyScan s = ScanPython(texts[i]);
      statements += s.statements.size();
      triggered += s.triggered;
      gave_up += !s.ok;
      payload_bytes += texts[i].size();
      parsed_bytes += s.ok ? s.triggered_bytes : texts[i].size();
    }
    double t3 = Cpu();
    for (size_t i = recipes; i < paths.size(); ++i) ParseStatements(texts[i]);
    double t4 = Cpu();
    for (size_t i = recipes; i < paths.size(); ++i)
      ParsePayload(std::make_shared<SourceFile>(paths[i], texts[i]), nullptr, PayloadParse::kSelective);
    double t5 = Cpu();
    for (size_t i = recipes; i < paths.size(); ++i) ThreadPythonParser().Parse(texts[i]);
    double t6 = Cpu();
    for (size_t i = recipes; i < paths.size(); ++i)
      ParsePayload(std::make_shared<SourceFile>(paths[i], texts[i]), nullptr, PayloadParse::kFull);
    double t7 = Cpu();
    // Rules and output: each recipe with the payloads it runs (as `check` pairs them; loading is not timed).
    std::vector<std::pair<AnalysisUnit, AnalysisSettings>> units;
    AnalysisSettings settings = BuildSettings(SettingsRequest{}, Config{});
    for (size_t i = 0; i < recipes; ++i) {
      auto source = std::make_shared<SourceFile>(paths[i], texts[i]);
      AnalysisUnit unit;
      unit.recipe = ParseYaml(source);
      if (std::optional<Launch> launch = FindLaunch(paths[i], texts[i], {}, Config{})) {
        auto pairing = std::make_shared<Pairing>(std::move(launch->pairing));
        for (const std::string& path : launch->files)
          pairing->payloads.push_back(LoadPayload(path, PayloadParse::kSelective));
        unit.payloads = pairing->payloads;
        unit.pairing = std::move(pairing);
      }
      units.emplace_back(std::move(unit), settings);
    }
    double t8 = Cpu();
    std::vector<Diagnostic> diagnostics;
    for (const auto& [unit, unit_settings] : units) {
      std::vector<Diagnostic> found = Analyze(unit, unit_settings);
      diagnostics.insert(diagnostics.end(), found.begin(), found.end());
    }
    double t9 = Cpu();
    std::ostringstream report;
    EmitText(diagnostics, report, false, false);
    double t10 = Cpu();
    (void)t8;
    double scan = t3 - t2, parse = (t4 - t3) - scan, facts = (t5 - t4) - (t4 - t3);
    std::printf(
        "%zu recipes, %zu payloads, %.1f MB; %zu of %zu top-level statements parsed (%.1f%% of payload bytes), "
        "scanner gave up on %zu payloads\n",
        recipes, paths.size() - recipes, static_cast<double>(bytes) / 1e6, triggered, statements,
        payload_bytes ? 100.0 * static_cast<double>(parsed_bytes) / static_cast<double>(payload_bytes) : 0.0, gave_up);
    std::printf("stage  read                 %7.3f s CPU\n", t1 - t0);
    std::printf("stage  recipes (YAML)       %7.3f s\n", t2 - t1);
    std::printf("stage  scan (pre-scanner)   %7.3f s  (%.0f MB/s)\n", scan,
                static_cast<double>(payload_bytes) / 1e6 / std::max(scan, 1e-9));
    std::printf("stage  parse (selective)    %7.3f s\n", parse);
    std::printf("stage  facts                %7.3f s\n", facts);
    std::printf("stage  rules                %7.3f s  (%zu units, %zu diagnostics)\n", t9 - t8, units.size(),
                diagnostics.size());
    std::printf("stage  emit (text)          %7.3f s  (%zu bytes)\n", t10 - t9, report.str().size());
    std::printf("       full parse instead   %7.3f s  (facts on it: %.3f s)\n", t6 - t5, (t7 - t6) - (t6 - t5));
    return 0;
  }

  std::atomic<size_t> next{0}, done{0};
  auto worker = [&] {
    for (size_t i = next++; i < paths.size(); i = next++) {
      ReadResult r = ReadTextFile(paths[i]);
      if (!r.ok) continue;
      if (floor == "read") {
        done += !r.text.empty();
      } else if (i < recipes) {
        if (floor == "scan") {
          done += !r.text.empty();
          continue;
        }
        YamlDocument doc = ParseYaml(std::make_shared<SourceFile>(paths[i], std::move(r.text)));
        done += doc.ok();
      } else if (floor == "scan" || floor == "yaml") {
        done += ScanPython(r.text).ok;
      } else if (floor == "parse") {
        done += ParseStatements(r.text) != nullptr;
      } else {
        TreePtr tree = ThreadPythonParser().Parse(r.text);
        done += tree != nullptr;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  std::printf("floor %s: %zu of %zu files (%zu recipes)\n", floor.c_str(), done.load(), paths.size(), recipes);
  return 0;
}
