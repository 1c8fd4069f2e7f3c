// The command line: CLI11 flags -> options -> one call into the driver.
#include <iostream>

#include <CLI/CLI.hpp>

#include "driver/check.h"
#include "driver/docs_command.h"
#include "driver/explain.h"
#include "lsp/server.h"
#include "driver/run.h"
#include "run/run_command.h"

int main(int argc, char** argv) {
  using namespace aortalint;
  CLI::App app{"aortalint: lint aorta profiling recipes and the payloads they launch", "aortalint"};
  app.set_version_flag("--version", std::string("aortalint ") + AORTALINT_VERSION);
  app.require_subcommand(1);

  CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand("check", "lint recipes and payloads (default path: .)");
  check_cmd->add_option("paths", check.paths, "files and directories")->expected(0, -1);
  check_cmd->add_option("--format", check.format, "output format")
      ->check(CLI::IsMember({"text", "concise", "json", "sarif", "github"}));
  check_cmd->add_option("--output,-o", check.output, "write the report to a file");
  check_cmd->add_option("--color", check.color, "colour the text output (NO_COLOR is honoured)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  check_cmd->add_option("--select", check.select, "rule IDs or prefixes to run (replaces the config's)")->delimiter(',');
  check_cmd->add_option("--ignore", check.ignore, "rule IDs or prefixes to skip")->delimiter(',');
  check_cmd->add_option("--fail-level", check.fail_level, "lowest severity that fails the run")
      ->check(CLI::IsMember({"error", "warning", "info"}));
  check_cmd->add_flag("--exit-zero", check.exit_zero, "exit 0 even with findings");
  check_cmd->add_option("--triton", check.triton, "target Triton versions (e.g. 3.7.1,3.8.0)")->delimiter(',');
  std::vector<std::string> collect;
  CLI::Option* collect_opt =
      check_cmd->add_option("--collect", collect, "simulate aorta's --collect override (names)")->delimiter(',');
  check_cmd->add_option("--config", check.config, "use this config file for every file");
  check_cmd->add_flag("--no-config", check.no_config, "ignore .aortalint.yaml files");
  check_cmd->add_flag("--no-cache", check.no_cache, "neither read nor write the result cache ($AORTALINT_CACHE_DIR, default ~/.cache/aortalint)");
  check_cmd->add_flag("--fix", check.fix, "apply safe fixes, re-linting until nothing changes");
  check_cmd->add_flag("--unsafe-fixes", check.unsafe_fixes, "with --fix or --diff: apply unsafe fixes too");
  check_cmd->add_flag("--diff", check.diff, "print the fixes as a unified diff and change nothing (exit 1 if any)");
  check_cmd->add_option("--stdin-filename", check.stdin_filename, "read the file from stdin, linted as if it were this path");
  check_cmd->add_flag("--skip-non-recipes", check.skip_non_recipes,
                     "skip named YAML files that do not look like recipes (for hooks given every changed file)");
  check_cmd->add_option("--jobs,-j", check.jobs, "parallel jobs (default: one per core)")->check(CLI::PositiveNumber);

  CLI::App* rules_cmd = app.add_subcommand("rules", "list every rule");
  std::string docs_dir;
  bool docs_check = false;
  rules_cmd->add_option("--docs", docs_dir, "write docs/rules/<ID>.md pages and the index into this directory");
  rules_cmd->add_flag("--check", docs_check, "with --docs: fail when the pages there are stale");

  ExplainOptions explain;
  CLI::App* explain_cmd =
      app.add_subcommand("explain", "what aorta will do with each cell of a recipe: explain RECIPE [-- COMMAND]");
  explain_cmd->add_option("recipe", explain.recipe, "the recipe")->required();
  explain_cmd->add_option("--triton", explain.triton, "target Triton versions (default: every known one)")->delimiter(',');
  explain_cmd->add_option("--format", explain.format, "output format")->check(CLI::IsMember({"text", "json"}));
  explain_cmd->add_option("--config", explain.config, "use this config file");
  explain_cmd->add_flag("--no-config", explain.no_config, "ignore .aortalint.yaml files");

  std::string rule_id;
  CLI::App* rule_cmd = app.add_subcommand("rule", "explain one rule");
  rule_cmd->add_option("id", rule_id, "the rule ID, e.g. COL003")->required();

  CLI::App* schema_cmd = app.add_subcommand("schema", "print the recipe format's JSON Schema (for YAML language servers)");

  CLI::App* lsp_cmd = app.add_subcommand("lsp", "language server on stdin/stdout");

  // Everything after the first `--` is the launch command, passed through untouched.
  int own_args = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      own_args = i;
      check.command.assign(argv + i + 1, argv + argc);
      break;
    }

  RunOptions run;
  CLI::App* run_cmd = app.add_subcommand("run", "lint a recipe, then capture one trial as aorta would: run --recipe R -- COMMAND");
  run_cmd->add_option("--recipe", run.recipe, "the recipe")->required();
  run_cmd->add_option("--cell", run.cell, "the cell whose collectors to use");
  run_cmd->add_option("--output", run.output, "the trial directory (default ./aortalint-run/<cell>)");
  run_cmd->add_flag("--dry-run", run.dry_run, "print the wrapped command and its environment; run nothing");
  run_cmd->add_option("--config", run.config, "use this config file");
  run_cmd->add_flag("--no-config", run.no_config, "ignore .aortalint.yaml files");

  std::string metrics_dir, metrics_format = "json";
  CLI::App* metrics_cmd = app.add_subcommand("metrics", "parse a capture directory into aorta's metric keys");
  metrics_cmd->add_option("dir", metrics_dir, "the trial or collector directory")->required();
  metrics_cmd->add_option("--format", metrics_format, "output format")->check(CLI::IsMember({"json", "text"}));

  try {
    app.parse(own_args, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitClean : kExitUsage;
  }

  try {
    if (*check_cmd) {
      if (check.paths.empty()) check.paths = {"."};
      if (*collect_opt) check.collect = collect;
      return RunCheck(check, std::cout, std::cerr);
    }
    if (*run_cmd) {
      run.command = check.command;
      return RunRecipe(run, std::cout, std::cerr);
    }
    if (*metrics_cmd)
      return run::MetricsCommand(metrics_dir, metrics_format == "json" ? run::MetricsFormat::kJson : run::MetricsFormat::kText,
                                 std::cout, std::cerr);
    if (*explain_cmd) {
      explain.command = check.command;
      return RunExplain(explain, std::cout, std::cerr);
    }
    if (*rules_cmd) return docs_dir.empty() ? PrintRules(std::cout) : WriteRuleDocs(docs_dir, docs_check, std::cout, std::cerr);
    if (*rule_cmd) return PrintRule(rule_id, std::cout, std::cerr);
    if (*schema_cmd) return PrintRecipeSchema(std::cout);
    if (*lsp_cmd) return lsp::RunLanguageServer();
  } catch (const std::exception& e) {
    std::cerr << "aortalint: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitUsage;
}
