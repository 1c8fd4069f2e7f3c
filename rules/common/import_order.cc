#include "rules/common/import_order.h"

#include <algorithm>

#include <fmt/format.h>

#include "model/payload.h"
#include "rules/common/proton_use.h"

namespace aortalint::payload {

void AttachModes::Record(const Recipe& recipe, const Pairing& pairing) {
  std::vector<version::ProtonUse> uses = version::ProtonUses(recipe);
  bool cli = !uses.empty();
  for (const version::ProtonUse& u : uses) cli = cli && u.Value("mode") == "cli";
  for (const std::shared_ptr<const Payload>& p : pairing.payloads) {
    if (!p) continue;
    auto [it, fresh] = only_cli_.emplace(p->path(), cli);
    if (!fresh) it->second = it->second && cli;
  }
}

bool AttachModes::OnlyCli(const std::string& path) const {
  auto it = only_cli_.find(path);
  return it != only_cli_.end() && it->second;
}

OrderCost TorchFirstCost(const std::vector<TritonTarget>& targets, bool only_cli) {
  if (only_cli)
    return {
        "under 'mode: cli' Proton's front end imports triton.profiler before the script runs, so the process "
        "has Proton first anyway; the order matters where the payload runs under 'mode: env' or plain python",
        Severity::kInfo};
  if (targets.empty())
    return {"on Triton 3.8.0 with ROCm this order can hang the process at exit (aorta#434; no --triton target given)"};
  std::vector<const TritonTarget*> hang = TargetsWithTorchFirstHang(targets);
  std::vector<const TritonTarget*> safe;
  for (const TritonTarget& t : targets)
    if (std::find(hang.begin(), hang.end(), &t) == hang.end()) safe.push_back(&t);
  if (hang.empty())
    return {fmt::format("on Triton {} no hang is known, but on 3.8.0 with ROCm this order can hang the process at exit "
                        "(aorta#434)",
                        JoinNames(safe)),
            Severity::kWarning};
  std::string text =
      fmt::format("on Triton {} with ROCm this order can hang the process at exit (aorta#434)", JoinNames(hang));
  if (!safe.empty()) text += fmt::format("; on Triton {} no hang is known", JoinNames(safe));
  return {text};
}

}  // namespace aortalint::payload
