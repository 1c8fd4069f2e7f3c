// Fail-soft artifact parsing, computed as aorta's parsers compute it
// (src/aorta/instrumentation/{proton,rocprof}/_parse.py): Python's json and
// csv modules, float(), str(), dict order and unbounded int sums.
#include "run/metrics.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <system_error>
#include <unordered_map>

#include "base/file_reader.h"
#include "python/str.h"
#include "python/value.h"
#include "run/capture_files.h"

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Per-kernel totals in first-seen order, as a Python dict keeps them. A
// count is empty once any of that kernel's counts was unreadable (sticky).
struct Kernels {
  std::vector<std::string> names;
  std::vector<double> ms;
  std::vector<std::optional<BigCount>> counts;
  std::unordered_map<std::string, size_t> index;

  size_t Slot(const std::string& name) {
    auto [it, inserted] = index.try_emplace(name, names.size());
    if (inserted) {
      names.push_back(name);
      ms.push_back(0.0);
      counts.emplace_back(BigCount{});
    }
    return it->second;
  }
  void AddCount(size_t slot, const std::optional<BigCount>& c) {
    if (counts[slot] && c)
      counts[slot]->Add(*c);
    else
      counts[slot].reset();
  }
  bool empty() const { return names.empty(); }
};

// Python's sorted(items, key=ms, reverse=True): hottest first, ties in first-seen order.
std::vector<size_t> Ranked(const Kernels& k) {
  std::vector<size_t> order(k.names.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return k.ms[a] > k.ms[b]; });
  return order;
}

// The metrics both parsers publish, from totals already in milliseconds or
// (rocprof) in nanoseconds divided only at the end, as aorta divides.
json Summarise(const std::string& prefix, const fs::path& dir, const Kernels& k, double divisor,
               std::vector<KernelDetail>* detail) {
  json out = {{prefix + "_artifact_dir", dir.string()}};
  if (k.empty()) return out;
  std::vector<size_t> ranked = Ranked(k);
  double total = 0;  // sum(): left to right in insertion order
  for (double v : k.ms) total += v;
  total /= divisor;
  double top = k.ms[ranked.front()] / divisor;
  // Finite leaves can still sum to infinity; aorta then keeps only the directory.
  if (!std::isfinite(total) || !std::isfinite(top)) return out;
  bool counts_ok = std::all_of(k.counts.begin(), k.counts.end(), [](const auto& c) { return c.has_value(); });
  if (counts_ok) {
    BigCount sum;
    for (const auto& c : k.counts) sum.Add(*c);
    out[prefix + "_kernel_count"] = sum.ToJson();
  }
  out[prefix + "_gpu_time_ms"] = total;
  out[prefix + "_top_kernel_ms"] = top;
  json names = json::array();
  for (size_t i = 0; i < ranked.size() && i < static_cast<size_t>(kTopKernels); ++i)
    names.push_back(k.names[ranked[i]]);
  out[prefix + "_top_kernels"] = std::move(names);
  if (detail) {
    for (size_t i : ranked) {
      detail->push_back(
          {k.names[i], k.ms[i] / divisor, k.counts[i] ? std::optional<json>(k.counts[i]->ToJson()) : std::nullopt});
    }
  }
  return out;
}

// ---- proton ----

// ms per unit of a metric key "time (<unit>)", by str.partition("(") as aorta
// splits it; nullopt for any other key ("cpu_time (ns)", "time (ns) (inc)").
std::optional<double> TimeKeyScale(std::string_view key) {
  size_t open = key.find('(');
  std::string_view head = key.substr(0, open);
  std::string_view tail = open == std::string_view::npos ? std::string_view() : key.substr(open + 1);
  if (PyLower(PyStrip(head)) != "time") return std::nullopt;
  while (!tail.empty() && tail.back() == ')') tail.remove_suffix(1);
  std::string unit = PyLower(PyStrip(tail));
  if (unit == "ns") return 1e-6;
  if (unit == "us") return 1e-3;
  if (unit == "ms") return 1.0;
  if (unit == "s") return 1e3;
  return std::nullopt;
}

