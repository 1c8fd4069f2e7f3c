#include "engine/selection.h"

#include <algorithm>

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

namespace {

// How specific the most specific of `selectors` matching `id` is: -1 none, 0 ALL, else its length.
int Specificity(const std::vector<std::string>& selectors, std::string_view id) {
  int best = -1;
  for (const std::string& s : selectors)
    if (SelectorMatches(s, id)) best = std::max(best, s == "ALL" ? 0 : static_cast<int>(s.size()));
  return best;
}

}  // namespace

bool RuleSelection::Enabled(std::string_view id) const {
  bool enabled = false;
  for (const SelectionLayer& layer : layers_) {
    int on = std::max(layer.select ? Specificity(*layer.select, id) : -1, Specificity(layer.extend_select, id));
    int off = Specificity(layer.ignore, id);
    if (layer.select) enabled = false;
    if (on > off)
      enabled = true;
    else if (off >= 0)
      enabled = false;
  }
  return enabled;
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
