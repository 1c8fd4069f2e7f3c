#include "driver/cli_reference.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "base/strings.h"
#include "engine/rule.h"

namespace aortalint {
namespace {

// roff: a leading dot or quote is a request; backslashes and hyphens are escaped.
std::string Roff(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

// Visible subcommands, in the order they were declared (hidden ones have an empty group).
std::vector<const CLI::App*> Commands(const CLI::App& app) {
  std::vector<const CLI::App*> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
    out.push_back(sub);
  return out;
}

// Long and short names of the options a command takes (positionals and help left out).
std::vector<const CLI::Option*> Options(const CLI::App& cmd) {
  std::vector<const CLI::Option*> out;
  for (const CLI::Option* o : cmd.get_options())
    if ((!o->get_lnames().empty() || !o->get_snames().empty()) && !o->get_group().empty())
      if (o->get_name() != "--help") out.push_back(o);
  return out;
}

std::vector<std::string> Flags(const CLI::Option& o) {
  std::vector<std::string> out;
  for (const std::string& s : o.get_snames()) out.push_back("-" + s);
  for (const std::string& l : o.get_lnames()) out.push_back("--" + l);
  return out;
}

bool TakesValue(const CLI::Option& o) { return o.get_items_expected_max() != 0; }

// The values an enumerated option takes: CLI::IsMember adds `:{a,b,c}` to the type's name.
std::vector<std::string> Choices(const CLI::Option& o) {
  std::string type = o.get_type_name();
  size_t open = type.find(":{"), close = type.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::vector<std::string> out;
  for (size_t at = open + 2, comma; at <= close; at = comma + 1) {
    comma = std::min(type.find(',', at), close);
    out.push_back(type.substr(at, comma - at));
  }
  return out;
}

// What completes an option's value: its choices, rule IDs for a selector list, or files.
enum class ValueKind { kChoices, kRules, kFiles, kFree };
ValueKind KindOfValue(const CLI::Option& o) {
  if (!Choices(o).empty()) return ValueKind::kChoices;
  std::string type = o.get_type_name();
  if (type == "LIST" && o.get_name() != "--triton" && o.get_name() != "--collect" && o.get_name() != "--extend-exclude")
    return ValueKind::kRules;
  if (type == "PATH" || type == "FILE" || type == "DIR" || type == "TEXT") return ValueKind::kFiles;
  return ValueKind::kFree;
}

std::string RuleIds() {
  std::vector<std::string> ids;
  for (const RuleMeta* m : AllRuleMetas()) ids.emplace_back(m->id);
  return Join(ids, " ");
}

// Single-quoted for sh/fish.
std::string Quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string ManPage(const CLI::App& app) {
  std::string out;
  out += fmt::format(".TH AORTALINT 1 \"\" \"aortalint {}\" \"User Commands\"\n", AORTALINT_VERSION);
  out += ".SH NAME\naortalint \\- lint aorta profiling recipes and the payloads they launch\n";
  out += ".SH SYNOPSIS\n";
  for (const CLI::App* cmd : Commands(app))
    out += fmt::format(".B aortalint {}\n[\\fIOPTIONS\\fR]{}\n.br\n", cmd->get_name(),
                       cmd->get_name() == "check" ? " [\\fIPATH\\fR...] [\\fB\\-\\-\\fR \\fICOMMAND\\fR...]" : "");
  out += ".SH DESCRIPTION\n" + Roff(app.get_description()) +
         ".\n"
         "aortalint checks aorta recipes (YAML) and the Python payloads they launch before a GPU run: "
         "as a pre-commit hook, a CI gate, in an editor through its language server, and by hand.\n";
  out += ".SH COMMANDS\n";
  for (const CLI::App* cmd : Commands(app)) {
    out += fmt::format(".SS aortalint {}\n{}\n", cmd->get_name(), Roff(cmd->get_description()));
    for (const CLI::Option* o : Options(*cmd)) {
      std::vector<std::string> flags = Flags(*o);
      std::string value =
          TakesValue(*o) ? " \\fI" + Roff(o->get_type_name().empty() ? "VALUE" : o->get_type_name()) + "\\fR" : "";
      std::vector<std::string> bold;
      for (const std::string& f : flags) bold.push_back("\\fB" + Roff(f) + "\\fR");
      out += fmt::format(".TP\n{}{}\n{}\n", Join(bold, ", "), value, Roff(o->get_description()));
    }
  }
  out +=
      ".SH EXIT STATUS\n.TP\n0\nnothing at or above the fail level was found\n"
      ".TP\n1\nfindings at or above the fail level (\\fB\\-\\-fail\\-level\\fR, default error)\n"
      ".TP\n2\na usage or configuration error\n.TP\n3\nan internal error\n";
  out +=
      ".SH CONFIGURATION\n"
      "The nearest of \\fI.aortalint.yaml\\fR, \\fI.aortalint.yml\\fR, \\fIaortalint.yaml\\fR or "
      "\\fIaortalint.yml\\fR above each file applies to it: select, extend\\-select, ignore, extend\\-ignore, "
      "per\\-file\\-ignores, severity, triton, mitigations, environments, exclude, pairs, extends, "
      "allow\\-suppressions, knowledge. \\fBaortalint check \\-\\-show\\-settings\\fR \\fIPATH\\fR prints what "
      "applies to a file.\n";
  out +=
      ".SH ENVIRONMENT\n"
      ".TP\nNO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, TERM\ncolour of the text output with \\fB\\-\\-color auto\\fR\n"
      ".TP\nAORTALINT_CACHE_DIR\nwhere the result cache lives (default \\fI~/.cache/aortalint\\fR)\n"
      ".TP\nAORTALINT_DOCS_URL\nwhere the rule pages are published, for links in SARIF and JSON\n";
  out += ".SH RULES\n";
  for (const RuleMeta* m : AllRuleMetas())
    out +=
        fmt::format(".TP\n\\fB{}\\fR {} ({})\n{}\n", m->id, Roff(m->slug), SeverityName(m->severity), Roff(m->summary));
  out +=
      ".SH SEE ALSO\n\\fBaortalint rule\\fR \\fIID\\fR prints a rule's page; the pages are installed under "
      "\\fI/usr/share/doc/aortalint/docs/rules/\\fR.\n";
  return out;
}

std::string Completion(const CLI::App& app, std::string_view shell) {
  std::vector<std::string> names;
  for (const CLI::App* cmd : Commands(app)) names.push_back(cmd->get_name());
  // The words an option's value completes to, for bash and fish (empty: files or nothing).
  auto words = [](const CLI::Option& o) {
    return KindOfValue(o) == ValueKind::kChoices ? Join(Choices(o), " ")
           : KindOfValue(o) == ValueKind::kRules ? RuleIds()
                                                 : std::string();
  };
  if (shell == "bash") {
    std::string out =
        "# bash completion for aortalint (generated by `aortalint generate bash`)\n_aortalint() {\n"
        "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=\"\" i\n"
        "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
        "    case ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac\n  done\n"
        "  if [[ -z $cmd ]]; then\n    COMPREPLY=($(compgen -W \"" +
        Join(names, " ") + " --help --version\" -- \"$cur\"))\n    return\n  fi\n";
    // An option's value first: its choices, rule IDs, files, or nothing to offer.
    std::string values;
    for (const CLI::App* cmd : Commands(app))
      for (const CLI::Option* o : Options(*cmd)) {
        if (!TakesValue(*o)) continue;
        std::vector<std::string> keys;
        for (const std::string& f : Flags(*o)) keys.push_back("\"" + cmd->get_name() + " " + f + "\"");
        std::string reply = !words(*o).empty() ? "COMPREPLY=($(compgen -W \"" + words(*o) + "\" -- \"$cur\"))"
                            : KindOfValue(*o) == ValueKind::kFiles ? "COMPREPLY=($(compgen -f -- \"$cur\"))"
                                                                   : "COMPREPLY=()";
        values += fmt::format("    {}) {}; return ;;\n", Join(keys, "|"), reply);
      }
    out += "  case \"$cmd $prev\" in\n" + values + "  esac\n  case $cmd in\n";
    for (const CLI::App* cmd : Commands(app)) {
      std::vector<std::string> flags;
      for (const CLI::Option* o : Options(*cmd))
        for (const std::string& f : Flags(*o)) flags.push_back(f);
      flags.push_back("--help");
      std::string operands = cmd->get_name() == "rule" || cmd->get_name() == "rules" ? RuleIds() : "";
      out += fmt::format(
          "    {}) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); "
          "else COMPREPLY=($(compgen -f -W \"{}\" -- \"$cur\")); fi ;;\n",
          cmd->get_name(), Join(flags, " "), operands);
    }
    out += "  esac\n}\ncomplete -o filenames -o bashdefault -F _aortalint aortalint\n";
    return out;
  }
  if (shell == "zsh") {
    std::string out =
        "#compdef aortalint\n# zsh completion for aortalint (generated by `aortalint generate zsh`)\n"
        "_aortalint() {\n  local -a commands\n  commands=(\n";
    for (const CLI::App* cmd : Commands(app))
      out += "    " + Quote(cmd->get_name() + ":" + cmd->get_description()) + "\n";
    out +=
        "  )\n  if (( CURRENT == 2 )); then\n    _describe command commands\n    return\n  fi\n"
        "  case ${words[2]} in\n";
    for (const CLI::App* cmd : Commands(app)) {
      out += "    " + cmd->get_name() + ") _arguments";
      for (const CLI::Option* o : Options(*cmd)) {
        std::string desc = o->get_description();
        for (char& c : desc)
          if (c == '[' || c == ']' || c == ':') c = ' ';
        std::string value;
        if (TakesValue(*o))
          value = KindOfValue(*o) == ValueKind::kFiles ? ":file:_files"
                  : words(*o).empty()                  ? ":value: "
                                                       : ":value:(" + words(*o) + ")";
        for (const std::string& f : Flags(*o)) out += " " + Quote(f + "[" + desc + "]" + value);
      }
      out += " '*:file:_files' ;;\n";
    }
    out += "  esac\n}\n_aortalint \"$@\"\n";
    return out;
  }
  if (shell == "fish") {
    std::string out =
        "# fish completion for aortalint (generated by `aortalint generate fish`)\n"
        "complete -c aortalint -f\n";
    for (const CLI::App* cmd : Commands(app))
      out += fmt::format("complete -c aortalint -n __fish_use_subcommand -a {} -d {}\n", cmd->get_name(),
                         Quote(cmd->get_description()));
    for (const CLI::App* cmd : Commands(app)) {
      out += fmt::format("complete -c aortalint -n '__fish_seen_subcommand_from {}' -F\n", cmd->get_name());
      for (const CLI::Option* o : Options(*cmd)) {
        std::string line = fmt::format("complete -c aortalint -n '__fish_seen_subcommand_from {}'", cmd->get_name());
        for (const std::string& s : o->get_snames()) line += " -s " + s;
        for (const std::string& l : o->get_lnames()) line += " -l " + l;
        // -r: takes a value; -F: files; -x: a value that is not a file (the words after -a, or none).
        if (TakesValue(*o))
          line += KindOfValue(*o) == ValueKind::kFiles ? " -r -F"
                  : words(*o).empty()                  ? " -x"
                                                       : " -x -a " + Quote(words(*o));
        out += line + " -d " + Quote(o->get_description()) + "\n";
      }
    }
    return out;
  }
  return "";
}

}  // namespace aortalint
