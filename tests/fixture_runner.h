// Runs one rule's fixture folder through the real binary and checks it.
//
// fixtures/rules/<ID>/ holds recipes and payloads whose comments say what must
// fire: `# expect: ID` (this line), `# expect@+N: ID` / `@-N` (N lines away),
// several IDs separated by spaces, `# todo-expect: ID` for a known gap. An
// optional `EXPECT` file lists `path:line: ID` for files that cannot carry
// comments (binary, not UTF-8); `ARGS` holds extra command-line words (one
// line, e.g. `--triton 3.8.0 -- python app.py`). Only the folder's rule runs.
// An unannotated finding or an annotation that did not fire fails, and the
// rendered text output must match `expected.txt`, and when a finding has a fix,
// what `--diff` and `--diff --unsafe-fixes` print must match `expected.diff`
// (AORTALINT_UPDATE_SNAPSHOTS=1 rewrites both). The folder's example/ and
// fixed/ hold the rule's documented example, not fixtures: the run skips them.
#pragma once

#include <string>

namespace aortalint::testing {

/// The words that keep `check .` of a rule folder off its documented example,
/// example/ and fixed/ (tests/rule_docs_test.cc runs it): it is not a fixture.
inline constexpr const char* kNotExamples = "--extend-exclude example,fixed ";

/// Returns 0 when the folder passes; prints what differs otherwise.
int RunFixtureFolder(const std::string& dir);

}  // namespace aortalint::testing
