// Fail-soft artifact parsing; the rules are aorta's (reference §5).
#include "run/metrics.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ojson = nlohmann::ordered_json;

// One kernel's totals. count is empty once any of its counts was unreadable.
struct KernelTotal {
  double total_ms = 0;
  std::optional<long long> count = 0;
  size_t first_seen = 0;
};

// Totals keyed by kernel name, remembering first-seen order for ties.
class Accumulator {
 public:
  void Add(const std::string& name, double ms, std::optional<long long> count) {
    auto [it, inserted] = totals_.try_emplace(name);
    if (inserted) it->second.first_seen = next_++;
    it->second.total_ms += ms;
    if (it->second.count && count) {
      *it->second.count += *count;
    } else {
      it->second.count.reset();
    }
  }
  bool empty() const { return totals_.empty(); }
  const std::map<std::string, KernelTotal>& totals() const { return totals_; }

 private:
  std::map<std::string, KernelTotal> totals_;
  size_t next_ = 0;
};

std::string Strip(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Python float(): surrounding whitespace allowed, inf/nan spelled out.
std::optional<double> ParseFloat(std::string_view text) {
  std::string s = Strip(text);
  if (s.empty()) return std::nullopt;
  std::string low = Lower(s);
  std::string_view body = low;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf" || body == "infinity") return neg ? -INFINITY : INFINITY;
  if (body == "nan") return NAN;
  // from_chars rejects a leading '+', so skip it by hand.
  const char* first = s.data() + (s[0] == '+' ? 1 : 0);
  if (s[0] == '+' && s.size() > 1 && (s[1] == '-' || s[1] == '+')) return std::nullopt;
  double v = 0;
  auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// A JSON value as a number, the way float() would take it. Booleans and
// null are not numbers here.
std::optional<double> JsonNumber(const ojson& v) {
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) return ParseFloat(v.get<std::string>());
  return std::nullopt;
}

// ms per unit of a metric key "time (<unit>)"; nullopt for any other key,
// including "cpu_time (ns)" and "time (ns) (inc)".
std::optional<double> TimeKeyScale(const std::string& key) {
  size_t open = key.find('(');
  if (open == std::string::npos) return std::nullopt;
  if (Lower(Strip(key.substr(0, open))) != "time") return std::nullopt;
  size_t close = key.find(')', open);
  if (close == std::string::npos || !Strip(key.substr(close + 1)).empty()) {
    return std::nullopt;
  }
  std::string unit = Lower(Strip(key.substr(open + 1, close - open - 1)));
  if (unit == "ns") return 1e-6;
  if (unit == "us") return 1e-3;
  if (unit == "ms") return 1.0;
  if (unit == "s") return 1e3;
  return std::nullopt;
}

void AddLeaf(const ojson& node, Accumulator& acc) {
  auto frame = node.find("frame");
  auto metrics = node.find("metrics");
  if (frame == node.end() || !frame->is_object()) return;
  if (metrics == node.end() || !metrics->is_object()) return;
  auto name_it = frame->find("name");
  if (name_it == frame->end() || !name_it->is_string()) return;
  std::string name = Strip(name_it->get<std::string>());
  if (name.empty()) return;

  std::optional<double> ms;
  for (const auto& [key, value] : metrics->items()) {
    auto scale = TimeKeyScale(key);
    if (!scale) continue;
    // The first time key decides; a bad value skips the leaf.
    auto v = JsonNumber(value);
    if (v && std::isfinite(*v) && *v >= 0) ms = *v * *scale;
    break;
  }
  if (!ms) return;

  std::optional<long long> count;
  if (auto c = metrics->find("count"); c != metrics->end()) {
    auto v = JsonNumber(*c);
    if (v && std::isfinite(*v) && *v >= 0) count = static_cast<long long>(*v);
  }
  acc.Add(name, *ms, count);
}

// Iterative walk so a deep tree cannot overflow the stack.
void WalkTree(const ojson& root, Accumulator& acc) {
  std::vector<const ojson*> stack{&root};
  while (!stack.empty()) {
    const ojson* node = stack.back();
    stack.pop_back();
    if (!node->is_object()) continue;
    auto children = node->find("children");
    if (children == node->end() || !children->is_array() || children->empty()) {
      AddLeaf(*node, acc);
      continue;
    }
    // Reverse push keeps document order, which fixes first-seen order.
    for (auto it = children->rbegin(); it != children->rend(); ++it) {
      stack.push_back(&*it);
    }
  }
}

// Regular files under dir whose name ends with suffix, sorted for a stable
// order; errors (permissions, races) end the walk quietly.
std::vector<fs::path> FindFiles(const fs::path& dir, std::string_view suffix) {
  std::vector<fs::path> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code fec;
    if (!it->is_regular_file(fec)) continue;
    std::string name = it->path().filename().string();
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      found.push_back(it->path());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::optional<std::string> ReadText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json Summarise(const std::string& prefix, const fs::path& dir, const Accumulator& acc) {
  json out = {{prefix + "_artifact_dir", dir.string()}};
  if (acc.empty()) return out;
  std::vector<std::pair<std::string, KernelTotal>> rows(acc.totals().begin(),
                                                         acc.totals().end());
  double total = 0;
  bool counts_ok = true;
  long long count = 0;
  for (const auto& [name, t] : rows) {
    total += t.total_ms;
    if (t.count) count += *t.count; else counts_ok = false;
  }
  if (!std::isfinite(total)) return out;
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    if (a.second.total_ms != b.second.total_ms) return a.second.total_ms > b.second.total_ms;
    return a.second.first_seen < b.second.first_seen;
  });
  if (counts_ok) out[prefix + "_kernel_count"] = count;
  out[prefix + "_gpu_time_ms"] = total;
  out[prefix + "_top_kernel_ms"] = rows.front().second.total_ms;
  json top = json::array();
  for (size_t i = 0; i < rows.size() && i < static_cast<size_t>(kTopKernels); ++i) {
    const auto& t = rows[i].second;
    top.push_back({{"name", rows[i].first},
                   {"total_ms", t.total_ms},
                   {"count", t.count ? json(*t.count) : json(nullptr)}});
  }
  out[prefix + "_top_kernels"] = std::move(top);
  return out;
}

