// The knowledge tables are read at start-up from pre-parsed images made at
// build time (tools/tablegen.cc, load/yaml_image.h). These tests hold every
// image equal to what its YAML text says, node for node, and check that the
// comparison and the decoder notice a difference or damage.
#include <doctest/doctest.h>

#include <string>

#include "base/embedded.h"
#include "load/knowledge_loader.h"
#include "load/yaml_image.h"
#include "load/yaml_loader.h"
#include "model/knowledge.h"

namespace aortalint {
namespace {

bool IsYaml(std::string_view name) { return name.size() > 5 && name.substr(name.size() - 5) == ".yaml"; }

TEST_CASE("every embedded YAML table has an image equal to the table parsed from its text") {
  size_t tables = 0;
  for (const EmbeddedFile& f : EmbeddedFiles()) {
    if (!IsYaml(f.name)) continue;
    ++tables;
    CAPTURE(f.name);
    std::optional<std::string_view> image = FindEmbeddedImage(f.name);
    REQUIRE(image.has_value());
    YamlDocument parsed = ParseEmbeddedYaml(f.name);
    REQUIRE(parsed.ok());
    YamlDocument loaded = ParseEmbedded(f.name);
    REQUIRE(loaded.root);
    std::optional<std::string> diff = yaml::FirstDifference(*parsed.root, *loaded.root);
    CHECK_MESSAGE(!diff, *diff);
    CHECK(loaded.source->text() == f.contents);  // spans point into the right text
  }
  CHECK(tables >= 5);  // collectors, mitigations, recipe_keys, torch_importers, triton
  CHECK(EmbeddedImages().size() == tables);
}

TEST_CASE("an image round-trips every kind of node and the comparison finds a changed field") {
  auto source = std::make_shared<SourceFile>(
      "t.yaml", "a: [1, -7, 2.5, .inf, true, null, 'q', x]\nb: {c: d}\nc: &k 9223372036854775807\nd: *k\n");
  YamlDocument doc = ParseYaml(source);
  REQUIRE(doc.ok());
  std::string image = yaml::EncodeImage(*doc.root);
  yaml::NodePtr back = yaml::DecodeImage(image);
  REQUIRE(back);
  CHECK_FALSE(yaml::FirstDifference(*doc.root, *back));

  auto changed = std::make_shared<yaml::Node>(*back);
  auto item = std::make_shared<yaml::Node>(*changed->entries[0].value->items[1]);
  item->integer = -8;
  auto seq = std::make_shared<yaml::Node>(*changed->entries[0].value);
  seq->items[1] = item;
  changed->entries[0].value = seq;
  std::optional<std::string> diff = yaml::FirstDifference(*doc.root, *changed);
  REQUIRE(diff);
  CHECK(*diff == "$.a[1]: integer '-7' vs '-8'");
}

TEST_CASE("a damaged image decodes to nothing") {
  YamlDocument doc = ParseYaml(std::make_shared<SourceFile>("t.yaml", "a: [b, c]\n"));
  std::string image = yaml::EncodeImage(*doc.root);
  CHECK(yaml::DecodeImage(image));
  CHECK_FALSE(yaml::DecodeImage(image.substr(0, image.size() - 1)));  // cut short
  CHECK_FALSE(yaml::DecodeImage(image + "x"));                        // trailing bytes
  CHECK_FALSE(yaml::DecodeImage("XXXX" + image.substr(4)));           // wrong magic
  std::string bad_kind = image;
  bad_kind[4] = 99;
  CHECK_FALSE(yaml::DecodeImage(bad_kind));
}

TEST_CASE("the knowledge built from the images is the knowledge built from the YAML") {
  // BuiltinKnowledge() reads the images; spot-check it against the YAML text.
  const Knowledge& k = BuiltinKnowledge();
  YamlDocument doc = ParseEmbeddedYaml("collectors.yaml");
  const yaml::Node* collectors = doc.root->Get("collectors");
  REQUIRE(collectors);
  CHECK(k.collectors.size() == collectors->entries.size());
  for (const yaml::Entry& e : collectors->entries) CHECK(k.Collector(e.key->text) != nullptr);
}

}  // namespace
}  // namespace aortalint