// The first time key whose value reads as a finite, non-negative time.
std::optional<double> LeafMs(const PyValue& metrics) {
  for (size_t i = 0; i < metrics.keys.size(); ++i) {
    auto scale = TimeKeyScale(metrics.keys[i]);
    if (!scale) continue;
    auto v = PyFloat(metrics.items[i]);
    if (!v) continue;
    double ms = *v * *scale;
    if (std::isfinite(ms) && ms >= 0) return ms;
  }
  return std::nullopt;
}

// A leaf's launch count; empty when missing or unreadable.
std::optional<BigCount> LeafCount(const PyValue& metrics) {
  const PyValue* c = metrics.Get("count");
  if (!c) return std::nullopt;
  auto v = PyFloat(*c);
  if (!v || !std::isfinite(*v) || *v < 0) return std::nullopt;
  return BigCount::FromDouble(*v);
}

void AddLeaf(const PyValue& node, Kernels& k) {
  const PyValue* frame = node.Get("frame");
  const PyValue* metrics = node.Get("metrics");
  if (!frame || !frame->is_dict() || !metrics || !metrics->is_dict()) return;
  // str(frame.get("name") or "").strip(): numbers and booleans are names too.
  const PyValue* n = frame->Get("name");
  std::string name(PyStrip(n && n->Truthy() ? PyStr(*n) : std::string()));
  std::optional<double> ms = LeafMs(*metrics);
  if (name.empty() || !ms) return;
  size_t slot = k.Slot(name);
  k.ms[slot] += *ms;
  k.AddCount(slot, LeafCount(*metrics));
}

// Leaves in document order; iterative, the depth is bounded by the reader.
void WalkTree(const PyValue& root, Kernels& k) {
  std::vector<const PyValue*> stack{&root};
  while (!stack.empty()) {
    const PyValue* node = stack.back();
    stack.pop_back();
    if (!node->is_dict()) continue;
    const PyValue* children = node->Get("children");
    if (!children || !children->is_list() || children->items.empty()) {
      AddLeaf(*node, k);
      continue;
    }
    for (auto it = children->items.rbegin(); it != children->items.rend(); ++it) stack.push_back(&*it);
  }
}

// Never blocks on a FIFO or a device named like a capture file.
std::optional<std::string> ReadBytes(const fs::path& p) {
  ReadResult read = ReadRegularFile(p.string(), kMaxCaptureBytes);
  if (!read.ok) return std::nullopt;
  return std::move(read.text);
}

// A collector directory that is a link gives no metrics at all: aorta's collector refuses to read
// through one (not even its artifact_dir key).
bool IsDirectory(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(fs::symlink_status(dir, ec));
}

// ---- rocprof ----

