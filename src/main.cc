// The command line: CLI11 flags -> options -> one call into the driver.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string_view>

#include <CLI/CLI.hpp>

#include "base/edit_distance.h"
#include "driver/cli_reference.h"

#include "driver/check.h"
#include "driver/docs_command.h"
#include "driver/explain.h"
#include "driver/run.h"
#include "engine/cache.h"
#include "load/hip_loader.h"
#include "load/hip_worker.h"
#include "lsp/server.h"
#include "rules/all_rules.h"
#include "run/metrics_view.h"
#include "run/run_command.h"

namespace {

// An option that takes one value per use and may be repeated: the paths after it
// stay paths (`--collect rocprof recipes/a.yaml`, `--mitigations-file s.json r.yaml`).
CLI::Option* AddRepeatable(CLI::App* cmd, const std::string& name, std::vector<std::string>& into,
                           const std::string& help, const std::string& type) {
  return cmd->add_option(name, into, help)
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name(type);
}

// A list option: each value comma-separated (`--select PAY001,COL --select VER`).
CLI::Option* AddList(CLI::App* cmd, const std::string& name, std::vector<std::string>& into, const std::string& help) {
  return AddRepeatable(cmd, name, into, help + " (comma-separated; repeatable)", "LIST");
}

// The aorta version every front end judges against (rules/knowledge/aorta.yaml).
void AddAorta(CLI::App* cmd, std::string& into) {
  cmd->add_option("--aorta", into,
                  "the aorta version to judge against: a commit of aortalint's aorta table (default: the config's "
                  "`aorta:`, else the newest)");
}

// Splits each value on commas, dropping empty items and surrounding blanks.
std::vector<std::string> SplitList(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& value : values) {
    size_t at = 0;
    while (at <= value.size()) {
      size_t comma = value.find(',', at);
      std::string item = value.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      size_t b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
      if (b != std::string::npos) out.push_back(item.substr(b, e - b + 1));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  }
  return out;
}

// --jobs N: a whole number of 1 or more, said plainly when it is not.
const CLI::Validator kJobs(
    [](std::string& value) -> std::string {
      try {
        size_t used = 0;
        long n = std::stol(value, &used);
        if (used == value.size() && n >= 1 && n <= 4096) return "";
      } catch (const std::exception&) {
      }
      return "must be a whole number from 1 to 4096, got '" + value + "' (leave --jobs out for one job per core)";
    },
    "N>=1");

std::string VersionText() {
  return std::string("aortalint ") + AORTALINT_VERSION + "\n  grammar: " + AORTALINT_GRAMMAR_VERSION +
         "\n  yaml: PyYAML 6.0's safe_load, ported\n  build: " + AORTALINT_BUILD_OPTIONS +
         // The HIP line looks for the analyser module on disk (a readlink and a stat), never opens it.
         "\n  " + aortalint::HipSupportSummary();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aortalint;
  // A HIP worker (load/hip_worker.h): this binary started again to parse HIP payloads in a box.
  if (std::optional<int> rc = MaybeRunHipWorker(argc, argv)) return *rc;
  // `--version` alone answers before the command line's parser is built (a start in well under a millisecond).
  if (argc == 2 && (std::string_view(argv[1]) == "--version" || std::string_view(argv[1]) == "-V")) {
    std::fputs((VersionText() + "\n").c_str(), stdout);
    return 0;
  }
  InstallBuiltinRules();
  CLI::App app{"aortalint: lint aorta profiling recipes and the payloads they launch", "aortalint"};
  app.set_version_flag("-V,--version", [] { return VersionText(); });
  app.require_subcommand(0, 1);

  CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand("check", "lint recipes and payloads (default path: .)");
  check_cmd->add_option("paths", check.paths, "files and directories")->expected(0, -1);
  check_cmd->add_option("--output-format,--format", check.format, "output format")
      ->check(CLI::IsMember(
          {"text", "concise", "json", "sarif", "github", "gitlab", "junit", "rdjson", "pylint", "azure"}));
  check_cmd->add_option("--output,-o,--output-file", check.output, "write the report to a file");
  AddRepeatable(check_cmd, "--mitigations-file", check.mitigation_files,
                "aorta's JSON sidecar of ad-hoc mitigations/environments (repeatable): its names count as "
                "declared, as `aorta sweep run --mitigations-file` makes them",
                "PATH");
  check_cmd
      ->add_option("--color", check.color,
                   "colour the text output (NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  std::vector<std::string> select, extend_select, ignore, triton, collect;
  AddList(check_cmd, "--select", select, "rule IDs or prefixes to run, replacing the config's");
  AddList(check_cmd, "--extend-select", extend_select, "rule IDs or prefixes to run besides the config's");
  AddList(check_cmd, "--ignore,--extend-ignore", ignore, "rule IDs or prefixes to skip, besides the config's");
  std::vector<std::string> unfixable, extend_exclude;
  AddList(check_cmd, "--unfixable", unfixable, "rule IDs or prefixes whose fixes are never applied");
  AddList(check_cmd, "--extend-exclude,--exclude", extend_exclude,
          "globs of files and directories to skip, relative to the working directory, besides the config's "
          "`exclude:` (which --exclude adds to as well)");
  check_cmd->add_flag("--ignore-noqa", check.request.ignore_suppressions,
                      "report findings that suppression comments silence");
  check_cmd->add_option("--fail-level", check.fail_level, "lowest severity that fails the run")
      ->check(CLI::IsMember({"error", "warning", "info"}));
  check_cmd->add_flag("--exit-zero", check.exit_zero, "exit 0 even with findings");
  check_cmd->add_flag("--exit-non-zero-on-fix", check.exit_non_zero_on_fix,
                      "with --fix: exit 1 when a file was fixed, even if nothing is left to report");
  AddList(check_cmd, "--triton", triton, "target Triton versions (e.g. 3.7.1,3.8.0)");
  AddAorta(check_cmd, check.request.aorta);
  CLI::Option* collect_opt =
      AddList(check_cmd, "--collect", collect, "simulate aorta's --collect override (collector names)");
  check_cmd->add_flag("-q,--quiet", check.quiet, "print the findings only: no summary, no warnings");
  check_cmd->add_flag("--statistics", check.statistics, "print a count per rule instead of the findings");
  check_cmd->add_flag("--show-fixes", check.show_fixes, "list the fixes applied (with --fix) or available");
  check_cmd->add_flag("-v,--verbose", check.verbose,
                      "say how many files were linted, what the cache served, and why a Python file importing Proton "
                      "got no payload rules, on stderr");
  check_cmd
      ->add_option("--show-settings", check.show_settings, "print the settings that apply to this file, lint nothing")
      ->type_name("PATH");
  check_cmd->add_flag("--show-files", check.show_files, "list the files that would be linted, lint nothing");
  bool no_respect_gitignore = false;
  check_cmd->add_flag("--no-respect-gitignore", no_respect_gitignore,
                      "walk into what git ignores too: .gitignore, .git/info/exclude, the global excludes (named files "
                      "are always linted)");
  check_cmd->add_option("--config", check.config, "use this config file for every file")
      ->excludes(check_cmd->add_flag("--no-config,--isolated", check.no_config,
                                     "ignore config files (.aortalint.yaml and its siblings)"));
  check_cmd->add_flag("--no-cache", check.no_cache,
                      "neither read nor write the result cache ($AORTALINT_CACHE_DIR, default ~/.cache/aortalint)");
  std::string cache_dir;
  check_cmd->add_option("--cache-dir", cache_dir, "keep the result cache here (as $AORTALINT_CACHE_DIR does)")
      ->type_name("DIR");
  check_cmd->add_flag("--fix", check.fix, "apply safe fixes, re-linting until nothing changes");
  check_cmd->add_flag("--unsafe-fixes", check.unsafe_fixes, "with --fix or --diff: apply unsafe fixes too");
  check_cmd->add_flag("--diff", check.diff, "print the fixes as a unified diff and change nothing (exit 1 if any)");
  check_cmd->add_flag("--add-noqa", check.add_noqa,
                      "suppress each finding where it is with a `# aortalint: ignore[ID]` comment (with --diff: show "
                      "them)");
  CLI::Option* stdin_opt = check_cmd->add_option("--stdin-filename", check.stdin_filename,
                                                 "read the file from stdin, linted as if it were this path");
  check_cmd->add_flag("--skip-non-recipes", check.skip_non_recipes,
                      "skip named YAML files that do not look like recipes (for hooks given every changed file)");
  check_cmd->add_flag("--full-parse", check.full_parse,
                      "parse every payload whole, not only the statements rules read (slower; finds syntax "
                      "errors everywhere)");
  check_cmd->add_option("--jobs,-j", check.jobs, "parallel jobs (default: one per core)")->check(kJobs);

  CLI::App* rules_cmd = app.add_subcommand("rules", "list every rule");
  std::string docs_dir, rules_format = "text";
  bool docs_check = false;
  std::vector<std::string> rules_selectors;
  rules_cmd->add_option("selectors", rules_selectors, "only these rule IDs or prefixes (PAY, COL003)")->expected(0, -1);
  rules_cmd->add_option("--output-format,--format", rules_format, "text: a table; json: one object per rule")
      ->check(CLI::IsMember({"text", "json"}));
  CLI::Option* docs_opt =
      rules_cmd->add_option("--docs", docs_dir, "write docs/rules/<ID>.md pages and the index into this directory");
  rules_cmd->add_flag("--check", docs_check, "with --docs: fail when the pages there are stale")->needs(docs_opt);

  ExplainOptions explain;
  CLI::App* explain_cmd =
      app.add_subcommand("explain", "what aorta will do with each cell of a recipe: explain RECIPE [-- COMMAND]");
  explain_cmd->add_option("recipe", explain.recipe, "the recipe")->required();
  std::vector<std::string> explain_triton;
  AddList(explain_cmd, "--triton", explain_triton, "target Triton versions (default: every known one)");
  AddAorta(explain_cmd, explain.aorta);
  explain_cmd->add_option("--format", explain.format, "output format")->check(CLI::IsMember({"text", "json"}));
  explain_cmd->add_option("--config", explain.config, "use this config file")
      ->excludes(explain_cmd->add_flag("--no-config", explain.no_config, "ignore .aortalint.yaml files"));

  std::string rule_id;
  CLI::App* rule_cmd = app.add_subcommand("rule", "explain one rule");
  rule_cmd->add_option("id", rule_id, "the rule ID, e.g. COL003")->required();

  CLI::App* schema_cmd =
      app.add_subcommand("schema", "print the recipe format's JSON Schema (for YAML language servers)");

  lsp::LaunchOptions lsp_options;
  CLI::App* lsp_cmd = app.add_subcommand("lsp", "language server on stdin/stdout");
  bool lsp_stdio = true;
  lsp_cmd->add_flag("--stdio", lsp_stdio, "talk on stdin/stdout (the default and only transport; editors pass it)");
  lsp_cmd->add_option("--log", lsp_options.log_file, "append a trace of every message to this file")->type_name("FILE");
  // vscode-languageclient may add the editor's pid; the server ends on `exit` or end of input either way.
  int client_pid = 0;
  lsp_cmd->add_option("--clientProcessId", client_pid, "the editor's process ID (accepted, not used)")->group("");

  std::vector<std::string> help_topic;
  CLI::App* help_cmd = app.add_subcommand("help", "show the help of aortalint or of one command: help [COMMAND]");
  help_cmd->add_option("command", help_topic, "the command")->expected(0, 1);

  // For the build: aortalint(1) and the shell completions, from this very command line.
  std::string generate_what;
  CLI::App* generate_cmd = app.add_subcommand("generate", "print the man page or a shell completion script");
  generate_cmd->group("");  // hidden: the build runs it, users get the installed files
  generate_cmd->add_option("what", generate_what, "man, bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"man", "bash", "zsh", "fish"}));

  CLI::App* version_cmd = app.add_subcommand("version", "print the version, as --version does");

  CLI::App* clean_cmd =
      app.add_subcommand("clean", "remove the result cache ($AORTALINT_CACHE_DIR, default ~/.cache/aortalint)");

  // Everything after the first `--` is the launch command, passed through untouched.
  int own_args = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      own_args = i;
      check.command.assign(argv + i + 1, argv + argc);
      break;
    }

  RunOptions run;
  CLI::App* run_cmd =
      app.add_subcommand("run", "lint a recipe, then capture one trial as aorta would: run --recipe R -- COMMAND");
  run_cmd->add_option("--recipe", run.recipe, "the recipe")->required();
  run_cmd->add_option("--cell", run.cell, "the cell whose collectors to use");
  AddAorta(run_cmd, run.aorta);
  run_cmd->add_option("--output", run.output, "the trial directory (default ./aortalint-run/<cell>)");
  run_cmd->add_flag(
      "--force", run.force,
      "write into a non-empty --output that is not a previous trial (its proton/ and rocprof/ are emptied)");
  run_cmd->add_flag("--dry-run", run.dry_run, "print the wrapped command and its environment; run nothing");
  run_cmd->add_option("--config", run.config, "use this config file")
      ->excludes(run_cmd->add_flag("--no-config", run.no_config, "ignore .aortalint.yaml files"));

  std::vector<std::string> metrics_dirs;
  std::string metrics_format = "text";
  CLI::App* metrics_cmd = app.add_subcommand("metrics",
                                             "a capture's kernels as a ranked table (aorta's metric keys with --format "
                                             "json); two captures: compared kernel by kernel");
  metrics_cmd->add_option("dirs", metrics_dirs, "the trial or collector directory; a second one to compare with")
      ->required()
      ->expected(1, 2);
  metrics_cmd
      ->add_option("--format", metrics_format, "text: a table for people; json: aorta's keys plus aortalint_* keys")
      ->check(CLI::IsMember({"json", "text"}));
  bool metrics_verbose = false;
  metrics_cmd->add_flag("-v,--verbose", metrics_verbose, "also name the symbolic links in the capture left unread");

  // The subcommand, checked before CLI11 sees it: a typo gets the nearest name,
  // not "A subcommand is required".
  std::vector<std::string> names, shown;
  for (const CLI::App* sub : app.get_subcommands({})) {
    names.push_back(sub->get_name());
    if (!sub->get_group().empty()) shown.push_back(sub->get_name());
  }
  auto unknown_command = [&](const std::string& word) {
    std::cerr << "aortalint: unknown command '" << word << "'";
    if (std::optional<std::string> near = Suggest(word, shown)) std::cerr << "; did you mean '" << *near << "'?";
    std::cerr << " (commands: ";
    for (size_t i = 0; i < shown.size(); ++i) std::cerr << (i ? ", " : "") << shown[i];
    std::cerr << "; `aortalint help COMMAND` for one)\n";
    return kExitUsage;
  };
  for (int i = 1; i < own_args; ++i) {
    std::string_view word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    if (std::find(names.begin(), names.end(), word) == names.end()) return unknown_command(std::string(word));
    break;
  }

  try {
    app.parse(own_args, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitClean : kExitUsage;
  }
  if (app.get_subcommands().empty()) {
    std::cerr << app.help();
    return kExitUsage;
  }
  if (*generate_cmd) {
    std::cout << (generate_what == "man" ? ManPage(app) : Completion(app, generate_what));
    return kExitClean;
  }
  if (*help_cmd) {
    // App::help() would show the help of `help` itself, the subcommand parsed: ask the formatter.
    if (help_topic.empty()) {
      std::cout << app.get_formatter()->make_help(&app, "aortalint", CLI::AppFormatMode::Normal);
      return kExitClean;
    }
    if (std::find(names.begin(), names.end(), help_topic[0]) == names.end()) return unknown_command(help_topic[0]);
    CLI::App* topic = app.get_subcommand(help_topic[0]);
    std::cout << topic->get_formatter()->make_help(topic, "aortalint " + help_topic[0], CLI::AppFormatMode::Normal);
    return kExitClean;
  }

  // Every report goes to stdout: one that could not be written (a full disk,
  // /dev/full, a closed pipe) is an error, not a silent success.
  auto flushed = [](int rc) {
    errno = 0;
    if (std::cout.flush()) return rc;
    std::cerr << "aortalint: cannot write to standard output"
              << (errno ? std::string(" (") + std::strerror(errno) + ")" : "") << "\n";
    return static_cast<int>(kExitUsage);
  };
  try {
    if (*version_cmd) {
      std::cout << VersionText() << "\n";
      return flushed(kExitClean);
    }
    if (*clean_cmd) return flushed(ResultCache::Clean(ResultCache::DefaultDir(), std::cout, std::cerr));
    if (*check_cmd) {
      if (*stdin_opt && check.stdin_filename.empty()) {
        // An editor's untitled buffer: linting "." instead, or printing nothing back for --fix, loses work.
        std::cerr << "aortalint: --stdin-filename is empty; give the path the text stands for (a recipe .yaml or a "
                     "payload .py), so aortalint knows how to read it\n";
        return kExitUsage;
      }
      check.respect_gitignore = !no_respect_gitignore;
      check.request.select = SplitList(select);
      check.request.extend_select = SplitList(extend_select);
      check.request.ignore = SplitList(ignore);
      check.request.unfixable = SplitList(unfixable);
      check.extend_exclude = SplitList(extend_exclude);
      // The cache's directory is the process's ($AORTALINT_CACHE_DIR): every reader of it sees the flag.
      if (!cache_dir.empty()) setenv("AORTALINT_CACHE_DIR", cache_dir.c_str(), 1);
      if (!check.config.empty() && check.config.find('=') != std::string::npos &&
          !std::filesystem::exists(check.config)) {
        std::cerr << "aortalint: --config takes a config file, and '" << check.config
                  << "' is none; settings on the command line are flags (--select, --ignore, --triton, ...) or go "
                     "in .aortalint.yaml\n";
        return kExitUsage;
      }
      check.request.triton = SplitList(triton);
      if (*collect_opt) check.request.collect = SplitList(collect);
      check.exit_after = true;
      return RunCheck(check, std::cout, std::cerr);  // checks its own report was written
    }
    if (*run_cmd) {
      run.command = check.command;
      return RunRecipe(run, std::cout, std::cerr);
    }
    if (*metrics_cmd) {
      std::vector<std::filesystem::path> dirs(metrics_dirs.begin(), metrics_dirs.end());
      return flushed(run::MetricsMain(dirs, metrics_format == "json", metrics_verbose, std::cout, std::cerr));
    }
    if (*explain_cmd) {
      explain.command = check.command;
      explain.triton = SplitList(explain_triton);
      return flushed(RunExplain(explain, std::cout, std::cerr));
    }
    if (*rules_cmd)
      return flushed(docs_dir.empty()
                         ? PrintRules(SplitList(rules_selectors), rules_format == "json", std::cout, std::cerr)
                         : WriteRuleDocs(docs_dir, docs_check, std::cout, std::cerr));
    if (*rule_cmd) return flushed(PrintRule(rule_id, std::cout, std::cerr));
    if (*schema_cmd) return flushed(PrintRecipeSchema(std::cout));
    if (*lsp_cmd) return lsp::RunLanguageServer(lsp_options);
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the user gave that the system refuses (rules --docs /proc/x): their environment, not a bug.
    std::cerr << "aortalint: " << e.code().message() << ": '" << e.path1().string()
              << "'; check the path and its permissions\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "aortalint: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitUsage;
}
