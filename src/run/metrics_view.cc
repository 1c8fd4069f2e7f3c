// The metrics table, its JSON, and the two-capture comparison (see metrics_view.h).
#include "run/metrics_view.h"

#include <cxxabi.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "base/display_width.h"
#include "base/file_reader.h"
#include "load/knowledge_loader.h"
#include "model/triton.h"
#include "python/value.h"
#include "run/capture_files.h"
#include "run/metrics.h"
#include "run/run_command.h"

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Never blocks on a FIFO or a device named like a capture file; says why a file could not be read.
std::optional<std::string> ReadText(const fs::path& p, CaptureNotes& notes) {
  ReadResult read = ReadRegularFile(p.string(), kMaxCaptureBytes);
  if (!read.ok) {
    notes.unreadable.push_back("'" + p.string() + "': " + read.error);
    return std::nullopt;
  }
  return std::move(read.text);
}

// ms per unit of a "time (<unit>)" metric key.
std::optional<double> TimeScale(const std::string& key) {
  static const std::map<std::string, double> kUnits = {
      {"time (ns)", 1e-6}, {"time (us)", 1e-3}, {"time (ms)", 1.0}, {"time (s)", 1e3}};
  auto it = kUnits.find(key);
  return it == kUnits.end() ? std::nullopt : std::optional(it->second);
}

struct RowTotals {
  std::map<std::string, std::pair<KernelRow, size_t>> rows;  // row, first seen
  size_t next = 0;
  void Add(const std::string& name, double ms, std::optional<long long> n) {
    auto [it, inserted] = rows.try_emplace(name);
    if (inserted) {
      it->second.first.name = name;
      it->second.first.launches = 0;
      it->second.second = next++;
    }
    KernelRow& r = it->second.first;
    r.total_ms += ms;
    if (r.launches && n)
      *r.launches += *n;
    else
      r.launches.reset();
  }
  std::vector<KernelRow> Ranked() const {
    std::vector<std::pair<KernelRow, size_t>> v;
    for (const auto& [name, row] : rows) v.push_back(row);
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
      if (a.first.total_ms != b.first.total_ms) return a.first.total_ms > b.first.total_ms;
      return a.second < b.second;
    });
    std::vector<KernelRow> out;
    for (auto& [row, seen] : v) out.push_back(std::move(row));
    return out;
  }
};

// Timed leaves of .hatchet trees (iterative walk), summed by kernel name.
void HatchetRows(const fs::path& dir, RowTotals& t, CaptureNotes& notes) {
  for (const fs::path& f : CaptureFiles(dir, ".hatchet")) {
    std::optional<json> doc = ReadJsonArtifact(f, &notes);
    if (!doc) continue;
    const json* root = doc->is_array() ? (doc->empty() ? nullptr : &(*doc)[0]) : &*doc;
    if (!root) continue;
    std::vector<const json*> stack{root};
    while (!stack.empty()) {
      const json* n = stack.back();
      stack.pop_back();
      if (!n->is_object()) continue;
      auto kids = n->find("children");
      if (kids != n->end() && kids->is_array() && !kids->empty()) {
        for (auto it = kids->rbegin(); it != kids->rend(); ++it) stack.push_back(&*it);
        continue;
      }
      auto frame = n->find("frame");
      auto metrics = n->find("metrics");
      if (frame == n->end() || !frame->is_object() || metrics == n->end() || !metrics->is_object()) continue;
      auto name = frame->find("name");
      if (name == frame->end() || !name->is_string()) continue;
      for (const auto& [key, value] : metrics->items()) {
        auto scale = TimeScale(key);
        if (!scale || !value.is_number()) continue;
        double v = value.get<double>();
        if (!std::isfinite(v) || v < 0) break;
        std::optional<long long> count;
        if (auto c = metrics->find("count"); c != metrics->end() && c->is_number_integer() && c->get<long long>() >= 0)
          count = c->get<long long>();
        t.Add(name->get<std::string>(), v * *scale, count);
        break;
      }
    }
  }
}