// Python's csv.reader (excel dialect, strict off) over text that the file
// object delivers line by line (newline=""): records, including the empty
// ones of blank lines. Reading stops, keeping the records so far, where
// Python's reader raises csv.Error (a field over the 131072-character limit).
std::vector<std::vector<std::string>> PyCsvRecords(std::string_view text) {
  constexpr size_t kFieldLimit = 131072;
  enum State { kStartRecord, kStartField, kInField, kInQuoted, kQuoteInQuoted, kEatCrnl };
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> fields;
  std::string field;
  size_t field_chars = 0;
  State state = kStartRecord;
  auto save = [&] {
    fields.push_back(std::move(field));
    field.clear();
    field_chars = 0;
  };
  auto add = [&](char c) {
    // The limit counts code points.
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && ++field_chars > kFieldLimit) return false;
    field += c;
    return true;
  };
  auto eol = [&] {
    switch (state) {
      case kStartRecord:
        break;
      case kStartField:
      case kInField:
      case kQuoteInQuoted:
        save();
        state = kStartRecord;
        break;
      case kEatCrnl:
        state = kStartRecord;
        break;
      case kInQuoted:
        return;  // the record goes on to the next line
    }
    records.push_back(std::move(fields));
    fields.clear();
  };
  size_t i = 0;
  while (i < text.size()) {
    // One line: up to and including \n, \r\n or a lone \r.
    size_t end = i;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    if (end < text.size()) end += text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1;
    for (size_t j = i; j < end; ++j) {
      char c = text[j];
      bool nl = c == '\n' || c == '\r';
      switch (state) {
        case kStartRecord:
          if (nl) {
            state = kEatCrnl;
            break;
          }
          state = kStartField;
          [[fallthrough]];
        case kStartField:
          if (nl) {
            save();
            state = kEatCrnl;
          } else if (c == '"') {
            state = kInQuoted;
          } else if (c == ',') {
            save();
          } else {
            if (!add(c)) return records;
            state = kInField;
          }
          break;
        case kInField:
          if (nl) {
            save();
            state = kEatCrnl;
          } else if (c == ',') {
            save();
            state = kStartField;
          } else if (!add(c)) {
            return records;
          }
          break;
        case kInQuoted:
          if (c == '"')
            state = kQuoteInQuoted;
          else if (!add(c))
            return records;
          break;
        case kQuoteInQuoted:
          if (c == '"') {
            if (!add(c)) return records;
            state = kInQuoted;
          } else if (c == ',') {
            save();
            state = kStartField;
          } else if (nl) {
            save();
            state = kEatCrnl;
          } else {
            if (!add(c)) return records;
            state = kInField;
          }
          break;
        case kEatCrnl:
          break;  // only line-break characters can follow within a line
      }
    }
    eol();
    i = end;
  }
  // End of input: a field in progress, or an open quote, still makes a record.
  if (!field.empty() || state == kInQuoted) {
    save();
    records.push_back(std::move(fields));
  }
  return records;
}

// What csv.DictReader gets from a file opened with encoding="utf-8": the text
// decoded so far where a UnicodeDecodeError stops the read. The text layer
// decodes 8192-byte chunks, so the rows before the failing chunk survive.
std::string_view DecodedPrefix(std::string_view bytes) {
  constexpr size_t kChunk = 8192;
  size_t lead = 0;
  std::optional<size_t> bad = Utf8ErrorOffset(bytes, &lead);
  if (!bad) return bytes;
  size_t keep = *bad == bytes.size() ? lead : (*bad / kChunk) * kChunk;
  keep = std::min(keep, lead);
  std::string_view text = bytes.substr(0, keep);
  // Only lines whose end was read; a '\r' at the very end waits for a possible '\n'.
  size_t last = text.find_last_of("\r\n");
  if (last == std::string_view::npos) return {};
  if (text[last] == '\r' && last + 1 == text.size()) {
    size_t before = last == 0 ? std::string_view::npos : text.find_last_of("\r\n", last - 1);
    return before == std::string_view::npos ? std::string_view() : text.substr(0, before + 1);
  }
  return text.substr(0, last + 1);
}

// csv.DictReader rows: the first record names the columns (a later duplicate
// wins), blank records are skipped, a short row leaves columns missing.
class DictRows {
 public:
  explicit DictRows(std::string_view text) : records_(PyCsvRecords(text)) {}
  // row.get(column), or nullopt for None.
  std::optional<std::string_view> Get(size_t row, std::string_view column) const {
    const auto& header = records_[0];
    for (size_t c = header.size(); c-- > 0;) {
      if (header[c] != column) continue;
      const auto& r = records_[row];
      if (c < r.size()) return std::string_view(r[c]);
      return std::nullopt;
    }
    return std::nullopt;
  }
  size_t size() const { return records_.size(); }
  bool blank(size_t row) const { return records_[row].empty(); }

 private:
  std::vector<std::vector<std::string>> records_;
};

// (row.get(column) or "").strip()
std::string Text(const DictRows& rows, size_t r, std::string_view column) {
  return std::string(PyStrip(rows.Get(r, column).value_or("")));
}

// _to_float: float(str(value).strip()), finite only; None reads as "None".
std::optional<double> FiniteFloat(const DictRows& rows, size_t r, std::string_view column) {
  auto v = rows.Get(r, column);
  if (!v) return std::nullopt;
  auto d = PyFloatOfText(PyStrip(*v));  // str.strip() first: "\x1c3" is 3 here, not for proton's float()
  if (!d || !std::isfinite(*d)) return std::nullopt;
  return d;
}

