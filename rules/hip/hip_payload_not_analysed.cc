// HIP006: a HIP payload that aortalint could not analyse, or analysed without one of its headers.
#include "engine/rule_context.h"
#include "model/hip.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP006",
    .slug = "hip-payload-not-analysed",
    .severity = Severity::kInfo,
    .summary = "a HIP payload could not be analysed, or was analysed without one of its headers",
    .what =
        "Says, once per HIP/C++ payload, why the HIP rules could not judge it: a source paired with the recipe "
        "cannot be read (no permission, a directory, gone since compile_commands.json named it), this aortalint was "
        "built "
        "without Clang (`-DAORTALINT_WITH_CLANG=OFF`), its HIP analyser module is missing, truncated or from "
        "another build, Clang could not start the parse, or the parse was stopped: it went past the time "
        "or memory limit of its worker process, or Clang crashed (the rest of the run goes on). When the parse ran but "
        "a header was found nowhere (a "
        "third-party library, a generated file), it says so once per header at its `#include`: the parse "
        "went on with the header empty, so what depends on it may be missed. A header that exists but is "
        "outside the project and the include roots, or is not a regular file (a FIFO, a device, "
        "`/dev/stdin`), is never read: it is reported the same way, with the reason. When no header is missing "
        "but the file has errors, it reports the count and the first one. The parse is the host side's: a "
        "header's kernel and `__device__` function templates are declared where the code uses them, their bodies "
        "not instantiated, so an error only there is left to hipcc's device compilation. So are a header's host "
        "templates whose instantiation cannot name a kernel (a reference implementation, a tensor class): no rule "
        "reads an instantiated body, and an error only there is left to hipcc too.\n\n"
        "Headers come from the payload's entry in `compile_commands.json` (its `-I`, `-isystem`, `-D` and "
        "`-std` flags), then ROCm's own (`$ROCM_PATH/include`, `/opt/rocm/include`), else aortalint's "
        "stand-in for `<hip/hip_runtime.h>`, `<hip/hip_ext.h>` and the roctx headers.",
    .why = "Silence would read as \"nothing wrong\" when nothing was checked.",
    .facts =
        "Clang stops instantiating templates after a fatal error such as a missing header "
        "(reference/toolchain.md §5), so a missing header is served empty instead and reported here.",
    .reads_sanitizer_recipes = true,
};

class HipPayloadNotAnalysed final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckHip(const HipPayload& hip, RuleContext& ctx) override {
    if (!hip.read_error.empty()) {  // paired with a recipe (a file named alone gets SYN003)
      ctx.Report(hip.source, Span{0, 0},
                 "HIP source '{}' was not analysed, so the HIP rules (HIP001-HIP005) skipped it: cannot read it: {}",
                 hip.path(), hip.read_error)
          .Help(
              "make it a readable regular file, or fix the compile_commands.json entry or the config's pairs: that "
              "names it");
      return;
    }
    if (!hip.hip) return;  // not a HIP payload
    if (hip.status != HipPayload::Status::kAnalysed) {
      ctx.Report(hip.source, Span{0, 0},
                 "HIP payload '{}' was not analysed, so the HIP rules (HIP001-HIP005) skipped it: {}", hip.path(),
                 hip.status_detail)
          .Help("{}", !hip.status_help.empty() ? hip.status_help
                      : hip.status == HipPayload::Status::kNoClang
                          ? "build aortalint with Clang 14 (the default; scripts/setup.sh installs it) to check it"
                          : "reinstall aortalint with its libaortalint_hip.so beside the binary");
      return;
    }
    for (const HipMissingHeader& m : hip.missing_headers) {
      if (!m.refused.empty()) {
        ctx.Report(hip.source, m.span,
                   "header '{}' was not read ({}), so '{}' was analysed without it (HIP002, HIP003 and HIP005 did not "
                   "judge it)",
                   m.header, m.refused, hip.path())
            .Help(
                "a payload's headers are read only from regular files inside the project and the system, ROCm and "
                "Clang include directories; move the header into the project");
        continue;
      }
      ctx.Report(hip.source, m.span,
                 "header '{}' was not found, so '{}' was analysed without it: kernels, launches or roctx calls that "
                 "depend on it may be missed (HIP002, HIP003 and HIP005 did not judge it)",
                 m.header, hip.path())
          .Help("give its include directory in compile_commands.json{}",
                hip.standin ? " (or install ROCm, whose headers are used when present)" : "");
    }
    if (hip.missing_headers.empty() && hip.errors > 0)  // a missing header is the cause: said above
      ctx.Report(
             hip.source, Span{0, 0},
             "'{}' has {} Clang error(s) (first: {}), and the HIP rules used what parsed (HIP002, HIP003 and HIP005, "
             "which report an absence, did not judge it)",
             hip.path(), hip.errors, hip.first_error)
          .Help("{}", hip.standin
                          ? "if hipcc compiles it, aortalint's stand-in HIP headers lack a declaration it uses: "
                            "point ROCM_PATH (or --hip-include) at ROCm's headers, and report the gap"
                          : "fix the errors, or give the source's flags in compile_commands.json");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeHipPayloadNotAnalysed() { return std::make_unique<HipPayloadNotAnalysed>(); }

}  // namespace aortalint
