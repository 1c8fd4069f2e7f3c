// libFuzzer target: arbitrary bytes as the language server's input stream:
// framing (Content-Length, headers, bodies), JSON parsing, and every message
// the server then handles (initialize, didOpen, didChange, codeAction, ...).
// Nothing may crash, hang or grow without bound.
#include <cstddef>
#include <cstdint>
#include <string>

#include "lsp/server.h"
#include "lsp/transport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aortalint::lsp;
  Deframer deframer;
  deframer.Append(std::string_view(reinterpret_cast<const char*>(data), size));
  MemoryTransport transport;
  // Frames as the real transport would see them; their bodies then go to a server.
  for (int i = 0; i < 64; ++i) {
    std::optional<Incoming> in = deframer.Next();
    if (!in) break;
    if (in->kind == Incoming::Kind::kMessage) {
      ParseEnvelope(in->message);
      transport.Push(in->message);
    } else {
      transport.PushRaw(in->error);
    }
  }
  transport.Close();
  ServerOptions options;
  options.debounce = std::chrono::milliseconds(0);
  Server server(transport, options);
  for (int i = 0; i < 256 && server.Pump(); ++i) {
  }
  return 0;
}
