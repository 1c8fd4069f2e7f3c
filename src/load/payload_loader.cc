#include "load/payload_loader.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "base/file_reader.h"

namespace aortalint {
namespace {

// Resolution of constant strings stops this deep: `a + b + ...` chains are
// short in real code, and hostile ones must not recurse without bound.
constexpr int kMaxResolveDepth = 32;

bool Is(TSNode node, const char* type) { return std::strcmp(ts_node_type(node), type) == 0; }

TSNode Field(TSNode node, const char* name) {
  return ts_node_child_by_field_name(node, name, static_cast<uint32_t>(std::strlen(name)));
}

// The named children of `node`, through a cursor (ts_node_child is linear in the index).
std::vector<TSNode> NamedChildren(TSNode node) {
  std::vector<TSNode> out;
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child)) out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

bool IsProtonPath(std::string_view path) {
  return path.rfind("triton.profiler", 0) == 0 || path.rfind("triton._C.libproton", 0) == 0;
}
bool IsTorchPath(std::string_view path) { return path == "torch" || path.rfind("torch.", 0) == 0; }

// Computes a payload's shared facts. Escapes in strings are kept as written:
// the names the rules look for never carry any.
class Builder {
 public:
  explicit Builder(Payload& p) : p_(p) {}

  void Run() {
    CollectConstants();
    Walk();
    BindProtonNames();
  }

 private:
  struct Frame {
    TSNode node;
    bool certain;
    bool in_function;
    bool top_level;
  };

  std::string Text(TSNode n) const { return std::string(p_.Text(n)); }

  // `a . b` -> "a.b" from a dotted_name's identifiers.
  std::string Dotted(TSNode n) const {
    if (!Is(n, "dotted_name")) return Text(n);
    std::string out;
    for (TSNode c : NamedChildren(n)) {
      if (!out.empty()) out += '.';
      out += Text(c);
    }
    return out;
  }

