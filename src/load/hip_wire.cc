#include "load/hip_wire.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace aortalint::hip_wire {
namespace {

// A field added to one of these structs must be sent: this stops compiling until the mirror below (and the
// Put/Get calls) are updated with it.
struct KernelFields {
  std::string name, qualified;
  Span span;
  bool extern_c, is_template, declares_shared;
  std::vector<std::string> symbols, display_names;
  std::string defined_in;
  bool name_unknown;
};
struct LaunchFields {
  std::string api, kernel, macro;
  Span span;
};
struct CallFields {
  std::string callee, literal;
  Span span;
};
struct MissingFields {
  std::string header;
  Span span;
  std::string refused;
};
struct PayloadFields {
  SourcePtr source;
  std::string read_error;
  bool hip;
  HipPayload::Status status;
  std::string status_detail, status_help;
  bool standin;
  std::string flags_from;
  unsigned errors;
  std::string first_error;
  std::vector<HipKernel> kernels;
  std::vector<HipLaunch> launches;
  std::vector<HipCall> roctx_calls, module_lookups;
  std::vector<Span> shared_decls;
  std::vector<HipMissingHeader> missing_headers;
  std::vector<std::string> includes;
  unsigned launches_in_headers, roctx_in_headers, shared_in_headers;
  unsigned forked_chains;
};
static_assert(sizeof(HipPayload) == sizeof(PayloadFields), "HipPayload changed: send the new field in hip_wire.cc");
static_assert(sizeof(HipKernel) == sizeof(KernelFields), "HipKernel changed: send the new field in hip_wire.cc");
static_assert(sizeof(HipLaunch) == sizeof(LaunchFields), "HipLaunch changed: send the new field in hip_wire.cc");
static_assert(sizeof(HipCall) == sizeof(CallFields), "HipCall changed: send the new field in hip_wire.cc");
static_assert(sizeof(HipMissingHeader) == sizeof(MissingFields),
              "HipMissingHeader changed: send the new field in hip_wire.cc");

class Writer {
 public:
  void Put(uint64_t n) { out_.append(reinterpret_cast<const char*>(&n), sizeof n); }
  void Put(bool b) { Put(uint64_t{b}); }
  void Put(std::string_view s) {
    Put(uint64_t{s.size()});
    out_ += s;
  }
  void Put(Span span) {
    Put(uint64_t{span.begin});
    Put(uint64_t{span.end});
  }
  template <typename T>
  void Put(const std::vector<T>& items) {
    Put(uint64_t{items.size()});
    for (const T& item : items) PutItem(item);
  }
  std::string Take() { return std::move(out_); }

 private:
  void PutItem(const std::string& s) { Put(std::string_view(s)); }
  void PutItem(Span span) { Put(span); }
  void PutItem(const HipKernel& k) {
    Put(k.name), Put(k.qualified), Put(k.span), Put(k.extern_c), Put(k.is_template), Put(k.declares_shared);
    Put(k.symbols), Put(k.display_names), Put(k.defined_in), Put(k.name_unknown);
  }
  void PutItem(const HipLaunch& l) { Put(l.api), Put(l.kernel), Put(l.macro), Put(l.span); }
  void PutItem(const HipCall& c) { Put(c.callee), Put(c.literal), Put(c.span); }
  void PutItem(const HipMissingHeader& m) { Put(m.header), Put(m.span), Put(m.refused); }