void ReadStats(const fs::path& file, Kernels& k, bool& counts_ok) {
  auto bytes = ReadBytes(file);
  if (!bytes) return;
  DictRows rows(DecodedPrefix(*bytes));
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows.blank(r)) continue;
    std::string name = Text(rows, r, "Name");
    auto ns = FiniteFloat(rows, r, "TotalDurationNs");
    auto calls = FiniteFloat(rows, r, "Calls");
    if (name.empty() || !ns || *ns < 0) continue;
    size_t slot = k.Slot(name);
    k.ms[slot] += *ns;
    if (!calls || *calls < 0 || *calls != std::floor(*calls)) {
      counts_ok = false;
      continue;
    }
    k.counts[slot]->Add(BigCount::FromDouble(*calls));
  }
}

void ReadTrace(const fs::path& file, Kernels& k) {
  auto bytes = ReadBytes(file);
  if (!bytes) return;
  DictRows rows(DecodedPrefix(*bytes));
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows.blank(r)) continue;
    std::string kind = Text(rows, r, "Kind");
    if (!kind.empty() && kind != "KERNEL_DISPATCH") continue;
    std::string name = Text(rows, r, "Kernel_Name");
    auto start = FiniteFloat(rows, r, "Start_Timestamp");
    auto end = FiniteFloat(rows, r, "End_Timestamp");
    if (name.empty() || !start || !end || *end < *start) continue;
    size_t slot = k.Slot(name);
    k.ms[slot] += *end - *start;
    k.counts[slot]->Add(BigCount::FromU64(1));
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

json ParseProtonMetrics(const fs::path& dir, std::vector<KernelDetail>* kernels) {
  if (!IsDirectory(dir)) return json::object();
  try {
    Kernels all;
    for (const auto& file : CaptureFiles(dir, ".hatchet")) {
      auto bytes = ReadBytes(file);
      // Too many values to hold is a file left out; nesting is Python's to judge (RecursionError below).
      if (!bytes || JsonShapeProblem(*bytes, std::numeric_limits<int>::max())) continue;
      bool too_deep = false;
      std::optional<PyValue> doc = PyJsonLoad(*bytes, &too_deep);
      // RecursionError escapes aorta's parser, and its caller drops every proton key.
      if (too_deep) return json::object();
      if (!doc) continue;
      // Each file is totalled on its own, then added in, as aorta merges them.
      Kernels file_totals;
      if (doc->is_list()) {
        for (const PyValue& root : doc->items) WalkTree(root, file_totals);
      } else {
        WalkTree(*doc, file_totals);
      }
      for (size_t i = 0; i < file_totals.names.size(); ++i) {
        size_t slot = all.Slot(file_totals.names[i]);
        all.ms[slot] += file_totals.ms[i];
        all.AddCount(slot, file_totals.counts[i]);
      }
    }
    return Summarise("proton", dir, all, 1.0, kernels);
  } catch (...) {  // out of memory: fewer metrics, never an exception
    return json{{"proton_artifact_dir", dir.string()}};
  }
}

json ParseRocprofMetrics(const fs::path& dir, std::vector<KernelDetail>* kernels) {
  if (!IsDirectory(dir)) return json::object();
  try {
    Kernels k;
    bool counts_ok = true;
    for (const auto& file : CaptureFiles(dir, "_kernel_stats.csv")) ReadStats(file, k, counts_ok);
    if (k.empty()) {
      counts_ok = true;
      for (const auto& file : CaptureFiles(dir, "_kernel_trace.csv")) ReadTrace(file, k);
    }
    // An unreadable Calls anywhere withholds the count (the timings stand).
    if (!counts_ok)
      for (auto& c : k.counts) c.reset();
    return Summarise("rocprof", dir, k, 1e6, kernels);
  } catch (...) {
    return json{{"rocprof_artifact_dir", dir.string()}};
  }
}

}  // namespace aortalint::run
