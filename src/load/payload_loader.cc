#include "load/payload_loader.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>
#include <regex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "base/file_reader.h"
#include "load/python_scan.h"
#include "model/python_walk.h"

namespace aortalint {
namespace {

// Resolution of constant strings stops this deep: `a + b + ...` chains are
// short in real code, and hostile ones must not recurse without bound.
constexpr int kMaxResolveDepth = 32;

// The node kinds the facts look at. A node's kind comes from its symbol
// through a table built once from the grammar's symbol names, so it equals
// comparing ts_node_type(node) with the name, without a strcmp per node.
enum class Kind : uint8_t {
  kOther,
  kError,
  kAliasedImport,
  kAssignment,
  kAttribute,
  kBinaryOperator,
  kBlock,
  kCall,
  kClassDefinition,
  kComment,
  kComparisonOperator,
  kConcatenatedString,
  kDecoratedDefinition,
  kDecorator,
  kDictionary,
  kDottedName,
  kElifClause,
  kElseClause,
  kEscapeSequence,
  kExceptClause,
  kExceptGroupClause,
  kExpressionStatement,
  kFinallyClause,
  kForStatement,
  kFunctionDefinition,
  kFutureImportStatement,
  kIdentifier,
  kIfStatement,
  kImportFromStatement,
  kImportPrefix,
  kImportStatement,
  kInterpolation,
  kKeywordArgument,
  kLambda,
  kMatchStatement,
  kModule,
  kPair,
  kParenthesizedExpression,
  kRelativeImport,
  kString,
  kStringContent,
  kSubscript,
  kTryStatement,
  kTuple,
  kWhileStatement,
  kWildcardImport,
  kWithClause,
  kWithStatement,
};

struct Grammar {
  std::vector<Kind> kinds;  // by symbol
  TSFieldId alias = 0, arguments = 0, attribute = 0, condition = 0, consequence = 0, definition = 0, expression = 0,
            format_specifier = 0, function = 0, key = 0, left = 0, module_name = 0, name = 0, object = 0, op = 0,
            right = 0, subscript = 0, value = 0;

  explicit Grammar(const TSLanguage* language) {
    static constexpr std::pair<const char*, Kind> kNames[] = {
        {"ERROR", Kind::kError},
        {"aliased_import", Kind::kAliasedImport},
        {"assignment", Kind::kAssignment},
        {"attribute", Kind::kAttribute},
        {"binary_operator", Kind::kBinaryOperator},
        {"block", Kind::kBlock},
        {"call", Kind::kCall},
        {"class_definition", Kind::kClassDefinition},
        {"comment", Kind::kComment},
        {"comparison_operator", Kind::kComparisonOperator},
        {"concatenated_string", Kind::kConcatenatedString},
        {"decorated_definition", Kind::kDecoratedDefinition},
        {"decorator", Kind::kDecorator},
        {"dictionary", Kind::kDictionary},
        {"dotted_name", Kind::kDottedName},
        {"elif_clause", Kind::kElifClause},
        {"else_clause", Kind::kElseClause},
        {"escape_sequence", Kind::kEscapeSequence},
        {"except_clause", Kind::kExceptClause},
        {"except_group_clause", Kind::kExceptGroupClause},
        {"expression_statement", Kind::kExpressionStatement},
        {"finally_clause", Kind::kFinallyClause},
        {"for_statement", Kind::kForStatement},
        {"function_definition", Kind::kFunctionDefinition},
        {"future_import_statement", Kind::kFutureImportStatement},
        {"identifier", Kind::kIdentifier},
        {"if_statement", Kind::kIfStatement},
        {"import_from_statement", Kind::kImportFromStatement},
        {"import_prefix", Kind::kImportPrefix},
        {"import_statement", Kind::kImportStatement},
        {"interpolation", Kind::kInterpolation},
        {"keyword_argument", Kind::kKeywordArgument},
        {"lambda", Kind::kLambda},
        {"match_statement", Kind::kMatchStatement},
        {"module", Kind::kModule},
        {"pair", Kind::kPair},
        {"parenthesized_expression", Kind::kParenthesizedExpression},
        {"relative_import", Kind::kRelativeImport},
        {"string", Kind::kString},
        {"string_content", Kind::kStringContent},
        {"subscript", Kind::kSubscript},
        {"try_statement", Kind::kTryStatement},
        {"tuple", Kind::kTuple},
        {"while_statement", Kind::kWhileStatement},
        {"wildcard_import", Kind::kWildcardImport},
        {"with_clause", Kind::kWithClause},
        {"with_statement", Kind::kWithStatement},
    };
    uint32_t count = ts_language_symbol_count(language);
    kinds.assign(count, Kind::kOther);
    for (uint32_t sym = 0; sym < count; ++sym) {
      const char* type = ts_language_symbol_name(language, static_cast<TSSymbol>(sym));
      if (!type) continue;
      for (const auto& [name, kind] : kNames)
        if (!std::strcmp(type, name)) kinds[sym] = kind;
    }
    auto field = [&](const char* name) {
      return ts_language_field_id_for_name(language, name, static_cast<uint32_t>(std::strlen(name)));
    };
    alias = field("alias");
    arguments = field("arguments");
    attribute = field("attribute");
    condition = field("condition");
    consequence = field("consequence");
    definition = field("definition");
    expression = field("expression");
    format_specifier = field("format_specifier");
    function = field("function");
    key = field("key");
    left = field("left");
    module_name = field("module_name");
    name = field("name");
    object = field("object");
    op = field("operator");
    right = field("right");
    subscript = field("subscript");
    value = field("value");
  }

  Kind Of(TSNode node) const {
    TSSymbol sym = ts_node_symbol(node);
    if (sym < kinds.size()) return kinds[sym];
    return sym == static_cast<TSSymbol>(-1) ? Kind::kError : Kind::kOther;
  }
};

const Grammar& PythonGrammar() {
  static const Grammar grammar(PythonLanguage());
  return grammar;
}

// The child in field `id`; a null node when there is none (as ts_node_child_by_field_name).
TSNode Field(TSNode node, TSFieldId id) {
  if (!id) return TSNode{};
  return ts_node_child_by_field_id(node, id);
}

// std::isspace in the "C" locale (aortalint never changes it), inline.
bool IsSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

bool IsProtonPath(std::string_view path) {
  return path.rfind("triton.profiler", 0) == 0 || path.rfind("triton._C.libproton", 0) == 0;
}
bool IsTorchPath(std::string_view path) { return path == "torch" || path.rfind("torch.", 0) == 0; }

// Computes a payload's shared facts. Escapes in strings are kept as written:
// the names the rules look for never carry any.
class Builder {
 public:
  // `previous`: the payload whose tree the parse started from (ReparsePayload), or null.
  Builder(Payload& p, const Payload* previous) : p_(p), g_(PythonGrammar()), previous_(previous) {}

