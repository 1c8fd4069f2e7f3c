// Reading instrumentation cycles out of .hatchet trees (see cycles.h).
#include "run/cycles.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <system_error>

#include "run/capture_files.h"

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What triton/profiler/hooks/launch.py names the launch-metadata frames the viewer drops.
constexpr std::string_view kMetadataFrame = "__proton_launch_metadata";

// One frame of the merged tree.
struct Node {
  std::string name;
  bool has_cycles = false;
  double cycles = 0, normalized = 0;          // recorded
  double inc_cycles = 0, inc_normalized = 0;  // recorded + every descendant's
  std::map<std::string, std::unique_ptr<Node>> children;
  std::vector<Node*> order;  // first-seen order

  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  // Iterative: a deep tree must not overflow the stack on its way out.
  ~Node() {
    std::vector<std::unique_ptr<Node>> doomed;
    auto take = [&](Node& n) {
      for (auto& [name, child] : n.children) doomed.push_back(std::move(child));
      n.children.clear();
    };
    take(*this);
    while (!doomed.empty()) {
      std::unique_ptr<Node> n = std::move(doomed.back());
      doomed.pop_back();
      take(*n);
    }
  }

  Node* Child(const std::string& n) {
    auto& slot = children[n];
    if (!slot) {
      slot = std::make_unique<Node>();
      slot->name = n;
      order.push_back(slot.get());
    }
    return slot.get();
  }
};

std::optional<double> Number(const json& v) {
  if (!v.is_number()) return std::nullopt;
  double d = v.get<double>();
  if (!std::isfinite(d) || d < 0) return std::nullopt;
  return d;
}

// Merges one document's tree (element 0 of the list, or the object itself)
// into root. Iterative, so a deep tree cannot overflow the stack.
bool Merge(const json& doc, Node& root) {
  const json* tree = doc.is_array() ? (doc.empty() ? nullptr : &doc[0]) : &doc;
  if (!tree || !tree->is_object()) return false;
  bool any = false;
  std::vector<std::pair<const json*, Node*>> stack{{tree, &root}};
  while (!stack.empty()) {
    auto [node, into] = stack.back();
    stack.pop_back();
    auto metrics = node->find("metrics");
    if (metrics != node->end() && metrics->is_object()) {
      auto c = metrics->find("cycles");
      auto n = metrics->find("normalized_cycles");
      std::optional<double> cv = c == metrics->end() ? std::nullopt : Number(*c);
      std::optional<double> nv = n == metrics->end() ? std::nullopt : Number(*n);
      if (cv) {
        into->has_cycles = any = true;
        into->cycles += *cv;
        into->normalized += nv.value_or(0);
      }
    }
    auto children = node->find("children");
    if (children == node->end() || !children->is_array()) continue;
    for (auto it = children->rbegin(); it != children->rend(); ++it) {
      if (!it->is_object()) continue;
      auto frame = it->find("frame");
      if (frame == it->end() || !frame->is_object()) continue;
      auto name = frame->find("name");
      if (name == frame->end() || !name->is_string()) continue;
      const std::string& n = name->get_ref<const std::string&>();
      if (n == kMetadataFrame) continue;
      stack.push_back({&*it, into->Child(n)});
    }
  }
  return any;
}

// Post-order inclusive sums, iteratively.
void Include(Node& root) {
  std::vector<std::pair<Node*, bool>> stack{{&root, false}};
  while (!stack.empty()) {
    auto [n, done] = stack.back();
    stack.pop_back();
    if (!done) {
      stack.push_back({n, true});
      for (Node* c : n->order) stack.push_back({c, false});
      continue;
    }
    n->inc_cycles = n->cycles;
    n->inc_normalized = n->normalized;
    for (Node* c : n->order) {
      n->inc_cycles += c->inc_cycles;
      n->inc_normalized += c->inc_normalized;
    }
  }
}

std::vector<Node*> Ranked(const Node& n) {
  std::vector<Node*> out = n.order;
  std::stable_sort(out.begin(), out.end(), [](const Node* a, const Node* b) { return a->inc_cycles > b->inc_cycles; });
  return out;
}

