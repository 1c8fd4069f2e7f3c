// The LSP transport and protocol layers on their own: framing, envelopes,
// URIs and position conversion in both encodings.
#include <doctest/doctest.h>
#include <unistd.h>

#include "lsp/protocol.h"
#include "lsp/transport.h"

namespace aortalint::lsp {
namespace {

TEST_CASE("lsp transport: deframing copes with split, joined and broken messages") {
  Deframer d;
  std::string two = Frame(R"({"a":1})") + Frame(R"({"b":2})");
  d.Append(two.substr(0, 10));
  CHECK_FALSE(d.Next());
  d.Append(two.substr(10));
  std::optional<Incoming> first = d.Next();
  REQUIRE(first);
  CHECK(first->message == Json{{"a", 1}});
  CHECK(d.Next()->message == Json{{"b", 2}});
  CHECK_FALSE(d.Next());

  // Header names are case-insensitive and other headers are skipped.
  d.Append("content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}");
  CHECK(d.Next()->message == Json::object());

  d.Append("X-Nothing: 1\r\n\r\n");
  std::optional<Incoming> no_length = d.Next();
  REQUIRE(no_length);
  CHECK(no_length->kind == Incoming::Kind::kMalformed);
  d.Append(Frame("{oops"));
  CHECK(d.Next()->kind == Incoming::Kind::kMalformed);
  d.Append(Frame("[1]"));  // the stream recovers after both
  CHECK(d.Next()->message == Json::array({1}));

  // A header block without a length leaves its body behind; the next message still comes through.
  d.Append("Content-Type: x\r\n\r\n{}" + Frame("[2]"));
  CHECK(d.Next()->kind == Incoming::Kind::kMalformed);
  CHECK(d.Next()->message == Json::array({2}));
  // A client that ends its headers with bare LFs.
  d.Append("Content-Length: 3\n\n[3]" + Frame("[4]"));
  CHECK(d.Next()->message == Json::array({3}));
  CHECK(d.Next()->message == Json::array({4}));
  // Two lengths that disagree: neither is trusted, and what follows is read again.
  d.Append("Content-Length: 3\r\nContent-Length: 9999\r\n\r\n" + Frame("[5]"));
  CHECK(d.Next()->kind == Incoming::Kind::kMalformed);
  std::optional<Incoming> after = d.Next();
  while (after && after->kind == Incoming::Kind::kMalformed) after = d.Next();
  REQUIRE(after);
  CHECK(after->message == Json::array({5}));
}

TEST_CASE("lsp transport: envelopes") {
  auto kind = [](const char* text) { return ParseEnvelope(Json::parse(text)).kind; };
  using K = Envelope::Kind;
  CHECK(kind(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})") == K::kRequest);
  CHECK(kind(R"({"jsonrpc":"2.0","id":"x","method":"shutdown"})") == K::kRequest);
  CHECK(kind(R"({"jsonrpc":"2.0","method":"initialized","params":{}})") == K::kNotification);
  CHECK(kind(R"({"jsonrpc":"2.0","id":4,"result":null})") == K::kResponse);
  CHECK(kind(R"({"jsonrpc":"2.0","id":{},"method":"x"})") == K::kInvalid);
  CHECK(kind(R"({"jsonrpc":"2.0","id":1,"method":5})") == K::kInvalid);
  CHECK(kind(R"({"jsonrpc":"2.0","id":1,"method":"x","params":"no"})") == K::kInvalid);
  CHECK(kind(R"([1,2])") == K::kInvalid);
}

TEST_CASE("lsp transport: file descriptors, with a read timeout") {
  int to_server[2], from_server[2];
  REQUIRE(::pipe(to_server) == 0);
  REQUIRE(::pipe(from_server) == 0);
  FdTransport server(to_server[0], from_server[1]);
  CHECK(server.Read(std::chrono::milliseconds(5)).kind == Incoming::Kind::kTimeout);
  std::string framed = Frame(R"({"jsonrpc":"2.0","method":"x"})");
  REQUIRE(::write(to_server[1], framed.data(), framed.size()) == static_cast<ssize_t>(framed.size()));
  Incoming in = server.Read(std::chrono::milliseconds(1000));
  CHECK(in.kind == Incoming::Kind::kMessage);
  CHECK(in.message["method"] == "x");
  server.Notify("hello", Json{{"n", 1}});
  char buffer[256] = {};
  ssize_t n = ::read(from_server[0], buffer, sizeof buffer - 1);
  CHECK(std::string(buffer, n) == Frame(R"({"jsonrpc":"2.0","method":"hello","params":{"n":1}})"));
  ::close(to_server[1]);
  CHECK(server.Read(std::nullopt).kind == Incoming::Kind::kClosed);
  ::close(to_server[0]);
  ::close(from_server[0]);
  ::close(from_server[1]);
}

TEST_CASE("lsp protocol: URIs") {
  CHECK(UriToPath("file:///tmp/a%20b/r%C3%A9.yaml") == "/tmp/a b/ré.yaml");
  CHECK(PathToUri("/tmp/a b/ré.yaml") == "file:///tmp/a%20b/r%C3%A9.yaml");
  CHECK(UriToPath(PathToUri("/x/[y]#z.py")) == "/x/[y]#z.py");
  CHECK(UriToPath("file://localhost/etc/x") == "/etc/x");
}

TEST_CASE("lsp protocol: encodings are negotiated and positions converted in each") {
  CHECK(NegotiateEncoding(Json::object()) == PositionEncoding::kUtf16);
  CHECK(NegotiateEncoding(Json::parse(R"({"general":{"positionEncodings":["utf-16"]}})")) == PositionEncoding::kUtf16);
  CHECK(NegotiateEncoding(Json::parse(R"({"general":{"positionEncodings":["utf-32","utf-8"]}})")) ==
        PositionEncoding::kUtf8);

  // "é" is 2 bytes and 1 UTF-16 unit; "😀" 4 bytes and 2 units.
  SourceFile file("/r.yaml", "a: 1\nx: \"é😀\" # z\n");
  uint32_t z = static_cast<uint32_t>(file.text().find('z'));
  CHECK(ToPosition(file, z, PositionEncoding::kUtf16) == Json{{"line", 1}, {"character", 11}});
  CHECK(ToPosition(file, z, PositionEncoding::kUtf8) == Json{{"line", 1}, {"character", 14}});
  CHECK(FromPosition(file, Json{{"line", 1}, {"character", 11}}, PositionEncoding::kUtf16) == z);
  CHECK(FromPosition(file, Json{{"line", 1}, {"character", 14}}, PositionEncoding::kUtf8) == z);
  // Past the end of a line clamps to the line's end.
  CHECK(FromPosition(file, Json{{"line", 0}, {"character", 99}}, PositionEncoding::kUtf16) == 4);
}

TEST_CASE("lsp protocol: incremental changes in UTF-16 units") {
  Json change{{"range", {{"start", {{"line", 0}, {"character", 3}}}, {"end", {{"line", 0}, {"character", 4}}}}},
              {"text", "X"}};
  Span replaced;
  CHECK(ApplyChange("/p.py", "😀ab\n", change, PositionEncoding::kUtf16, &replaced) == "😀aX\n");
  CHECK(replaced == Span{5, 6});
  CHECK(ApplyChange("/p.py", "old", Json{{"text", "new"}}, PositionEncoding::kUtf16) == "new");
}

}  // namespace
}  // namespace aortalint::lsp