  void Run() {
    ForEachNamedChild(p_.root(), [&](TSNode stmt) {
      top_.push_back(stmt);
      NoteConstant(stmt);
    });
    Walk();
    BindProtonNames();
    p_.module_call_line = WorkAtLoad();
  }

  // Whether a compound statement's blocks (and a `with`'s items) call something that runs with them:
  // not in a handler (`except ImportError: warnings.warn(...)` is a library's idiom), nor in a
  // function, class or lambda defined there.
  bool CallsInBlocks(TSNode stmt) const {
    bool calls = false;
    for (TSNode part : NamedChildren(stmt)) {
      switch (KindOf(part)) {
        case Kind::kBlock:
        case Kind::kWithClause:
        case Kind::kElseClause:
        case Kind::kElifClause:
        case Kind::kFinallyClause:
          break;
        default:
          continue;
      }
      WalkNamed(part, [&](TSNode n) {
        switch (KindOf(n)) {
          case Kind::kCall:
            calls = true;
            return false;
          case Kind::kFunctionDefinition:
          case Kind::kClassDefinition:
          case Kind::kLambda:
          case Kind::kDecoratedDefinition:
          case Kind::kExceptClause:
          case Kind::kExceptGroupClause:
            return false;
          default:
            return !calls;
        }
      });
    }
    return calls;
  }

  // A top-level statement that does work when the module loads: a bare call
  // (`main()`, `torch.manual_seed(0)`), or an assignment from a call of one of
  // the module's own functions (`out = add(x, y)`); the latter is decided once
  // every top-level `def` is known.
  void NoteModuleStatement(TSNode stmt) {
    Kind kind = KindOf(stmt);
    if (kind == Kind::kFunctionDefinition || kind == Kind::kDecoratedDefinition) {
      TSNode def = kind == Kind::kDecoratedDefinition ? Field(stmt, g_.definition) : stmt;
      if (!ts_node_is_null(def) && Is(def, Kind::kFunctionDefinition)) stmt_->defines = Text(Field(def, g_.name));
      return;
    }
    if (kind == Kind::kIfStatement || kind == Kind::kForStatement || kind == Kind::kWhileStatement ||
        kind == Kind::kTryStatement || kind == Kind::kWithStatement) {
      // A block of the module's own that calls something (`for n in sizes: run(n)`, `with
      // proton.scope(...): ...`) is work at load too; the `__name__` test is the guard's, not work.
      TSNode condition = Field(stmt, g_.condition);
      bool guard = kind == Kind::kIfStatement && !ts_node_is_null(condition) && MentionsName(condition);
      stmt_->work_at_load = !guard && CallsInBlocks(stmt);
      return;
    }
    if (kind != Kind::kExpressionStatement || ts_node_named_child_count(stmt) != 1) return;
    TSNode e = ts_node_named_child(stmt, 0);
    if (Is(e, Kind::kCall)) {
      stmt_->work_at_load = true;
    } else if (Is(e, Kind::kAssignment)) {
      TSNode right = Field(e, g_.right);
      if (ts_node_is_null(right) || !Is(right, Kind::kCall)) return;
      TSNode fn = Field(right, g_.function);
      if (!ts_node_is_null(fn) && Is(fn, Kind::kIdentifier)) {
        stmt_->work_at_load = true;
        stmt_->calls_own = Text(fn);
      }
    }
  }

 private:
  struct Frame {
    TSNode node;
    bool certain;
    bool in_function;
    bool top_level;
    bool type_checking;
  };

  // What a node hands its children: itself and whether they run for certain /
  // in a function / only for type checkers (`if TYPE_CHECKING:`; `outer` is
  // what an `if` itself inherited, for its `elif`/`else`).
  struct Level {
    TSNode node;
    Kind kind;
    bool certain;
    bool in_function;
    bool type_checking = false;
    bool outer_type_checking = false;
  };

  Kind KindOf(TSNode n) const { return g_.Of(n); }
  bool Is(TSNode n, Kind kind) const { return KindOf(n) == kind; }
  std::string Text(TSNode n) const { return std::string(p_.Text(n)); }

  // `a . b` -> "a.b" from a dotted_name's identifiers.
  std::string Dotted(TSNode n) const {
    if (!Is(n, Kind::kDottedName)) return Text(n);
    std::string out;
    ForEachNamedChild(n, [&](TSNode c) {
      if (!out.empty()) out += '.';
      out += p_.Text(c);
    });
    return out;
  }

  // Module-level `NAME = "..."` (and `NAME: str = "..."`), before the walk so
  // that functions above the definition resolve it too.
  void NoteConstant(TSNode stmt) {
    if (!Is(stmt, Kind::kExpressionStatement) || ts_node_named_child_count(stmt) != 1) return;
    TSNode a = ts_node_named_child(stmt, 0);
    if (!Is(a, Kind::kAssignment)) return;
    TSNode left = Field(a, g_.left);
    TSNode right = Field(a, g_.right);
    if (ts_node_is_null(left) || ts_node_is_null(right) || !Is(left, Kind::kIdentifier)) return;
    if (auto v = Resolve(right, 0)) p_.constants[Text(left)] = *v;
  }

  // The line of the first top-level statement doing work at load; 0 when none does.
  uint32_t WorkAtLoad() const {
    std::unordered_set<std::string_view> defined;  // the module's functions, gathered when first asked
    bool gathered = false;
    for (const StatementFacts& s : p_.statements) {
      if (!s.work_at_load) continue;
      if (!s.calls_own.empty()) {
        if (!gathered)
          for (const StatementFacts& d : p_.statements)
            if (!d.defines.empty()) defined.insert(d.defines);
        gathered = true;
        if (!defined.count(s.calls_own)) continue;
      }
      return ts_node_start_point(s.node).row + 1;
    }
    return 0;
  }