  // Module-level `NAME = "..."` (and `NAME: str = "..."`), before the walk so
  // that functions above the definition resolve it too.
  void CollectConstants() {
    for (TSNode stmt : NamedChildren(p_.root())) {
      if (!Is(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1) continue;
      TSNode a = ts_node_named_child(stmt, 0);
      if (!Is(a, "assignment")) continue;
      TSNode left = Field(a, "left");
      TSNode right = Field(a, "right");
      if (ts_node_is_null(left) || ts_node_is_null(right) || !Is(left, "identifier")) continue;
      if (auto v = Resolve(right, 0)) p_.constants[Text(left)] = *v;
    }
  }

  // The constant string an expression always evaluates to, if it can be told.
  std::optional<std::string> Resolve(TSNode n, int depth, std::string* tail = nullptr) const {
    if (depth > kMaxResolveDepth || ts_node_is_null(n)) return std::nullopt;
    const char* type = ts_node_type(n);
    if (!std::strcmp(type, "string")) {
      std::string out;
      bool whole = true;
      for (TSNode c : NamedChildren(n)) {
        if (Is(c, "string_content") || Is(c, "escape_sequence")) {
          out += Text(c);
        } else if (Is(c, "interpolation")) {
          TSNode e = Field(c, "expression");
          std::optional<std::string> v = Resolve(e, depth + 1);
          if (!v || !ts_node_is_null(Field(c, "format_specifier"))) {
            whole = false;
            out.clear();  // what follows the unresolved part is still a constant tail
          } else {
            out += *v;
          }
        }
      }
      if (whole) return out;
      if (tail) *tail = out;
      return std::nullopt;
    }
    if (!std::strcmp(type, "concatenated_string")) {
      std::string out;
      for (TSNode c : NamedChildren(n)) {
        std::optional<std::string> v = Resolve(c, depth + 1);
        if (!v) return std::nullopt;
        out += *v;
      }
      return out;
    }
    if (!std::strcmp(type, "identifier")) {
      auto it = p_.constants.find(Text(n));
      if (it == p_.constants.end()) return std::nullopt;
      return it->second;
    }
    if (!std::strcmp(type, "parenthesized_expression") && ts_node_named_child_count(n) == 1)
      return Resolve(ts_node_named_child(n, 0), depth + 1);
    if (!std::strcmp(type, "binary_operator")) {
      TSNode op = Field(n, "operator");
      std::string o = ts_node_is_null(op) ? "" : Text(op);
      std::optional<std::string> left = Resolve(Field(n, "left"), depth + 1);
      if (!left) return std::nullopt;
      TSNode right_node = Field(n, "right");
      if (o == "+") {
        std::optional<std::string> right = Resolve(right_node, depth + 1);
        if (!right) return std::nullopt;
        return *left + *right;
      }
      if (o == "%") {
        std::vector<TSNode> items = Is(right_node, "tuple") ? NamedChildren(right_node) : std::vector<TSNode>{right_node};
        return Substitute(*left, "%s", items, depth);
      }
      return std::nullopt;
    }
    if (!std::strcmp(type, "call")) {
      TSNode fn = Field(n, "function");
      if (ts_node_is_null(fn) || !Is(fn, "attribute")) return std::nullopt;
      TSNode attr = Field(fn, "attribute");
      if (ts_node_is_null(attr) || Text(attr) != "format") return std::nullopt;
      std::optional<std::string> format = Resolve(Field(fn, "object"), depth + 1);
      if (!format) return std::nullopt;
      std::vector<TSNode> args;
      for (TSNode a : NamedChildren(Field(n, "arguments"))) {
        if (Is(a, "keyword_argument") || Is(a, "comment")) return std::nullopt;
        args.push_back(a);
      }
      std::string braces = format->find("{0}") != std::string::npos ? "{0}" : "{}";
      return Substitute(*format, braces, args, depth);
    }
    return std::nullopt;
  }

  // Replaces each `marker` in order with the resolved `items`.
  std::optional<std::string> Substitute(const std::string& format, const std::string& marker,
                                        const std::vector<TSNode>& items, int depth) const {
    std::string out;
    size_t at = 0, used = 0;
    for (size_t hit; (hit = format.find(marker, at)) != std::string::npos; at = hit + marker.size()) {
      TSNode item = marker == "{0}" ? (items.empty() ? TSNode{} : items[0]) : (used < items.size() ? items[used] : TSNode{});
      ++used;
      if (ts_node_is_null(item)) return std::nullopt;
      std::optional<std::string> v = Resolve(item, depth + 1);
      if (!v) return std::nullopt;
      out += format.substr(at, hit - at) + *v;
    }
    if (marker != "{0}" && used != items.size()) return std::nullopt;
    return out + format.substr(at);
  }

  void AddImport(TSNode n, const Frame& f) {
    ImportStmt s;
    s.span = p_.SpanOf(n);
    s.line = ts_node_start_point(n).row + 1;
    s.end_line = ts_node_end_point(n).row + 1;
    s.certain = f.certain;
    s.in_function = f.in_function;
    s.top_level = f.top_level;
    bool from = Is(n, "import_from_statement");
    TSTreeCursor cursor = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      do {
        TSNode c = ts_tree_cursor_current_node(&cursor);
        const char* field = ts_tree_cursor_current_field_name(&cursor);
        if (field && !std::strcmp(field, "module_name")) {
          if (Is(c, "relative_import")) {
            for (TSNode r : NamedChildren(c)) {
              if (Is(r, "import_prefix")) s.level = static_cast<int>(p_.Text(r).size());
              else s.from = Dotted(r);
            }
          } else {
            s.from = Dotted(c);
          }
        } else if (field && !std::strcmp(field, "name")) {
          if (Is(c, "aliased_import")) {
            s.names.push_back({Dotted(Field(c, "name")),
                               Text(Field(c, "alias"))});
          } else {
            s.names.push_back({Dotted(c), ""});
          }
        } else if (Is(c, "wildcard_import")) {
          s.names.push_back({"*", ""});
        }
      } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    if (s.level == 0) {
      if (from) {
        s.modules.push_back(s.from);
        for (const ImportedName& name : s.names) s.modules.push_back(s.from + "." + name.name);
      } else {
        for (const ImportedName& name : s.names) s.modules.push_back(name.name);
      }
    }
    for (const std::string& m : s.modules) {
      s.proton = s.proton || IsProtonPath(m);
      s.torch = s.torch || IsTorchPath(m);
    }
    p_.imports.push_back(std::move(s));
  }

  void AddCall(TSNode n, const Frame& f) {
    TSNode fn = Field(n, "function");
    if (ts_node_is_null(fn) || !(Is(fn, "identifier") || Is(fn, "attribute"))) return;
    std::string callee;
    for (char c : p_.Text(fn))
      if (!std::isspace(static_cast<unsigned char>(c))) callee += c;
    p_.calls.push_back({callee, p_.SpanOf(n), ts_node_start_point(n).row + 1, f.in_function, n});
    // Environment writes through calls.
    size_t dot = callee.rfind('.');
    std::string method = dot == std::string::npos ? callee : callee.substr(dot + 1);
    std::string owner = dot == std::string::npos ? "" : callee.substr(0, dot);
    bool environ = owner == "os.environ" || owner == "environ";
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    if ((environ && method == "setdefault") || callee == "os.putenv" || callee == "putenv") {
      if (!args.empty())
        if (auto v = Resolve(args[0], 0)) p_.env_writes.push_back({*v, p_.SpanOf(n), ts_node_start_point(n).row + 1});
    } else if (environ && method == "update") {
      for (TSNode a : args) {
        if (Is(a, "keyword_argument")) {
          p_.env_writes.push_back({Text(Field(a, "name")), p_.SpanOf(a),
                                   ts_node_start_point(a).row + 1});
        } else if (Is(a, "dictionary")) {
          for (TSNode pair : NamedChildren(a))
            if (Is(pair, "pair"))
              if (auto v = Resolve(Field(pair, "key"), 0))
                p_.env_writes.push_back({*v, p_.SpanOf(pair), ts_node_start_point(pair).row + 1});
        }
      }
    }
  }

  void AddAssignment(TSNode n) {
    TSNode left = Field(n, "left");
    if (ts_node_is_null(left) || !Is(left, "subscript")) return;
    std::string owner;
    for (char c : p_.Text(Field(left, "value")))
      if (!std::isspace(static_cast<unsigned char>(c))) owner += c;
    if (owner != "os.environ" && owner != "environ") return;
    if (auto v = Resolve(Field(left, "subscript"), 0))
      p_.env_writes.push_back({*v, p_.SpanOf(n), ts_node_start_point(n).row + 1});
  }

  void AddString(TSNode n, TSNode parent) {
    // A docstring (a string alone as a statement) documents; it reads nothing.
    if (Is(parent, "expression_statement") && ts_node_named_child_count(parent) == 1) return;
    std::string tail;
    if (auto v = Resolve(n, 0, &tail)) p_.strings.push_back(*v);
    else if (!tail.empty()) p_.string_tails.push_back(tail);
  }

  bool MentionsName(TSNode condition) const {
    std::vector<TSNode> stack{condition};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (Is(n, "identifier") && p_.Text(n) == "__name__") return true;
      for (TSNode c : NamedChildren(n)) stack.push_back(c);
    }
    return false;
  }

