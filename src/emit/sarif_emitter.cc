// SARIF 2.1.0 for code-scanning services: the rule table from rule metadata,
// one result per diagnostic, notes as related locations, fixes as SARIF fixes
// (byte regions) and fingerprints that survive unrelated lines moving.
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "emit/docs.h"
#include "emit/emitter.h"
#include "engine/rule.h"

namespace aortalint {
namespace {

using nlohmann::json;

constexpr char kSchemaUri[] =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr char kSourceRoot[] = "SRCROOT";

// RFC 3986: keep the unreserved characters and '/', escape the rest.
std::string EncodeUriPath(std::string_view path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

// Paths under the repository's top become relative URIs under SRCROOT, so code
// scanning places them whatever directory aortalint ran from.
json ArtifactLocation(const std::string& path) {
  std::string rel = ReportPath(path);
  if (!rel.empty() && rel[0] != '/') return {{"uri", EncodeUriPath(rel)}, {"uriBaseId", kSourceRoot}};
  return {{"uri", "file://" + EncodeUriPath(rel)}};
}

json Region(const Location& where) {
  const SourceFile& f = *where.file;
  LineCol start = where.start(), end = where.end();
  return {{"startLine", start.line},
          {"startColumn", f.Utf16Column(where.span.begin) + 1},
          {"endLine", end.line},
          {"endColumn", f.Utf16Column(where.span.end) + 1}};
}

json PhysicalLocation(const Location& where) {
  return {{"artifactLocation", ArtifactLocation(where.path())}, {"region", Region(where)}};
}

std::string_view Level(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "note";
  }
  return "none";
}

uint64_t Fnv1a(std::string_view s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The flagged lines with their whitespace collapsed: moving them, or editing
// other lines, leaves the fingerprint alone.
std::string NormalisedText(const Location& where) {
  std::string out;
  LineCol start = where.start(), end = where.end();
  for (uint32_t line = start.line; line <= end.line && line <= where.file->line_count(); ++line) {
    for (char c : where.file->LineText(line)) {
      bool space = c == ' ' || c == '\t' || c == '\r';
      if (!space)
        out += c;
      else if (!out.empty() && out.back() != ' ')
        out += ' ';
    }
    out += '\n';
  }
  return out;
}

json RuleDescriptor(const RuleMeta& m) {
  std::string full = std::string(m.what.empty() ? m.summary : m.what);
  // help: the rule's whole page (what `aortalint rule ID` prints), shown by code scanning beside the alert.
  json rule = {{"id", m.id},
               {"name", m.slug},
               {"shortDescription", {{"text", m.summary}}},
               {"fullDescription", {{"text", full}, {"markdown", full}}},
               {"help", {{"text", fmt::format("{} (aortalint rule {})", m.summary, m.id)}, {"markdown", RuleDoc(m)}}},
               {"defaultConfiguration", {{"level", Level(m.severity)}}}};
  if (std::string url = RuleDocUrl(m.id); !url.empty()) rule["helpUri"] = url;
  return rule;
}

json SarifFix(const Fix& fix) {
  std::map<std::string, json> by_path;
  for (const Edit& e : fix.edits) {
    json& change = by_path[e.path];
    if (change.is_null()) change = {{"artifactLocation", ArtifactLocation(e.path)}, {"replacements", json::array()}};
    change["replacements"].push_back(
        {{"deletedRegion", {{"byteOffset", e.span.begin}, {"byteLength", e.span.end - e.span.begin}}},
         {"insertedContent", {{"text", e.replacement}}}});
  }
  json changes = json::array();
  for (auto& [path, change] : by_path) changes.push_back(std::move(change));
  std::string_view kind = fix.applicability == Applicability::kSafe ? "safe" : "unsafe";
  return {{"description", {{"text", fix.title}}},
          {"artifactChanges", std::move(changes)},
          {"properties", {{"applicability", kind}}}};
}

}  // namespace

void EmitSarif(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  json rules = json::array();
  std::map<std::string_view, size_t> rule_index;
  for (const RuleMeta* m : AllRuleMetas()) {
    rule_index[m->id] = rules.size();
    rules.push_back(RuleDescriptor(*m));
  }

  json results = json::array();
  std::map<std::string, int> occurrences;  // same rule, file and text: told apart by order
  for (const Diagnostic& d : diagnostics) {
    json r = {{"ruleId", d.rule},
              {"level", Level(d.severity)},
              {"message", {{"text", MessageAndHelp(d, "\nhelp: ")}}},
              {"locations", json::array({{{"physicalLocation", PhysicalLocation(d.where)}}})}};
    if (auto it = rule_index.find(d.rule); it != rule_index.end()) r["ruleIndex"] = it->second;
    if (!d.help.empty()) r["properties"] = {{"help", d.help}};  // also in message.text, for viewers that show only it
    if (!d.notes.empty()) {
      json related = json::array();
      for (size_t i = 0; i < d.notes.size(); ++i)
        related.push_back({{"id", i + 1},
                           {"physicalLocation", PhysicalLocation(d.notes[i].where)},
                           {"message", {{"text", d.notes[i].message}}}});
      r["relatedLocations"] = std::move(related);
    }
    if (d.fix && !d.fix->edits.empty()) r["fixes"] = json::array({SarifFix(*d.fix)});
    std::string key = d.rule + '\0' + d.where.path() + '\0' + NormalisedText(d.where);
    int occurrence = occurrences[key]++;
    r["partialFingerprints"] = {{"aortalint/v1", fmt::format("{:016x}:{}", Fnv1a(key), occurrence)}};
    results.push_back(std::move(r));
  }

  std::string root = ReportRoot();
  if (root.empty() || root.back() != '/') root += '/';
  json driver = {{"name", "aortalint"},
                 {"semanticVersion", AORTALINT_VERSION},
                 {"version", AORTALINT_VERSION},
                 {"rules", std::move(rules)}};
  if (std::string base = DocsBaseUrl(); !base.empty()) driver["informationUri"] = base;
  json run = {{"tool", {{"driver", std::move(driver)}}},
              {"originalUriBaseIds", {{kSourceRoot, {{"uri", "file://" + EncodeUriPath(root)}}}}},
              {"columnKind", "utf16CodeUnits"},
              {"results", std::move(results)}};
  json log = {{"$schema", kSchemaUri}, {"version", "2.1.0"}, {"runs", json::array({std::move(run)})}};
  out << JsonText(log, 2) << '\n';
}

}  // namespace aortalint
