// COL003: a collector option whose value (or name) is not a YAML string.
#include <string>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL003",
    .slug = "option-not-string",
    .severity = Severity::kError,
    .summary = "a collector option value is not a YAML string (`stats: true`, `count: 3`)",
    .what =
        "Reports every collector option whose value (or name) YAML does not type as a string: an unquoted "
        "`true`, `3`, `1.5`, a date, an empty value, a list or a mapping. Offers a safe fix that quotes a "
        "plain scalar, keeping its text.",
    .why =
        "aorta turns option values into environment knobs, so it accepts only string -> string and refuses "
        "the whole recipe at load (`options must be a mapping of string->string`). YAML 1.1 makes "
        "`true`, `yes`, `on`, `3` and `2024-01-01` non-strings unless they are quoted.",
    .facts =
        "PyYAML's `safe_load` types scalars by YAML 1.1 (reference/aorta.md §1.1), and `_parse_collect` "
        "requires every option to be a string (§1.6).",
    .fix = FixAvailability::kSometimes,
    .aorta_refuses_at_load = true,
};

// The scalar's text in quotes that need no escaping, or nothing when neither fits.
std::optional<std::string> Quoted(std::string_view text) {
  if (text.find_first_of("\"\\") == std::string_view::npos) return Wrapped(text, "\"");
  if (text.find('\'') == std::string_view::npos) return Wrapped(text, "'");
  return std::nullopt;
}

bool Quotable(const yaml::Node& n) {
  using yaml::Kind;
  return n.plain && !n.span.empty() &&
         (n.kind == Kind::kBool || n.kind == Kind::kInt || n.kind == Kind::kFloat || n.kind == Kind::kTimestamp);
}

class OptionNotString final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const SourcePtr& file = recipe.source();
    for (const CollectScope& scope : recipe.scopes()) {
      for (const CollectorUse& use : scope.collectors) {
        if (!use.options || !use.options->is_map()) continue;
        for (const yaml::Entry& e : use.options->entries) {
          if (!e.key->is_str()) {
            Report(ctx, file, *e.key, fmt::format("{} option name {} must be a string", use.name, e.key->Repr()));
            continue;
          }
          if (e.value->is_str()) continue;
          std::string what = e.value->is_null() ? fmt::format("{} option '{}' has no value, and must be a string",
                                                              use.name, e.key->text)
                                                : fmt::format("{} option '{}' must be a string, got {} {}", use.name,
                                                              e.key->text, e.value->TypeName(), e.value->Repr());
          Report(ctx, file, *e.value, std::move(what));
        }
      }
    }
  }

 private:
  static void Report(RuleContext& ctx, const SourcePtr& file, const yaml::Node& node, std::string what) {
    std::string_view text = file->Slice(node.span);
    std::optional<std::string> quoted = Quotable(node) ? Quoted(text) : std::nullopt;
    if (quoted) {
      ctx.Report(file, node.span, "{} (aorta refuses the recipe)", what)
          .Help("quote it: {}", *quoted)
          .WithFix("quote the value", Applicability::kSafe, {Edit{file->path(), node.span, *quoted}});
    } else if (node.is_null()) {
      ctx.Report(file, node.span, "{} (aorta refuses the recipe)", what)
          .Help("write a quoted value or delete the option");
    } else {
      ctx.Report(file, node.span, "{} (aorta refuses the recipe)", what)
          .Help("write it as one quoted string{}", node.is_seq() ? " with the items separated by commas" : "");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeOptionNotString() { return std::make_unique<OptionNotString>(); }

}  // namespace aortalint
