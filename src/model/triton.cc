#include "model/triton.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <tuple>

#include "base/strings.h"
#include "model/yaml_document.h"

namespace aortalint {
namespace {

// A version as ordered numbers; `main` sorts after every release.
struct VersionKey {
  bool main = false;
  int major = 0, minor = 0, patch = 0;
  int parts = 0;  // numeric components written (2: a series row, or a user's "3.8")

  auto Tuple() const { return std::tuple(main, major, minor, patch); }
};

std::optional<VersionKey> ParseVersion(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text == "main") return VersionKey{.main = true};
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
  text = text.substr(0, text.find('+'));  // local label: 3.6.0+rocm7.2.4
  VersionKey key;
  int* fields[] = {&key.major, &key.minor, &key.patch};
  size_t i = 0;
  while (key.parts < 3 && i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    int value = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
      value = value * 10 + (text[i] - '0');
      if (value > 1'000'000) return std::nullopt;
    }
    *fields[key.parts++] = value;
    if (i < text.size() && text[i] == '.' && i + 1 < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[i + 1])))
      ++i;
    else
      break;
  }
  if (key.parts < 2) return std::nullopt;
  // What may follow the numbers: a pre-release or dev tag (3.8.0rc1, 3.9.0.dev20260101).
  for (; i < text.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != '.' && text[i] != '-' && text[i] != '_')
      return std::nullopt;
  return key;
}

VersionKey RowKey(const TritonRow& row) { return *ParseVersion(row.version); }
bool IsSeries(const TritonRow& row) { return row.version != "main" && RowKey(row).parts == 2; }

// Reads a table document; `Error` records a problem at a node.
class TableParser {
 public:
  TableParser(const YamlDocument& doc, std::vector<Diagnostic>& errors) : doc_(doc), errors_(errors) {}

  void Error(Span span, std::string message) {
    errors_.push_back(
        {"config", Severity::kError, {doc_.source, span}, "knowledge table: " + std::move(message), {}, {}});
  }

  // Parses `versions:`; `replace` is the top-level flag.
  std::vector<TritonRow> Parse(bool& replace) {
    std::vector<TritonRow> rows;
    const yaml::Node& root = *doc_.root;
    if (!root.is_map()) {
      Error(root.span, "must be a mapping with a 'versions' list, got " + std::string(root.TypeName()));
      return rows;
    }
    for (const yaml::Entry& e : root.entries) {
      if (e.key->text == "replace") {
        if (e.value->kind == yaml::Kind::kBool)
          replace = e.value->boolean;
        else
          Error(e.value->span, "'replace' must be true or false, got " + e.value->Repr());
      } else if (e.key->text != "versions") {
        Error(e.key->span, "unknown key " + e.key->Repr() + " (valid: versions, replace)");
      }
    }
    const yaml::Node* versions = root.Get("versions");
    if (!versions || !versions->is_seq()) {
      Error(versions ? versions->span : root.span, "'versions' must be a list of rows");
      return rows;
    }
    for (const yaml::NodePtr& item : versions->items)
      if (std::optional<TritonRow> row = Row(*item)) rows.push_back(std::move(*row));
    return rows;
  }

 private:
  static constexpr std::string_view kRowKeys[] = {
      "auto",          "available_profilers", "backends",          "examples",         "failures", "forwards_mode",
      "kernel_scopes", "mode_errors",         "success_exit_lost", "torch_first_hang", "version"};
  static constexpr std::string_view kRequired[] = {
      "auto", "backends", "forwards_mode", "success_exit_lost", "torch_first_hang", "version"};

  std::optional<std::vector<std::string>> Strings(const yaml::Node& node, std::string_view what) {
    std::vector<std::string> out;
    if (node.is_scalar() && !node.is_null()) return std::vector<std::string>{node.text};
    if (!node.is_seq()) {
      Error(node.span, std::string(what) + " must be a string or a list of strings, got " + node.Repr());
      return std::nullopt;
    }
    for (const yaml::NodePtr& s : node.items) {
      if (!s->is_scalar() || s->is_null()) {
        Error(s->span, std::string(what) + " entries must be strings, got " + s->Repr());
        return std::nullopt;
      }
      out.push_back(s->text);
    }
    return out;
  }

