#include "model/sweep_run.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "base/edit_distance.h"
#include "base/strings.h"

namespace aortalint::sweep {
namespace {

bool ParsesAs(Takes takes, const std::string& value) {
  if (value.empty()) return false;
  errno = 0;
  char* end = nullptr;
  if (takes == Takes::kInt)
    std::strtoll(value.c_str(), &end, 10);
  else
    std::strtod(value.c_str(), &end);
  return errno == 0 && end && *end == '\0';
}

std::string OptionHelp(std::string_view word) {
  std::vector<std::string_view> names;
  for (const Option& o : kOptions) names.push_back(o.name);
  return DidYouMeanOr(word, names, "remove it, or put the command after ' -- '");
}

// The accepted values of a kChoice option.
std::vector<std::string> Choices(std::string_view list) {
  std::vector<std::string> out;
  for (size_t at = 0; at <= list.size();) {
    size_t comma = std::min(list.find(',', at), list.size());
    out.emplace_back(list.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

// A value as the option's type reads it; the refusal when it does not.
void CheckValue(const Given& g, std::vector<Refusal>& out) {
  const Option& o = *g.option;
  std::string name(o.name);
  if (o.flag_shaped_refused && g.value.starts_with("-")) {
    out.push_back({g.word,
                   "aorta sweep run refuses " + name + " '" + g.value +
                       "': a value that starts with '-' is an option whose value was left out",
                   "give " + name + " its value"});
    return;
  }
  if ((o.takes == Takes::kInt || o.takes == Takes::kFloat) && !ParsesAs(o.takes, g.value))
    out.push_back({g.word,
                   "aorta sweep run refuses " + name + " '" + g.value + "': it takes " +
                       (o.takes == Takes::kInt ? "an integer" : "a number"),
                   "give " + name + " a number"});
  if (o.takes == Takes::kChoice) {
    std::vector<std::string> choices = Choices(o.choices);
    if (std::find(choices.begin(), choices.end(), g.value) == choices.end())
      out.push_back({g.word,
                     "aorta sweep run refuses " + name + " '" + g.value + "': it takes one of " + Join(choices, ", "),
                     "use one of " + Join(choices, ", ")});
  }
}

// The options given that `pred` picks, as "--a, --b".
template <typename Pred>
std::vector<const Given*> Picked(const Parsed& parsed, Pred pred) {
  std::vector<const Given*> out;
  for (const Given& g : parsed.given)
    if (pred(*g.option)) out.push_back(&g);
  return out;
}

std::string Names(const std::vector<const Given*>& given) {
  std::vector<std::string> names;
  for (const Given* g : given) names.emplace_back(g->option->name);
  return Join(names, ", ");
}

}  // namespace

const Option* FindOption(std::string_view name) {
  for (const Option& o : kOptions)
    if (o.name == name || (!o.alias.empty() && o.alias == name)) return &o;
  return nullptr;
}

const Given* Parsed::Find(std::string_view name) const {
  for (const Given& g : given)
    if (g.option->name == name) return &g;
  return nullptr;
}

Parsed Parse(const std::vector<std::string>& words) {
  Parsed parsed;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() < 2 || word[0] != '-') {
      // aorta asks for `--` before a command so that a stray word never becomes one.
      parsed.refusals.push_back({word,
                                 "aorta sweep run refuses '" + word +
                                     "' before ' -- ': a command must follow a "
                                     "literal '--'",
                                 "put ' -- ' before the command, or remove the word"});
      continue;
    }
    if (word.find_first_not_of('v', 1) == std::string::npos) {  // -v, -vv: the verbosity count
      parsed.given.push_back({FindOption("--verbose"), "", word});
      continue;
    }
    size_t eq = word.starts_with("--") ? word.find('=') : std::string::npos;
    std::string name = word.substr(0, eq);
    const Option* option = FindOption(name);
    if (!option) {
      parsed.refusals.push_back(
          {word,
           "aorta sweep run has no option '" + name + "': aorta passes it on as the first word of the command it runs",
           OptionHelp(name)});
      if (eq == std::string::npos && i + 1 < words.size() && !words[i + 1].starts_with("-")) ++i;  // its value
      continue;
    }
    Given g{option, "", word};
    if (option->takes != Takes::kNothing) {
      if (eq != std::string::npos) {
        g.value = word.substr(eq + 1);
      } else if (i + 1 < words.size()) {
        g.value = words[++i];
      } else {
        parsed.refusals.push_back(
            {word, "aorta sweep run refuses " + name + " without a value", "give " + name + " its value"});
        continue;
      }
      CheckValue(g, parsed.refusals);
    }
    parsed.given.push_back(std::move(g));
  }
  return parsed;
}

std::vector<Refusal> FlowRefusals(const Parsed& parsed, bool has_command, RecipeFlow mode) {
  std::vector<Refusal> out;
  if (mode == RecipeFlow::kProbe && !has_command)
    out.push_back({"", "aorta sweep run refuses a 'mode: probe' recipe without a command after ' -- '",
                   "add ' -- <the command to run>' to the header command"});
  if (mode == RecipeFlow::kTriage && has_command)
    out.push_back({"",
                   "aorta sweep run refuses a command after ' -- ' for a triage recipe, which runs its built-in "
                   "workload",
                   "drop the command, or set 'mode: probe' in the recipe"});
  bool probe = has_command || mode == RecipeFlow::kProbe;
  const Given* recipe = parsed.Find("--recipe");
  if (probe) {
    for (const Given& g : parsed.given) {
      // `--collect ''` names no collector: aorta lets it pass.
      if (g.option->only != Flow::kWorkload ||
          (g.option->name == "--collect" && g.value.find_first_not_of(", ") == std::string::npos))
        continue;
      out.push_back({g.word,
                     "aorta sweep run refuses " + std::string(g.option->name) +
                         " in the probe flow (a 'mode: probe' recipe, or a command after ' -- '): it applies "
                         "to the workload flow only",
                     "remove " + std::string(g.option->name) + " from the header command"});
    }
    if (!recipe && parsed.refusals.empty())  // a misspelt --recipe is reported already
      out.push_back({"", "aorta sweep run refuses a probe run without --recipe", "add --recipe <this recipe>"});
    return out;
  }
  for (const Given* g : Picked(parsed, [](const Option& o) { return o.only == Flow::kProbe; }))
    out.push_back({g->word,
                   "aorta sweep run refuses " + std::string(g->option->name) +
                       " in the workload flow (a triage recipe without a command): it applies to the probe "
                       "flow only",
                   "remove " + std::string(g->option->name) + " from the header command"});
  if (recipe) {
    std::vector<const Given*> clash = Picked(parsed, [](const Option& o) { return o.not_with_recipe; });
    if (!clash.empty())
      out.push_back({clash.front()->word,
                     "aorta sweep run refuses " + Names(clash) +
                         " beside --recipe in the workload flow: a triage recipe carries these itself",
                     "remove " + Names(clash) + ", or set the value in the recipe ('ticket:', 'confound:')"});
  }
  return out;
}

}  // namespace aortalint::sweep
