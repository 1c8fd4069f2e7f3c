#include "rules/sanitizer/sanitizer_schema.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "engine/rule_files.h"
#include "load/knowledge_loader.h"

namespace aortalint::sanitizer_schema {
namespace {

std::vector<std::string_view> Views(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::string Strip(std::string_view s) { return std::string(Trim(s)); }

// "did you mean 'x'?" or "use one of: a, b".
std::string Instead(std::string_view word, const std::vector<std::string>& domain) {
  return DidYouMeanOr(word, domain, "use one of: " + Join(domain));
}

class Walker {
 public:
  explicit Walker(const Recipe& recipe) : recipe_(recipe), keys_(BuiltinSanitizerKeys()) {}

  std::vector<Problem> Run() {
    const yaml::Node& root = recipe_.root();
    Span top = root.entries.empty() ? root.span : root.entries.front().key->span;
    Block(*keys_.Block("top_level"), root, "", "", top);
    const yaml::Entry* plan = root.Find("sanitizer_plan");
    if (!plan || !plan->value->is_map()) return std::move(out_);
    Block(*keys_.Block("sanitizer_plan"), *plan->value, "sanitizer_plan", "", plan->key->span);
    const SanitizerPlan& model = *recipe_.sanitizer_plan();
    for (const SanitizerKey& k : keys_.Block("sanitizer_plan")->keys) {
      const yaml::Entry* e = plan->value->Find(k.name);
      if (!e || !e->value->is_map() || !keys_.Block(k.name)) continue;
      std::string kind = k.name == "source" ? model.source.kind.text : "";
      Block(*keys_.Block(k.name), *e->value, "sanitizer_plan." + k.name, kind, e->key->span);
    }
    LoadDriverUnderStrictPolicy(*plan->value);
    std::ranges::stable_sort(out_, [](const Problem& a, const Problem& b) { return a.span.begin < b.span.begin; });
    return std::move(out_);
  }

 private:
  void Add(ProblemKind kind, Span span, std::string message, std::string help) {
    out_.push_back({kind, span, std::move(message), std::move(help)});
  }

  // "move it to sanitizer_plan.policy" when another plan block reads the key.
  std::string Elsewhere(std::string_view key, std::string_view here) const {
    for (const SanitizerBlock& b : keys_.blocks) {
      if (b.name == here || b.name == "top_level" || b.name == "kernel_spec" || !b.Key(key)) continue;
      std::string where = b.name == "sanitizer_plan" ? "sanitizer_plan" : "sanitizer_plan." + b.name;
      return "move it to " + where + ", where aorta reads it";
    }
    return "";
  }

  // A load-only ConSan driver cannot show a strict policy a finding: aorta refuses the pair at load unless
  // policy.expected_error names the signed-off outcome.
  void LoadDriverUnderStrictPolicy(const yaml::Node& plan) {
    const yaml::Entry* source = plan.Find("source");
    const yaml::Entry* policy = plan.Find("policy");
    if (!source || !policy || !source->value->is_map() || !policy->value->is_map()) return;
    const yaml::Entry* driver = source->value->Find("consan_driver");
    const yaml::Entry* strictness = policy->value->Find("consan_policy");
    if (!driver || !strictness || !driver->value->is_str() || !strictness->value->is_str()) return;
    if (Strip(driver->value->text) != "load" || Strip(strictness->value->text) != "strict") return;
    if (policy->value->Find("expected_error")) return;
    Add(ProblemKind::kMissingKey, strictness->value->span,
        "sanitizer_plan.policy is strict over a load-only ConSan driver (source.consan_driver: load) and has no "
        "'expected_error' key: aorta refuses the pair at load",
        "add policy.expected_error naming the signed-off outcome (its key in verdict_baselines.json), or use "
        "consan_driver: dispatch, or consan_policy: lenient");
    out_.back().note = {driver->value->span, "the load-only driver"};
  }

  static std::string Label(std::string_view parent, std::string_view key) {
    return parent.empty() ? std::string(key) : std::string(parent) + "." + std::string(key);
  }

  // One mapping against its table. `kind`: the source kind when it is known.
  void Block(const SanitizerBlock& block, const yaml::Node& map, const std::string& label, const std::string& kind,
             Span missing_at) {
    std::vector<std::string_view> names = block.Names();
    std::string where = label.empty() ? "the recipe" : label;
    for (const yaml::Entry& e : map.entries) {
      if (e.key->is_str() && block.Key(e.key->text)) continue;
      std::string hint = e.key->is_str() ? DidYouMeanOr(e.key->text, names, "") : "";
      if (block.strict) {
        if (hint.empty()) hint = "valid keys: " + Join(names);
        Add(ProblemKind::kUnknownKey, e.key->span,
            fmt::format("unknown key {} in {} (aorta refuses the recipe)", e.key->Repr(), where), hint);
      } else {
        if (hint.empty() && e.key->is_str()) hint = Elsewhere(e.key->text, block.name);
        if (hint.empty()) hint = "remove it, or move it where aorta reads it (valid keys here: " + Join(names) + ")";
        Add(ProblemKind::kIgnoredKey, e.key->span,
            fmt::format("aorta never reads {} in {}: it is dropped silently", e.key->Repr(), where), hint);
      }
    }
    for (const SanitizerKey& k : block.keys) {
      const yaml::Entry* e = map.Find(k.name);
      std::string full = Label(label, k.name);
      if (!kind.empty() && !k.ReadFor(kind)) {
        if (e) {
          std::string instead = k.name == "consan_command"
                                    ? "write 'command' instead"
                                    : "remove it, or set 'kind' to one that reads it (" + Join(Views(k.read_for)) + ")";
          Add(ProblemKind::kIgnoredKey, e->key->span, fmt::format("aorta ignores {} for source kind '{}'", full, kind),
              instead);
        }
        continue;
      }
      if (!e) {
        if (k.required)
          Add(ProblemKind::kMissingKey, missing_at,
              fmt::format("{} has no '{}' key and aorta requires it", where, k.name),
              fmt::format("add it ({})", k.doc));
        else if (!kind.empty() && Contains(k.required_for, kind))
          Add(ProblemKind::kMissingKey, missing_at,
              fmt::format("{} has no '{}' key, which source kind '{}' requires", where, k.name, kind),
              fmt::format("add it ({})", k.doc));
        continue;
      }
      Value(k, *e, full);
    }
  }

  void Value(const SanitizerKey& k, const yaml::Entry& e, const std::string& label) {
    const yaml::Node& v = *e.value;
    Span at = v.span.empty() ? e.key->span : v.span;
    if (k.nullable && v.is_null()) return;
    switch (k.type) {
      case SanType::kAny:
        return;
      case SanType::kStr:
        return Str(k, v, at, label);
      case SanType::kMapping:
        if (!v.is_map()) {
          Add(ProblemKind::kWrongType, at, fmt::format("{} must be a mapping, got {}", label, v.Repr()),
              fmt::format("write its keys indented below '{}:'", k.name));
        } else if (k.items == SanType::kKernel) {
          Kernel(v, label);
        }
        return;
      case SanType::kOne:
        if (!EqualsOne(v))
          Add(ProblemKind::kBadValue, at, fmt::format("{} must be 1, got {}", label, v.Repr()),
              fmt::format("write '{}: 1'", k.name));
        return;
      case SanType::kPositiveInt:
        if (!v.is_int())
          Add(ProblemKind::kWrongType, at, fmt::format("{} must be a positive integer, got {}", label, v.Repr()),
              "write a whole number such as 8");
        else if (v.integer < 1)
          Add(ProblemKind::kBadValue, at, fmt::format("{} must be a positive integer, got {}", label, v.Repr()),
              "select at least 1 kernel");
        return;
      case SanType::kPositiveNumber:
        if (!v.is_number())
          Add(ProblemKind::kWrongType, at, fmt::format("{} must be a positive number, got {}", label, v.Repr()),
              "write seconds such as 600");
        else if ((v.kind == yaml::Kind::kInt ? static_cast<double>(v.integer) : v.number) <= 0)
          Add(ProblemKind::kBadValue, at, fmt::format("{} must be a positive number, got {}", label, v.Repr()),
              "remove it for aorta's default limit, or give seconds above 0");
        return;
      case SanType::kBool:
        if (v.kind != yaml::Kind::kBool)
          Add(ProblemKind::kWrongType, at, fmt::format("{} must be a boolean, got {}", label, v.Repr()),
              "write true or false");
        return;
      case SanType::kList:
        return List(k, v, at, label);
      case SanType::kKernel:
        return Kernel(v, label);
      case SanType::kIdentity:
        return Identity(v, at, label);
    }
  }

  void Str(const SanitizerKey& k, const yaml::Node& v, Span at, const std::string& label) {
    if (!v.is_str()) {
      Add(ProblemKind::kWrongType, at,
          fmt::format("{} must be a {}string, got {}", label, k.nonempty ? "non-empty " : "", v.Repr()),
          v.is_null() ? "give it a value or remove the key" : "quote the value");
      return;
    }
    std::string text = Strip(v.text);
    if (k.nonempty && text.empty()) {
      Add(ProblemKind::kWrongType, at, fmt::format("{} must be a non-empty string, got {}", label, v.Repr()),
          "give it a value");
      return;
    }
    if (Contains(k.deferred, text)) {
      Add(ProblemKind::kBadValue, at,
          fmt::format("{}={} is not supported yet by aorta's sanitizer loader", label, v.Repr()),
          fmt::format("use one of: {}", Join(Views(k.domain))));
      return;
    }
    if (!k.domain.empty() && !Contains(k.domain, text)) {
      Add(ProblemKind::kBadValue, at, fmt::format("unsupported {}={}", label, v.Repr()), Instead(text, k.domain));
      return;
    }
    if (k.path == SanPath::kInput) {
      const SanitizerPlan& plan = *recipe_.sanitizer_plan();
      std::string resolved = plan.Resolve(text);
      if (!InputExists(resolved))
        Add(ProblemKind::kInputMissing, at,
            fmt::format("{} {} does not exist: aorta resolves it from the recipe's directory, to '{}'", label, v.Repr(),
                        resolved),
            "fix the path (relative to the recipe, not the repository root) or add the file");
    }
  }

  void List(const SanitizerKey& k, const yaml::Node& v, Span at, const std::string& label) {
    if (!v.is_seq() || v.items.empty()) {
      Add(ProblemKind::kWrongType, at, fmt::format("{} must be a non-empty list, got {}", label, v.Repr()),
          fmt::format("write {}",
                      k.domain.empty() ? "one item per line under it" : "[" + Join(Views(k.domain)) + "] or a part"));
      return;
    }
    for (size_t i = 0; i < v.items.size(); ++i) {
      const yaml::Node& item = *v.items[i];
      std::string item_label = fmt::format("{}[{}]", label, i);
      if (k.items == SanType::kKernel) {
        Kernel(item, item_label);
      } else if (!k.domain.empty()) {
        std::string name = PythonStr(item);  // aorta compares str(item)
        if (!Contains(k.domain, name))
          Add(ProblemKind::kBadValue, item.span, fmt::format("unsupported {} {}", item_label, item.Repr()),
              Instead(name, k.domain));
      }
    }
  }

  // aorta's _parse_kernel_spec: a non-empty name, or a mapping of kernel_spec keys.
  void Kernel(const yaml::Node& v, const std::string& label) {
    if (v.is_str()) {
      if (Strip(v.text).empty())
        Add(ProblemKind::kWrongType, v.span, fmt::format("{} name must be a non-empty string, got {}", label, v.Repr()),
            "write the kernel's symbol name");
      return;
    }
    if (!v.is_map()) {
      Add(ProblemKind::kWrongType, v.span, fmt::format("{} must be a string or a mapping, got {}", label, v.Repr()),
          "write the kernel's name, or a mapping with 'name:'");
      return;
    }
    Span at = v.entries.empty() ? v.span : v.entries.front().key->span;
    Block(*keys_.Block("kernel_spec"), v, label, "", at);
  }

  void Identity(const yaml::Node& v, Span at, const std::string& label) {
    if (IdentityInt(v)) return;
    if (v.kind == yaml::Kind::kInt)
      Add(ProblemKind::kBadValue, at, fmt::format("{} must be non-negative, got {}", label, v.Repr()),
          "write 0 or more");
    else if (v.is_str() && Strip(v.text).starts_with('-') && IdentityIntOfAbs(v))
      Add(ProblemKind::kBadValue, at, fmt::format("{} must be non-negative, got {}", label, v.Repr()),
          "write 0 or more");
    else
      Add(ProblemKind::kWrongType, at, fmt::format("{} must be an integer, got {}", label, v.Repr()),
          "write a number, or a hex string such as '0x1c00'");
  }

  // Whether a negative decimal string is an integer (aorta then says "non-negative").
  static bool IdentityIntOfAbs(const yaml::Node& v) {
    yaml::Node copy;
    copy.kind = yaml::Kind::kStr;
    copy.text = Strip(v.text).substr(1);
    return IdentityInt(copy).has_value();
  }

  const Recipe& recipe_;
  const SanitizerKeys& keys_;
  std::vector<Problem> out_;
};

}  // namespace

std::vector<Problem> Check(const Recipe& recipe) {
  if (recipe.mode() != RecipeMode::kSanitizer || !recipe.root().is_map()) return {};
  return Walker(recipe).Run();
}

void Report(const Recipe& recipe, RuleContext& ctx, ProblemKind kind) {
  for (const Problem& p : Check(recipe))
    if (p.kind == kind) {
      DiagnosticBuilder& d = ctx.Report(recipe.source(), p.span, p.message).Help(p.help);
      if (p.note) d.Note(recipe.source(), p.note->first, p.note->second);
    }
}

}  // namespace aortalint::sanitizer_schema