  bool Bool(const yaml::Node& node, std::string_view key, bool& out) {
    if (node.kind != yaml::Kind::kBool) {
      Error(node.span, "'" + std::string(key) + "' must be true or false, got " + node.Repr());
      return false;
    }
    out = node.boolean;
    return true;
  }

  std::optional<TritonRow> Row(const yaml::Node& node) {
    if (!node.is_map()) {
      Error(node.span, "each row must be a mapping, got " + node.Repr());
      return std::nullopt;
    }
    bool ok = true;
    for (std::string_view key : kRequired)
      if (!node.Get(key)) {
        Error(node.span, "row is missing '" + std::string(key) + "'");
        ok = false;
      }
    if (!ok) return std::nullopt;
    TritonRow row;
    for (const yaml::Entry& e : node.entries) {
      const std::string& key = e.key->text;
      const yaml::Node& v = *e.value;
      if (std::find(std::begin(kRowKeys), std::end(kRowKeys), key) == std::end(kRowKeys)) {
        Error(e.key->span, "unknown row key " + e.key->Repr());
        ok = false;
      } else if (key == "version") {
        std::optional<VersionKey> parsed = v.is_scalar() ? ParseVersion(v.text) : std::nullopt;
        if (!parsed || (!parsed->main && v.text.find_first_not_of("0123456789.") != std::string::npos)) {
          Error(v.span, "'version' must be a release (3.7.1), a series (3.6) or main, got " + v.Repr());
          ok = false;
        }
        row.version = v.text;
      } else if (key == "examples") {
        if (auto s = Strings(v, "'examples'")) row.examples = *s;
      } else if (key == "backends" || key == "mode_errors") {
        if (!v.is_map()) {
          Error(v.span, "'" + key + "' must map backend names to values, got " + v.Repr());
          ok = false;
          continue;
        }
        for (const yaml::Entry& b : v.entries) {
          if (key == "mode_errors") {
            row.mode_errors[b.key->text] = b.value->text;
          } else if (auto modes =
                         b.value->is_null() ? std::vector<std::string>{} : Strings(*b.value, "backend modes")) {
            row.backends[b.key->text] = *modes;
          } else {
            ok = false;
          }
        }
      } else if (key == "auto") {
        const yaml::Node* amd = v.is_map() ? v.Get("amd") : nullptr;
        const yaml::Node* nvidia = v.is_map() ? v.Get("nvidia") : nullptr;
        if (!amd || !nvidia || !amd->is_str() || !nvidia->is_str()) {
          Error(v.span, "'auto' must be {amd: BACKEND, nvidia: BACKEND}, got " + v.Repr());
          ok = false;
          continue;
        }
        row.auto_amd = amd->text;
        row.auto_nvidia = nvidia->text;
      } else if (key == "forwards_mode") {
        ok &= Bool(v, key, row.forwards_mode);
      } else if (key == "available_profilers") {
        ok &= Bool(v, key, row.available_profilers);
      } else if (key == "success_exit_lost") {
        ok &= Bool(v, key, row.success_exit_lost);
      } else if (key == "torch_first_hang") {
        ok &= Bool(v, key, row.torch_first_hang);
      } else if (key == "kernel_scopes") {
        if (!v.is_str() || (v.text != "gluon" && v.text != "any" && v.text != "unknown")) {
          Error(v.span, "'kernel_scopes' must be gluon, any or unknown, got " + v.Repr());
          ok = false;
          continue;
        }
        row.kernel_scopes = v.text;
      } else if (key == "failures") {
        ok &= Failures(v, row);
      }
    }
    if (ok && !row.HasBackend(row.auto_amd))
      Error(node.Get("auto")->span, "'auto' on amd names '" + row.auto_amd + "', which is not in this row's backends");
    return ok ? std::optional(std::move(row)) : std::nullopt;
  }

