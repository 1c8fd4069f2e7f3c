// What each Triton release's Proton can do (rules/knowledge/triton.yaml), and
// the target versions a user lints against, mapped onto that table.
//
// A user table (config `knowledge:`) extends the built-in one by default: a
// row whose `version` equals a built-in row replaces that row whole, other
// rows are added in version order. With `replace: true` at its top level it
// replaces the built-in table instead.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/diagnostic.h"

namespace aortalint {
struct YamlDocument;
}

namespace aortalint {

enum class Vendor { kAmd, kNvidia };

/// Effective proton options (after strip().lower() and the defaults).
using ProtonOptions = std::map<std::string, std::string>;

/// A combination a release is known to crash on, refuse, or capture nothing with.
struct TritonFailure {
  std::map<std::string, std::vector<std::string>> when;  // option -> any of these values
  std::string kind;                                      // crash | refusal | empty
  std::string outcome;                                   // what the user sees

  bool Matches(const ProtonOptions& options) const;
};

struct TritonRow {
  std::string version;  // "3.6" (a series), "3.7.1" (a release) or "main"
  std::vector<std::string> examples;
  std::map<std::string, std::vector<std::string>> backends;  // `-b` choice -> its backend_mode domain
  std::map<std::string, std::string> mode_errors;            // backend -> what a refused mode raises
  std::string auto_amd;
  std::string auto_nvidia;
  bool forwards_mode = false;
  bool available_profilers = false;
  bool success_exit_lost = false;
  bool torch_first_hang = false;
  // Which kernels accept triton.profiler.language scopes under the
  // instrumentation backend: "gluon" (only @gluon.jit kernels unless the
  // payload calls enable_semantic("triton")), "any", or "unknown".
  std::string kernel_scopes = "unknown";
  std::vector<TritonFailure> failures;

  /// "3.6.x" for a series, the version otherwise.
  std::string Label() const;
  bool HasBackend(std::string_view backend) const;
  /// The backend_mode values `backend` accepts; empty when it has no such backend.
  std::vector<std::string> Modes(std::string_view backend) const;
  const std::string& Auto(Vendor vendor) const { return vendor == Vendor::kAmd ? auto_amd : auto_nvidia; }
  /// The backend that runs on `vendor` for a backend option (`auto` resolved).
  std::string Resolve(std::string_view backend, Vendor vendor) const;
};

struct TritonTable {
  std::vector<TritonRow> rows;  // oldest first; `main` last
};

/// A version the user targets, mapped onto a row.
struct TritonTarget {
  std::string written;  // as the user wrote it
  const TritonRow* row = nullptr;
  std::string note;       // set when the version is outside the table: how it was mapped
  std::string note_help;  // and what to do about it

  /// "3.7.1", or "3.9.0 (checked as main)" when mapped from outside the table.
  std::string Name() const;
};

/// The embedded table from its parsed document (load/knowledge_loader.h reads it: BuiltinTritonTable()).
/// Throws std::logic_error when the table is broken: that is a build defect.
TritonTable BuiltinTritonTableFrom(const YamlDocument& doc);

/// A user table (see the header comment) laid over `base`. Problems, with
/// positions, go to `errors`; the result is still usable.
std::shared_ptr<const TritonTable> MergeTritonTable(const YamlDocument& doc, const TritonTable& base,
                                                    std::vector<Diagnostic>& errors);

/// True when `written` reads as a Triton version (`3.7.1`, `3.6.0+rocm7.2.4`, `3.8`, `main`).
bool IsTritonVersion(std::string_view written);
/// Maps one version onto the table; nullopt when it is not a version.
std::optional<TritonTarget> ResolveTarget(const TritonTable& table, std::string_view written);
/// Maps every version that parses, in the order given, without repeats.
std::vector<TritonTarget> ResolveTargets(const TritonTable& table, const std::vector<std::string>& written);

// Questions the payload rules ask about a set of targets. Each returns the
// targets for which the answer is yes (empty: none).

/// Targets whose CLI loses the capture on a success-path SystemExit.
std::vector<const TritonTarget*> TargetsLosingSuccessExit(const std::vector<TritonTarget>& targets);
/// Targets where only Gluon kernels accept intra-kernel scope calls by default.
std::vector<const TritonTarget*> TargetsWithGluonOnlyScopes(const std::vector<TritonTarget>& targets);
/// Targets where importing torch before triton.profiler hangs at exit.
std::vector<const TritonTarget*> TargetsWithTorchFirstHang(const std::vector<TritonTarget>& targets);
/// Targets on which `backend` (auto resolved on AMD) is `resolved`, e.g. auto -> roctracer.
std::vector<const TritonTarget*> TargetsResolvingTo(const std::vector<TritonTarget>& targets, std::string_view backend,
                                                    std::string_view resolved);
/// "3.6.0, 3.7.1": the targets' names joined.
std::string JoinNames(const std::vector<const TritonTarget*>& targets);

}  // namespace aortalint