// The scopes below a kernel frame, depth-first, siblings ranked.
void Scopes(const Node& kernel, KernelCycles& out) {
  std::vector<std::pair<const Node*, std::vector<std::string>>> stack;
  std::vector<Node*> top = Ranked(kernel);
  for (auto it = top.rbegin(); it != top.rend(); ++it) stack.push_back({*it, {(*it)->name}});
  while (!stack.empty()) {
    auto [n, path] = stack.back();
    stack.pop_back();
    if (n->has_cycles || n->inc_cycles > 0) {
      ScopeCycles s;
      s.path = path;
      s.recorded_cycles = n->cycles;
      s.recorded_normalized = n->normalized;
      s.cycles = n->inc_cycles;
      s.normalized = n->inc_normalized;
      out.scopes.push_back(std::move(s));
    }
    std::vector<Node*> kids = Ranked(*n);
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      std::vector<std::string> p = path;
      p.push_back((*it)->name);
      stack.push_back({*it, std::move(p)});
    }
  }
}

// Kernel frames: frames with no cycles of their own whose children have some.
// A frame with cycles directly under the root (no kernel frame) is its own kernel.
void Kernels(Node& root, CycleReport& report) {
  std::vector<Node*> stack{&root};
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    bool holds = false;
    for (Node* c : n->order) holds = holds || c->has_cycles;
    if (!n->has_cycles && holds && n != &root) {
      KernelCycles k;
      k.name = n->name;
      k.cycles = n->inc_cycles;
      k.normalized = n->inc_normalized;
      Scopes(*n, k);
      report.kernels.push_back(std::move(k));
      continue;
    }
    for (Node* c : n->order) {
      if (n == &root && c->has_cycles) {
        KernelCycles k;
        k.name = "(no kernel frame)";
        k.cycles = c->inc_cycles;
        k.normalized = c->inc_normalized;
        Node wrapper;
        wrapper.order.push_back(c);
        Scopes(wrapper, k);
        report.kernels.push_back(std::move(k));
        continue;
      }
      if (c->inc_cycles > 0 || c->has_cycles) stack.push_back(c);
    }
  }
  std::stable_sort(report.kernels.begin(), report.kernels.end(),
                   [](const KernelCycles& a, const KernelCycles& b) { return a.cycles > b.cycles; });
}

std::optional<CycleReport> Finish(Node& root, std::vector<std::string> files) {
  Include(root);
  CycleReport r;
  r.files = std::move(files);
  r.cycles = root.inc_cycles;
  r.normalized = root.inc_normalized;
  Kernels(root, r);
  if (r.kernels.empty()) return std::nullopt;
  return r;
}

double Share(double part, double whole) { return whole > 0 ? part / whole * 100.0 : 0.0; }

}  // namespace

std::optional<CycleReport> ParseCycles(std::string_view text) {
  try {
    if (JsonShapeProblem(text)) return std::nullopt;
    json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return std::nullopt;
    Node root;
    if (!Merge(doc, root)) return std::nullopt;
    return Finish(root, {});
  } catch (...) {
    return std::nullopt;
  }
}

std::optional<CycleReport> ReadCycles(const fs::path& dir, CaptureNotes* notes) {
  try {
    Node root;
    std::vector<std::string> used;
    for (const fs::path& file : CaptureFiles(dir, ".hatchet")) {
      std::optional<json> doc = ReadJsonArtifact(file, notes);
      if (doc && Merge(*doc, root)) used.push_back(file.string());
    }
    if (used.empty()) return std::nullopt;
    return Finish(root, std::move(used));
  } catch (...) {
    return std::nullopt;
  }
}

json CyclesJson(const CycleReport& r) {
  json kernels = json::array();
  for (const KernelCycles& k : r.kernels) {
    json scopes = json::array();
    for (const ScopeCycles& s : k.scopes) {
      scopes.push_back({{"name", s.path.back()},
                        {"path", s.path},
                        {"depth", s.depth()},
                        {"cycles", s.cycles},
                        {"normalized_cycles", s.normalized},
                        {"recorded_cycles", s.recorded_cycles},
                        {"recorded_normalized_cycles", s.recorded_normalized},
                        {"share_of_kernel", Share(s.normalized, k.normalized)},
                        {"share_of_capture", Share(s.normalized, r.normalized)}});
    }
    kernels.push_back({{"name", k.name},
                       {"cycles", k.cycles},
                       {"normalized_cycles", k.normalized},
                       {"share_of_capture", Share(k.normalized, r.normalized)},
                       {"scopes", std::move(scopes)}});
  }
  return {{"source", "proton instrumentation (.hatchet cycles)"},
          {"files", r.files},
          {"cycles", r.cycles},
          {"normalized_cycles", r.normalized},
          {"kernels", std::move(kernels)}};
}

}  // namespace aortalint::run
