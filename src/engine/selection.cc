#include "engine/selection.h"

#include "base/edit_distance.h"
#include "engine/config.h"
#include "engine/rule.h"
#include "engine/suppression.h"

namespace aortalint {

bool SelectorMatches(std::string_view selector, std::string_view id) {
  return selector == "ALL" || (!selector.empty() && id.substr(0, selector.size()) == selector);
}

std::string NormalizeSelector(std::string_view selector) {
  std::string out(selector);
  size_t begin = out.find_first_not_of(" \t"), end = out.find_last_not_of(" \t");
  out = begin == std::string::npos ? "" : out.substr(begin, end - begin + 1);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::optional<UnknownSelector> CheckSelector(std::string_view selector) {
  if (selector == "ALL") return std::nullopt;
  std::vector<std::string> ids;
  bool family_built = false;
  for (const RuleMeta* m : AllRuleMetas()) {
    if (SelectorMatches(selector, m->id)) return std::nullopt;
    family_built |= m->id.substr(0, 3) == selector.substr(0, 3);
    ids.emplace_back(m->id);
  }
  if (!family_built && IsCodePrefix(selector)) return std::nullopt;  // a family this build lacks
  return UnknownSelector{Suggest(selector, ids)};
}

RuleSelection::RuleSelection(const Config& config, const std::vector<std::string>& cli_select,
                             const std::vector<std::string>& cli_ignore)
    : select_(cli_select.empty() ? config.select : cli_select), ignore_(config.ignore), severity_(config.severity) {
  ignore_.insert(ignore_.end(), cli_ignore.begin(), cli_ignore.end());
}

bool RuleSelection::Enabled(std::string_view id) const {
  // The longest matching selector wins, as in ruff: `select: [PAY], ignore: [PAY0]`.
  size_t best_select = 0, best_ignore = 0;
  bool selected = false, ignored = false;
  for (const std::string& s : select_)
    if (SelectorMatches(s, id) && (!selected || s.size() >= best_select)) {
      selected = true;
      best_select = s == "ALL" ? 0 : s.size();
    }
  for (const std::string& s : ignore_)
    if (SelectorMatches(s, id) && (!ignored || s.size() >= best_ignore)) {
      ignored = true;
      best_ignore = s == "ALL" ? 0 : s.size();
    }
  if (!selected) return false;
  return !ignored || best_ignore < best_select;
}

std::optional<Severity> RuleSelection::SeverityOf(std::string_view id, Severity default_severity) const {
  size_t best = 0;
  std::string level;
  for (const auto& [selector, value] : severity_)
    if (SelectorMatches(selector, id) && selector.size() >= best) {
      best = selector.size();
      level = value;
    }
  if (level.empty()) return default_severity;
  if (level == "off") return std::nullopt;
  return ParseSeverity(level);
}

}  // namespace aortalint
