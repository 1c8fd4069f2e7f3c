#include "model/sanitizer_plan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "base/strings.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Strings(const yaml::Node* seq) {
  return seq ? seq->StringItems() : std::vector<std::string>{};
}

SanType TypeOf(std::string_view word) {
  static constexpr std::pair<std::string_view, SanType> kTypes[] = {
      {"any", SanType::kAny},
      {"str", SanType::kStr},
      {"mapping", SanType::kMapping},
      {"one", SanType::kOne},
      {"positive_int", SanType::kPositiveInt},
      {"positive_number", SanType::kPositiveNumber},
      {"bool", SanType::kBool},
      {"list", SanType::kList},
      {"kernel", SanType::kKernel},
      {"identity", SanType::kIdentity},
  };
  for (auto [name, type] : kTypes)
    if (name == word) return type;
  throw std::logic_error("sanitizer_plan.yaml: unknown type " + std::string(word));
}

SanitizerKey ReadKey(const yaml::Entry& e) {
  const yaml::Node& body = *e.value;
  SanitizerKey key;
  key.name = e.key->text;
  auto text = [&](std::string_view k) {
    const yaml::Node* v = body.Get(k);
    return v && v->is_scalar() && !v->is_null() ? v->text : std::string();
  };
  key.type = TypeOf(text("type").empty() ? "any" : text("type"));
  if (!text("items").empty()) key.items = TypeOf(text("items"));
  const yaml::Node* required = body.Get("required");
  key.required = required && required->kind == yaml::Kind::kBool && required->boolean;
  const yaml::Node* nullable = body.Get("nullable");
  key.nullable = nullable && nullable->kind == yaml::Kind::kBool && nullable->boolean;
  const yaml::Node* nonempty = body.Get("nonempty");
  key.nonempty = !(nonempty && nonempty->kind == yaml::Kind::kBool && !nonempty->boolean);
  key.required_for = Strings(body.Get("required_for"));
  key.read_for = Strings(body.Get("read_for"));
  key.domain = Strings(body.Get("domain"));
  key.deferred = Strings(body.Get("deferred"));
  std::string path = text("path");
  key.path = path == "input" ? SanPath::kInput : path == "output" ? SanPath::kOutput : SanPath::kNone;
  key.default_value = text("default");
  key.doc = text("doc");
  return key;
}

// Python's str.strip() for ASCII whitespace.
std::string Strip(std::string_view s) { return std::string(Trim(s)); }

// aorta's _require_str: a string that is not empty after strip().
PlanValue Str(const yaml::Node* map, std::string_view key) {
  PlanValue v;
  if (!map || !map->is_map()) return v;
  v.node = map->Get(key);
  if (v.node && v.node->is_str()) v.text = Strip(v.node->text);
  return v;
}

// The same, for a value that must also be in the table's domain.
PlanValue InDomain(const SanitizerKeys& keys, const yaml::Node* map, std::string_view block, std::string_view key) {
  PlanValue v = Str(map, key);
  const SanitizerBlock* b = keys.Block(block);
  const SanitizerKey* k = b ? b->Key(key) : nullptr;
  if (k && !k->domain.empty() && !Contains(k->domain, v.text)) v.text.clear();
  return v;
}

const yaml::Node* Map(const yaml::Node* parent, std::string_view key) {
  const yaml::Node* v = parent && parent->is_map() ? parent->Get(key) : nullptr;
  return v && v->is_map() ? v : nullptr;
}

PlanKernel ReadKernel(const yaml::Node& item, const SanitizerPlan& plan) {
  PlanKernel k;
  k.node = &item;
  if (item.is_str()) {
    k.name = Strip(item.text);
    k.name_node = &item;
    return k;
  }
  if (!item.is_map()) return k;
  PlanValue name = Str(&item, "name");
  k.name = name.text;
  k.name_node = name.node;
  k.code_object.node = item.Get("code_object");
  if (k.code_object.node && k.code_object.node->is_str()) {
    k.code_object.text = k.code_object.node->text;
    k.code_object_path = plan.Resolve(k.code_object.text);
  }
  return k;
}

}  // namespace

bool SanitizerKey::ReadFor(std::string_view kind) const { return read_for.empty() || Contains(read_for, kind); }

const SanitizerKey* SanitizerBlock::Key(std::string_view key) const {
  for (const SanitizerKey& k : keys)
    if (k.name == key) return &k;
  return nullptr;
}

std::vector<std::string_view> SanitizerBlock::Names() const {
  std::vector<std::string_view> out;
  for (const SanitizerKey& k : keys) out.push_back(k.name);
  std::ranges::sort(out);
  return out;
}

const SanitizerBlock* SanitizerKeys::Block(std::string_view name) const {
  for (const SanitizerBlock& b : blocks)
    if (b.name == name) return &b;
  return nullptr;
}

SanitizerKeys SanitizerKeysFromTable(const yaml::Node& root) {
  {
    if (!root.is_map()) throw std::logic_error("sanitizer_plan.yaml is not a mapping");
    SanitizerKeys out;
    for (const yaml::Entry& b : root.entries) {
      SanitizerBlock block;
      block.name = b.key->text;
      const yaml::Node* strict = b.value->Get("strict");
      block.strict = strict && strict->kind == yaml::Kind::kBool && strict->boolean;
      if (const yaml::Node* keys = b.value->Get("keys"))
        for (const yaml::Entry& k : keys->entries) block.keys.push_back(ReadKey(k));
      out.blocks.push_back(std::move(block));
    }
    return out;
  }
}

std::string SanitizerPlan::Resolve(std::string_view raw) const {
  fs::path p{std::string(raw)};
  if (p.is_absolute()) return p.string();
  return (fs::path(recipe_dir) / p).lexically_normal().string();
}