  // The constant string an expression always evaluates to, if it can be told.
  // Pure: it reads the tree and the constants only.
  std::optional<std::string> Resolve(TSNode n, int depth, std::string* tail = nullptr) const {
    if (depth > kMaxResolveDepth || ts_node_is_null(n)) return std::nullopt;
    switch (KindOf(n)) {
      case Kind::kString: {
        std::string out;
        bool whole = true;
        ForEachNamedChild(n, [&](TSNode c) {
          Kind k = KindOf(c);
          if (k == Kind::kStringContent || k == Kind::kEscapeSequence) {
            out += p_.Text(c);
          } else if (k == Kind::kInterpolation) {
            TSNode e = Field(c, g_.expression);
            std::optional<std::string> v = Resolve(e, depth + 1);
            if (!v || !ts_node_is_null(Field(c, g_.format_specifier))) {
              whole = false;
              out.clear();  // what follows the unresolved part is still a constant tail
            } else {
              out += *v;
            }
          }
        });
        if (whole) return out;
        if (tail) *tail = out;
        return std::nullopt;
      }
      case Kind::kConcatenatedString: {
        std::string out;
        bool ok = true;
        ForEachNamedChild(n, [&](TSNode c) {
          if (!ok) return;
          std::optional<std::string> v = Resolve(c, depth + 1);
          if (!v)
            ok = false;
          else
            out += *v;
        });
        if (!ok) return std::nullopt;
        return out;
      }
      case Kind::kIdentifier: {
        if (p_.constants.empty()) return std::nullopt;
        auto it = p_.constants.find(Text(n));
        if (it == p_.constants.end()) return std::nullopt;
        return it->second;
      }
      case Kind::kParenthesizedExpression:
        if (ts_node_named_child_count(n) == 1) return Resolve(ts_node_named_child(n, 0), depth + 1);
        return std::nullopt;
      case Kind::kBinaryOperator: {
        TSNode op = Field(n, g_.op);
        std::string_view o = ts_node_is_null(op) ? std::string_view() : p_.Text(op);
        if (o != "+" && o != "%") return std::nullopt;
        std::optional<std::string> left = Resolve(Field(n, g_.left), depth + 1);
        if (!left) return std::nullopt;
        TSNode right_node = Field(n, g_.right);
        if (o == "+") {
          std::optional<std::string> right = Resolve(right_node, depth + 1);
          if (!right) return std::nullopt;
          return *left + *right;
        }
        std::vector<TSNode> items =
            Is(right_node, Kind::kTuple) ? NamedChildren(right_node) : std::vector<TSNode>{right_node};
        return Substitute(*left, "%s", items, depth);
      }
      case Kind::kCall: {
        TSNode fn = Field(n, g_.function);
        if (ts_node_is_null(fn) || !Is(fn, Kind::kAttribute)) return std::nullopt;
        TSNode attr = Field(fn, g_.attribute);
        if (ts_node_is_null(attr) || p_.Text(attr) != "format") return std::nullopt;
        std::optional<std::string> format = Resolve(Field(fn, g_.object), depth + 1);
        if (!format) return std::nullopt;
        std::vector<TSNode> args;
        bool ok = true;
        ForEachNamedChild(Field(n, g_.arguments), [&](TSNode a) {
          Kind k = KindOf(a);
          if (k == Kind::kKeywordArgument || k == Kind::kComment) ok = false;
          args.push_back(a);
        });
        if (!ok) return std::nullopt;
        std::string braces = format->find("{0}") != std::string::npos ? "{0}" : "{}";
        return Substitute(*format, braces, args, depth);
      }
      default:
        return std::nullopt;
    }
  }

  // Replaces each `marker` in order with the resolved `items`.
  std::optional<std::string> Substitute(const std::string& format, const std::string& marker,
                                        const std::vector<TSNode>& items, int depth) const {
    std::string out;
    size_t at = 0, used = 0;
    for (size_t hit; (hit = format.find(marker, at)) != std::string::npos; at = hit + marker.size()) {
      TSNode item =
          marker == "{0}" ? (items.empty() ? TSNode{} : items[0]) : (used < items.size() ? items[used] : TSNode{});
      ++used;
      if (ts_node_is_null(item)) return std::nullopt;
      std::optional<std::string> v = Resolve(item, depth + 1);
      if (!v) return std::nullopt;
      out.append(format, at, hit - at);
      out += *v;
    }
    if (marker != "{0}" && used != items.size()) return std::nullopt;
    out.append(format, at, std::string::npos);
    return out;
  }

  static bool IsImportKind(Kind k) {
    return k == Kind::kImportStatement || k == Kind::kImportFromStatement || k == Kind::kFutureImportStatement;
  }

  // `# isort: split` (isort and ruff's I001 never move an import across it).
  static bool IsSplitComment(std::string_view text) {
    size_t at = text.find("isort:");
    if (at == std::string_view::npos) return false;
    std::string_view rest = text.substr(at + 6);
    rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
    return rest.rfind("split", 0) == 0;
  }

  // The sorter block `n` belongs to: that of the import just before it among
  // its siblings (comments between them allowed, but not a split), else its own.
  size_t BlockOf(TSNode n) const {
    size_t own = p_.imports.size();
    TSNode prev = ts_node_prev_named_sibling(n);
    while (!ts_node_is_null(prev) && Is(prev, Kind::kComment)) {
      if (IsSplitComment(p_.Text(prev))) return own;
      prev = ts_node_prev_named_sibling(prev);
    }
    if (ts_node_is_null(prev) || !IsImportKind(KindOf(prev)) || p_.imports.empty()) return own;
    const ImportStmt& last = p_.imports.back();
    return last.span.begin == ts_node_start_byte(prev) ? last.block : own;
  }