int Col(const std::vector<std::string>& header, std::string_view name) {
  for (size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

std::optional<double> Num(const std::vector<std::string>& row, int col) {
  if (col < 0 || static_cast<size_t>(col) >= row.size()) return std::nullopt;
  const char* s = row[col].c_str();
  char* end = nullptr;
  double v = std::strtod(s, &end);
  if (end == s || !std::isfinite(v) || v < 0) return std::nullopt;
  return v;
}

// rocprofv3 kernel_stats.csv (Name, Calls, TotalDurationNs), else kernel_trace.csv.
void RocprofRows(const fs::path& dir, RowTotals& t, CaptureNotes& notes) {
  for (const fs::path& f : CaptureFiles(dir, "_kernel_stats.csv")) {
    auto text = ReadText(f, notes);
    if (!text) continue;
    auto rows = ReadCsv(*text);
    if (rows.empty()) continue;
    int name = Col(rows[0], "Name"), calls = Col(rows[0], "Calls"), total = Col(rows[0], "TotalDurationNs");
    for (size_t r = 1; r < rows.size() && name >= 0; ++r) {
      auto ns = Num(rows[r], total);
      if (!ns || static_cast<size_t>(name) >= rows[r].size() || rows[r][name].empty()) continue;
      auto c = Num(rows[r], calls);
      t.Add(rows[r][name], *ns / 1e6, c ? std::optional<long long>(static_cast<long long>(*c)) : std::nullopt);
    }
  }
  if (!t.rows.empty()) return;
  for (const fs::path& f : CaptureFiles(dir, "_kernel_trace.csv")) {
    auto text = ReadText(f, notes);
    if (!text) continue;
    auto rows = ReadCsv(*text);
    if (rows.empty()) continue;
    int name = Col(rows[0], "Kernel_Name"), start = Col(rows[0], "Start_Timestamp"),
        end = Col(rows[0], "End_Timestamp");
    for (size_t r = 1; r < rows.size() && name >= 0; ++r) {
      auto s = Num(rows[r], start), e = Num(rows[r], end);
      if (!s || !e || *e < *s || static_cast<size_t>(name) >= rows[r].size()) continue;
      t.Add(rows[r][name], (*e - *s) / 1e6, 1);
    }
  }
}

std::string Str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The object at key, or nullptr (no copy: a deep value must not be copied recursively).
const json* Member(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_object() ? &*it : nullptr;
}

void ReadTrial(CaptureView& c) {
  std::vector<fs::path> candidates = {c.dir / "trial.json"};
  std::string leaf = c.dir.filename().string();
  if (leaf.empty()) leaf = c.dir.parent_path().filename().string();
  if (leaf == "proton" || leaf == "rocprof") candidates.push_back(fs::absolute(c.dir).parent_path() / "trial.json");
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(p, ec))) continue;
    std::optional<json> t = ReadJsonArtifact(p, &c.notes);
    if (!t || !t->is_object()) continue;
    c.trial = p;
    if (const json* env = Member(*t, "environment")) {
      c.triton_version = Str(*env, "triton_version");
      c.gpu_name = Str(*env, "gpu_name");
      c.gpu_vendor = Str(*env, "gpu_vendor");
    }
    if (auto notes = t->find("capture_notes"); notes != t->end() && notes->is_array())
      for (const json& note : *notes)
        if (note.is_string()) c.capture_notes.push_back(note.get<std::string>());
    if (const json* proton = Member(*t, "proton"); proton && c.collector == "proton") {
      c.backend_requested = Str(*proton, "requested");
      c.backend_resolved = Str(*proton, "resolved");
      c.backend_reason = Str(*proton, "reason");
    }
    return;
  }
}

std::string Thousands(double v) {
  std::string digits = fmt::format("{:.0f}", v);
  std::string out;
  int n = 0;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    if (n && n % 3 == 0 && *it != '-') out.insert(out.begin(), ',');
    out.insert(out.begin(), *it);
    ++n;
  }
  return out;
}

std::string Normalized(double v) {
  double whole = std::floor(v);
  std::string frac = fmt::format("{:.2f}", v - whole);
  if (frac == "1.00") return Thousands(whole + 1) + ".00";
  return Thousands(whole) + frac.substr(1);
}

std::string Ms(double v) { return fmt::format("{:.4f}", v); }
std::string Pct(double part, double whole) { return whole > 0 ? fmt::format("{:.1f}%", part / whole * 100.0) : "-"; }