std::string RecipeDirectory(std::string_view recipe_path) {
  fs::path parent = fs::path(std::string(recipe_path)).parent_path();
  return parent.empty() ? "." : parent.string();
}

std::string PythonStr(const yaml::Node& node) {
  switch (node.kind) {
    case yaml::Kind::kStr:
      return node.text;
    case yaml::Kind::kNull:
      return "None";
    case yaml::Kind::kBool:
      return node.boolean ? "True" : "False";
    default:
      return node.is_scalar() ? (node.kind == yaml::Kind::kInt ? std::to_string(node.integer) : node.Repr())
                              : node.Repr();
  }
}

std::optional<int64_t> IdentityInt(const yaml::Node& node) {
  if (node.kind == yaml::Kind::kInt) return node.integer >= 0 ? std::optional(node.integer) : std::nullopt;
  if (!node.is_str()) return std::nullopt;
  std::string text = Strip(node.text);
  int base = 10;
  std::string_view digits = text;
  if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    digits.remove_prefix(2);
  }
  // Python's int() also takes a sign and underscores between digits.
  bool negative = false;
  if (base == 10 && !digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  std::string clean;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (digits[i] == '_' && i > 0 && i + 1 < digits.size() && digits[i - 1] != '_') continue;
    clean += digits[i];
  }
  if (clean.empty()) return std::nullopt;
  int64_t value = 0;
  auto [end, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), value, base);
  if (ec == std::errc::result_out_of_range) return INT64_MAX;  // Python ints do not overflow
  if (ec != std::errc() || end != clean.data() + clean.size()) return std::nullopt;
  if (negative && value != 0) return std::nullopt;
  return value;
}

bool EqualsOne(const yaml::Node& node) {
  switch (node.kind) {
    case yaml::Kind::kInt:
      return node.integer == 1;
    case yaml::Kind::kBool:
      return node.boolean;
    case yaml::Kind::kFloat:
      return node.number == 1.0;
    default:
      return false;
  }
}

SanitizerPlan ReadSanitizerPlan(const yaml::Node& root, std::string_view recipe_path, const SanitizerKeys& keys) {
  SanitizerPlan plan;
  plan.recipe_dir = RecipeDirectory(recipe_path);
  plan.node = Map(&root, "sanitizer_plan");
  if (!plan.node) return plan;
  plan.target = Str(plan.node, "target");

  SanitizerPlan::Source& src = plan.source;
  src.node = Map(plan.node, "source");
  src.kind = InDomain(keys, src.node, "source", "kind");
  const std::string& kind = src.kind.text;
  if (src.node) {
    const SanitizerBlock& block = *keys.Block("source");
    auto read = [&](std::string_view key, PlanValue& value, std::string* resolved) {
      if (!block.Key(key)->ReadFor(kind)) return;
      value = Str(src.node, key);
      if (resolved && value.ok()) *resolved = plan.Resolve(value.text);
    };
    read("path", src.path, &src.path_resolved);
    read("isa_dir", src.isa_dir, &src.isa_dir_resolved);
    read("hip", src.hip, &src.hip_resolved);
    read("variant", src.variant, nullptr);
    // aorta's two spellings of the ConSan program (1128c33a carries both
    // sides of a merge): `command` for every kind, `consan_command` for the
    // kinds that are not reproducers.
    read("command", src.command, &src.command_resolved);
    if (!src.command.node) read("consan_command", src.command, &src.command_resolved);
    if (const yaml::Node* log = src.node->Get("consan_log"); log && log->kind == yaml::Kind::kBool)
      src.consan_log = log->boolean;
    if (kind == "kernel_list") {
      const yaml::Node* list = src.node->Get("kernels");
      if (list && list->is_seq())
        for (const yaml::NodePtr& item : list->items) src.kernels.push_back(ReadKernel(*item, plan));
    } else if (kind == "kernel") {
      if (const yaml::Node* k = Map(src.node, "kernel")) src.kernels.push_back(ReadKernel(*k, plan));
    }
  }

  plan.scope_kind = InDomain(keys, Map(plan.node, "scope"), "scope", "kind");
  const yaml::Node* selection = Map(plan.node, "selection");
  plan.requirement = InDomain(keys, selection, "selection", "requirement");
  if (const yaml::Node* n = selection ? selection->Get("top_n") : nullptr; n && n->is_int() && n->integer >= 1)
    plan.top_n = n->integer;

  if (const yaml::Node* list = plan.node->Get("sanitizers"); list && list->is_seq() && !list->items.empty()) {
    const std::vector<std::string>& known = keys.Block("sanitizer_plan")->Key("sanitizers")->domain;
    std::vector<std::string> names;
    for (const yaml::NodePtr& item : list->items) {
      std::string name = PythonStr(*item);
      if (!Contains(known, name)) {
        names.clear();
        break;
      }
      if (!Contains(names, name)) names.push_back(name);
    }
    plan.sanitizers = std::move(names);
  }

  const yaml::Node* policy = Map(plan.node, "policy");
  plan.consan_policy = InDomain(keys, policy, "policy", "consan_policy");
  plan.on_missing_backend = InDomain(keys, policy, "policy", "on_missing_backend");
  if (const yaml::Node* t = policy ? policy->Get("timeout_seconds") : nullptr; t && t->is_number()) {
    double v = t->kind == yaml::Kind::kInt ? static_cast<double>(t->integer) : t->number;
    if (v > 0 && !std::isnan(v)) plan.timeout_seconds = v;
  }
  plan.report = Str(Map(plan.node, "output"), "report");
  return plan;
}

}  // namespace aortalint
