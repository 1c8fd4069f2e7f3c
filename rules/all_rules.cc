// The one sorted list of rules. A new rule is a file under rules/<family>/,
// a line here, a fixture folder and a generated docs page.
#include <span>

#include "rules/all_rules.h"

#include "engine/rule.h"

namespace aortalint {

std::unique_ptr<Rule> MakeAutoResolvesDifferently();
std::unique_ptr<Rule> MakeAxisSlugCollision();
std::unique_ptr<Rule> MakeBackendModeMismatch();
std::unique_ptr<Rule> MakeBackendUnavailable();
std::unique_ptr<Rule> MakeBadCell();
std::unique_ptr<Rule> MakeBadCollectShape();
std::unique_ptr<Rule> MakeBadExtraEnv();
std::unique_ptr<Rule> MakeBadKernelRegex();
std::unique_ptr<Rule> MakeBadMode();
std::unique_ptr<Rule> MakeBadSchemaVersion();
std::unique_ptr<Rule> MakeBadStopAfter();
std::unique_ptr<Rule> MakeCellCollectNull();
std::unique_ptr<Rule> MakeCliNeedsPythonScript();
std::unique_ptr<Rule> MakeCliOverrideConflict();
std::unique_ptr<Rule> MakeCliPayloadOwnSession();
std::unique_ptr<Rule> MakeCliPinnedRoctracer();
std::unique_ptr<Rule> MakeCollectOnInProcessWorkload();
std::unique_ptr<Rule> MakeConsanReproWithoutShared();
std::unique_ptr<Rule> MakeCrossVendorPair();
std::unique_ptr<Rule> MakeDeferredKey();
std::unique_ptr<Rule> MakeDuplicateKey();
std::unique_ptr<Rule> MakeEmptyMitigations();
std::unique_ptr<Rule> MakeEnvFinalizeNotGuaranteed();
std::unique_ptr<Rule> MakeEnvSessionNeverStarted();
std::unique_ptr<Rule> MakeEnvVarNotRead();
std::unique_ptr<Rule> MakeHipPayloadNotAnalysed();
std::unique_ptr<Rule> MakeInstrumentationNoMetrics();
std::unique_ptr<Rule> MakeInstrumentationWithoutScopes();
std::unique_ptr<Rule> MakeInvalidValue();
std::unique_ptr<Rule> MakeKernelNameUnresolvable();
std::unique_ptr<Rule> MakeKernelRegexMatchesNothing();
std::unique_ptr<Rule> MakeKnobNeedsInstrumentation();
std::unique_ptr<Rule> MakeKnownCrash();
std::unique_ptr<Rule> MakeMarkerTraceWithoutMarkers();
std::unique_ptr<Rule> MakeMissingMainGuard();
std::unique_ptr<Rule> MakeMissingRequiredKey();
std::unique_ptr<Rule> MakeModeKnobConflict();
std::unique_ptr<Rule> MakeModeKnobDropped();
std::unique_ptr<Rule> MakeModeUnsupported();
std::unique_ptr<Rule> MakeNoKernelLaunch();
std::unique_ptr<Rule> MakeOptionNotString();
std::unique_ptr<Rule> MakeOptionOutOfDomain();
std::unique_ptr<Rule> MakePayloadSetsVisibleDevices();
std::unique_ptr<Rule> MakeProtonImportUnpinned();
std::unique_ptr<Rule> MakeProtonImportedLate();
std::unique_ptr<Rule> MakePythonSyntaxError();
std::unique_ptr<Rule> MakeQueueInterceptorConflict();
std::unique_ptr<Rule> MakeRecipeNotMapping();
std::unique_ptr<Rule> MakeReservedWorkloadConfigKey();
std::unique_ptr<Rule> MakeRocprofFormatNoMetrics();
std::unique_ptr<Rule> MakeRocprofTraceNoKernel();
std::unique_ptr<Rule> MakeSanitizerUnknownKey();
std::unique_ptr<Rule> MakeSanitizerMissingKey();
std::unique_ptr<Rule> MakeSanitizerBadValue();
std::unique_ptr<Rule> MakeSanitizerWrongType();
std::unique_ptr<Rule> MakeSanitizerInputMissing();
std::unique_ptr<Rule> MakeSanitizerIgnoredKey();
std::unique_ptr<Rule> MakeScopeInTritonKernel();
std::unique_ptr<Rule> MakeSessionStartedBeforeRuntime();
std::unique_ptr<Rule> MakeSuccessPathSystemExit();
std::unique_ptr<Rule> MakeSweepCommandRefused();
std::unique_ptr<Rule> MakeSweepRecipePath();
std::unique_ptr<Rule> MakeTorchBeforeProton();
std::unique_ptr<Rule> MakeTorchImportedTransitively();
std::unique_ptr<Rule> MakeTraceDataNoMetrics();
std::unique_ptr<Rule> MakeUnknownBaselineCell();
std::unique_ptr<Rule> MakeUnknownCollector();
std::unique_ptr<Rule> MakeUnknownKey();
std::unique_ptr<Rule> MakeUnknownMitigation();
std::unique_ptr<Rule> MakeUnknownOption();
std::unique_ptr<Rule> MakeUnknownRuleInSuppression();
std::unique_ptr<Rule> MakeIneffectiveSuppression();
std::unique_ptr<Rule> MakeUnreadableFile();
std::unique_ptr<Rule> MakeUnusedSuppression();
std::unique_ptr<Rule> MakeVisibleDevicesTranslated();
std::unique_ptr<Rule> MakeWrongModeKey();
std::unique_ptr<Rule> MakeYamlSyntaxError();

namespace {

constexpr RuleFactory kRules[] = {
    MakeCliPinnedRoctracer,            // ATT001
    MakeCliNeedsPythonScript,          // ATT002
    MakeCollectOnInProcessWorkload,    // ATT003
    MakeVisibleDevicesTranslated,      // ATT004
    MakeSweepCommandRefused,           // ATT005
    MakeSweepRecipePath,               // ATT006
    MakeQueueInterceptorConflict,      // CNF001
    MakeCliOverrideConflict,           // CNF002
    MakeCrossVendorPair,               // CNF003
    MakeUnknownCollector,              // COL001
    MakeBadCollectShape,               // COL002
    MakeOptionNotString,               // COL003
    MakeUnknownOption,                 // COL004
    MakeOptionOutOfDomain,             // COL005
    MakeModeKnobConflict,              // COL006
    MakeKnobNeedsInstrumentation,      // COL007
    MakeBackendModeMismatch,           // COL008
    MakeBadKernelRegex,                // COL009
    MakeKernelRegexMatchesNothing,     // HIP001
    MakeMarkerTraceWithoutMarkers,     // HIP002
    MakeNoKernelLaunch,                // HIP003
    MakeKernelNameUnresolvable,        // HIP004
    MakeConsanReproWithoutShared,      // HIP005
    MakeHipPayloadNotAnalysed,         // HIP006
    MakeTraceDataNoMetrics,            // MET001
    MakeInstrumentationNoMetrics,      // MET002
    MakeRocprofFormatNoMetrics,        // MET003
    MakeRocprofTraceNoKernel,          // MET004
    MakeTorchBeforeProton,             // PAY001
    MakeProtonImportUnpinned,          // PAY002
    MakeTorchImportedTransitively,     // PAY003
    MakeSuccessPathSystemExit,         // PAY004
    MakeMissingMainGuard,              // PAY005
    MakeEnvVarNotRead,                 // PAY006
    MakeEnvSessionNeverStarted,        // PAY007
    MakeSessionStartedBeforeRuntime,   // PAY008
    MakePayloadSetsVisibleDevices,     // PAY009
    MakeInstrumentationWithoutScopes,  // PAY010
    MakeScopeInTritonKernel,           // PAY011
    MakeCliPayloadOwnSession,          // PAY012
    MakeEnvFinalizeNotGuaranteed,      // PAY013
    MakeProtonImportedLate,            // PAY014
    MakeRecipeNotMapping,              // RCP001
    MakeUnknownKey,                    // RCP002
    MakeWrongModeKey,                  // RCP003
    MakeMissingRequiredKey,            // RCP004
    MakeBadSchemaVersion,              // RCP005
    MakeBadMode,                       // RCP006
    MakeInvalidValue,                  // RCP007
    MakeBadCell,                       // RCP008
    MakeCellCollectNull,               // RCP009
    MakeDeferredKey,                   // RCP010
    MakeUnknownBaselineCell,           // RCP011
    MakeBadStopAfter,                  // RCP012
    MakeReservedWorkloadConfigKey,     // RCP013
    MakeBadExtraEnv,                   // RCP014
    MakeUnknownMitigation,             // RCP015
    MakeEmptyMitigations,              // RCP016
    MakeAxisSlugCollision,             // RCP017
    MakeSanitizerUnknownKey,           // SAN001
    MakeSanitizerMissingKey,           // SAN002
    MakeSanitizerBadValue,             // SAN003
    MakeSanitizerWrongType,            // SAN004
    MakeSanitizerInputMissing,         // SAN005
    MakeSanitizerIgnoredKey,           // SAN006
    MakeUnusedSuppression,             // SUP001
    MakeUnknownRuleInSuppression,      // SUP002
    MakeIneffectiveSuppression,        // SUP003
    MakeYamlSyntaxError,               // SYN001
    MakePythonSyntaxError,             // SYN002
    MakeUnreadableFile,                // SYN003
    MakeDuplicateKey,                  // SYN004
    MakeBackendUnavailable,            // VER001
    MakeModeUnsupported,               // VER002
    MakeModeKnobDropped,               // VER003
    MakeAutoResolvesDifferently,       // VER004
    MakeKnownCrash,                    // VER005
};

}  // namespace

void InstallBuiltinRules() { InstallRules(kRules); }

}  // namespace aortalint