// A table with a header row; column 0 left-aligned, the rest right-aligned.
class Table {
 public:
  explicit Table(std::vector<std::string> header) { rows_.push_back(std::move(header)); }
  // Cells come from the capture (kernel and scope names): never raw control characters.
  void Add(std::vector<std::string> row) {
    for (std::string& cell : row) cell = EscapeControls(cell);
    rows_.push_back(std::move(row));
  }
  void Print(std::ostream& out, const std::string& indent = "  ") const {
    std::vector<size_t> w;
    for (const auto& r : rows_)
      for (size_t i = 0; i < r.size(); ++i) {
        if (w.size() <= i) w.push_back(0);
        w[i] = std::max(w[i], r[i].size());
      }
    for (const auto& r : rows_) {
      std::string line = indent;
      for (size_t i = 0; i < r.size(); ++i) {
        if (i) line += "  ";
        std::string pad(w[i] - r[i].size(), ' ');
        line += i == 0 || left_.count(i) ? r[i] + pad : pad + r[i];
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << "\n";
    }
  }
  void Left(size_t col) { left_.insert(col); }

 private:
  std::vector<std::vector<std::string>> rows_;
  std::set<size_t> left_;
};

std::string Measured(const CaptureView& c) {
  std::string s = c.collector.empty() ? std::string("no collector artifacts") : c.collector;
  if (c.collector == "proton") {
    if (!c.backend_resolved.empty()) {
      s += " " + c.backend_resolved;
      if (!c.backend_requested.empty() && c.backend_requested != c.backend_resolved)
        s += " (the recipe asked for " + c.backend_requested + ")";
    } else if (!c.backend_requested.empty()) {
      s += " " + c.backend_requested + " (resolved backend unknown: " + c.backend_reason + ")";
    } else {
      s += c.trial ? " (backend unknown: neither trial.json nor the .hatchet records it)"
                   : " (backend unknown: no trial.json beside the capture, and the .hatchet does not record it)";
    }
  }
  s += c.triton_version.empty() ? ", Triton version unknown" : ", Triton " + c.triton_version;
  if (!c.gpu_name.empty()) s += ", " + c.gpu_name;
  return EscapeControls(s);
}

// Short names for a table's rows, made distinct: two kernels that shorten
// alike (template instances) get " (2)", " (3)" in row order.
std::vector<std::string> DisplayNames(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::map<std::string, int> seen;
  for (const std::string& n : names) {
    std::string d = ShortKernelName(n);
    int k = ++seen[d];
    out.push_back(k == 1 ? d : d + " (" + std::to_string(k) + ")");
  }
  return out;
}

void PrintKernels(const std::vector<KernelRow>& rows, double total, std::ostream& out) {
  Table t({"#", "kernel", "launches", "total ms", "avg us", "share"});
  t.Left(1);
  std::vector<std::string> names;
  for (const KernelRow& r : rows) names.push_back(r.name);
  std::vector<std::string> shown = DisplayNames(names);
  int i = 0;
  for (const KernelRow& r : rows) {
    std::string avg = r.launches && *r.launches > 0 ? fmt::format("{:.2f}", r.total_ms * 1000.0 / *r.launches) : "-";
    t.Add({std::to_string(i + 1), shown[i], r.launches ? std::to_string(*r.launches) : "?", Ms(r.total_ms), avg,
           Pct(r.total_ms, total)});
    ++i;
  }
  t.Print(out);
}

void PrintCycles(const CycleReport& r, std::ostream& out) {
  Table t({"kernel / scope", "cycles", "normalized", "of kernel", "of total"});
  std::vector<std::string> notes;
  for (const KernelCycles& k : r.kernels) {
    t.Add({ShortKernelName(k.name), Thousands(k.cycles), Normalized(k.normalized), "100.0%",
           Pct(k.normalized, r.normalized)});
    for (const ScopeCycles& s : k.scopes) {
      t.Add({std::string(2 * s.depth(), ' ') + s.path.back(), Thousands(s.cycles), Normalized(s.normalized),
             Pct(s.normalized, k.normalized), Pct(s.normalized, r.normalized)});
      if (s.cycles != s.recorded_cycles && s.recorded_cycles > 0)
        notes.push_back(
            fmt::format("'{}' in {}: Proton recorded {} cycles for it, which already span its nested scopes; "
                        "the row adds theirs again, as proton-viewer's inclusive column does",
                        s.path.back(), k.name, Thousands(s.recorded_cycles)));
    }
  }
  t.Print(out);
  out << "  cycles: summed over every warp of every launch; normalized: cycles / (warps x blocks) of each launch, "
         "summed over launches\n";
  out << "  (Proton's InstrumentationProfiler); a kernel's row is the sum of its scopes, as "
         "`proton-viewer -m normalized_cycles` shows it\n";
  for (const std::string& n : notes) out << "  note: " << n << "\n";
}

std::optional<const TritonRow*> RowFor(const std::string& version) {
  if (version.empty()) return std::nullopt;
  auto t = ResolveTarget(BuiltinTritonTable(), version);
  if (!t || !t->row) return std::nullopt;
  return t->row;
}

json Nullable(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

// Nothing to show or compare: no data, or none that could be read.
bool NoData(const CaptureView& c) { return c.kind == "empty" || c.kind == "unreadable"; }

std::string Shown(const fs::path& p) { return EscapeControls(p.string()); }

}  // namespace

std::string ShortKernelName(const std::string& name, size_t width) {
  std::string s = name;
  if (s.rfind("_Z", 0) == 0) {
    int status = 1;
    std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(s.c_str(), nullptr, nullptr, &status), std::free);
    if (status == 0 && d) s = d.get();
  }
  for (size_t p; (p = s.find("(anonymous namespace)::")) != std::string::npos;) s.erase(p, 23);
  // Drop template arguments, parameter lists and lambda bodies at the top level.
  std::string out;
  int depth = 0;
  bool params_done = false;
  for (char ch : s) {
    if (ch == '<' || ch == '(' || ch == '{' || ch == '[') {
      if (depth == 0 && ch == '<') out += "<>";
      if (depth == 0 && ch == '(') params_done = true;
      if (depth == 0 && ch == '{') out += "{}";
      ++depth;
      continue;
    }
    if (ch == '>' || ch == ')' || ch == '}' || ch == ']') {
      if (depth > 0) --depth;
      continue;
    }
    if (depth == 0 && !params_done) out += ch;
  }
  if (out.empty()) out = s;
  // A return type before the name: keep what follows the last top-level space.
  if (size_t sp = out.rfind(' '); sp != std::string::npos && sp + 1 < out.size()) out = out.substr(sp + 1);
  if (out.size() > width && width > 3) {
    size_t from = out.size() - (width - 3);
    // Start on a code point: half a UTF-8 sequence is no text (the JSON writer refuses it).
    while (from < out.size() && (static_cast<unsigned char>(out[from]) & 0xC0) == 0x80) ++from;
    std::string tail = out.substr(from);
    if (size_t cut = tail.find("::"); cut != std::string::npos && cut + 2 < tail.size()) tail = tail.substr(cut + 2);
    out = "..." + tail;
  }
  return out;
}

