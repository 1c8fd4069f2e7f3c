// aorta's third recipe mode, `mode: sanitizer`: the key table
// (rules/knowledge/sanitizer_plan.yaml) and the plan as aorta's
// load_sanitizer_recipe reads it. Reading a plan reports nothing: a value aorta
// would refuse is left empty here (the SAN rules say what is wrong), so a rule
// that reads the plan (HIP004 on `source.hip`, `kernel.name`, `kernels[]`;
// `explain`) sees only what aorta would use.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/yaml.h"

namespace aortalint {

/// How a key's value is typed (the table's `type:`).
enum class SanType { kAny, kStr, kMapping, kOne, kPositiveInt, kPositiveNumber, kBool, kList, kKernel, kIdentity };

/// A key that names a file: an input the run reads, or a build output / run product.
enum class SanPath { kNone, kInput, kOutput };

struct SanitizerKey {
  std::string name;
  SanType type = SanType::kAny;
  SanType items = SanType::kAny;  // kList: the items' type; `kernel`: kKernel
  bool required = false;
  bool nonempty = true;                   // kStr: aorta strips it and refuses ""
  bool nullable = false;                  // null means "not given"
  std::vector<std::string> required_for;  // source kinds that require it
  std::vector<std::string> read_for;      // source kinds aorta reads it for (empty: all)
  std::vector<std::string> domain;        // accepted values
  std::vector<std::string> deferred;      // values aorta refuses as "not supported yet"
  SanPath path = SanPath::kNone;
  std::string default_value;
  std::string doc;

  bool ReadFor(std::string_view kind) const;
};

/// One mapping of the plan: `top_level`, `sanitizer_plan`, `source`, `scope`,
/// `selection`, `policy`, `output`, `kernel_spec`.
struct SanitizerBlock {
  std::string name;
  bool strict = false;  // aorta refuses unknown keys here; elsewhere it ignores them
  std::vector<SanitizerKey> keys;

  const SanitizerKey* Key(std::string_view name) const;
  /// The key names, sorted, for suggestions.
  std::vector<std::string_view> Names() const;
};

struct SanitizerKeys {
  std::vector<SanitizerBlock> blocks;
  const SanitizerBlock* Block(std::string_view name) const;
};

/// The table (rules/knowledge/sanitizer_plan.yaml) as data; load/knowledge_loader.h reads it
/// (BuiltinSanitizerKeys()). Throws std::logic_error when it is broken: that is a build defect.
SanitizerKeys SanitizerKeysFromTable(const yaml::Node& root);

/// A value aorta reads: its text after aorta's strip() and the node it came
/// from. `node` is set whenever the key is written; `text` only when aorta
/// would accept the value.
struct PlanValue {
  std::string text;
  const yaml::Node* node = nullptr;
  bool ok() const { return !text.empty(); }
};

/// A kernel named by `source.kernel` or an item of `source.kernels`.
struct PlanKernel {
  std::string name;                  // stripped; empty when aorta would refuse the spec
  const yaml::Node* node = nullptr;  // the item (a string or a mapping)
  const yaml::Node* name_node = nullptr;
  PlanValue code_object;         // as written
  std::string code_object_path;  // resolved from the recipe's directory
};

struct SanitizerPlan {
  const yaml::Node* node = nullptr;  // the `sanitizer_plan` mapping; nullptr when absent or not a mapping
  std::string recipe_dir;            // where relative paths resolve from (aorta: the recipe file's parent)

  PlanValue target;
  struct Source {
    const yaml::Node* node = nullptr;
    PlanValue kind;                                  // one of the supported kinds, else empty
    PlanValue path, isa_dir, hip, variant, command;  // `command` is `command` or `consan_command`
    std::string path_resolved, hip_resolved, isa_dir_resolved, command_resolved;
    std::vector<PlanKernel> kernels;  // kind kernel: the one; kernel_list: each item
    bool consan_log = true;
  } source;
  PlanValue scope_kind;
  PlanValue requirement;
  std::optional<int64_t> top_n;
  std::vector<std::string> sanitizers;  // de-duplicated, in order; only when all are known
  PlanValue consan_policy, on_missing_backend;
  std::optional<double> timeout_seconds;
  PlanValue report;

  /// aorta's _resolve_path: absolute stays, relative joins the recipe's directory.
  std::string Resolve(std::string_view raw) const;
};

/// The directory a recipe at `recipe_path` resolves plan paths from.
std::string RecipeDirectory(std::string_view recipe_path);

/// Reads the plan of a `mode: sanitizer` recipe whose root is `root`.
SanitizerPlan ReadSanitizerPlan(const yaml::Node& root, std::string_view recipe_path, const SanitizerKeys& keys);

/// Python's `str(value)` for a scalar (True, None, 3, 'text' without quotes).
std::string PythonStr(const yaml::Node& node);

/// aorta's _identity_int: an int >= 0 (never a bool) or a string holding one,
/// decimal or hex after `0x`. nullopt when aorta refuses it.
std::optional<int64_t> IdentityInt(const yaml::Node& node);

/// Python's `value == 1` for schema_version (1, 1.0 and True pass).
bool EqualsOne(const yaml::Node& node);

}  // namespace aortalint