  bool Failures(const yaml::Node& v, TritonRow& row) {
    if (!v.is_seq()) {
      Error(v.span, "'failures' must be a list, got " + v.Repr());
      return false;
    }
    for (const yaml::NodePtr& f : v.items) {
      const yaml::Node* when = f->is_map() ? f->Get("when") : nullptr;
      const yaml::Node* kind = f->is_map() ? f->Get("kind") : nullptr;
      const yaml::Node* outcome = f->is_map() ? f->Get("outcome") : nullptr;
      if (!when || !when->is_map() || !kind || !outcome || !outcome->is_scalar()) {
        Error(f->span, "each failure must be {when: {OPTION: VALUE}, kind: crash|refusal|empty, outcome: TEXT}");
        return false;
      }
      if (kind->text != "crash" && kind->text != "refusal" && kind->text != "empty") {
        Error(kind->span, "failure 'kind' must be crash, refusal or empty, got " + kind->Repr());
        return false;
      }
      TritonFailure failure{{}, kind->text, outcome->text};
      for (const yaml::Entry& w : when->entries) {
        auto values = Strings(*w.value, "'when' values");
        if (!values) return false;
        failure.when[w.key->text] = *values;
      }
      row.failures.push_back(std::move(failure));
    }
    return true;
  }

  const YamlDocument& doc_;
  std::vector<Diagnostic>& errors_;
};

void SortRows(std::vector<TritonRow>& rows) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const TritonRow& a, const TritonRow& b) { return RowKey(a).Tuple() < RowKey(b).Tuple(); });
}

}  // namespace

TritonTable BuiltinTritonTableFrom(const YamlDocument& doc) {
  std::vector<Diagnostic> errors;
  bool replace = false;
  TritonTable table{TableParser(doc, errors).Parse(replace)};
  if (!errors.empty()) throw std::logic_error("embedded triton.yaml: " + errors.front().message);
  SortRows(table.rows);
  return table;
}

bool TritonFailure::Matches(const ProtonOptions& options) const {
  for (const auto& [option, values] : when) {
    auto it = options.find(option);
    if (it == options.end() || std::find(values.begin(), values.end(), it->second) == values.end()) return false;
  }
  return true;
}

std::string TritonRow::Label() const { return IsSeries(*this) ? version + ".x" : version; }

bool TritonRow::HasBackend(std::string_view backend) const { return backends.count(std::string(backend)) > 0; }

std::vector<std::string> TritonRow::Modes(std::string_view backend) const {
  auto it = backends.find(std::string(backend));
  return it == backends.end() ? std::vector<std::string>{} : it->second;
}

std::string TritonRow::Resolve(std::string_view backend, Vendor vendor) const {
  return backend == "auto" ? Auto(vendor) : std::string(backend);
}

std::string TritonTarget::Name() const {
  return note.empty() ? written : written + " (checked as " + row->Label() + ")";
}

std::shared_ptr<const TritonTable> MergeTritonTable(const YamlDocument& doc, const TritonTable& base,
                                                    std::vector<Diagnostic>& errors) {
  auto table = std::make_shared<TritonTable>(base);
  if (!doc.ok()) {
    errors.push_back({"config",
                      Severity::kError,
                      {doc.source, doc.failure_span},
                      "knowledge table: " + doc.failure_message,
                      {},
                      {}});
    return table;
  }
  bool replace = false;
  std::vector<TritonRow> rows = TableParser(doc, errors).Parse(replace);
  if (replace) table->rows.clear();
  for (TritonRow& row : rows) {
    auto same = std::find_if(table->rows.begin(), table->rows.end(),
                             [&](const TritonRow& r) { return r.version == row.version; });
    if (same != table->rows.end())
      *same = std::move(row);
    else
      table->rows.push_back(std::move(row));
  }
  if (table->rows.empty()) {
    errors.push_back({"config",
                      Severity::kError,
                      {doc.source, doc.root->span},
                      "knowledge table: no usable rows; add at least one under 'versions'",
                      {},
                      {}});
    return std::make_shared<TritonTable>(base);
  }
  SortRows(table->rows);
  return table;
}