CaptureView LoadCapture(const fs::path& dir) {
  CaptureView c;
  c.dir = dir;
  try {
    c.aorta = CollectMetrics(dir);
    // Where aorta looks (run_command.cc's CollectMetrics): a trial directory's proton/ and rocprof/, or a
    // collector directory itself when it is named so. Nothing else is read.
    std::error_code ec;
    fs::path norm = fs::absolute(dir, ec).lexically_normal();
    std::string name = norm.filename().string();
    if (name.empty()) name = norm.parent_path().filename().string();
    auto where = [&](const char* sub) -> std::optional<fs::path> {
      if (fs::is_directory(dir / sub, ec)) return dir / sub;
      if (name == sub) return dir;
      return std::nullopt;
    };
    RowTotals rows;
    if (auto pdir = where("proton")) {
      CaptureFiles(*pdir, "", &c.notes);  // names the links left out
      HatchetRows(*pdir, rows, c.notes);
      c.cycles = ReadCycles(*pdir);  // the same files: HatchetRows said which could not be read
      c.trace = ReadChromeTraces(*pdir, &c.notes);
      c.collector = "proton";
    }
    // A trial with both collectors is shown by its Proton numbers; rocprof's stay in aorta's keys.
    if (auto rdir = where("rocprof"); rdir && rows.rows.empty() && !c.cycles && !c.trace) {
      CaptureFiles(*rdir, "", &c.notes);
      RocprofRows(*rdir, rows, c.notes);
      c.collector = "rocprof";
    }
    c.kernels = rows.Ranked();
    // Times first: a directory holding both (a folder of captures) is compared by its times.
    c.kind = !c.kernels.empty() ? "timing" : c.cycles ? "cycles" : c.trace ? "trace" : "empty";
    if (c.kind == "empty" && !c.notes.unreadable.empty()) c.kind = "unreadable";
    ReadTrial(c);
  } catch (...) {
    c.kind = c.kind.empty() ? "empty" : c.kind;
  }
  return c;
}

