#include "model/recipe.h"

#include "python/str.h"

#include <algorithm>
#include <cctype>

namespace aortalint {

std::string StripLower(std::string_view s) { return PyLower(PyStrip(s)); }

ResolvedOptions ResolveOptions(const CollectorUse& use, const CollectorSpec& spec) {
  ResolvedOptions out;
  for (const OptionSpec& o : spec.options)
    if (o.default_value) out[o.name] = {*o.default_value, nullptr};
  if (use.options && use.options->is_map())
    for (const yaml::Entry& e : use.options->entries)
      if (e.key->is_str() && e.value->is_str()) {
        // aorta lowercases enum values; free text (pmc, kernel_include_regex) reaches the tool as written.
        const OptionSpec* o = spec.Option(e.key->text);
        out[e.key->text] = {o && o->any ? e.value->text : StripLower(e.value->text), &e};
      }
  return out;
}

std::string ProbeSlug(std::string_view value) {
  std::string out;
  for (char c : value) {
    bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    out += ok ? c : '_';
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '-')) out.insert(out.begin(), '_');
  return out;
}

const CollectorUse* CollectScope::Find(std::string_view name) const {
  for (const CollectorUse& c : collectors)
    if (c.name == name) return &c;
  return nullptr;
}

Span CollectScope::span() const { return entry ? entry->key->span : Span{}; }

void ParseCollectScope(const yaml::Node& value, CollectScope& scope) {
  scope.well_formed = true;
  auto add = [&](const yaml::Node* name, const yaml::Node* options) {
    if (!name->is_str()) {
      scope.well_formed = false;
      return;
    }
    if (!scope.Find(name->text)) scope.collectors.push_back({name->text, name, options});
  };
  if (value.is_seq()) {
    for (const yaml::NodePtr& item : value.items) add(item.get(), nullptr);
  } else if (value.is_map()) {
    for (const yaml::Entry& e : value.entries) {
      if (!e.value->is_null() && !e.value->is_map()) scope.well_formed = false;
      add(e.key.get(), e.value.get());
    }
  } else {
    scope.well_formed = value.is_null();
  }
}

Recipe::Recipe(const YamlDocument& doc, const Knowledge& knowledge,
               const std::optional<std::vector<std::string>>& collect_override)
    : doc_(doc), knowledge_(knowledge) {
  if (!doc_.ok() || !doc_.root->is_map()) {
    mode_ = RecipeMode::kInvalid;
    return;
  }
  if (const yaml::Node* mode = root().Get("mode")) {
    if (mode->is_str() && mode->text == "probe")
      mode_ = RecipeMode::kProbe;
    else if (mode->is_str() && mode->text == "sanitizer")
      mode_ = RecipeMode::kSanitizer;
    else if (!(mode->is_str() && mode->text == "triage"))
      mode_ = RecipeMode::kInvalid;
  }
  if (mode_ == RecipeMode::kSanitizer) {
    // aorta's sanitizer loader reads the plan and nothing else.
    // The schema comes with the knowledge (load/knowledge_loader.h sets it); without it nothing is read.
    if (knowledge_.sanitizer_keys) plan_ = ReadSanitizerPlan(root(), source()->path(), *knowledge_.sanitizer_keys);
    return;
  }
  BuildScopes();
  if (mode_ == RecipeMode::kProbe)
    BuildProbeCells();
  else
    BuildTriageCells();
  if (collect_override) BuildOverride(*collect_override);
}

const yaml::Entry* Recipe::Top(std::string_view key) const {
  return doc_.ok() && doc_.root->is_map() ? doc_.root->Find(key) : nullptr;
}

const CollectScope* Recipe::recipe_collect() const {
  return !scopes_.empty() && scopes_.front().cell < 0 ? &scopes_.front() : nullptr;
}

