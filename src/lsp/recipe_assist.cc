#include "lsp/recipe_assist.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/strings.h"
#include "emit/docs.h"
#include "engine/rule.h"
#include "engine/suppression.h"
#include "load/knowledge_loader.h"
#include "load/yaml_loader.h"
#include "model/knowledge.h"
#include "model/recipe_keys.h"

namespace aortalint::lsp {
namespace {

bool Touches(Span span, uint32_t offset) { return span.begin <= offset && offset <= span.end; }

std::string JoinCode(const std::vector<std::string>& items, std::string_view sep) { return Join(items, sep, "`"); }

std::string KeyMarkdown(const KeyDoc& k, std::string_view scope) {
  std::string out = fmt::format("**{}** ({})\n\n{}\n\n", k.name, scope, k.doc);
  if (!k.type.empty()) out += fmt::format("- type: {}\n", k.type);
  if (k.required) out += "- required\n";
  if (!k.required_in.empty()) out += fmt::format("- required in: {}\n", JoinCode(k.required_in, ", "));
  if (!k.default_value.empty()) out += fmt::format("- default: {}\n", k.default_value);
  if (!k.modes.empty()) out += fmt::format("- modes: {}\n", JoinCode(k.modes, ", "));
  return out;
}

std::string CollectorMarkdown(const CollectorSpec& c) {
  std::string out = fmt::format("**{}** (collector)\n\n{}\n", c.name, c.summary);
  if (c.any_options) return out + "\nAccepts any options.\n";
  if (!c.options.empty()) {
    out += "\nOptions:\n";
    for (const OptionSpec& o : c.options) out += fmt::format("- `{}`: {}\n", o.name, o.doc);
  }
  return out;
}

std::string OptionMarkdown(const CollectorSpec& c, const OptionSpec& o) {
  std::string out = fmt::format("**{}.{}** (option)\n\n{}\n\n", c.name, o.name, o.doc);
  if (!o.domain.empty())
    out +=
        fmt::format("- {}: {}\n", o.tokens ? "tokens, comma or space separated" : "values", JoinCode(o.domain, ", "));
  for (const auto& [backend, values] : o.by_backend)
    out += fmt::format("- with `backend: {}`: {}\n", backend, JoinCode(values, ", "));
  if (o.any) out += o.nonempty ? "- free text, not empty\n" : "- free text\n";
  out += fmt::format("- default: {}\n", o.default_value ? "`" + *o.default_value + "`" : "none (not passed)");
  out += "- the value must be a YAML string; aorta strips and lowercases it\n";
  return out;
}

std::optional<HoverText> HoverCollect(const yaml::Node* collect, uint32_t offset) {
  if (!collect) return std::nullopt;
  const Knowledge& knowledge = BuiltinKnowledge();
  if (collect->is_seq()) {
    for (const yaml::NodePtr& item : collect->items)
      if (item->is_str() && Touches(item->span, offset))
        if (const CollectorSpec* c = knowledge.Collector(item->text))
          return HoverText{item->span, CollectorMarkdown(*c)};
    return std::nullopt;
  }
  if (!collect->is_map()) return std::nullopt;
  for (const yaml::Entry& e : collect->entries) {
    const CollectorSpec* c = e.key->is_str() ? knowledge.Collector(e.key->text) : nullptr;
    if (!c) continue;
    if (Touches(e.key->span, offset)) return HoverText{e.key->span, CollectorMarkdown(*c)};
    if (!e.value || !e.value->is_map()) continue;
    for (const yaml::Entry& o : e.value->entries) {
      const OptionSpec* spec = o.key->is_str() ? c->Option(o.key->text) : nullptr;
      if (!spec) continue;
      if (Touches(o.key->span, offset)) return HoverText{o.key->span, OptionMarkdown(*c, *spec)};
      if (o.value && Touches(o.value->span, offset)) return HoverText{o.value->span, OptionMarkdown(*c, *spec)};
    }
  }
  return std::nullopt;
}

std::optional<HoverText> HoverRecipe(const SourcePtr& file, uint32_t offset) {
  YamlDocument doc = ParseYaml(file);
  if (!doc.ok() || !doc.root || !doc.root->is_map()) return std::nullopt;
  const RecipeKeys& keys = BuiltinRecipeKeys();
  for (const yaml::Entry& e : doc.root->entries) {
    if (!e.key->is_str()) continue;
    if (Touches(e.key->span, offset)) {
      if (const KeyDoc* k = keys.TopLevel(e.key->text)) return HoverText{e.key->span, KeyMarkdown(*k, "recipe key")};
      return std::nullopt;
    }
    if (!e.value || !Touches(e.value->span, offset)) continue;
    if (e.key->text == "collect") return HoverCollect(e.value.get(), offset);
    if (e.key->text != "cells" || !e.value->is_seq()) return std::nullopt;
    for (const yaml::NodePtr& cell : e.value->items) {
      if (!cell->is_map() || !Touches(cell->span, offset)) continue;
      for (const yaml::Entry& ce : cell->entries) {
        if (!ce.key->is_str()) continue;
        if (Touches(ce.key->span, offset)) {
          if (const KeyDoc* k = keys.Cell(ce.key->text)) return HoverText{ce.key->span, KeyMarkdown(*k, "cell key")};
          return std::nullopt;
        }
        if (ce.key->text == "collect" && ce.value && Touches(ce.value->span, offset))
          return HoverCollect(ce.value.get(), offset);
      }
    }
  }
  return std::nullopt;
}

// --- Completion: the key path above a line, from indentation alone. ---

struct Line {
  std::string_view text;
  uint32_t indent = 0;     // columns before the first non-space
  bool item = false;       // starts with "- "
  std::string_view key;    // the mapping key the line opens, if any
  std::string_view value;  // what follows "key:"
};

std::string_view TrimLine(std::string_view s) { return TrimRight(TrimLeft(s, " \t"), " \t\r"); }

std::string_view Unquote(std::string_view s) {
  s = TrimLine(s);
  if (size_t hash = s.find(" #"); hash != std::string_view::npos) s = TrimLine(s.substr(0, hash));
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  return s;
}

Line Scan(std::string_view text) {
  Line l{text};
  while (l.indent < text.size() && text[l.indent] == ' ') ++l.indent;
  std::string_view rest = text.substr(l.indent);
  if (rest.starts_with("- ") || rest == "-") {
    l.item = true;
    rest.remove_prefix(std::min<size_t>(2, rest.size()));
  }
  size_t colon = rest.find(':');
  if (colon != std::string_view::npos && (colon + 1 == rest.size() || rest[colon + 1] == ' ')) {
    l.key = Unquote(rest.substr(0, colon));
    l.value = rest.substr(colon + 1);
  }
  return l;
}

bool Blank(std::string_view text) {
  std::string_view t = TrimLine(text);
  return t.empty() || t.front() == '#';
}

// Ancestor keys of `line` (1-based) for content at column `limit`, outermost
// first; "-" stands for a list item. `owner_line` gets the innermost one's line.
std::vector<std::string> Ancestors(const SourceFile& file, uint32_t line, uint32_t limit, uint32_t* owner_line) {
  std::vector<std::string> path;
  *owner_line = 0;
  for (uint32_t l = line; l-- > 1 && limit > 0;) {
    std::string_view text = file.LineText(l);
    if (Blank(text)) continue;
    Line s = Scan(text);
    if (s.indent >= limit) continue;
    size_t before = path.size();
    if (s.item) {
      // "- collect:" with nothing after the colon opens a block inside the item.
      if (s.indent + 2 < limit && !s.key.empty() && TrimLine(s.value).empty()) path.push_back(std::string(s.key));
      path.push_back("-");
    } else {
      if (s.key.empty()) break;  // not a block mapping line: no context
      path.push_back(std::string(s.key));
    }
    if (!*owner_line && path.size() > before) *owner_line = l;
    limit = s.indent;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// The collect block the path is inside: where "collect" sits, or -1.
int CollectDepth(const std::vector<std::string>& path) {
  if (!path.empty() && path[0] == "collect") return 0;
  if (path.size() >= 3 && path[0] == "cells" && path[1] == "-" && path[2] == "collect") return 2;
  return -1;
}

// YAML 1.1 would read these as bool or int; option values must be strings.
std::string QuoteIfNeeded(const std::string& value) {
  static const char* kTyped[] = {"yes", "no", "on", "off", "true", "false", "y", "n", "null", "~"};
  bool typed = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
  });
  for (const char* t : kTyped) typed |= value == t;
  return typed ? "'" + value + "'" : value;
}

void AddCollectors(std::vector<CompletionEntry>& out) {
  for (const CollectorSpec& c : BuiltinKnowledge().collectors)
    out.push_back({CompletionEntry::Kind::kCollector, c.name, c.name, c.summary, CollectorMarkdown(c)});
}

// The value of `key` written directly in the block that starts after `owner`.
std::string SiblingValue(const SourceFile& file, uint32_t owner, std::string_view key) {
  uint32_t owner_indent = Scan(file.LineText(owner)).indent;
  for (uint32_t l = owner + 1; l <= file.line_count(); ++l) {
    std::string_view text = file.LineText(l);
    if (Blank(text)) continue;
    Line s = Scan(text);
    if (s.indent <= owner_indent) break;
    if (s.key == key) return std::string(Unquote(s.value));
  }
  return "";
}

}  // namespace

std::optional<HoverText> HoverAt(const SourcePtr& file, uint32_t offset, bool recipe) {
  for (const Suppression& s : FindSuppressions(*file)) {
    if (!Touches(s.directive, offset)) continue;
    for (const SuppressionCode& code : s.codes) {
      if (!Touches(code.span, offset)) continue;
      if (const RuleMeta* meta = FindRule(code.id)) return HoverText{code.span, RuleDoc(*meta)};
      return HoverText{code.span, fmt::format("`{}` is not an aortalint rule", code.id)};
    }
  }
  if (recipe) return HoverRecipe(file, offset);
  return std::nullopt;
}

std::vector<CompletionEntry> CompleteAt(const SourceFile& file, uint32_t offset) {
  std::vector<CompletionEntry> out;
  uint32_t line = file.Locate(offset).line;
  std::string_view prefix = file.text().substr(file.LineStart(line), offset - file.LineStart(line));
  Line cur = Scan(prefix);
  std::string_view typed = TrimLine(prefix.substr(cur.indent));

  // Flow form on the key's own line: `collect: [rocprof, `.
  if (cur.key == "collect" && TrimLine(cur.value).starts_with("[")) {
    std::string_view after = TrimLine(cur.value);
    if (after.find(']') == std::string_view::npos) AddCollectors(out);
    return out;
  }
  uint32_t owner = 0;
  std::vector<std::string> path = Ancestors(file, line, cur.indent, &owner);
  if (cur.item) path.push_back("-");
  int at = CollectDepth(path);
  if (at < 0) return out;
  size_t below = path.size() - static_cast<size_t>(at) - 1;  // keys under `collect`
  const Knowledge& knowledge = BuiltinKnowledge();

  if (below == 0 || (below == 1 && path.back() == "-")) {
    if (cur.key.empty()) AddCollectors(out);  // a collector's key or list item, before its colon
    return out;
  }
  if (below != 1) return out;
  const CollectorSpec* collector = knowledge.Collector(path.back());
  if (!collector) return out;
  if (cur.key.empty()) {
    if (typed.find(':') != std::string_view::npos) return out;
    for (const OptionSpec& o : collector->options)
      out.push_back({CompletionEntry::Kind::kOption, o.name, o.name + ": ",
                     o.default_value ? "default: " + *o.default_value : "", OptionMarkdown(*collector, o)});
    return out;
  }
  const OptionSpec* option = collector->Option(cur.key);
  if (!option) return out;
  std::vector<std::string> values = option->domain;
  if (!option->by_backend.empty()) {
    std::string backend(SiblingValue(file, owner, "backend"));
    backend = AsciiLower(backend);
    auto it = option->by_backend.find(backend);
    values = it == option->by_backend.end() ? std::vector<std::string>{} : it->second;
  }
  bool quoted = TrimLine(cur.value).starts_with("\"") || TrimLine(cur.value).starts_with("'");
  for (const std::string& v : values)
    out.push_back({CompletionEntry::Kind::kValue, v, quoted ? v : QuoteIfNeeded(v),
                   option->default_value == v ? "default" : "", ""});
  return out;
}

std::optional<Edit> SuppressionEdit(const SourceFile& file, uint32_t offset, std::string_view rule) {
  uint32_t line = file.Locate(offset).line;
  for (const Suppression& s : FindSuppressions(file)) {
    if (s.kind != Suppression::Kind::kLine || s.line != line) continue;
    for (const SuppressionCode& code : s.codes)
      if (code.id == rule) return std::nullopt;  // already there
    return Edit{file.path(), Span{s.list.end, s.list.end}, fmt::format(",{}", rule)};
  }
  std::string_view text = file.LineText(line);
  bool python = file.path().ends_with(".py");
  std::string comment = fmt::format("# aortalint: ignore[{}]", rule);
  // A trailing comment would end a Python continuation or sit behind another comment.
  if (text.find('#') != std::string_view::npos || (python && text.ends_with("\\"))) {
    uint32_t start = file.LineStart(line);
    std::string indent(Scan(text).indent, ' ');
    return Edit{file.path(), Span{start, start}, indent + comment + "\n"};
  }
  uint32_t end = file.LineStart(line) + static_cast<uint32_t>(text.size());
  return Edit{file.path(), Span{end, end}, "  " + comment};
}

}  // namespace aortalint::lsp
