// The one sorted list of rules. A new rule is a file under rules/<family>/,
// a line here, a fixture folder and a generated docs page.
#include <algorithm>
#include <vector>

#include "engine/rule.h"

namespace aortalint {

std::unique_ptr<Rule> MakeAutoResolvesDifferently();
std::unique_ptr<Rule> MakeBackendUnavailable();
std::unique_ptr<Rule> MakeCliNeedsPythonScript();
std::unique_ptr<Rule> MakeDuplicateKey();
std::unique_ptr<Rule> MakeEnvSessionNeverStarted();
std::unique_ptr<Rule> MakeEnvVarNotRead();
std::unique_ptr<Rule> MakeInstrumentationWithoutScopes();
std::unique_ptr<Rule> MakeKnownCrash();
std::unique_ptr<Rule> MakeMissingMainGuard();
std::unique_ptr<Rule> MakeModeKnobDropped();
std::unique_ptr<Rule> MakeModeUnsupported();
std::unique_ptr<Rule> MakePayloadSetsVisibleDevices();
std::unique_ptr<Rule> MakeProtonImportUnpinned();
std::unique_ptr<Rule> MakePythonSyntaxError();
std::unique_ptr<Rule> MakeRecipeNotMapping();
std::unique_ptr<Rule> MakeSessionStartedBeforeRuntime();
std::unique_ptr<Rule> MakeSuccessPathSystemExit();
std::unique_ptr<Rule> MakeTorchBeforeProton();
std::unique_ptr<Rule> MakeTorchImportedTransitively();
std::unique_ptr<Rule> MakeUnreadableFile();
std::unique_ptr<Rule> MakeYamlSyntaxError();

namespace {

constexpr RuleFactory kRules[] = {
    MakeCliNeedsPythonScript,         // ATT002
    MakeTorchBeforeProton,            // PAY001
    MakeProtonImportUnpinned,         // PAY002
    MakeTorchImportedTransitively,    // PAY003
    MakeSuccessPathSystemExit,        // PAY004
    MakeMissingMainGuard,             // PAY005
    MakeEnvVarNotRead,                // PAY006
    MakeEnvSessionNeverStarted,       // PAY007
    MakeSessionStartedBeforeRuntime,  // PAY008
    MakePayloadSetsVisibleDevices,    // PAY009
    MakeInstrumentationWithoutScopes, // PAY010
    MakeRecipeNotMapping,             // RCP001
    MakeYamlSyntaxError,              // SYN001
    MakePythonSyntaxError,            // SYN002
    MakeUnreadableFile,               // SYN003
    MakeDuplicateKey,                 // SYN004
    MakeBackendUnavailable,           // VER001
    MakeModeUnsupported,              // VER002
    MakeModeKnobDropped,              // VER003
    MakeAutoResolvesDifferently,      // VER004
    MakeKnownCrash,                   // VER005
};

}  // namespace

std::span<const RuleFactory> AllRules() { return kRules; }

std::span<const RuleMeta* const> AllRuleMetas() {
  // Metadata lives in each rule's translation unit with static storage, so
  // pointers taken from one instance stay valid after it is destroyed.
  static const std::vector<const RuleMeta*> metas = [] {
    std::vector<const RuleMeta*> out;
    for (RuleFactory make : kRules) out.push_back(&make()->Meta());
    std::sort(out.begin(), out.end(), [](const RuleMeta* a, const RuleMeta* b) { return a->id < b->id; });
    return out;
  }();
  return metas;
}

const RuleMeta* FindRule(std::string_view id) {
  for (const RuleMeta* m : AllRuleMetas())
    if (m->id == id) return m;
  return nullptr;
}

}  // namespace aortalint
