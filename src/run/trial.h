// The trial record (trial.json): what ran, how it ended, its metrics, and
// an environment snapshot; plus why an expected capture is missing.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "run/child.h"
#include "run/wrap.h"

namespace aortalint::run {

// Versions and GPU, each fail-soft (null plus a note when unknown):
// {"python", "triton_version", "torch_version", "gpu_name", "gpu_vendor"
//  ("nvidia"|"amd"|null), "notes": [...]}. `python` empty: no interpreter
// to ask. Runs `<python> -c ...`, nvidia-smi and rocm-smi.
nlohmann::json ProbeEnvironment(const std::string& python);

// {"requested": B, "resolved": B|null, "reason": "..."} for Proton, from
// the options and a ProbeEnvironment snapshot. The .hatchet never records
// the backend, so `auto` is resolved from the GPU vendor and Triton version.
nlohmann::json ResolveBackend(const CollectorOptions& proton, const nlohmann::json& environment);

// Why the Proton capture is missing or empty, or nothing when it is as
// expected. `metrics` is ParseProtonMetrics(ProtonDir(out)); `target` is
// the launched argv (its script is scanned for a success-path SystemExit).
std::vector<std::string> ExplainProtonCapture(const CollectorOptions& proton, int exit_code,
                                              const std::filesystem::path& proton_dir, const nlohmann::json& metrics,
                                              const nlohmann::json& environment,
                                              const std::vector<std::string>& target);

struct TrialInputs {
  std::string recipe;
  std::string cell;
  std::vector<std::string> argv;  // as given
  WrapResult wrap;
  ChildResult child;
  std::optional<CollectorOptions> proton;
  std::optional<CollectorOptions> rocprof;
  nlohmann::json metrics = nlohmann::json::object();
  nlohmann::json environment = nlohmann::json::object();
  std::string started_at;            // ISO 8601, UTC
  std::filesystem::path output_dir;  // the trial directory
};

// The trial.json document; keys are documented in trial.cc.
nlohmann::json MakeTrialRecord(const TrialInputs& in);

// Whether a script's text calls sys.exit(main()), SystemExit(main()) or
// exit(main()) (whitespace allowed inside), scanned in one linear pass.
bool HasSuccessPathExitText(std::string_view text);

}  // namespace aortalint::run
