#!/usr/bin/env python3
"""Adds a rule: scripts/add_rule.py FAMILY SLUG [--hook H] [--severity S].

Writes what every rule has (docs/writing-rules.md), as ruff's add_rule.py and
clang-tidy's add_new_check.py do:
  rules/<family dir>/<slug with _>.cc   the rule, from a template (metadata to fill, one check hook)
  rules/all_rules.cc                    its factory declared and listed at its ID
  fixtures/rules/<ID>/                  a fixture file to fill with cases and `# expect: <ID>` marks
  fixtures/rules/<ID>/example/, fixed/  the page's example (a file that fires the rule) and its fixed version
Then build, write the rule, and generate its page: `build/aortalint rules --docs docs/rules`.
The ID is the family's next free number; IDs are never reused.
"""
import argparse
import pathlib
import re
import sys

FAMILIES = {"ATT": "attach", "CNF": "conflict", "COL": "collect", "HIP": "hip", "MET": "metrics",
            "PAY": "payload", "RCP": "recipe", "SAN": "sanitizer", "SUP": "suppress", "SYN": "syntax",
            "VER": "version"}

# The check hook each kind of rule overrides, the headers it needs, and the fixture file it reads.
HOOKS = {
    "recipe": ("void CheckRecipe(const Recipe& /*recipe*/, RuleContext& /*ctx*/) override", "model/recipe.h",
               "recipe.yaml", "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\n"
                              "diagnostic_axis: [none]  # expect: {id}\n"),
    "payload": ("void CheckPayload(const Payload& /*payload*/, RuleContext& /*ctx*/) override", "model/payload.h",
                "payload.py", "import triton.profiler as proton  # isort: skip  # noqa: I001  # expect: {id}\n"),
    "pairing": ("void CheckPairing(const Recipe& /*recipe*/, const Pairing& /*pairing*/, RuleContext& /*ctx*/) override",
                "model/pairing.h", "recipe.yaml",
                "# aorta probe run --recipe recipe.yaml -- python payload.py\nschema_version: 1  # expect: {id}\n"),
    "hip": ("void CheckHip(const HipPayload& /*hip*/, RuleContext& /*ctx*/) override", "model/hip.h",
            "kernel.hip", "__global__ void k() {{}}  // expect: {id}\n"),
}

TEMPLATE = """\
// {id}: {summary}
#include "engine/rule_context.h"
#include "{header}"

namespace aortalint {{
namespace {{

constexpr RuleMeta kMeta{{
    .id = "{id}",
    .slug = "{slug}",
    .severity = Severity::k{severity},
    .summary = "{summary}",
    .what = "What it reports, in the user's words.",
    .why = "What goes wrong on the GPU, or in aorta, when it is not fixed.",
    .facts = "The aorta or Triton fact it rests on, with where it was read or measured.",
}};

class {cls} final : public Rule {{
 public:
  const RuleMeta& Meta() const override {{ return kMeta; }}
  {hook} {{
    // Name the parameters, then: ctx.Report(file, span, "message naming the value at fault", ...)
    //     .Help("what to do instead");
  }}
}};

}}  // namespace

std::unique_ptr<Rule> Make{cls}() {{ return std::make_unique<{cls}>(); }}

}}  // namespace aortalint
"""


def next_id(registry: str, family: str) -> str:
    used = [int(n) for n in re.findall(rf"//\s*{family}(\d{{3}})\b", registry)]
    return f"{family}{max(used, default=0) + 1:03d}"


def register(registry: str, cls: str, rule_id: str) -> str:
    """The registry with Make<cls> declared in name order and listed in ID order."""
    declaration = f"std::unique_ptr<Rule> Make{cls}();\n"
    decls = list(re.finditer(r"^std::unique_ptr<Rule> Make(\w+)\(\);\n", registry, re.M))
    after = [m for m in decls if m.group(1) > cls]
    at = after[0].start() if after else decls[-1].end()
    registry = registry[:at] + declaration + registry[at:]
    entries = list(re.finditer(r"^    Make\w+,\s*// ([A-Z]{3}\d{3})\n", registry, re.M))
    later = [m for m in entries if m.group(1) > rule_id]
    at = later[0].start() if later else entries[-1].end()
    entry = f"    Make{cls},".ljust(39) + f"// {rule_id}\n"
    return registry[:at] + entry + registry[at:]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("family", help="three letters: " + ", ".join(FAMILIES))
    ap.add_argument("slug", help="kebab-case name, e.g. rocprof-trace-no-kernel")
    ap.add_argument("--hook", choices=HOOKS, default="recipe", help="what the rule reads (default: recipe)")
    ap.add_argument("--severity", choices=["Error", "Warning", "Info"], default="Warning")
    ap.add_argument("--summary", default="TODO: one line, for `aortalint rules` and SARIF")
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent, type=pathlib.Path,
                    help="the repository (default: this script's)")
    args = ap.parse_args()
    family = args.family.upper()
    if family not in FAMILIES:
        ap.error(f"unknown family '{args.family}': one of {', '.join(FAMILIES)}")
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", args.slug):
        ap.error(f"slug '{args.slug}' is not kebab-case (lower-case words joined by '-')")
    root = args.root
    registry_path = root / "rules" / "all_rules.cc"
    registry = registry_path.read_text()
    if re.search(rf'\.slug = "{re.escape(args.slug)}"', "".join(p.read_text() for p in root.glob("rules/*/*.cc"))):
        ap.error(f"slug '{args.slug}' is taken")
    source = root / "rules" / FAMILIES[family] / (args.slug.replace("-", "_") + ".cc")
    if source.exists():
        ap.error(f"{source} exists")
    rule_id = next_id(registry, family)
    cls = "".join(word.capitalize() for word in args.slug.split("-"))
    hook, header, fixture_name, fixture_text = HOOKS[args.hook]

    source.write_text(TEMPLATE.format(id=rule_id, slug=args.slug, severity=args.severity, summary=args.summary,
                                      header=header, cls=cls, hook=hook))
    registry_path.write_text(register(registry, cls, rule_id))
    fixtures = root / "fixtures" / "rules" / rule_id
    fixtures.mkdir(parents=True)
    (fixtures / fixture_name).write_text(fixture_text.format(id=rule_id))
    # The example starts as the fixture without its marks, and the same file as its fixed version.
    example_text = re.sub(r"  (#|//) expect: \{id\}", "", fixture_text).format()
    for folder in ("example", "fixed"):
        (fixtures / folder).mkdir()
        (fixtures / folder / fixture_name).write_text(example_text)
    print(f"{rule_id} {args.slug}:\n  {source.relative_to(root)}\n  {registry_path.relative_to(root)}\n"
          f"  {(fixtures / fixture_name).relative_to(root)}\n"
          f"  {(fixtures / 'example' / fixture_name).relative_to(root)}, {(fixtures / 'fixed' / fixture_name).relative_to(root)}\n"
          "next: write the check and its metadata, fill the fixture folder (cases that fire, look-alikes that must "
          "not), make example/ fire the rule and fixed/ not (a file the example needs goes beside it, extra `check` "
          "words in example/ARGS), build, then `build/aortalint rules --docs docs/rules` and "
          f"`AORTALINT_UPDATE_SNAPSHOTS=1 build/tests/aortalint_tests --fixture=fixtures/rules/{rule_id}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
