// Incremental payload re-parsing (load/payload_edit.h): after any sequence of
// edits, the re-used tree must equal a parse from scratch.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <random>

#include "load/payload_edit.h"
#include "load/payload_loader.h"
#include "model/payload.h"

namespace aortalint {
namespace {

std::string Sexp(const Payload& p) {
  char* s = ts_node_string(p.root());
  std::string out(s);
  std::free(s);
  return out;
}

TEST_CASE("payload edit: points count rows and byte columns") {
  TextChange c = DescribeChange("ab\ncdé\nf", Span{4, 8}, "x\nyz");
  CHECK(c.start_point.row == 1);
  CHECK(c.start_point.column == 1);
  CHECK(c.old_end_point.row == 2);
  CHECK(c.old_end_point.column == 0);
  CHECK(c.new_end == 8);
  CHECK(c.new_end_point.row == 2);
  CHECK(c.new_end_point.column == 2);
}

TEST_CASE("payload edit: an edited tree parses to what a fresh parse gives") {
  std::string text =
      "import torch\nimport triton.profiler as proton\n\n\ndef main():\n    proton.start(\"é\")\n"
      "    x = torch.ones(4)\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n";
  std::shared_ptr<const Payload> payload = ParsePayload(std::make_shared<SourceFile>("/p.py", text));
  REQUIRE(payload->ok());
  std::mt19937 random(7);
  const char* inserts[] = {"", "x", "\n", "    y = (1,\n", "é", ")", "def f():\n    pass\n"};
  for (int round = 0; round < 200; ++round) {
    uint32_t a = random() % (text.size() + 1), b = random() % (text.size() + 1);
    if (a > b) std::swap(a, b);
    b = std::min<uint32_t>(b, a + 6);
    // Keep UTF-8 intact: edits start and end on character boundaries.
    while (a < text.size() && (static_cast<unsigned char>(text[a]) & 0xC0) == 0x80) ++a;
    b = std::max(a, b);
    while (b < text.size() && (static_cast<unsigned char>(text[b]) & 0xC0) == 0x80) ++b;
    std::string inserted = inserts[random() % std::size(inserts)];
    std::vector<TextChange> changes{DescribeChange(text, Span{a, b}, inserted)};
    text.replace(a, b - a, inserted);
    auto source = std::make_shared<SourceFile>("/p.py", text);
    payload = ReparsePayload(source, payload.get(), changes);
    std::shared_ptr<const Payload> fresh = ParsePayload(source);
    REQUIRE(Sexp(*payload) == Sexp(*fresh));
    CHECK(payload->imports.size() == fresh->imports.size());
  }
}

}  // namespace
}  // namespace aortalint
