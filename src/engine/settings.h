// The one way analysis settings are built. `check`, `explain`, `run` and the
// language server all call BuildSettings(); the result cache derives its key
// from the object it returns (SettingsFingerprint) and records every config
// file and knowledge table it names as a dependency of the entry.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/analyze.h"
#include "engine/config.h"

namespace aortalint {

/// What the command line (or the editor's settings) asks beyond the config files.
struct SettingsRequest {
  std::vector<std::string> select;                  // replaces the config's select when non-empty
  std::vector<std::string> extend_select;           // adds to it
  std::vector<std::string> ignore;                  // adds to the config's ignore (as --extend-ignore)
  std::vector<std::string> triton;                  // replaces the config's triton when non-empty
  std::optional<std::vector<std::string>> collect;  // `--collect`
  std::string aorta;                                // `--aorta COMMIT`: replaces the config's `aorta:` when set
  std::vector<std::string> unfixable;               // `--unfixable`: findings of these keep no fix
  bool ignore_suppressions = false;                 // `--ignore-noqa`: suppression comments silence nothing

  /// Upper-cases every selector (IDs are case-insensitive); returns the first
  /// selector that names no rule, as "--select 'FOO' names no rule; did you mean 'COL003'?".
  std::optional<std::string> NormalizeAndCheck();
};

/// The settings for the analysis of the unit whose main file is `path`: the
/// request over the config that applies to it (its `extends:` chain, its
/// per-file-ignores, its `knowledge:` table) over the built-in knowledge.
AnalysisSettings BuildSettings(const SettingsRequest& request, const Config& config);

/// Every field of `settings` that can change a diagnostic, serialised in a
/// fixed order: the settings part of a cache key.
std::string SettingsFingerprint(const AnalysisSettings& settings);

/// The effective settings for people (`check --show-settings PATH`).
std::string DescribeSettings(const AnalysisSettings& settings, const std::string& path);

}  // namespace aortalint
