// Reading kernel spans out of Proton's Chrome traces (see trace.h).
#include "run/trace.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <system_error>

#include "run/capture_files.h"

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Totals {
  std::map<std::string, std::pair<TraceKernel, size_t>> by_name;  // kernel, first seen
  size_t next = 0;
  long long spans = 0;
  double total_us = 0;
};

bool Add(const json& doc, Totals& t) {
  const json* events = nullptr;
  if (doc.is_object()) {
    auto it = doc.find("traceEvents");
    if (it != doc.end() && it->is_array()) events = &*it;
  } else if (doc.is_array()) {
    events = &doc;  // the format's bare-array form
  }
  if (!events) return false;
  bool any = false;
  for (const json& e : *events) {
    if (!e.is_object()) continue;
    auto ph = e.find("ph"), cat = e.find("cat"), name = e.find("name"), dur = e.find("dur");
    if (ph == e.end() || *ph != "X" || cat == e.end() || *cat != "kernel") continue;
    if (name == e.end() || !name->is_string() || dur == e.end() || !dur->is_number()) continue;
    double us = dur->get<double>();
    if (!std::isfinite(us) || us < 0) continue;
    auto [it, inserted] = t.by_name.try_emplace(name->get<std::string>());
    if (inserted) {
      it->second.first.name = it->first;
      it->second.second = t.next++;
    }
    it->second.first.total_ms += us / 1000.0;
    it->second.first.count += 1;
    t.spans += 1;
    t.total_us += us;
    any = true;
  }
  return any;
}

TraceReport Finish(const Totals& t, std::vector<std::string> files) {
  TraceReport r;
  r.files = std::move(files);
  r.kernel_count = t.spans;
  r.gpu_time_ms = t.total_us / 1000.0;
  std::vector<std::pair<TraceKernel, size_t>> rows;
  for (const auto& [name, row] : t.by_name) rows.push_back(row);
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    if (a.first.total_ms != b.first.total_ms) return a.first.total_ms > b.first.total_ms;
    return a.second < b.second;
  });
  for (auto& [k, seen] : rows) r.kernels.push_back(std::move(k));
  return r;
}

}  // namespace

std::optional<TraceReport> ParseChromeTrace(std::string_view text) {
  try {
    if (JsonShapeProblem(text)) return std::nullopt;
    json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    Totals t;
    if (doc.is_discarded() || !Add(doc, t)) return std::nullopt;
    return Finish(t, {});
  } catch (...) {
    return std::nullopt;
  }
}

std::optional<TraceReport> ReadChromeTraces(const fs::path& dir, CaptureNotes* notes) {
  try {
    Totals t;
    std::vector<std::string> used;
    for (const fs::path& file : CaptureFiles(dir, ".chrome_trace")) {
      std::optional<json> doc = ReadJsonArtifact(file, notes);
      if (doc && Add(*doc, t)) used.push_back(file.string());
    }
    if (used.empty()) return std::nullopt;
    return Finish(t, std::move(used));
  } catch (...) {
    return std::nullopt;
  }
}

json TraceJson(const TraceReport& r) {
  json kernels = json::array();
  for (const TraceKernel& k : r.kernels)
    kernels.push_back({{"name", k.name}, {"total_ms", k.total_ms}, {"count", k.count}});
  return {{"source", "proton chrome trace (kernel spans)"},
          {"files", r.files},
          {"kernel_count", r.kernel_count},
          {"gpu_time_ms", r.gpu_time_ms},
          {"kernels", std::move(kernels)}};
}

}  // namespace aortalint::run
