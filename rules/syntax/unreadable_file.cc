// SYN003: a named file that cannot be read as UTF-8 text.
#include <filesystem>

#include "base/paths.h"
#include "engine/rule_context.h"
#include "engine/rule_files.h"
#include "engine/sidecar.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "model/recipe.h"
#include "model/sanitizer_plan.h"
#include "model/yaml_document.h"
#include "rules/common/header_command.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;

constexpr RuleMeta kMeta{
    .id = "SYN003",
    .slug = "unreadable-file",
    .severity = Severity::kError,
    .summary = "a named file is missing, unreadable, a directory, binary, too large or not UTF-8",
    .what =
        "Reports a file aortalint was asked to check but cannot read as text: it does not exist, "
        "cannot be opened, is a directory, holds NUL bytes, is larger than 16 MiB, or is not valid UTF-8 "
        "(the position is that of the first bad byte; a HIP/C++ source is read as Clang reads it, so bytes that are "
        "not "
        "UTF-8 there are accepted). Applies to recipes, to payloads, and to the script a "
        "recipe's launch command names (reported at the command, or at the recipe's first line). A script "
        "named only in a recipe's header comment that nothing consumes (no `proton` or `rocprof` collector "
        "wraps the command, so no payload rule reads it) is an info, not an error: templates carry "
        "placeholders such as `train.py`. A FIFO, device or socket is refused as not a regular file, never "
        "opened to wait on. A script that a header comment or a config's `pairs:` names outside the project "
        "root (an absolute path, or `..` that leaves it) is reported and never read, so a recipe cannot make "
        "aortalint print or rewrite a file outside the project; the same holds for a header comment's "
        "`--mitigations-file`, the HIP sources a command names or builds (or a pair's `sources:` gives), and a "
        "sanitizer plan's `source.hip`. Paths are resolved as the file system resolves them: a `..` after a link leads "
        "to the "
        "parent of the link's target. A link that a directory walk finds, or that sits beside a `recipe.yaml`, is "
        "followed only within the project, and a link named on the command line only within its git repository "
        "(a CI job that names a pull request's files names its links too); one that leads outside is reported "
        "and not read (name the file it leads to, to check it).",
    .why =
        "aorta fails such a recipe with `recipe <path>: cannot read file (...)`; a linter that skipped it "
        "silently would report a clean run for a file nobody checked.",
    .facts = "aorta wraps read failures in `RecipeSchemaError` (reference/aorta.md §1.1).",
    // The script the command should have named (the example names one that is not there).
    .reported_on_load_failure = true,
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

// The header's word that names the sidecar at `path` (as written, or resolved from it); `where` when none.
Span SidecarWord(const Recipe& recipe, const Pairing& pairing, Span where, const std::string& path) {
  if (!pairing.header) return where;
  for (const std::string& written : MitigationFiles(pairing.header->aorta_args)) {
    std::string normal = std::filesystem::path(written).lexically_normal().string();
    if (written == path || path == normal || path.ends_with("/" + normal))
      return WordIn(recipe.source()->text(), where, written);
  }
  return where;
}

class UnreadableFile final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    if (doc.failure == YamlDocument::Failure::kUnreadable)
      ctx.Report(doc.source, doc.failure_span, "cannot read '{}': {}", doc.source->path(), doc.failure_message)
          .Help(doc.failure_help);
  }
  void CheckPayload(const Payload& payload, RuleContext& ctx) override {
    if (!payload.read_error.empty())
      ctx.Report(payload.source,
                 {static_cast<uint32_t>(payload.source->text().size()),
                  static_cast<uint32_t>(payload.source->text().size())},
                 "cannot read '{}': {}", payload.path(), payload.read_error)
          .Help(payload.read_help);
  }
  // A launch command that names a script that is not there.
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    Span where = pairing.source == LaunchSource::kHeaderComment
                     ? pairing.span
                     : Span{0, static_cast<uint32_t>(recipe.source()->LineText(1).size())};
    // aorta's `--mitigations-file` sidecars named by the header command, reported at the path written.
    for (const std::string& path : pairing.sidecars)
      if (Sidecar sidecar = LoadSidecar(path); !sidecar.error.empty())
        ctx.Report(recipe.source(), SidecarWord(recipe, pairing, where, path), "the launch command from {}: {}",
                   LaunchSourceName(pairing.source), sidecar.error)
            .Help(sidecar.help);
    for (const std::string& path : pairing.sidecars_outside)
      ctx.Report(recipe.source(), SidecarWord(recipe, pairing, where, path),
                 "the launch command from {} gives --mitigations-file '{}', which is {}",
                 LaunchSourceName(pairing.source), path, Outside(path, pairing.base_dir))
          .Help(
              "aortalint reads no file outside the project from a command written in a file: move the sidecar into the "
              "project, or give it to aortalint with --mitigations-file");
    if (!pairing.plan_hip_outside.empty()) {
      const SanitizerPlan* plan = recipe.sanitizer_plan();
      Span at = plan && plan->source.hip.node ? plan->source.hip.node->span
                                              : Span{0, static_cast<uint32_t>(recipe.source()->LineText(1).size())};
      ctx.Report(recipe.source(), at, "sanitizer_plan.source.hip resolves to '{}', which is outside the project root",
                 pairing.plan_hip_outside)
          .Help(
              "aortalint reads no file outside the project from a path written in a recipe, so the HIP rules did not "
              "check it: move the reproducer into the project");
    }
    bool placeholder = pairing.source == LaunchSource::kHeaderComment && !Consumed(recipe);
    for (const std::string& file : pairing.outside) {
      if (pairing.source == LaunchSource::kDirectory) {
        ctx.Report(recipe.source(), where, "'{}' beside the recipe is a link to a file outside the project root", file)
            .Help(
                "aortalint follows a link beside a recipe only within the project: put the file itself there, or give "
                "the launch on the command line after `--`");
        continue;
      }
      ctx.Report(recipe.source(), where, "the launch command from {} runs '{}', which is {}",
                 LaunchSourceName(pairing.source), file, Outside(file, pairing.base_dir))
          .Help(
              "aortalint reads no file outside the project from a command written in a file: move the script into the "
              "project, or give the launch on the command line after `--`");
    }
    for (const std::string& file : pairing.sources_outside)
      ctx.Report(recipe.source(), where, "the config's pairs: gives the source '{}', which is outside the project root",
                 file)
          .Help(
              "aortalint reads no file outside the project from a path written in a file: move the source into the "
              "project");
    for (const std::string& file : pairing.missing) {
      fs::path at = fs::path(file).is_absolute() ? fs::path(file) : fs::path(pairing.base_dir) / file;
      if (InputIsDirectory(at.string())) {
        ctx.Report(recipe.source(), where,
                   "the launch command from {} runs '{}', which is a directory without a "
                   "__main__.py",
                   LaunchSourceName(pairing.source), file)
            .Help("name the script in it, or add the __main__.py that Python runs for a directory");
        continue;
      }
      if (placeholder) {
        ctx.Report(recipe.source(), where, "the launch command from {} runs '{}', which does not exist under '{}'",
                   LaunchSourceName(pairing.source), file, Shown(pairing.base_dir))
            .Help(
                "no proton or rocprof collector wraps it, so it may be a template's placeholder: fix the path if it is "
                "meant to run")
            .WithSeverity(Severity::kInfo);
        continue;
      }
      ctx.Report(recipe.source(), where, "the launch command from {} runs '{}', which does not exist under '{}'",
                 LaunchSourceName(pairing.source), file, Shown(pairing.base_dir))
          .Help("fix the path");
    }
  }

 private:
  // A directory as the user would type it: relative to the working directory when under it.
  // Where a refused path lies, in words: the repository's own data, or outside the project.
  static std::string Outside(const std::string& path, const std::string& base_dir) {
    if (HasGitName(std::filesystem::path(path).lexically_normal().generic_string()))
      return "inside the repository's .git directory (git's own data, the checkout's credentials among it)";
    return "outside the project root '" + Shown(base_dir) + "'";
  }
  static std::string Shown(const std::string& dir) {
    std::error_code ec;
    std::filesystem::path abs = std::filesystem::absolute(dir, ec).lexically_normal();
    std::filesystem::path rel = abs.lexically_relative(std::filesystem::current_path(ec));
    if (rel.empty() || *rel.begin() == "..") return dir;
    std::string out = rel.generic_string();
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
  }

  // Whether a rule reads the launched script: a proton or rocprof collector wraps the command somewhere.
  static bool Consumed(const Recipe& recipe) {
    for (const CollectScope& scope : recipe.scopes())
      if (scope.Find("proton") || scope.Find("rocprof")) return true;
    if (const CollectScope* o = recipe.override_scope(); o && (o->Find("proton") || o->Find("rocprof"))) return true;
    return false;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnreadableFile() { return std::make_unique<UnreadableFile>(); }

}  // namespace aortalint