void Recipe::BuildScopes() {
  if (const yaml::Entry* top = Top("collect"); top && !top->value->is_null()) {
    CollectScope scope{"recipe.collect", top, -1};
    ParseCollectScope(*top->value, scope);
    scopes_.push_back(std::move(scope));
  }
  // Cell overrides exist only in triage recipes; probe cells are synthesised.
  const yaml::Node* cells = root().Get("cells");
  if (mode_ != RecipeMode::kTriage || !cells || !cells->is_seq()) return;
  for (size_t i = 0; i < cells->items.size(); ++i) {
    const yaml::Node& cell = *cells->items[i];
    if (!cell.is_map()) continue;
    if (const yaml::Entry* c = cell.Find("collect"); c && !c->value->is_null()) {
      CollectScope scope{"cells[" + std::to_string(i) + "].collect", c, static_cast<int>(i)};
      ParseCollectScope(*c->value, scope);
      scopes_.push_back(std::move(scope));
    }
  }
}

void Recipe::BuildTriageCells() {
  const yaml::Node* cells = root().Get("cells");
  if (!cells || !cells->is_seq()) return;
  for (size_t i = 0; i < cells->items.size(); ++i) {
    const yaml::Node& node = *cells->items[i];
    if (!node.is_map()) continue;
    Cell cell;
    cell.index = static_cast<int>(i);
    cell.node = &node;
    cell.span = node.span;
    if (const yaml::Node* name = node.Get("name"); name && name->is_str()) {
      cell.name = name->text;
      cell.span = name->span;
    }
    if (const yaml::Node* m = node.Get("mitigations"); m && m->is_seq())
      for (const yaml::NodePtr& item : m->items)
        if (item->is_str()) cell.mitigations.emplace_back(item->text, item.get());
    cell.collect = recipe_collect();
    if (node.Find("collect"))  // present: replaces the recipe's (null is RCP009)
      for (const CollectScope& s : scopes_)
        if (s.cell == cell.index) cell.collect = &s;
    if (const yaml::Entry* c = node.Find("collect"); c && c->value->is_null()) cell.collect = nullptr;
    cells_.push_back(std::move(cell));
  }
}

void Recipe::BuildProbeCells() {
  const yaml::Node* mitigation_axis = root().Get("mitigation_axis");
  const yaml::Node* diagnostic_axis = root().Get("diagnostic_axis");
  if (!mitigation_axis || !diagnostic_axis || !mitigation_axis->is_seq() || !diagnostic_axis->is_seq()) return;
  uint64_t product = uint64_t{mitigation_axis->items.size()} * diagnostic_axis->items.size();
  if (product > kMaxProbeCells) {
    probe_cells_over_ = product;
    return;
  }
  int index = 0;
  for (const yaml::NodePtr& m : mitigation_axis->items) {
    for (const yaml::NodePtr& d : diagnostic_axis->items) {
      if (!m->is_str() || !d->is_str()) continue;
      Cell cell;
      cell.index = index++;
      cell.name = ProbeSlug(m->text) + "-" + ProbeSlug(d->text);
      cell.span = m->span;
      cell.mitigations = {{m->text, m.get()}, {d->text, d.get()}};
      cell.collect = recipe_collect();
      cells_.push_back(std::move(cell));
    }
  }
}

CollectScope Recipe::OverrideOf(const std::vector<std::string>& names) const {
  CollectScope scope{"--collect", nullptr, -1};
  scope.well_formed = true;
  const CollectScope* recipe = recipe_collect();
  for (const std::string& name : names) {
    if (scope.Find(name)) continue;
    const CollectorUse* kept = recipe ? recipe->Find(name) : nullptr;
    scope.collectors.push_back({name, kept ? kept->name_node : nullptr, kept ? kept->options : nullptr});
  }
  return scope;
}

void Recipe::BuildOverride(const std::vector<std::string>& names) {
  // aorta's CLI: the override replaces the recipe's collectors, and every cell override is cleared.
  override_ = OverrideOf(names);
  for (Cell& cell : cells_) cell.collect = &*override_;
}

std::vector<const CollectScope*> Recipe::EffectiveScopes() const {
  std::vector<const CollectScope*> out;
  auto add = [&](const CollectScope* s) {
    if (s && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  if (override_) {
    add(&*override_);
    return out;
  }
  add(recipe_collect());
  for (const Cell& cell : cells_) add(cell.collect);
  return out;
}

}  // namespace aortalint
