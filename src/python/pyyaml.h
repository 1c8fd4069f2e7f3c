// How PyYAML's safe_load reads this text. aorta reads every recipe with it, so
// aortalint reads recipes with a port of PyYAML 6.0's reader, scanner, parser
// and composer (yaml/scanner.py, parser.py, composer.py), plus the checks
// SafeConstructor makes while it builds the objects (unhashable keys, merge
// keys, tags without a constructor, impossible timestamps). It finds the first
// error PyYAML would raise, with PyYAML's own words and the place it points
// at, and hands the nodes it composes, in document order, to whoever builds
// the tree (load/yaml_loader.cc), so the verdict and the tree come from one
// parse and agree with aorta's on every document. Ported from PyYAML 6.0 under
// its MIT licence: its notice is in NOTICE.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aortalint {

struct PyYamlError {
  size_t offset = 0;                     // byte offset of PyYAML's problem mark (or its context mark when it has none)
  std::string context;                   // e.g. "while scanning a simple key" (may be empty)
  std::string problem;                   // e.g. "could not find expected ':'"
  std::optional<size_t> context_offset;  // byte offset of the context mark, when PyYAML gives one
};

/// A node as PyYAML's composer meets it: a scalar, an alias, the start of a collection, or
/// the end of the innermost open one.
struct NodeEvent {
  enum Type { kScalar, kAlias, kSequenceStart, kMappingStart, kCollectionEnd };
  Type type = kScalar;
  size_t begin = 0;       // byte offset of PyYAML's start mark (a node's anchor or tag, when it has one)
  size_t end = 0;         // byte offset of its end mark
  std::string anchor;     // the anchor the node defines, or the one the alias names
  std::string tag;        // an explicit tag, its handle resolved ("tag:yaml.org,2002:int"); "" for none or '!'
  bool implicit = false;  // a scalar PyYAML types by its text (written plain, or tagged '!')
  char style = 0;         // a scalar's: 0 plain, '\'', '"', '|' or '>'
  bool flow = false;      // a flow collection: [a] or {a: b}
  std::string value;      // a scalar's text, unescaped and folded (UTF-8)
};
using NodeEventSink = std::function<void(const NodeEvent&)>;

/// The first error PyYAML's safe_load raises on `text` (UTF-8), or nothing when it loads.
/// Control characters outside PyYAML's printable set are not checked here (the loader
/// refuses them first). Linear in the text; never recurses on the document's depth.
/// `sink`, when given, receives every node as it is composed, before the verdict is known.
std::optional<PyYamlError> CheckAsPyYaml(std::string_view text, const NodeEventSink& sink = {});

struct PyYamlMessage {
  std::string text;  // PyYAML's words: what is wrong
  std::string help;  // what to do (quote the value, use spaces, ...)
  size_t offset;     // where the fix goes: the opening quote never closed, the key that lost its ':'
};

/// What to say about `error` in `text` (the text CheckAsPyYaml read), and where.
PyYamlMessage DescribePyYamlError(const PyYamlError& error, std::string_view text);

}  // namespace aortalint
