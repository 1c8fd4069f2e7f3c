// A small stand-alone front-end to the runner, for the GPU verification and
// the end-to-end script before src/main.cc wires `aortalint run`.
//   run_driver [--proton k=v,..] [--rocprof k=v,..] [--output DIR]
//              [--timeout S] [--dry-run] [--no-probe] -- COMMAND...
//   run_driver metrics DIR [--json]
#include <iostream>
#include <sstream>
#include <string>

#include "run/run_command.h"

namespace {

using aortalint::run::CollectorOptions;

// "k=v,k=v" merged over `base`.
CollectorOptions ParseOptions(const std::string& spec, CollectorOptions base) {
  std::istringstream parts(spec);
  for (std::string kv; std::getline(parts, kv, ',');) {
    auto eq = kv.find('=');
    if (eq != std::string::npos) base[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return base;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aortalint::run;
  if (argc >= 3 && std::string(argv[1]) == "metrics") {
    bool json = argc >= 4 && std::string(argv[3]) == "--json";
    return MetricsCommand(argv[2], json ? MetricsFormat::kJson : MetricsFormat::kText, std::cout,
                          std::cerr);
  }
  RunRequest req;
  req.output_dir = "aortalint-run";
  int i = 1;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "--proton" && i + 1 < argc) {
      req.proton = ParseOptions(argv[++i], {{"mode", "cli"}, {"backend", "auto"},
                                            {"context", "shadow"}, {"data", "tree"}});
    } else if (a == "--rocprof" && i + 1 < argc) {
      req.rocprof = ParseOptions(argv[++i], {{"trace", "kernel"}, {"output_format", "csv"},
                                             {"stats", "true"}});
    } else if (a == "--output" && i + 1 < argc) {
      req.output_dir = argv[++i];
    } else if (a == "--timeout" && i + 1 < argc) {
      req.timeout_seconds = std::stod(argv[++i]);
    } else if (a == "--dry-run") {
      req.dry_run = true;
    } else if (a == "--no-probe") {
      req.probe_environment = false;
    } else {
      std::cerr << "run_driver: unknown argument " << a << "\n";
      return 2;
    }
  }
  req.argv.assign(argv + i, argv + argc);
  req.recipe = "(run_driver)";
  return RunCapture(req, std::cout, std::cerr);
}