bool IsDirectory(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir, ec);
}

// Column index by exact header name, or -1.
int Column(const std::vector<std::string>& header, std::string_view name) {
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return static_cast<int>(i);
  }
  return -1;
}

const std::string& Cell(const std::vector<std::string>& row, int col) {
  static const std::string kEmpty;
  return col >= 0 && static_cast<size_t>(col) < row.size() ? row[col] : kEmpty;
}

void ReadStats(const fs::path& file, Accumulator& acc) {
  auto text = ReadText(file);
  if (!text) return;
  auto rows = ReadCsv(*text);
  if (rows.empty()) return;
  int name_col = Column(rows[0], "Name");
  int calls_col = Column(rows[0], "Calls");
  int total_col = Column(rows[0], "TotalDurationNs");
  if (name_col < 0 || total_col < 0) return;
  for (size_t r = 1; r < rows.size(); ++r) {
    std::string name = Strip(Cell(rows[r], name_col));
    auto ns = ParseFloat(Cell(rows[r], total_col));
    if (name.empty() || !ns || !std::isfinite(*ns) || *ns < 0) continue;
    std::optional<long long> calls;
    if (auto c = ParseFloat(Cell(rows[r], calls_col));
        c && std::isfinite(*c) && *c >= 0 && *c == std::floor(*c)) {
      calls = static_cast<long long>(*c);
    }
    acc.Add(name, *ns / 1e6, calls);
  }
}

void ReadTrace(const fs::path& file, Accumulator& acc) {
  auto text = ReadText(file);
  if (!text) return;
  auto rows = ReadCsv(*text);
  if (rows.empty()) return;
  int kind_col = Column(rows[0], "Kind");
  int name_col = Column(rows[0], "Kernel_Name");
  int start_col = Column(rows[0], "Start_Timestamp");
  int end_col = Column(rows[0], "End_Timestamp");
  if (name_col < 0 || start_col < 0 || end_col < 0) return;
  for (size_t r = 1; r < rows.size(); ++r) {
    std::string kind = Strip(Cell(rows[r], kind_col));
    if (!kind.empty() && kind != "KERNEL_DISPATCH") continue;
    std::string name = Strip(Cell(rows[r], name_col));
    auto start = ParseFloat(Cell(rows[r], start_col));
    auto end = ParseFloat(Cell(rows[r], end_col));
    if (name.empty() || !start || !end || !std::isfinite(*start) ||
        !std::isfinite(*end) || *end < *start) {
      continue;
    }
    acc.Add(name, (*end - *start) / 1e6, 1);
  }
}

}  // namespace

std::vector<std::vector<std::string>> ReadCsv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, field_started = false;
  auto end_field = [&] {
    row.push_back(std::move(field));
    field.clear();
    field_started = false;
  };
  auto end_row = [&] {
    end_field();
    // A blank line is no record.
    if (!(row.size() == 1 && row[0].empty())) rows.push_back(std::move(row));
    row.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c == '"' && !field_started) {
      quoted = true;
      field_started = true;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n') {
      end_row();
    } else if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_row();
    } else {
      field += c;
      field_started = true;
    }
  }
  if (field_started || !field.empty() || !row.empty()) end_row();
  return rows;
}

json ParseProtonMetrics(const fs::path& dir) {
  try {
    if (!IsDirectory(dir)) return json::object();
    Accumulator acc;
    for (const auto& file : FindFiles(dir, ".hatchet")) {
      auto text = ReadText(file);
      if (!text) continue;
      // Ordered, so "the first time key" means document order, as in Python.
      ojson doc = ojson::parse(*text, nullptr, /*allow_exceptions=*/false);
      if (doc.is_discarded()) continue;
      // A list's first entry is the tree; the rest is device metadata.
      if (doc.is_array()) {
        if (!doc.empty()) WalkTree(doc[0], acc);
      } else if (doc.is_object()) {
        WalkTree(doc, acc);
      }
    }
    return Summarise("proton", dir, acc);
  } catch (...) {
    return IsDirectory(dir) ? json{{"proton_artifact_dir", dir.string()}} : json::object();
  }
}

json ParseRocprofMetrics(const fs::path& dir) {
  try {
    if (!IsDirectory(dir)) return json::object();
    Accumulator acc;
    for (const auto& file : FindFiles(dir, "_kernel_stats.csv")) ReadStats(file, acc);
    if (acc.empty()) {
      for (const auto& file : FindFiles(dir, "_kernel_trace.csv")) ReadTrace(file, acc);
    }
    return Summarise("rocprof", dir, acc);
  } catch (...) {
    return IsDirectory(dir) ? json{{"rocprof_artifact_dir", dir.string()}} : json::object();
  }
}

}  // namespace aortalint::run
