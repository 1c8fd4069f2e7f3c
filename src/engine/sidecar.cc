#include "engine/sidecar.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/file_reader.h"

namespace aortalint {
namespace {

using nlohmann::json;

std::string TypeName(const json& j) {
  switch (j.type()) {
    case json::value_t::object:
      return "dict";
    case json::value_t::array:
      return "list";
    case json::value_t::string:
      return "str";
    case json::value_t::boolean:
      return "bool";
    case json::value_t::number_float:
      return "float";
    case json::value_t::null:
      return "NoneType";
    default:
      return "int";
  }
}

}  // namespace

Sidecar LoadSidecar(const std::string& path) {
  Sidecar out{.path = path};
  // Never opened to wait on: a FIFO or a device is refused like a missing file.
  ReadResult read = ReadRegularFile(path, kMaxFileBytes);
  if (!read.ok) {
    out.error = fmt::format(
        "--mitigations-file '{}' cannot be read ({}), and aorta refuses the command when the path does not exist", path,
        read.error);
    out.help = "fix the path, relative to where aorta runs";
    return out;
  }
  json data;
  try {
    data = json::parse(read.text);
  } catch (const json::parse_error& e) {
    out.error = fmt::format("sidecar '{}' is not valid JSON ({}), and aorta refuses it", path, e.what());
    out.help = "fix the JSON";
    return out;
  }
  if (!data.is_object()) {
    out.error = fmt::format("sidecar '{}': top-level must be a JSON object, got {}", path, TypeName(data));
    out.help = "write {\"version\": 1, \"mitigations\": {...}}";
    return out;
  }
  if (!data.contains("version") || data["version"] != 1) {
    out.error = fmt::format("sidecar '{}': 'version' must be 1", path);
    out.help = "add \"version\": 1";
    return out;
  }
  for (const auto& [key, value] : data.items())
    if (key != "version" && key != "mitigations" && key != "environments") {
      out.error = fmt::format("sidecar '{}': unknown top-level key '{}'", path, key);
      out.help = "use environments, mitigations or version";
      return out;
    }
  if (data.contains("mitigations") && !data["mitigations"].is_null()) {
    if (!data["mitigations"].is_object()) {
      out.error = fmt::format("sidecar '{}': 'mitigations' must be an object of NAME: {{VAR: VALUE}}", path);
      return out;
    }
    for (const auto& [name, vars] : data["mitigations"].items()) {
      if (!vars.is_object()) {
        out.error = fmt::format("sidecar '{}': mitigations.{} must be an object of env vars, got {}", path, name,
                                TypeName(vars));
        return out;
      }
      auto& env = out.mitigations[name];
      for (const auto& [var, value] : vars.items()) {
        if (!value.is_string()) {
          out.error = fmt::format("sidecar '{}': mitigations.{}.{}: env var value must be a string, got {}", path, name,
                                  var, TypeName(value));
          out.help = "quote it";
          return out;
        }
        env[var] = value.get<std::string>();
      }
    }
  }
  if (data.contains("environments") && !data["environments"].is_null()) {
    if (!data["environments"].is_object()) {
      out.error = fmt::format("sidecar '{}': 'environments' must be an object of NAME: {{...}}", path);
      return out;
    }
    for (const auto& [name, spec] : data["environments"].items()) out.environments.push_back(name);
  }
  return out;
}

void AddSidecar(const Sidecar& sidecar, RuleSettings& settings) {
  if (!sidecar.error.empty()) return;
  for (const auto& [name, vars] : sidecar.mitigations) {
    settings.mitigations.insert(name);
    settings.mitigation_env[name] = vars;
  }
  for (const std::string& name : sidecar.environments) settings.environments.insert(name);
}

std::vector<std::string> MitigationFiles(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  constexpr std::string_view kFlag = "--mitigations-file";
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == kFlag && i + 1 < args.size())
      out.push_back(args[++i]);
    else if (args[i].starts_with(std::string(kFlag) + "="))
      out.push_back(args[i].substr(kFlag.size() + 1));
  }
  return out;
}

}  // namespace aortalint
