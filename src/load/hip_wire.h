// The HIP worker's messages (load/hip_worker.h): a request and the facts a
// parse found, written as length-prefixed fields on the worker's socket. The
// reader checks every length against what is left, so a worker that dies
// mid-message gives an error, never a wrong payload.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "hip/module_abi.h"
#include "model/hip.h"

namespace aortalint::hip_wire {

std::string EncodeRequest(const hip::Request& request);
std::optional<hip::Request> DecodeRequest(std::string_view bytes);

/// What the module fills in a HipPayload (not its source, read state or flags_from).
std::string EncodeFacts(const HipPayload& payload);
/// Fills `out`'s facts; false when `bytes` is not a whole message.
bool DecodeFacts(std::string_view bytes, HipPayload& out);

}  // namespace aortalint::hip_wire