json CaptureJson(const CaptureView& c) {
  json out = c.aorta;
  if (c.collector.empty()) return out;  // no collector directory: aorta's empty object, unchanged
  json capture = {{"dir", c.dir.string()},
                  {"collector", Nullable(c.collector)},
                  {"kind", c.kind},
                  {"trial", c.trial ? json(c.trial->string()) : json(nullptr)},
                  {"backend_requested", Nullable(c.backend_requested)},
                  {"backend_resolved", Nullable(c.backend_resolved)},
                  {"backend_reason", Nullable(c.backend_reason)},
                  {"triton_version", Nullable(c.triton_version)},
                  {"gpu_name", Nullable(c.gpu_name)},
                  {"gpu_vendor", Nullable(c.gpu_vendor)}};
  out["aortalint_capture"] = std::move(capture);
  if (!c.kernels.empty()) {
    json rows = json::array();
    for (const KernelRow& r : c.kernels)
      rows.push_back({{"name", r.name},
                      {"short_name", ShortKernelName(r.name)},
                      {"launches", r.launches ? json(*r.launches) : json(nullptr)},
                      {"total_ms", r.total_ms}});
    out["aortalint_kernels"] = std::move(rows);
  }
  if (!c.notes.unreadable.empty()) out["aortalint_unreadable"] = c.notes.unreadable;
  if (!c.capture_notes.empty()) out["aortalint_capture_notes"] = c.capture_notes;
  if (c.cycles) out["aortalint_cycles"] = CyclesJson(*c.cycles);
  if (c.trace) out["aortalint_trace"] = TraceJson(*c.trace);
  return out;
}

void PrintCapture(const CaptureView& c, std::ostream& out) {
  out << "capture   " << Shown(c.dir) << "\n";
  out << "measured  " << Measured(c) << (c.trial ? "  (from " + Shown(*c.trial) + ")" : std::string()) << "\n";
  if (c.kind == "unreadable") {
    out << "kernels   unknown: " << c.notes.unreadable.size()
        << " artifact(s) could not be read (named on stderr), and nothing else here holds a timed kernel or cycles\n";
    return;
  }
  if (c.kind == "empty") {
    out << "kernels   none: "
        << (c.collector.empty() ? "no proton/ or rocprof/ directory here (aorta reads a trial directory through them)"
                                : "the artifacts hold no timed kernel and no cycles")
        << (c.notes.skipped_links.empty() ? "" : "; symbolic links were not followed (--verbose names them)") << "\n";
    // What the run recorded about its capture: often the reason it is empty.
    for (const std::string& note : c.capture_notes) out << "why       " << note << "\n";
    return;
  }
  if (c.kind == "cycles") {
    out << "cycles    " << c.cycles->kernels.size() << " kernel(s) with intra-kernel scopes, from "
        << c.cycles->files.size() << " .hatchet file(s); aorta reports only proton_artifact_dir for this capture\n\n";
    PrintCycles(*c.cycles, out);
    return;
  }
  if (c.kind == "trace") {
    out << "kernels   " << c.trace->kernel_count << " launches, " << Ms(c.trace->gpu_time_ms)
        << " ms in total, from the Chrome trace (data: trace; aorta reports only proton_artifact_dir)\n\n";
    std::vector<KernelRow> rows;
    for (const TraceKernel& k : c.trace->kernels) rows.push_back({k.name, k.total_ms, k.count});
    PrintKernels(rows, c.trace->gpu_time_ms, out);
    return;
  }
  double total = 0;
  long long launches = 0;
  bool counted = true;
  for (const KernelRow& r : c.kernels) {
    total += r.total_ms;
    if (r.launches)
      launches += *r.launches;
    else
      counted = false;
  }
  out << "kernels   " << (counted ? std::to_string(launches) : std::string("?")) << " launches of " << c.kernels.size()
      << " kernel(s), " << Ms(total) << " ms in total\n\n";
  PrintKernels(c.kernels, total, out);
  if (c.cycles) {
    out << "\ncycles    " << c.cycles->kernels.size() << " kernel(s) with intra-kernel scopes, from "
        << c.cycles->files.size() << " other .hatchet file(s) here\n\n";
    PrintCycles(*c.cycles, out);
  }
  if (c.trace)
    out << "\ntrace     " << c.trace->kernel_count << " kernel spans (" << Ms(c.trace->gpu_time_ms)
        << " ms) in Chrome traces here too, not counted above\n";
}