  void AddImport(TSNode n, Kind kind, const Frame& f) {
    ImportStmt s;
    s.span = p_.SpanOf(n);
    s.line = ts_node_start_point(n).row + 1;
    s.end_line = ts_node_end_point(n).row + 1;
    s.certain = f.certain;
    s.in_function = f.in_function;
    s.top_level = f.top_level;
    s.type_checking = f.type_checking;
    s.block = BlockOf(n);
    bool from = kind == Kind::kImportFromStatement || kind == Kind::kFutureImportStatement;
    if (kind == Kind::kFutureImportStatement) s.from = "__future__";
    TSTreeCursor cursor = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      do {
        TSNode c = ts_tree_cursor_current_node(&cursor);
        TSFieldId field = ts_tree_cursor_current_field_id(&cursor);
        if (field && field == g_.module_name) {
          if (Is(c, Kind::kRelativeImport)) {
            ForEachNamedChild(c, [&](TSNode r) {
              if (Is(r, Kind::kImportPrefix))
                s.level = static_cast<int>(p_.Text(r).size());
              else
                s.from = Dotted(r);
            });
          } else {
            s.from = Dotted(c);
          }
        } else if (field && field == g_.name) {
          if (Is(c, Kind::kAliasedImport)) {
            s.names.push_back({Dotted(Field(c, g_.name)), Text(Field(c, g_.alias))});
          } else {
            s.names.push_back({Dotted(c), ""});
          }
        } else if (Is(c, Kind::kWildcardImport)) {
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

  // Records a call; true when its callee is an attribute that ends in `format`
  // (so that it may be "...".format(...)).
  bool AddCall(TSNode n, const Frame& f) {
    TSNode fn = Field(n, g_.function);
    if (ts_node_is_null(fn)) return false;
    Kind fk = KindOf(fn);
    if (fk != Kind::kIdentifier && fk != Kind::kAttribute) return false;
    std::string callee;
    std::string_view text = p_.Text(fn);
    callee.reserve(text.size());
    for (char c : text)
      if (!IsSpace(c)) callee += c;
    uint32_t line = ts_node_start_point(n).row + 1;
    p_.calls.push_back({callee, p_.SpanOf(n), line, f.in_function, n});
    // Environment writes through calls.
    std::string_view whole = callee;
    size_t dot = whole.rfind('.');
    std::string_view method = dot == std::string_view::npos ? whole : whole.substr(dot + 1);
    std::string_view owner = dot == std::string_view::npos ? std::string_view() : whole.substr(0, dot);
    bool environ = owner == "os.environ" || owner == "environ";
    if ((environ && method == "setdefault") || whole == "os.putenv" || whole == "putenv") {
      std::vector<TSNode> args = NamedChildren(Field(n, g_.arguments));
      if (!args.empty())
        if (auto v = Resolve(args[0], 0)) p_.env_writes.push_back({*v, p_.SpanOf(n), line});
    } else if (environ && method == "update") {
      std::vector<TSNode> args = NamedChildren(Field(n, g_.arguments));
      for (TSNode a : args) {
        Kind k = KindOf(a);
        if (k == Kind::kKeywordArgument) {
          p_.env_writes.push_back({Text(Field(a, g_.name)), p_.SpanOf(a), ts_node_start_point(a).row + 1});
        } else if (k == Kind::kDictionary) {
          ForEachNamedChild(a, [&](TSNode pair) {
            if (Is(pair, Kind::kPair))
              if (auto v = Resolve(Field(pair, g_.key), 0))
                p_.env_writes.push_back({*v, p_.SpanOf(pair), ts_node_start_point(pair).row + 1});
          });
        }
      }
    }
    return fk == Kind::kAttribute && whole.size() >= 6 && whole.compare(whole.size() - 6, 6, "format") == 0;
  }

  void AddAssignment(TSNode n) {
    TSNode left = Field(n, g_.left);
    if (ts_node_is_null(left) || !Is(left, Kind::kSubscript)) return;
    std::string owner;
    for (char c : p_.Text(Field(left, g_.value)))
      if (!IsSpace(c)) owner += c;
    if (owner != "os.environ" && owner != "environ") return;
    if (auto v = Resolve(Field(left, g_.subscript), 0))
      p_.env_writes.push_back({*v, p_.SpanOf(n), ts_node_start_point(n).row + 1});
  }

  // `f"{prefix}NAME" in os.environ`: a test of presence, not a read of the value.
  bool IsEnvironMembership(TSNode n, const Level& parent) const {
    if (parent.kind != Kind::kComparisonOperator || ts_node_child_count(parent.node) != 3) return false;
    if (!ts_node_eq(ts_node_child(parent.node, 0), n)) return false;
    std::string_view op = ts_node_type(ts_node_child(parent.node, 1));
    return (op == "in" || op == "not in") && p_.Text(ts_node_child(parent.node, 2)).ends_with("environ");
  }

  void AddString(TSNode n, const Level& parent) {
    // A docstring (a string alone as a statement) documents; it reads nothing.
    if (parent.kind == Kind::kExpressionStatement && ts_node_named_child_count(parent.node) == 1) return;
    p_.string_literals.push_back(n);
    if (IsEnvironMembership(n, parent)) return;
    std::string tail;
    if (auto v = Resolve(n, 0, &tail))
      p_.strings.push_back(std::move(*v));
    else if (!tail.empty())
      p_.string_tails.push_back(std::move(tail));
  }

  // `if TYPE_CHECKING:` / `if typing.TYPE_CHECKING:`.
  bool IsTypeChecking(TSNode condition) const {
    if (ts_node_is_null(condition)) return false;
    std::string_view text = p_.Text(condition);
    return text == "TYPE_CHECKING" || text == "typing.TYPE_CHECKING" || text == "t.TYPE_CHECKING";
  }

  // An `if` in a block of module-level control flow (a top-level `try:`, `with`, `if`/`else`, loop):
  // it runs at load as a top-level one does, so a `__main__` guard there is still the guard.
  bool InModuleControlFlow(const Level& parent) const {
    if (parent.kind != Kind::kBlock) return false;
    for (TSNode n = ts_node_parent(parent.node); !ts_node_is_null(n); n = ts_node_parent(n)) {
      if (Is(n, Kind::kModule)) return true;
      if (Is(n, Kind::kFunctionDefinition)) return false;  // runs only when called
    }
    return false;
  }

  bool MentionsName(TSNode condition) const {
    std::vector<TSNode> stack{condition};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (Is(n, Kind::kIdentifier) && p_.Text(n) == "__name__") return true;
      for (TSNode c : NamedChildren(n)) stack.push_back(c);
    }
    return false;
  }

  // One node of the walk: records its facts and says what its children inherit.
  Level Visit(TSNode n, const Level& parent, bool top_level) {
    Kind kind = KindOf(n);
    if (ts_node_is_missing(n)) {
      p_.syntax_problems.push_back({p_.SpanOf(n), ts_node_type(n)});
    } else if (kind == Kind::kError && parent.kind != Kind::kError) {
      p_.syntax_problems.push_back({p_.SpanOf(n), ""});
    }
    if (top_level) NoteModuleStatement(n);
    Frame f{n, parent.certain, parent.in_function, top_level, parent.type_checking};
    Level out{n, kind, parent.certain, parent.in_function, parent.type_checking, parent.type_checking};
    switch (kind) {
      case Kind::kImportStatement:
      case Kind::kImportFromStatement:
      case Kind::kFutureImportStatement:
        AddImport(n, kind, f);
        break;
      case Kind::kCall:
        // "...".format(...): the callee is an attribute named `format`.
        if (AddCall(n, f) && MayResolve(n) && !IsEnvironMembership(n, parent))
          if (auto v = Resolve(n, 0)) p_.strings.push_back(std::move(*v));
        break;
      case Kind::kAssignment:
        AddAssignment(n);
        break;
      case Kind::kDecorator:
        p_.decorators.push_back(n);
        break;
      case Kind::kString:
      case Kind::kConcatenatedString:
        if (parent.kind != Kind::kConcatenatedString) AddString(n, parent);
        break;
      case Kind::kBinaryOperator:
        if (MayResolve(n) && !IsEnvironMembership(n, parent))
          if (auto v = Resolve(n, 0)) p_.strings.push_back(std::move(*v));
        break;
      case Kind::kFunctionDefinition:
        out.in_function = true;
        break;
      case Kind::kIfStatement: {
        TSNode condition = Field(n, g_.condition);
        if ((top_level || InModuleControlFlow(parent)) && !stmt_->guard) {
          if (!ts_node_is_null(condition) && MentionsName(condition))
            stmt_->guard = MainGuard{n, Field(n, g_.consequence), p_.SpanOf(n), !top_level};
        }
        if (IsTypeChecking(condition)) out.type_checking = true;
        out.certain = false;
        break;
      }
      case Kind::kElifClause:
        if (parent.kind == Kind::kIfStatement) out.type_checking = parent.outer_type_checking;
        break;
      case Kind::kForStatement:
      case Kind::kWhileStatement:
      case Kind::kMatchStatement:
      case Kind::kExceptClause:
      case Kind::kExceptGroupClause:
        out.certain = false;
        break;
      case Kind::kElseClause:
        if (parent.kind == Kind::kTryStatement) out.certain = false;
        if (parent.kind == Kind::kIfStatement) out.type_checking = parent.outer_type_checking;
        break;
      default:
        break;
    }
    return out;
  }

  // Where in the text a fact could start: every `(` (a call's arguments), `@` (a decorator), quote
  // or backtick (a string), `import`, `environ` (an environment write) and,
  // when there are module constants to resolve names through, `+` and `%`. A
  // subtree without an error and without any of these holds no fact, and the
  // walk skips it. Quotes are kept apart too: without constants, only an
  // expression holding one can resolve to a string.
  void FindTriggers(TSNode stmt) {
    std::string_view text = p_.source->text();
    triggers_.clear();
    quotes_.clear();
    next_trigger_ = next_quote_ = 0;
    bool operators = !p_.constants.empty();
    // 1: a trigger; 2: also a quote; 3: a trigger when followed by the rest of a word.
    unsigned char table[256] = {};
    table[static_cast<unsigned char>('(')] = table[static_cast<unsigned char>('@')] = 1;
    table[static_cast<unsigned char>('"')] = table[static_cast<unsigned char>('\'')] =
        table[static_cast<unsigned char>('`')] = 2;
    if (operators) table[static_cast<unsigned char>('+')] = table[static_cast<unsigned char>('%')] = 1;
    table[static_cast<unsigned char>('i')] = table[static_cast<unsigned char>('e')] = 3;
    const char* data = text.data();
    size_t end = std::min<size_t>(ts_node_end_byte(stmt), text.size());
    for (size_t i = std::min<size_t>(ts_node_start_byte(stmt), end); i < end; ++i) {
      unsigned char kind = table[static_cast<unsigned char>(data[i])];
      if (!kind) continue;
      if (kind == 3) {
        std::string_view word = data[i] == 'i' ? std::string_view("import") : std::string_view("environ");
        if (text.compare(i, word.size(), word) != 0) continue;
      }
      triggers_.push_back(static_cast<uint32_t>(i));
      if (kind == 2) quotes_.push_back(static_cast<uint32_t>(i));
    }
  }

  // The first trigger at or after `begin` (UINT32_MAX when none). `begin` does
  // not decrease between calls in a pre-order walk, so the search moves
  // forward only.
  static uint32_t NextIn(const std::vector<uint32_t>& list, size_t& next, uint32_t begin) {
    if (next > 0 && list[next - 1] >= begin)
      next = static_cast<size_t>(std::lower_bound(list.begin(), list.end(), begin) - list.begin());
    while (next < list.size() && list[next] < begin) ++next;
    return next < list.size() ? list[next] : UINT32_MAX;
  }
  uint32_t NextTrigger(uint32_t begin) { return NextIn(triggers_, next_trigger_, begin); }
  bool HasTrigger(uint32_t begin, uint32_t end) { return NextTrigger(begin) < end; }

  // Whether Resolve(n) could give a string: it needs a string literal in `n`,
  // or a name to look up among the constants.
  bool MayResolve(TSNode n) {
    return !p_.constants.empty() || NextIn(quotes_, next_quote_, ts_node_start_byte(n)) < ts_node_end_byte(n);
  }

  // A node whose children the walk is among, with what they inherit.
  struct Open {
    Level level;
    uint32_t end;  // its end byte
    bool seek;     // error-free: only children that hold a trigger are visited
    bool few;      // few children: reach the next one holding a trigger from the first
  };

  // Moves the cursor from `open`'s node to its first child worth a look.
  bool Enter(const Open& open) {
    if (!open.seek) return ts_tree_cursor_goto_first_child(&cursor_);
    uint32_t t = NextTrigger(ts_node_start_byte(open.level.node));
    if (t >= open.end) return false;
    if (ts_tree_cursor_goto_first_child_for_byte(&cursor_, t) < 0) return false;
    if (PastTrigger(t)) return true;
    ts_tree_cursor_goto_parent(&cursor_);
    return false;
  }

  // After a seek for `t`: on from a child that ends at `t` (libtree-sitter
  // 0.20 stops at one, later ones do not) to the first that ends past it.
  bool PastTrigger(uint32_t t) {
    while (ts_node_end_byte(ts_tree_cursor_current_node(&cursor_)) <= t)
      if (!ts_tree_cursor_goto_next_sibling(&cursor_)) return false;
    return true;
  }

  enum class Step { kSibling, kDoneAtChild, kDoneAtParent };

  // Moves the cursor from a child of `open`'s node (which ends at `end`) to
  // the next one worth a look. Children skipped hold no trigger and no error.
  Step Advance(const Open& open, uint32_t end) {
    if (!open.seek) return ts_tree_cursor_goto_next_sibling(&cursor_) ? Step::kSibling : Step::kDoneAtChild;
    uint32_t t = NextTrigger(end);
    if (t >= open.end) return Step::kDoneAtChild;
    if (open.few) {
      ts_tree_cursor_goto_parent(&cursor_);
      if (ts_tree_cursor_goto_first_child_for_byte(&cursor_, t) < 0) return Step::kDoneAtParent;
      return PastTrigger(t) ? Step::kSibling : Step::kDoneAtChild;
    }
    while (ts_tree_cursor_goto_next_sibling(&cursor_))
      if (ts_node_end_byte(ts_tree_cursor_current_node(&cursor_)) > t) return Step::kSibling;
    return Step::kDoneAtChild;
  }

  Open OpenNode(const Level& level, bool seek) {
    TSNode n = level.node;
    return {level, ts_node_end_byte(n), seek && !ts_node_has_error(n), ts_node_child_count(n) <= 12};
  }

  // What a statement's node stands for in libtree-sitter (0.20 to 0.25): TSNode::id points at the slot of
  // its parent's children that holds it, a Subtree: a pointer to data shared by every tree that reuses it
  // (never changed while any holds it), or, with the lowest bit set, a leaf stored in the slot. 0 for the
  // latter: a leaf's slot says nothing of its text.
  static uint64_t SharedSubtree(TSNode n) {
    uint64_t subtree = 0;
    if (!ts_node_is_null(n)) std::memcpy(&subtree, n.id, sizeof subtree);
    return subtree & 1 ? 0 : subtree;
  }

  // A node of a statement of the previous tree, moved to its place in this one: a TSNode's context is its start
  // byte, row, column and alias, and below the statement its id is a slot in the shared data.
  struct Shift {
    TSNode from, to;               // the statement in the previous tree and in this one
    uint32_t bytes = 0, rows = 0;  // added modulo 2^32: either may be negative
    TSNode operator()(TSNode n) const {
      if (ts_node_is_null(n)) return n;
      if (n.id == from.id) return to;
      n.context[0] += bytes;
      n.context[1] += rows;
      n.tree = to.tree;
      return n;
    }
    Span operator()(Span s) const { return {s.begin + bytes, s.end + bytes}; }
  };

  // Each top-level statement, then below it every named or MISSING node, less the subtrees that hold no fact
  // (no error and no trigger). A statement whose subtree tree-sitter reused from the previous tree (its text
  // unchanged, at the same column) has the facts it had there, moved, while the module constants that strings
  // resolve through are the same.
  void Walk() {
    TSNode root = p_.root();
    Level module{root, KindOf(root), true, false};
    // The previous payload's statements by shared subtree: open addressing, at most half full.
    std::vector<std::pair<uint64_t, const StatementFacts*>> was;
    int bits = 0;
    auto slot = [&](uint64_t subtree) { return static_cast<size_t>((subtree * 0x9E3779B97F4A7C15ull) >> (64 - bits)); };
    if (previous_ && previous_->constants == p_.constants) {
      while ((size_t{1} << bits) < 2 * previous_->statements.size() + 2) ++bits;
      was.resize(size_t{1} << bits);
      for (const StatementFacts& s : previous_->statements)
        if (uint64_t subtree = SharedSubtree(s.node)) {
          size_t i = slot(subtree);
          while (was[i].first) i = (i + 1) & (was.size() - 1);
          was[i] = {subtree, &s};
        }
    }
    cursor_ = ts_tree_cursor_new(root);
    p_.statements.reserve(top_.size());
    for (TSNode stmt : top_) {
      StatementFacts s;
      s.node = stmt;
      stmt_ = &s;
      s.imports.first = static_cast<uint32_t>(p_.imports.size());
      s.calls.first = static_cast<uint32_t>(p_.calls.size());
      s.strings.first = static_cast<uint32_t>(p_.strings.size());
      s.string_literals.first = static_cast<uint32_t>(p_.string_literals.size());
      s.decorators.first = static_cast<uint32_t>(p_.decorators.size());
      s.string_tails.first = static_cast<uint32_t>(p_.string_tails.size());
      s.env_writes.first = static_cast<uint32_t>(p_.env_writes.size());
      s.syntax_problems.first = static_cast<uint32_t>(p_.syntax_problems.size());
      const StatementFacts* old = nullptr;
      Shift shift;
      if (uint64_t subtree = was.empty() ? 0 : SharedSubtree(stmt)) {
        size_t i = slot(subtree);
        while (was[i].first && was[i].first != subtree) i = (i + 1) & (was.size() - 1);
        if (was[i].first == subtree) {
          old = was[i].second;
          shift = {old->node, stmt, ts_node_start_byte(stmt) - ts_node_start_byte(old->node),
                   ts_node_start_point(stmt).row - ts_node_start_point(old->node).row};
          // Moved as a whole: the same column and alias (a node's points below it are relative to its start).
          TSNode moved = old->node;
          moved.context[0] += shift.bytes;
          moved.context[1] += shift.rows;
          if (!std::equal(moved.context, moved.context + 4, stmt.context)) old = nullptr;
        }
      }
      if (old) {
        Reuse(*old, shift);
      } else {
        WalkStatement(stmt, module);
        ++p_.statements_walked;
      }
      s.imports.count = static_cast<uint32_t>(p_.imports.size()) - s.imports.first;
      s.calls.count = static_cast<uint32_t>(p_.calls.size()) - s.calls.first;
      s.strings.count = static_cast<uint32_t>(p_.strings.size()) - s.strings.first;
      s.string_literals.count = static_cast<uint32_t>(p_.string_literals.size()) - s.string_literals.first;
      s.decorators.count = static_cast<uint32_t>(p_.decorators.size()) - s.decorators.first;
      s.string_tails.count = static_cast<uint32_t>(p_.string_tails.size()) - s.string_tails.first;
      s.env_writes.count = static_cast<uint32_t>(p_.env_writes.size()) - s.env_writes.first;
      s.syntax_problems.count = static_cast<uint32_t>(p_.syntax_problems.size()) - s.syntax_problems.first;
      if (!p_.main_guard && s.guard) p_.main_guard = s.guard;
      p_.statements.push_back(std::move(s));
    }
    stmt_ = nullptr;
    ts_tree_cursor_delete(&cursor_);
    // Input tree-sitter cannot recover from leaves an ERROR root (or an error it holds nowhere visible).
    if (p_.syntax_problems.empty() && ts_node_has_error(root)) {
      uint32_t at = ts_node_start_byte(root);
      p_.syntax_problems.push_back({{at, ts_node_end_byte(root)}, ""});
    }
  }

  // The facts `old` (a statement of the previous payload) gave, moved by `shift` into this payload.
  void Reuse(const StatementFacts& old, const Shift& shift) {
    const Payload& was = *previous_;
    auto range = [](const auto& list, StatementFacts::Range r) {
      return std::span(list.begin() + r.first, list.begin() + r.first + r.count);
    };
    for (ImportStmt s : range(was.imports, old.imports)) {
      s.span = shift(s.span);
      s.line += shift.rows;
      s.end_line += shift.rows;
      // A top-level import's block depends on the statements before it; a nested one's on its own statement's.
      s.block = s.top_level ? BlockOf(stmt_->node) : s.block - old.imports.first + stmt_->imports.first;
      p_.imports.push_back(std::move(s));
    }
    for (CallSite c : range(was.calls, old.calls)) {
      c.span = shift(c.span);
      c.line += shift.rows;
      c.node = shift(c.node);
      p_.calls.push_back(std::move(c));
    }
    for (const std::string& v : range(was.strings, old.strings)) p_.strings.push_back(v);
    for (TSNode n : range(was.string_literals, old.string_literals)) p_.string_literals.push_back(shift(n));
    for (TSNode n : range(was.decorators, old.decorators)) p_.decorators.push_back(shift(n));
    for (const std::string& v : range(was.string_tails, old.string_tails)) p_.string_tails.push_back(v);
    for (EnvWrite w : range(was.env_writes, old.env_writes)) {
      w.span = shift(w.span);
      w.line += shift.rows;
      p_.env_writes.push_back(std::move(w));
    }
    for (SyntaxProblem s : range(was.syntax_problems, old.syntax_problems)) {
      s.span = shift(s.span);
      p_.syntax_problems.push_back(std::move(s));
    }
    if (old.guard) {
      MainGuard g = *old.guard;
      g.node = shift(g.node);
      g.body = shift(g.body);
      g.span = shift(g.span);
      stmt_->guard = g;
    }
    stmt_->work_at_load = old.work_at_load;
    stmt_->calls_own = old.calls_own;
    stmt_->defines = old.defines;
  }

  // One top-level statement's walk, with one cursor.
  void WalkStatement(TSNode stmt, const Level& module) {
    FindTriggers(stmt);
    Level level = Visit(stmt, module, true);
    if (!ts_node_has_error(stmt) && !HasTrigger(ts_node_start_byte(stmt), ts_node_end_byte(stmt))) return;
    ts_tree_cursor_reset(&cursor_, stmt);
    open_.clear();
    open_.push_back(OpenNode(level, true));
    if (!Enter(open_.back())) return;
    for (;;) {
      TSNode n = ts_tree_cursor_current_node(&cursor_);
      uint32_t end = ts_node_end_byte(n);
      if ((ts_node_is_named(n) || ts_node_is_missing(n)) &&
          (ts_node_has_error(n) || HasTrigger(ts_node_start_byte(n), end))) {
        Open child = OpenNode(Visit(n, open_.back().level, false), true);
        if (Enter(child)) {
          open_.push_back(child);
          continue;
        }
      }
      // Done with `n`: on to the next sibling, or up while there is none.
      for (;;) {
        Step step = Advance(open_.back(), end);
        if (step == Step::kSibling) break;
        if (open_.size() == 1) return;
        if (step == Step::kDoneAtChild) ts_tree_cursor_goto_parent(&cursor_);
        end = open_.back().end;
        open_.pop_back();
      }
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
            if (language)
              p_.language_modules.insert("triton.profiler.language");
            else
              p_.proton_modules.insert(n.name);
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
          if (n.name == "proton" || n.name == "profile")
            p_.proton_modules.insert(local);  // submodules
          else
            p_.proton_functions[local] = n.name;
        }
      }
    }
  }

