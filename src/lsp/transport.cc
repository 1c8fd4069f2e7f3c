#include "lsp/transport.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <string>

#include "base/json_text.h"

namespace aortalint::lsp {

Envelope ParseEnvelope(const Json& message) {
  Envelope e;
  if (!message.is_object()) return e;
  auto id = message.find("id");
  bool has_id = id != message.end();
  if (has_id) {
    if (id->is_number_integer() || id->is_string())
      e.id = *id;
    else if (!id->is_null())
      return e;
  }
  auto method = message.find("method");
  if (method == message.end()) {
    bool response = has_id && (message.contains("result") || message.contains("error"));
    if (response) e.kind = Envelope::Kind::kResponse;
    return e;
  }
  if (!method->is_string()) return e;
  e.method = method->get<std::string>();
  auto params = message.find("params");
  // `"params": null` is outside the spec, but clients send it for shutdown and exit.
  if (params != message.end() && !params->is_null()) {
    if (!params->is_object() && !params->is_array()) return e;
    e.params = *params;
  }
  if (!has_id)
    e.kind = Envelope::Kind::kNotification;
  else if (!e.id.is_null())
    e.kind = Envelope::Kind::kRequest;
  return e;
}

void Transport::Notify(std::string_view method, Json params) {
  Write(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void Transport::Reply(const Json& id, Json result) {
  Write(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Transport::ReplyError(const Json& id, const RpcError& error) {
  Write(Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", error.code}, {"message", error.message}}}});
}

std::string Frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

namespace {

// The deepest nesting of arrays and objects in `body` (strings skipped): a
// message nested deeper than kMaxJsonDepth is refused before it is parsed, as
// nlohmann's copies and destruction recurse per level.
size_t JsonDepth(std::string_view body) {
  size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Incoming Parse(std::string_view body) {
  Incoming in;
  if (size_t depth = JsonDepth(body); depth > kMaxJsonDepth) {
    in.kind = Incoming::Kind::kMalformed;
    in.error = "message nested " + std::to_string(depth) + " levels deep; at most " + std::to_string(kMaxJsonDepth);
    return in;
  }
  try {
    in.message = Json::parse(body);
    in.kind = Incoming::Kind::kMessage;
  } catch (const Json::parse_error& e) {
    in.kind = Incoming::Kind::kMalformed;
    in.error = e.what();
  }
  return in;
}

bool IEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

std::optional<Incoming> Deframer::Next() {
  // The rest of a body too large to keep: dropped as it arrives, up to a header that starts
  // the next message (a length that lied, such as 2^64-1, would swallow the stream otherwise).
  if (skip_ > 0) {
    constexpr std::string_view kHeader = "Content-Length:";
    size_t span = std::min(skip_, buffer_.size());
    if (size_t next = buffer_.find(kHeader); next < span) {
      buffer_.erase(0, next);
      skip_ = 0;
    } else {
      // Keep a tail that may be the start of that header, split across reads.
      size_t n = span < buffer_.size() ? span : span - std::min(span, kHeader.size() - 1);
      buffer_.erase(0, n);
      skip_ -= n;
      if (skip_ > 0) return std::nullopt;
    }
  }
  // Headers are a few dozen bytes: look only at what is new (no rescans), and
  // drop bytes that never reach a header end instead of buffering them forever.
  // The header block ends at a blank line: CRLF as the protocol has it, or a bare LF from a
  // client that writes one (its next message would be lost with it otherwise).
  size_t crlf = buffer_.find("\r\n\r\n", scanned_ > 3 ? scanned_ - 3 : 0);
  size_t lf = buffer_.find("\n\n", scanned_ > 1 ? scanned_ - 1 : 0);
  size_t header_end = std::min(crlf, lf);
  size_t separator = header_end == crlf ? 4 : 2;
  if (header_end == std::string::npos) {
    scanned_ = buffer_.size();
    if (buffer_.size() > kMaxHeaderBytes) {
      // Keep only a tail that could start a header end split across reads.
      size_t keep = 3;
      while (keep > 0 &&
             buffer_.compare(buffer_.size() - keep, keep, std::string_view("\r\n\r\n").substr(0, keep)) != 0)
        --keep;
      size_t dropped = buffer_.size() - keep;
      buffer_.erase(0, dropped);
      scanned_ = buffer_.size();
      return Incoming{Incoming::Kind::kMalformed, Json(),
                      std::to_string(dropped) + " bytes without a header end (\\r\\n\\r\\n) dropped"};
    }
    return std::nullopt;
  }
  scanned_ = 0;
  std::string_view headers(buffer_.data(), header_end);
  std::optional<size_t> length;
  bool conflicting = false;  // two Content-Length values: which body is meant cannot be known
  while (!headers.empty()) {
    size_t eol = headers.find('\n');
    std::string_view line = headers.substr(0, eol);
    headers.remove_prefix(eol == std::string_view::npos ? headers.size() : eol + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    // The name, past what a broken message before left on the line (`{}Content-Length: 52`).
    std::string_view name = line.substr(0, colon);
    constexpr std::string_view kName = "Content-Length";
    if (name.size() < kName.size() || !IEquals(name.substr(name.size() - kName.size()), kName)) continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    size_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end == value.data()) continue;
    conflicting = conflicting || (length && *length != n);
    length = n;
  }
  size_t body_start = header_end + separator;
  if (conflicting) {
    buffer_.erase(0, body_start);
    return Incoming{Incoming::Kind::kMalformed, Json(), "two different Content-Length headers in one message"};
  }
  if (length && *length > kMaxMessageBytes) {
    // Skip the body (it may never come whole: Content-Length 2^64-1) and go on with the next message.
    size_t have = std::min(buffer_.size() - body_start, *length);
    skip_ = *length - have;
    buffer_.erase(0, body_start + have);
    return Incoming{Incoming::Kind::kMalformed, Json(),
                    "Content-Length " + std::to_string(*length) + " is over the limit of " +
                        std::to_string(kMaxMessageBytes) + " bytes; message skipped"};
  }
  if (!length) {
    // No usable length: drop the header block so the stream can recover.
    buffer_.erase(0, body_start);
    return Incoming{Incoming::Kind::kMalformed, Json(), "missing or invalid Content-Length header"};
  }
  if (buffer_.size() - body_start < *length) return std::nullopt;
  Incoming in = Parse(std::string_view(buffer_).substr(body_start, *length));
  buffer_.erase(0, body_start + *length);
  return in;
}

Incoming FdTransport::Read(std::optional<std::chrono::milliseconds> timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout.value_or(std::chrono::milliseconds(0));
  while (true) {
    if (std::optional<Incoming> in = deframer_.Next()) return std::move(*in);  // a copy of the JSON recursed per level
    if (eof_) return Incoming{Incoming::Kind::kClosed, Json(), ""};
    int wait_ms = -1;
    if (timeout) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      wait_ms = static_cast<int>(std::max<long long>(0, left.count()));
    }
    pollfd fd{in_fd_, POLLIN, 0};
    int ready = ::poll(&fd, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Incoming{Incoming::Kind::kTimeout, Json(), ""};
    char chunk[65536];
    ssize_t n = ::read(in_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    deframer_.Append(std::string_view(chunk, static_cast<size_t>(n)));
  }
}

void FdTransport::Write(const Json& message) {
  std::string framed = Frame(JsonText(message));
  const char* p = framed.data();
  size_t left = framed.size();
  while (left > 0) {
    ssize_t n = ::write(out_fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the client is gone; reading will see end of input
    p += n;
    left -= static_cast<size_t>(n);
  }
}

void MemoryTransport::Push(const Json& message) { PushRaw(message.dump()); }

void MemoryTransport::PushRaw(std::string body) {
  transcript_ += "--> " + body + "\n";
  inbox_.push_back(std::move(body));
}

Incoming MemoryTransport::Read(std::optional<std::chrono::milliseconds>) {
  if (inbox_.empty()) return Incoming{closed_ ? Incoming::Kind::kClosed : Incoming::Kind::kTimeout, Json(), ""};
  std::string body = std::move(inbox_.front());
  inbox_.pop_front();
  return Parse(body);
}

void MemoryTransport::Write(const Json& message) {
  transcript_ += "<-- " + message.dump() + "\n";
  sent_.push_back(message);
}

std::vector<Json> MemoryTransport::TakeSent() { return std::exchange(sent_, {}); }

}  // namespace aortalint::lsp