std::vector<std::string> CompareWarnings(const CaptureView& a, const CaptureView& b) {
  std::vector<std::string> w;
  auto label = [](const CaptureView& c) { return "'" + c.dir.string() + "'"; };
  if (NoData(a) || NoData(b)) {
    const CaptureView& none = NoData(a) ? a : b;
    w.push_back(label(none) + (none.kind == "unreadable" ? " could not be read" : " holds no kernel data") +
                ": there is nothing to compare");
    return w;
  }
  bool a_cycles = a.kind == "cycles", b_cycles = b.kind == "cycles";
  if (a_cycles != b_cycles) {
    w.push_back(
        fmt::format("{} holds {} and {} holds {}: cycles of instrumented scopes and kernel times measure "
                    "different things, so no kernel is compared; capture both with the same backend",
                    label(a), a_cycles ? "intra-kernel cycles (backend: instrumentation)" : "kernel times", label(b),
                    b_cycles ? "intra-kernel cycles (backend: instrumentation)" : "kernel times"));
    return w;
  }
  if (a.collector != b.collector)
    w.push_back(
        fmt::format("{} was measured by {} and {} by {}: the two collectors time kernels differently; compare "
                    "captures of one collector",
                    label(a), a.collector, label(b), b.collector));
  if (a.collector == "proton" && b.collector == "proton" && !a_cycles) {
    if (!a.backend_resolved.empty() && !b.backend_resolved.empty() && a.backend_resolved != b.backend_resolved) {
      w.push_back(
          fmt::format("{} was measured by the {} backend and {} by {}: their times are not comparable; pin one "
                      "backend in both recipes",
                      label(a), a.backend_resolved, label(b), b.backend_resolved));
    } else {
      for (const CaptureView* c : {&a, &b})
        if (c->backend_resolved.empty())
          w.push_back(
              fmt::format("{} does not say which backend measured it ({}): check that both captures used "
                          "the same backend before comparing their times",
                          label(*c),
                          c->trial ? c->backend_reason
                                   : "no trial.json beside it, and the .hatchet "
                                     "does not record the backend"));
    }
    // auto means different backends on either side of a Triton release (the guide: "auto silently changes which
    // backend measured when Triton crosses 3.8.0"). Checked with the Triton table, for the vendor when known.
    bool a_auto = a.backend_requested.empty() || a.backend_requested == "auto";
    bool b_auto = b.backend_requested.empty() || b.backend_requested == "auto";
    if (a_auto || b_auto) {
      auto ra = RowFor(a.triton_version), rb = RowFor(b.triton_version);
      if (ra && rb) {
        for (Vendor v : {Vendor::kAmd, Vendor::kNvidia}) {
          std::string vendor = v == Vendor::kAmd ? "amd" : "nvidia";
          bool relevant =
              (a.gpu_vendor.empty() || a.gpu_vendor == vendor) && (b.gpu_vendor.empty() || b.gpu_vendor == vendor);
          std::string x = (*ra)->Auto(v), y = (*rb)->Auto(v);
          if (relevant && x != y)
            w.push_back(fmt::format(
                "{} ran Triton {} and {} Triton {}: on {} `backend: auto` is {} on the first and {} "
                "on the second, so the same recipe measured with different backends; pin the "
                "backend, or compare captures of one Triton release",
                label(a), a.triton_version, label(b), b.triton_version, v == Vendor::kAmd ? "AMD" : "NVIDIA", x, y));
        }
      } else if (a.triton_version.empty() || b.triton_version.empty()) {
        w.push_back(
            fmt::format("the Triton version of {} is unknown, and `backend: auto` changes meaning across "
                        "releases (roctracer before 3.8.0, rocprofiler from 3.8.0 on AMD): check both ran one "
                        "release",
                        a.triton_version.empty() ? label(a) : label(b)));
      }
    }
  }
  if ((a.kind == "trace") != (b.kind == "trace"))
    w.push_back(
        fmt::format("{} comes from a Chrome trace (data: trace) and {} from a .hatchet tree: the spans should "
                    "match, but check the launch counts agree",
                    a.kind == "trace" ? label(a) : label(b), a.kind == "trace" ? label(b) : label(a)));
  return w;
}

