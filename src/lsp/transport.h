// JSON-RPC 2.0 over a byte stream with LSP's Content-Length framing. Knows
// messages and envelopes, nothing of LSP methods or of what is being linted.
#pragma once

#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::lsp {

using Json = nlohmann::json;

/// JSON-RPC and LSP error codes.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestFailed = -32803,
};

struct RpcError {
  int code = kInternalError;
  std::string message;
};

/// What one Read() produced.
struct Incoming {
  enum class Kind { kMessage, kMalformed, kTimeout, kClosed };
  Kind kind = Kind::kClosed;
  Json message;       // kMessage
  std::string error;  // kMalformed: why the bytes were not a JSON message
};

/// A JSON-RPC message sorted by shape.
struct Envelope {
  enum class Kind { kRequest, kNotification, kResponse, kInvalid };
  Kind kind = Kind::kInvalid;
  Json id;  // requests and responses; null when absent or unusable
  std::string method;
  Json params;  // null when absent
};

/// Classifies a message; an object without a string `method` that is not a
/// response, or with an id that is neither a number nor a string, is invalid.
Envelope ParseEnvelope(const Json& message);

class Transport {
 public:
  virtual ~Transport() = default;

  /// Waits up to `timeout` (forever when nullopt) for the next message.
  virtual Incoming Read(std::optional<std::chrono::milliseconds> timeout) = 0;
  /// Sends one message.
  virtual void Write(const Json& message) = 0;

  void Notify(std::string_view method, Json params);
  void Reply(const Json& id, Json result);
  void ReplyError(const Json& id, const RpcError& error);
};

/// Frames `body` with a Content-Length header.
std::string Frame(std::string_view body);

/// Splits framed messages off the front of a byte buffer. Header parsing
/// follows the spec: `Content-Length` is required, other headers are skipped.
/// Bounds on what a client may send: a message body (larger ones are skipped
/// as they arrive), a header block, and the nesting of a message's JSON.
inline constexpr size_t kMaxMessageBytes = 64u << 20;
inline constexpr size_t kMaxHeaderBytes = 64u << 10;
inline constexpr size_t kMaxJsonDepth = 512;

class Deframer {
 public:
  void Append(std::string_view bytes) { buffer_.append(bytes); }
  /// The next complete message, parsed; nullopt when more bytes are needed.
  std::optional<Incoming> Next();

 private:
  std::string buffer_;
  size_t scanned_ = 0;  // bytes of buffer_ already searched for a header end
  size_t skip_ = 0;     // bytes of an over-long body still to drop
};

/// Reads and writes file descriptors (stdin/stdout for `aortalint lsp`).
class FdTransport : public Transport {
 public:
  FdTransport(int in_fd, int out_fd) : in_fd_(in_fd), out_fd_(out_fd) {}
  Incoming Read(std::optional<std::chrono::milliseconds> timeout) override;
  void Write(const Json& message) override;

 private:
  int in_fd_;
  int out_fd_;
  bool eof_ = false;
  Deframer deframer_;
};

/// Messages queued in memory, for tests. Every message in either direction is
/// kept in a transcript that reads like a log: `--> ` client to server,
/// `<-- ` server to client, one compact JSON object per line.
class MemoryTransport : public Transport {
 public:
  /// Queues a message from the client.
  void Push(const Json& message);
  /// Queues raw bytes as one framed body (malformed JSON, for tests).
  void PushRaw(std::string body);
  /// After Close(), an empty queue reads as end of input instead of a timeout.
  void Close() { closed_ = true; }

  Incoming Read(std::optional<std::chrono::milliseconds> timeout) override;
  void Write(const Json& message) override;

  /// What the server sent since the last call.
  std::vector<Json> TakeSent();
  const std::string& transcript() const { return transcript_; }

 private:
  std::deque<std::string> inbox_;
  std::vector<Json> sent_;
  std::string transcript_;
  bool closed_ = false;
};

}  // namespace aortalint::lsp