  std::string out_;
};

// Reads what Writer wrote; once a read fails, every later one does too (ok() tells).
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && in_.empty(); }

  void Get(uint64_t& n) {
    if (!Need(sizeof n)) return;
    std::memcpy(&n, in_.data(), sizeof n);
    in_.remove_prefix(sizeof n);
  }
  void Get(unsigned& n) { GetNarrow(n); }
  void Get(bool& b) {
    uint64_t n = 0;
    Get(n);
    b = n != 0;
  }
  void Get(std::string& s) {
    uint64_t n = 0;
    Get(n);
    if (!Need(n)) return;
    s.assign(in_.substr(0, n));
    in_.remove_prefix(n);
  }
  void Get(Span& span) { Get(span.begin), Get(span.end); }
  template <typename T>
  void Get(std::vector<T>& items) {
    uint64_t n = 0;
    Get(n);
    if (!Need(n)) return;  // every item takes a byte at least: a bound before reserving
    items.resize(n);
    for (T& item : items) GetItem(item);
  }

 private:
  bool Need(uint64_t n) {
    ok_ = ok_ && n <= in_.size();
    return ok_;
  }
  template <typename T>
  void GetNarrow(T& out) {
    uint64_t n = 0;
    Get(n);
    out = static_cast<T>(n);
  }
  void GetItem(std::string& s) { Get(s); }
  void GetItem(Span& span) { Get(span); }
  void GetItem(HipKernel& k) {
    Get(k.name), Get(k.qualified), Get(k.span), Get(k.extern_c), Get(k.is_template), Get(k.declares_shared);
    Get(k.symbols), Get(k.display_names), Get(k.defined_in), Get(k.name_unknown);
  }
  void GetItem(HipLaunch& l) { Get(l.api), Get(l.kernel), Get(l.macro), Get(l.span); }
  void GetItem(HipCall& c) { Get(c.callee), Get(c.literal), Get(c.span); }
  void GetItem(HipMissingHeader& m) { Get(m.header), Get(m.span), Get(m.refused); }

  std::string_view in_;
  bool ok_ = true;
};

}  // namespace

std::string EncodeRequest(const hip::Request& r) {
  Writer w;
  w.Put(r.path), w.Put(r.text), w.Put(r.flags), w.Put(r.directory), w.Put(r.rocm_include), w.Put(r.resource_dir);
  w.Put(r.project_root), w.Put(r.include_roots), w.Put(r.pch_dir), w.Put(r.fork_chains_mib);
  return w.Take();
}

std::optional<hip::Request> DecodeRequest(std::string_view bytes) {
  Reader in(bytes);
  hip::Request r;
  in.Get(r.path), in.Get(r.text), in.Get(r.flags), in.Get(r.directory), in.Get(r.rocm_include);
  in.Get(r.resource_dir), in.Get(r.project_root), in.Get(r.include_roots), in.Get(r.pch_dir), in.Get(r.fork_chains_mib);
  if (!in.done()) return std::nullopt;
  return r;
}

std::string EncodeFacts(const HipPayload& p) {
  Writer w;
  w.Put(uint64_t(p.status)), w.Put(p.status_detail), w.Put(p.standin), w.Put(uint64_t{p.errors});
  w.Put(p.first_error), w.Put(p.kernels), w.Put(p.launches), w.Put(p.roctx_calls), w.Put(p.module_lookups);
  w.Put(p.shared_decls), w.Put(p.missing_headers), w.Put(p.includes), w.Put(uint64_t{p.launches_in_headers});
  w.Put(uint64_t{p.roctx_in_headers}), w.Put(uint64_t{p.shared_in_headers}), w.Put(uint64_t{p.forked_chains});
  return w.Take();
}

bool DecodeFacts(std::string_view bytes, HipPayload& p) {
  Reader in(bytes);
  uint64_t status = 0;
  in.Get(status), in.Get(p.status_detail), in.Get(p.standin), in.Get(p.errors), in.Get(p.first_error);
  in.Get(p.kernels), in.Get(p.launches), in.Get(p.roctx_calls), in.Get(p.module_lookups), in.Get(p.shared_decls);
  in.Get(p.missing_headers), in.Get(p.includes), in.Get(p.launches_in_headers), in.Get(p.roctx_in_headers);
  in.Get(p.shared_in_headers), in.Get(p.forked_chains);
  if (!in.done() || status > uint64_t(HipPayload::Status::kStopped)) return false;
  p.status = HipPayload::Status(status);
  return true;
}

}  // namespace aortalint::hip_wire
