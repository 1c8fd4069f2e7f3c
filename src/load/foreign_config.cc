#include "load/foreign_config.h"

#include <cstring>
#include <sstream>

#include <ini.h>
#include <toml++/toml.h>

#include "base/elide.h"
#include "base/strings.h"

namespace aortalint {
namespace {

using nlohmann::json;

json ToJson(const toml::node& node) {
  if (const toml::table* table = node.as_table()) {
    json out = json::object();
    for (const auto& [key, value] : *table) out[std::string(key.str())] = ToJson(value);
    return out;
  }
  if (const toml::array* array = node.as_array()) {
    json out = json::array();
    for (const toml::node& value : *array) out.push_back(ToJson(value));
    return out;
  }
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* i = node.as_integer()) return i->get();
  if (const auto* f = node.as_floating_point()) return f->get();
  if (const auto* b = node.as_boolean()) return b->get();
  std::ostringstream text;  // a date, a time or both
  node.visit([&](const auto& value) { text << value; });
  return text.str();
}

// configparser's reading of an INI file, on top of inih's. inih finds the sections, comments, keys
// and continuation lines; the values are taken from the whole line, as configparser keeps them: inih
// would cut a value at " ;" (configparser has no inline comments), and sees at most INI_MAX_LINE
// characters of a line.
struct IniReading {
  std::string_view text;
  size_t at = 0;
  std::string_view line;  // the line inih was last given, whole
  int number = 0;
  std::string section, key;  // the value that a more indented line continues
  size_t key_indent = 0;
  int blank_lines = 0;  // since that value's last line: configparser keeps them inside the value
  json doc = json::object();
  std::string error;  // the first one this reading found (inih may find one before it)
  int error_line = 0;

  int Fail(std::string why) {
    if (error.empty()) error = "line " + std::to_string(number) + ": " + std::move(why), error_line = number;
    return 0;
  }
};

std::string_view LineAt(std::string_view text, int number) {
  for (; number > 1; --number) {
    size_t eol = text.find('\n');
    if (eol == std::string_view::npos) return "";
    text.remove_prefix(eol + 1);
  }
  return TrimRight(text.substr(0, text.find('\n')), "\r");
}

std::string NotAnEntry(std::string_view line) {
  return "'" + Elide(Trim(line), 60) + "' is neither a [section] header, a 'key = value' line nor a comment";
}

char* NextLine(char* buffer, int size, void* stream) {
  auto& r = *static_cast<IniReading*>(stream);
  if (r.at >= r.text.size()) return nullptr;
  size_t end = std::min(r.text.find('\n', r.at), r.text.size());
  r.line = TrimRight(r.text.substr(r.at, end - r.at), "\r");
  r.at = end + 1;
  ++r.number;
  std::string_view content = TrimLeft(r.line, " \t");
  if (content.starts_with('[')) r.key.clear();  // inih continues no value past a header
  r.blank_lines += content.empty();
  size_t n = std::min(r.line.size(), static_cast<size_t>(size - 1));
  std::memcpy(buffer, r.line.data(), n);
  buffer[n] = '\0';
  return buffer;
}

int OnValue(void* user, const char* section, const char* name, const char*) {
  auto& r = *static_cast<IniReading*>(user);
  if (*section == '\0') return r.Fail("'" + Elide(name, 60) + "' comes before any [section] header");
  size_t indent = r.line.find_first_not_of(" \t");
  json& values = r.doc[section];
  if (indent > 0 && !r.key.empty() && r.section == section && indent > r.key_indent) {
    values[r.key] =
        values[r.key].get<std::string>() + std::string(r.blank_lines + 1, '\n') + std::string(Trim(r.line, " \t"));
    r.blank_lines = 0;
    return 1;
  }
  // A key line; or, to configparser, an indented line no deeper than the key above it.
  size_t delimiter = r.line.find_first_of("=:");
  if (delimiter == std::string_view::npos) return r.Fail(NotAnEntry(r.line));
  std::string key = AsciiLower(Trim(r.line.substr(0, delimiter), " \t"));
  if (key.empty()) return r.Fail("'" + Elide(Trim(r.line), 60) + "' has no key before its '" + r.line[delimiter] + "'");
  values[key] = std::string(Trim(r.line.substr(delimiter + 1), " \t"));
  r.section = section, r.key = std::move(key), r.key_indent = indent, r.blank_lines = 0;
  return 1;
}

}  // namespace

ForeignConfig ReadToml(std::string_view text) {
  ForeignConfig out;
  try {
    out.doc = ToJson(toml::parse(text));
  } catch (const toml::parse_error& e) {
    out.error = "line " + std::to_string(e.source().begin.line) + ", column " +
                std::to_string(e.source().begin.column) + ": " + std::string(e.description());
  }
  return out;
}

ForeignConfig ReadIni(std::string_view text) {
  IniReading r{.text = text};
  int failed = ini_parse_stream(NextLine, &r, OnValue, &r);
  ForeignConfig out;
  if (failed > 0) {
    out.error = failed == r.error_line ? std::move(r.error)
                                       : "line " + std::to_string(failed) + ": " + NotAnEntry(LineAt(text, failed));
    return out;
  }
  if (auto defaults = r.doc.find("DEFAULT"); defaults != r.doc.end()) {
    for (auto& [name, values] : r.doc.items())
      for (auto& [key, value] : defaults->items()) values.emplace(key, value);
    r.doc.erase(defaults);
  }
  out.doc = std::move(r.doc);
  return out;
}

const nlohmann::json* Lookup(const nlohmann::json& doc, std::initializer_list<std::string_view> path) {
  const json* at = &doc;
  for (std::string_view step : path) {
    if (!at->is_object()) return nullptr;
    auto it = at->find(step);
    if (it == at->end()) return nullptr;
    at = &*it;
  }
  return at;
}

}  // namespace aortalint