  Payload& p_;
  const Grammar& g_;
  const Payload* previous_;
  std::vector<TSNode> top_;         // the module's named children
  StatementFacts* stmt_ = nullptr;  // the top-level statement walked
  std::vector<uint32_t> triggers_;  // byte offsets in the statement walked, ascending
  size_t next_trigger_ = 0;
  std::vector<uint32_t> quotes_;  // byte offsets, ascending
  size_t next_quote_ = 0;
  TSTreeCursor cursor_;
  std::vector<Open> open_;  // the walk's stack
};

}  // namespace

std::shared_ptr<const Payload> ParsePayload(SourcePtr source, const TSTree* old_tree, PayloadParse mode,
                                            const Payload* previous) {
  auto payload = std::make_shared<Payload>();
  payload->source = std::move(source);
  // Python ends a line at a lone CR too (old Mac line ends), as SourceFile counts lines; the grammar only
  // at LF. The parse reads a copy with each lone CR as LF: the same length, so every offset holds.
  std::string_view text = payload->source->text();
  std::string lf_text;
  for (size_t cr = text.find('\r'); cr != std::string_view::npos; cr = text.find('\r', cr + 1))
    if (cr + 1 == text.size() || text[cr + 1] != '\n') {
      if (lf_text.empty()) lf_text.assign(text);
      lf_text[cr] = '\n';
    }
  if (!lf_text.empty()) text = lf_text;
  // A full parse (the editor's) keeps the shape scan's clean lines, so that the next edit scans its own lines
  // only; a text read with lone CRs as LF does not.
  bool clean = mode == PayloadParse::kFull && lf_text.empty();
  PythonShape shape = clean && old_tree && previous && !previous->clean_lines.empty()
                          ? ShapePythonAfterEdit(previous->source->text(), previous->clean_lines, text)
                          : ShapePython(text, clean);
  if (clean && shape.plain()) payload->clean_lines = std::move(shape.clean);
  if (mode == PayloadParse::kSelective && !old_tree && shape.plain())
    payload->tree = ParseStatements(text);
  else
    payload->tree = ThreadPythonParser().Parse(text, old_tree, &shape);
  if (!payload->tree) {
    payload->read_error = "the tree-sitter-python grammar did not load";
    return payload;
  }
  for (PythonRefusal& r : shape.refused) payload->syntax_problems.push_back({r.at, "", std::move(r.message)});
  Builder(*payload, old_tree ? previous : nullptr).Run();
  return payload;
}

namespace {

// PEP 263: the encoding a `# -*- coding: NAME -*-` comment on line 1 (or on line 2 after a comment or
// blank line 1) names, as CPython's tokenizer finds and normalizes it; nullopt without one.
std::optional<std::string> CodingCookie(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  for (int line = 0; line < 2 && !text.empty(); ++line) {
    std::string_view l = text.substr(0, text.find_first_of("\r\n"));
    text.remove_prefix(std::min(text.size(), l.size() + 1));
    size_t hash = l.find_first_not_of(" \t\f");
    if (hash == std::string_view::npos) continue;  // a blank line 1: line 2 may hold it
    if (l[hash] != '#') return std::nullopt;
    for (size_t at = l.find("coding", hash); at != std::string_view::npos; at = l.find("coding", at + 1)) {
      size_t i = at + 6;
      if (i >= l.size() || (l[i] != ':' && l[i] != '=')) continue;
      i = l.find_first_not_of(" \t", i + 1);
      size_t end = i;
      while (end < l.size() &&
             (std::isalnum(static_cast<unsigned char>(l[end])) || l[end] == '-' || l[end] == '_' || l[end] == '.'))
        ++end;
      if (i == std::string_view::npos || end == i) continue;
      std::string name(l.substr(i, end - i));
      std::string norm;
      for (char c : name.substr(0, 12)) norm += c == '_' ? '-' : static_cast<char>(std::tolower(c));
      if (norm == "utf-8" || norm.starts_with("utf-8-")) return "utf-8";
      for (const char* latin : {"latin-1", "iso-8859-1", "iso-latin-1"})
        if (norm == latin || norm.starts_with(std::string(latin) + "-")) return "iso-8859-1";
      return name;
    }
  }
  return std::nullopt;
}

// Single-byte encodings CPython reads Python source in, every byte a character (the common ones).
bool IsSingleByteCodec(std::string_view name) {
  std::string n;
  for (char c : name) n += c == '_' ? '-' : static_cast<char>(std::tolower(c));
  static const std::regex kSingleByte(
      "(iso-?8859-([1-9]|1[0-6])|latin-?[1-9]|l[1-9]|cp125[0-8]|windows-125[0-8]|"
      "cp437|cp850|koi8-[ru])");
  return std::regex_match(n, kSingleByte);
}

// Why CPython refuses a file for its cookie (SyntaxError), and what to do; nullopt when it reads it.
std::optional<SyntaxProblem> CookieProblem(const std::optional<std::string>& cookie, std::string_view text) {
  if (!cookie || *cookie == "utf-8") return std::nullopt;
  SyntaxProblem p;
  if (text.starts_with("\xEF\xBB\xBF")) {
    p.refused =
        fmt::format("the coding cookie names '{}' after a UTF-8 byte order mark (CPython: encoding problem)", *cookie);
    p.help = "with a byte order mark only 'utf-8' may be named: remove the mark, or the coding line";
    return p;
  }
  if (IsSingleByteCodec(*cookie) || *cookie == "ascii" || *cookie == "us-ascii") return std::nullopt;
  std::string n;
  for (char c : *cookie) n += static_cast<char>(std::tolower(c));
  if (n.starts_with("utf-16") || n.starts_with("utf16") || n.starts_with("utf-32") || n.starts_with("utf32")) {
    p.refused =
        fmt::format("the coding cookie names '{}', which CPython cannot read source in (encoding problem)", *cookie);
    p.help = "save the file as UTF-8 and name 'utf-8' in the coding line, or remove the line";
    return p;
  }
  p.refused = fmt::format(
      "the coding cookie names '{}', an encoding aortalint does not know (CPython refuses an unknown "
      "one: unknown encoding)",
      *cookie);
  p.help = fmt::format(
      "name an encoding Python knows in place of '{}' (such as utf-8 or latin-1), or remove the "
      "coding line",
      *cookie);
  return p;
}

}  // namespace

std::shared_ptr<const Payload> LoadPayload(const std::string& path, PayloadParse mode) {
  ReadResult read = ReadTextFile(path);
  std::optional<std::string> cookie = read.ok || !read.text.empty() ? CodingCookie(read.text) : std::nullopt;
  if (!read.ok && cookie && IsSingleByteCodec(*cookie) && read.text.find('\0') == std::string::npos &&
      read.text.size() <= kMaxFileBytes) {
    // A single-byte encoding CPython reads: each non-ASCII byte is one character. The rules read ASCII
    // (names, `AORTA_` strings), so those bytes stand as '?' (offsets kept); a fix is refused, as the
    // file on disk no longer matches the text read.
    for (char& c : read.text)
      if (static_cast<unsigned char>(c) >= 0x80) c = '?';
    read.ok = true;
  }
  if (!read.ok) {
    // Keep the readable prefix so SYN003 points at the offending byte.
    auto payload = std::make_shared<Payload>();
    payload->source = std::make_shared<const SourceFile>(
        path, read.text.substr(0, std::min(read.error_offset, read.text.size())), read.identity);
    payload->read_error = read.error;
    payload->read_help = read.help;
    return payload;
  }
  std::optional<SyntaxProblem> problem = CookieProblem(cookie, read.text);
  auto payload =
      ParsePayload(std::make_shared<const SourceFile>(path, std::move(read.text), read.identity), nullptr, mode);
  if (!problem) return payload;
  auto own = std::const_pointer_cast<Payload>(payload);  // made just now, held nowhere else
  uint32_t at = static_cast<uint32_t>(std::min(own->source->text().find("coding"), own->source->text().size()));
  problem->span = {at, at};
  own->syntax_problems.insert(own->syntax_problems.begin(), std::move(*problem));
  return payload;
}

}  // namespace aortalint