namespace {

std::vector<KernelRow> TimingRows(const CaptureView& c) {
  if (c.kind == "trace") {
    std::vector<KernelRow> rows;
    for (const TraceKernel& k : c.trace->kernels) rows.push_back({k.name, k.total_ms, k.count});
    return rows;
  }
  return c.kernels;
}

struct Pair {
  std::string name;
  const KernelRow* a = nullptr;
  const KernelRow* b = nullptr;
};

std::vector<Pair> Pairs(const std::vector<KernelRow>& a, const std::vector<KernelRow>& b) {
  std::vector<Pair> out;
  std::map<std::string, size_t> at;
  for (const KernelRow& r : a) {
    at[r.name] = out.size();
    out.push_back({r.name, &r, nullptr});
  }
  for (const KernelRow& r : b) {
    auto it = at.find(r.name);
    if (it == at.end())
      out.push_back({r.name, nullptr, &r});
    else
      out[it->second].b = &r;
  }
  std::stable_sort(out.begin(), out.end(), [](const Pair& x, const Pair& y) {
    double mx = std::max(x.a ? x.a->total_ms : 0, x.b ? x.b->total_ms : 0);
    double my = std::max(y.a ? y.a->total_ms : 0, y.b ? y.b->total_ms : 0);
    return mx > my;
  });
  return out;
}

// (kernel, scope path) -> normalized cycles, in ranked order.
std::vector<std::pair<std::string, std::pair<std::optional<double>, std::optional<double>>>> ScopePairs(
    const CycleReport& a, const CycleReport& b) {
  std::vector<std::pair<std::string, std::pair<std::optional<double>, std::optional<double>>>> out;
  std::map<std::string, size_t> at;
  auto add = [&](const CycleReport& r, bool second) {
    for (const KernelCycles& k : r.kernels) {
      std::vector<std::pair<std::string, double>> keys = {{k.name, k.normalized}};
      for (const ScopeCycles& s : k.scopes) {
        std::string key = k.name;
        for (const std::string& p : s.path) key += " / " + p;
        keys.push_back({key, s.normalized});
      }
      for (const auto& [key, v] : keys) {
        auto it = at.find(key);
        if (it == at.end()) {
          at[key] = out.size();
          out.push_back({key, {}});
          it = at.find(key);
        }
        (second ? out[it->second].second.second : out[it->second].second.first) = v;
      }
    }
  };
  add(a, false);
  add(b, true);
  return out;
}

std::string Ratio(std::optional<double> a, std::optional<double> b) {
  if (!a || !b || *a <= 0) return "-";
  return fmt::format("{:.2f}x", *b / *a);
}

}  // namespace

json CompareJson(const CaptureView& a, const CaptureView& b) {
  json out = {{"a", CaptureJson(a)["aortalint_capture"]},
              {"b", CaptureJson(b)["aortalint_capture"]},
              {"warnings", CompareWarnings(a, b)}};
  if (a.kind == "cycles" && b.kind == "cycles") {
    json scopes = json::array();
    for (const auto& [key, v] : ScopePairs(*a.cycles, *b.cycles))
      scopes.push_back({{"name", key},
                        {"a_normalized_cycles", v.first ? json(*v.first) : json(nullptr)},
                        {"b_normalized_cycles", v.second ? json(*v.second) : json(nullptr)},
                        {"ratio", v.first && v.second && *v.first > 0 ? json(*v.second / *v.first) : json(nullptr)}});
    out["scopes"] = std::move(scopes);
  } else if (a.kind != "cycles" && b.kind != "cycles") {
    std::vector<KernelRow> ra = TimingRows(a), rb = TimingRows(b);
    json kernels = json::array();
    for (const Pair& p : Pairs(ra, rb)) {
      auto ms = [](const KernelRow* r) { return r ? json(r->total_ms) : json(nullptr); };
      auto n = [](const KernelRow* r) { return r && r->launches ? json(*r->launches) : json(nullptr); };
      kernels.push_back(
          {{"name", p.name},
           {"short_name", ShortKernelName(p.name)},
           {"a_total_ms", ms(p.a)},
           {"b_total_ms", ms(p.b)},
           {"delta_ms", p.a && p.b ? json(p.b->total_ms - p.a->total_ms) : json(nullptr)},
           {"ratio", p.a && p.b && p.a->total_ms > 0 ? json(p.b->total_ms / p.a->total_ms) : json(nullptr)},
           {"a_launches", n(p.a)},
           {"b_launches", n(p.b)}});
    }
    out["kernels"] = std::move(kernels);
  }
  return out;
}

