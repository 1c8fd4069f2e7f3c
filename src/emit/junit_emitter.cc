// JUnit XML, the test report CI systems show (GitLab, Jenkins, Azure): a test
// suite per file with findings, a failed test case per finding, and one passed
// case when there is nothing to report, so a clean run is not an empty report.
#include <map>
#include <vector>

#include <fmt/format.h>

#include "emit/emitter.h"

namespace aortalint {
namespace {

// XML 1.0 text and attribute values: the five markup characters escaped, and the
// control characters XML 1.0 cannot carry at all (even escaped) dropped.
std::string XmlEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t' && c != '\n' && c != '\r') continue;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void TestCase(const Diagnostic& d, std::ostream& out) {
  LineCol start = d.where.start();
  std::string where = fmt::format("{}:{}:{}", d.where.path(), start.line, start.column);
  out << fmt::format(
      "    <testcase name=\"{} at {}\" classname=\"{}\">\n"
      "      <failure message=\"{}\" type=\"{}\">{}: {}: {} [{}]</failure>\n"
      "    </testcase>\n",
      XmlEscape(d.rule), XmlEscape(where), XmlEscape(d.where.path()), XmlEscape(d.message), XmlEscape(d.rule),
      XmlEscape(where), SeverityName(d.severity), XmlEscape(MessageAndHelp(d, "; ")), XmlEscape(d.rule));
}

}  // namespace

void EmitJunit(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  std::map<std::string, std::vector<const Diagnostic*>> by_file;
  for (const Diagnostic& d : diagnostics) by_file[d.where.path()].push_back(&d);
  size_t count = diagnostics.size();
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << fmt::format("<testsuites name=\"aortalint\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", count ? count : 1,
                     count);
  if (by_file.empty())
    out << "  <testsuite name=\"aortalint\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
           "    <testcase name=\"no problems found\" classname=\"aortalint\"/>\n"
           "  </testsuite>\n";
  for (const auto& [path, findings] : by_file) {
    out << fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", XmlEscape(path),
                       findings.size(), findings.size());
    for (const Diagnostic* d : findings) TestCase(*d, out);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace aortalint