  void Walk() {
    TSNode root = p_.root();
    std::vector<std::pair<Frame, TSNode>> stack;  // frame and parent
    for (auto it = NamedChildren(root); !it.empty(); it.pop_back())
      stack.push_back({{it.back(), true, false, true}, root});
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    std::vector<std::pair<Frame, TSNode>> children;
    while (!stack.empty()) {
      auto [f, parent] = stack.back();
      stack.pop_back();
      TSNode n = f.node;
      const char* type = ts_node_type(n);
      if (ts_node_is_missing(n)) {
        p_.syntax_problems.push_back({p_.SpanOf(n), type});
      } else if (!std::strcmp(type, "ERROR") && !Is(parent, "ERROR")) {
        p_.syntax_problems.push_back({p_.SpanOf(n), ""});
      }
      bool certain = f.certain;
      bool in_function = f.in_function;
      if (!std::strcmp(type, "import_statement") || !std::strcmp(type, "import_from_statement")) {
        AddImport(n, f);
      } else if (!std::strcmp(type, "call")) {
        AddCall(n, f);
        if (auto v = Resolve(n, 0)) p_.strings.push_back(*v);  // "...".format(...)
      } else if (!std::strcmp(type, "assignment")) {
        AddAssignment(n);
      } else if (!std::strcmp(type, "string") || !std::strcmp(type, "concatenated_string")) {
        if (!Is(parent, "concatenated_string")) AddString(n, parent);
      } else if (!std::strcmp(type, "binary_operator")) {
        if (auto v = Resolve(n, 0)) p_.strings.push_back(*v);
      } else if (!std::strcmp(type, "function_definition")) {
        in_function = true;
      } else if (!std::strcmp(type, "if_statement")) {
        if (f.top_level && !p_.main_guard) {
          TSNode condition = Field(n, "condition");
          if (!ts_node_is_null(condition) && MentionsName(condition))
            p_.main_guard = MainGuard{n, Field(n, "consequence"), p_.SpanOf(n)};
        }
        certain = false;
      } else if (!std::strcmp(type, "for_statement") || !std::strcmp(type, "while_statement") ||
                 !std::strcmp(type, "match_statement") || !std::strcmp(type, "except_clause") ||
                 !std::strcmp(type, "except_group_clause") ||
                 (!std::strcmp(type, "else_clause") && Is(parent, "try_statement"))) {
        certain = false;
      }
      children.clear();
      ts_tree_cursor_reset(&cursor, n);
      if (ts_tree_cursor_goto_first_child(&cursor)) {
        do {
          TSNode c = ts_tree_cursor_current_node(&cursor);
          if (ts_node_is_named(c) || ts_node_is_missing(c)) children.push_back({{c, certain, in_function, false}, n});
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
      }
      stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    ts_tree_cursor_delete(&cursor);
    // Input tree-sitter cannot recover from leaves an ERROR root (or an error it holds nowhere visible).
    if (p_.syntax_problems.empty() && ts_node_has_error(root)) {
      uint32_t at = ts_node_start_byte(root);
      p_.syntax_problems.push_back({{at, ts_node_end_byte(root)}, ""});
    }
  }

  void BindProtonNames() {
    for (const ImportStmt& s : p_.imports) {
      if (s.level) continue;
      if (s.from.empty()) {
        for (const ImportedName& n : s.names) {
          bool language = n.name.rfind("triton.profiler.language", 0) == 0;
          if (n.name == "triton" && n.alias.empty()) p_.proton_modules.insert("triton.profiler");
          if (n.name.rfind("triton.profiler", 0) != 0) continue;
          if (!n.alias.empty()) {
            (language ? p_.language_modules : p_.proton_modules).insert(n.alias);
          } else {
            p_.proton_modules.insert("triton.profiler");
            if (language) p_.language_modules.insert("triton.profiler.language");
            else p_.proton_modules.insert(n.name);
          }
        }
        continue;
      }
      for (const ImportedName& n : s.names) {
        std::string local = n.alias.empty() ? n.name : n.alias;
        std::string full = s.from + "." + n.name;
        if (s.from == "triton" && n.name == "profiler") {
          p_.proton_modules.insert(local);
        } else if (full.rfind("triton.profiler.language", 0) == 0 && n.name == "language") {
          p_.language_modules.insert(local);
        } else if (s.from.rfind("triton.profiler", 0) == 0) {
          if (n.name == "proton" || n.name == "profile") p_.proton_modules.insert(local);  // submodules
          else p_.proton_functions[local] = n.name;
        }
      }
    }
  }

  Payload& p_;
};

}  // namespace

std::shared_ptr<const Payload> ParsePayload(SourcePtr source, const TSTree* old_tree) {
  auto payload = std::make_shared<Payload>();
  payload->source = std::move(source);
  payload->tree = ThreadPythonParser().Parse(payload->source->text(), old_tree);
  if (!payload->tree) {
    payload->read_error = "the tree-sitter-python grammar did not load";
    return payload;
  }
  Builder(*payload).Run();
  return payload;
}

std::shared_ptr<const Payload> LoadPayload(const std::string& path) {
  ReadResult read = ReadTextFile(path);
  if (!read.ok) {
    // Keep the readable prefix so SYN003 points at the offending byte.
    auto payload = std::make_shared<Payload>();
    payload->source = std::make_shared<const SourceFile>(path, read.text.substr(0, std::min(read.error_offset, read.text.size())));
    payload->read_error = read.error;
    return payload;
  }
  return ParsePayload(std::make_shared<const SourceFile>(path, std::move(read.text)));
}

}  // namespace aortalint
