// The import facts PAY001-PAY003 share, against aorta's worked cases (§6.1).
#include <algorithm>

#include <doctest/doctest.h>

#include "load/payload_loader.h"
#include "model/payload.h"

namespace aortalint {
namespace {

std::shared_ptr<const Payload> Parse(std::string text) {
  return ParsePayload(std::make_shared<SourceFile>("p.py", std::move(text)));
}

std::pair<uint32_t, uint32_t> PT(const Payload& p) {
  const ImportStmt* proton = p.DecisiveProtonImport();
  const ImportStmt* torch = p.FirstTorchImport();
  return {proton ? proton->line : 0, torch ? torch->line : 0};
}

TEST_CASE("payload: aorta's worked import-order cases") {
  CHECK(PT(*Parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import triton.profiler\n"
                  "import torch\nimport triton.profiler\n")) == std::pair<uint32_t, uint32_t>{5, 4});
  CHECK(PT(*Parse("try:\n    import triton.profiler\nexcept ImportError:\n    pass\nimport torch\n")) ==
        std::pair<uint32_t, uint32_t>{2, 5});
  CHECK(PT(*Parse("import torch\nimport os\nif os.environ:\n    import triton.profiler\nelse:\n"
                  "    import triton.profiler.language\n")) == std::pair<uint32_t, uint32_t>{6, 1});
  CHECK(PT(*Parse("def main():\n    import torch\n    import triton.profiler\n")) ==
        std::pair<uint32_t, uint32_t>{0, 0});
  CHECK(PT(*Parse("import torch, triton.profiler\n")) == std::pair<uint32_t, uint32_t>{1, 1});
}

TEST_CASE("payload: module paths and spellings") {
  auto p = Parse(
      "from triton import profiler as proton\nfrom . import torch\nimport torchvision\n"
      "import torch_utils\nfrom torch import nn\nimport triton\n");
  REQUIRE(p->imports.size() == 6);
  CHECK(p->imports[0].modules == std::vector<std::string>{"triton", "triton.profiler"});
  CHECK(p->imports[0].proton);
  CHECK(p->imports[1].level == 1);
  CHECK(p->imports[1].modules.empty());
  CHECK_FALSE(p->imports[1].torch);
  CHECK_FALSE(p->imports[2].torch);
  CHECK_FALSE(p->imports[3].torch);
  CHECK(p->imports[4].torch);
  CHECK_FALSE(p->imports[5].proton);
  CHECK(p->ProtonFunction("proton.start") == "start");
  CHECK(p->ProtonFunction("profiler.start") == "");
}

TEST_CASE("payload: certainty of nested statements") {
  auto p = Parse(
      "class A:\n    import triton.profiler\nwith open('x'):\n    import torch\ntry:\n    pass\n"
      "except E:\n    pass\nelse:\n    import torch.nn\nfinally:\n    import torch.cuda\n"
      "for x in y:\n    import triton.profiler.language\nwhile z:\n    with w:\n        import torch.fx\n");
  std::vector<bool> certain;
  for (const ImportStmt& s : p->imports) certain.push_back(s.certain);
  CHECK(certain == std::vector<bool>{true, true, false, true, false, false});
}

TEST_CASE("payload: constant strings are resolved") {
  auto p = Parse(
      "P = 'AORTA_PROTON_'\n\"\"\"AORTA_PROTON_DOC\"\"\"\na = f'{P}NAME'\nb = P + 'DIR'\n"
      "c = '%sDATA' % P\nd = '{}MODE'.format(P)\ne = f'{unknown}HOOK'\n");
  auto has = [&](const std::string& s) {
    return std::find(p->strings.begin(), p->strings.end(), s) != p->strings.end();
  };
  CHECK(has("AORTA_PROTON_NAME"));
  CHECK(has("AORTA_PROTON_DIR"));
  CHECK(has("AORTA_PROTON_DATA"));
  CHECK(has("AORTA_PROTON_MODE"));
  CHECK_FALSE(has("AORTA_PROTON_DOC"));
  CHECK(p->string_tails == std::vector<std::string>{"HOOK"});
}

TEST_CASE("payload: hostile input parses without recursion") {
  std::string deep = "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  auto p = Parse("import triton.profiler\n" + deep + "s = " + std::string(3000, '[') + "\n");
  CHECK(p->ok());
  CHECK_FALSE(p->syntax_problems.empty());
  auto bytes = Parse(std::string("import torch\n\xff\xfe\x00garbage", 22));
  CHECK(bytes->ok());
}

}  // namespace
}  // namespace aortalint