void PrintCompare(const CaptureView& a, const CaptureView& b, std::ostream& out) {
  out << "A  " << Shown(a.dir) << ": " << Measured(a) << "\n";
  out << "B  " << Shown(b.dir) << ": " << Measured(b) << "\n";
  std::vector<std::string> warnings = CompareWarnings(a, b);
  for (const std::string& w : warnings) out << "warning: " << EscapeControls(w) << "\n";
  out << "\n";
  if (a.kind == "cycles" && b.kind == "cycles") {
    Table t({"kernel / scope", "A normalized", "B normalized", "B/A"});
    for (const auto& [key, v] : ScopePairs(*a.cycles, *b.cycles))
      t.Add({key, v.first ? Normalized(*v.first) : "-", v.second ? Normalized(*v.second) : "-",
             Ratio(v.first, v.second)});
    t.Print(out);
    return;
  }
  if (a.kind == "cycles" || b.kind == "cycles" || NoData(a) || NoData(b)) return;
  Table t({"kernel", "A launches", "A ms", "B launches", "B ms", "B-A ms", "B/A"});
  std::vector<KernelRow> ra = TimingRows(a), rb = TimingRows(b);
  std::vector<Pair> pairs = Pairs(ra, rb);
  std::vector<std::string> names;
  for (const Pair& p : pairs) names.push_back(p.name);
  std::vector<std::string> shown = DisplayNames(names);
  size_t row = 0;
  for (const Pair& p : pairs) {
    auto n = [](const KernelRow* r) { return r ? (r->launches ? std::to_string(*r->launches) : "?") : "-"; };
    t.Add(
        {shown[row++], n(p.a), p.a ? Ms(p.a->total_ms) : "-", n(p.b), p.b ? Ms(p.b->total_ms) : "-",
         p.a && p.b ? fmt::format("{:+.4f}", p.b->total_ms - p.a->total_ms) : "-",
         Ratio(p.a ? std::optional(p.a->total_ms) : std::nullopt, p.b ? std::optional(p.b->total_ms) : std::nullopt)});
  }
  t.Print(out);
}

namespace {

// What could not be read (always) and the links left out (--verbose), on err; true when something could not be read.
bool ReportNotes(const CaptureView& c, bool verbose, std::ostream& err) {
  for (const std::string& u : c.notes.unreadable)
    err << "aortalint metrics: warning: cannot read " << EscapeControls(u) << "; it was left out\n";
  if (verbose)
    for (const std::string& l : c.notes.skipped_links)
      err << "aortalint metrics: '" << EscapeControls(l)
          << "' is a symbolic link: not followed (a capture's files are read only inside it, as aorta reads them)\n";
  return !c.notes.unreadable.empty();
}

}  // namespace

int MetricsMain(const std::vector<fs::path>& dirs, bool as_json, bool verbose, std::ostream& out, std::ostream& err) {
  for (const fs::path& d : dirs) {
    std::error_code ec;
    if (!fs::is_directory(d, ec)) {
      err << "aortalint metrics: error: '" << Shown(d)
          << "' is not a directory; give a trial directory "
             "(from aortalint run or aorta) or a collector directory\n";
      return 2;
    }
  }
  if (dirs.size() == 1) {
    CaptureView c = LoadCapture(dirs[0]);
    bool unreadable = ReportNotes(c, verbose, err);
    if (as_json)
      out << DumpJson(CaptureJson(c), 2) << "\n";
    else
      PrintCapture(c, out);
    return unreadable ? 1 : 0;
  }
  CaptureView a = LoadCapture(dirs[0]), b = LoadCapture(dirs[1]);
  bool unreadable = ReportNotes(a, verbose, err);
  unreadable = ReportNotes(b, verbose, err) || unreadable;
  if (as_json) {
    // The table prints its warnings itself; JSON carries them too, and stderr says them to whoever reads it.
    for (const std::string& w : CompareWarnings(a, b))
      err << "aortalint metrics: warning: " << EscapeControls(w) << "\n";
    out << DumpJson(CompareJson(a, b), 2) << "\n";
  } else {
    PrintCompare(a, b, out);
  }
  return unreadable ? 1 : 0;
}

}  // namespace aortalint::run