bool IsTritonVersion(std::string_view written) { return ParseVersion(written).has_value(); }

std::optional<TritonTarget> ResolveTarget(const TritonTable& table, std::string_view written) {
  std::optional<VersionKey> v = ParseVersion(written);
  if (!v || table.rows.empty()) return std::nullopt;
  TritonTarget target{std::string(written)};
  for (const TritonRow& row : table.rows) {
    VersionKey r = RowKey(row);
    bool same = r.main
                    ? v->main
                    : !v->main && r.major == v->major && r.minor == v->minor && (IsSeries(row) || r.patch == v->patch);
    if (same) {
      target.row = &row;
      return target;
    }
  }
  // Outside the rows: the newest row at or below it (a series covers its
  // patches); above every row, the newest row, with a note either way.
  const TritonRow* below = nullptr;
  for (const TritonRow& row : table.rows) {
    VersionKey r = RowKey(row);
    if (IsSeries(row)) r.patch = 1'000'000;
    if (r.Tuple() <= v->Tuple()) below = &row;
  }
  const TritonRow& newest = table.rows.back();
  if (!below) {
    target.row = &table.rows.front();
    target.note =
        "triton " + target.written + " is older than the knowledge table and is checked as " + target.row->Label();
  } else if (below == &newest || (!v->main && RowKey(newest).main && below == &table.rows[table.rows.size() - 2])) {
    target.row = &newest;
    target.note = "triton " + target.written + " is newer than the knowledge table and is checked as " + newest.Label();
    target.note_help = "add a row for it through the config's 'knowledge:' table";
  } else {
    target.row = below;
  }
  return target;
}

std::vector<TritonTarget> ResolveTargets(const TritonTable& table, const std::vector<std::string>& written) {
  std::vector<TritonTarget> out;
  for (const std::string& w : written) {
    if (std::any_of(out.begin(), out.end(), [&](const TritonTarget& t) { return t.written == w; })) continue;
    if (std::optional<TritonTarget> t = ResolveTarget(table, w)) out.push_back(std::move(*t));
  }
  return out;
}

namespace {
template <typename Pred>
std::vector<const TritonTarget*> Where(const std::vector<TritonTarget>& targets, Pred pred) {
  std::vector<const TritonTarget*> out;
  for (const TritonTarget& t : targets)
    if (pred(*t.row)) out.push_back(&t);
  return out;
}
}  // namespace

std::vector<const TritonTarget*> TargetsLosingSuccessExit(const std::vector<TritonTarget>& targets) {
  return Where(targets, [](const TritonRow& r) { return r.success_exit_lost; });
}

std::vector<const TritonTarget*> TargetsWithGluonOnlyScopes(const std::vector<TritonTarget>& targets) {
  return Where(targets, [](const TritonRow& r) { return r.kernel_scopes == "gluon"; });
}

std::vector<const TritonTarget*> TargetsWithTorchFirstHang(const std::vector<TritonTarget>& targets) {
  return Where(targets, [](const TritonRow& r) { return r.torch_first_hang; });
}

std::vector<const TritonTarget*> TargetsResolvingTo(const std::vector<TritonTarget>& targets, std::string_view backend,
                                                    std::string_view resolved) {
  return Where(targets, [&](const TritonRow& r) { return r.Resolve(backend, Vendor::kAmd) == resolved; });
}

std::string JoinNames(const std::vector<const TritonTarget*>& targets) {
  return JoinWith(targets, ", ", [](const TritonTarget* t) { return t->Name(); });
}

}  // namespace aortalint
