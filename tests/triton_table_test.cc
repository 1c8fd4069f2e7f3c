// Holds rules/knowledge/triton.yaml against reference/aorta.md §3: one check
// per cell of that table (rows of §3 down, version columns across).
#include <doctest/doctest.h>

#include <algorithm>

#include "load/knowledge_loader.h"
#include "model/triton.h"

namespace aortalint {
namespace {

const TritonRow& Row(std::string_view version) {
  const TritonTable& table = BuiltinTritonTable();
  auto it =
      std::find_if(table.rows.begin(), table.rows.end(), [&](const TritonRow& r) { return r.version == version; });
  REQUIRE(it != table.rows.end());
  return *it;
}

std::vector<std::string> Choices(const TritonRow& r) {
  std::vector<std::string> out;
  for (const auto& [b, modes] : r.backends) out.push_back(b);
  return out;
}

bool Has(const std::vector<std::string>& v, std::string_view x) { return std::find(v.begin(), v.end(), x) != v.end(); }

const TritonFailure* Failure(const TritonRow& r, const ProtonOptions& o) {
  for (const TritonFailure& f : r.failures)
    if (f.Matches(o)) return &f;
  return nullptr;
}

using V = std::vector<std::string>;
const V kThree{"cupti", "instrumentation", "roctracer"};
const V kFour{"cupti", "instrumentation", "rocprofiler", "roctracer"};
// The 3.7.x column is checked on both rows that make it up.
const char* const k37[] = {"3.7.0", "3.7.1"};

TEST_CASE("§3 -b choices") {
  CHECK(Choices(Row("3.6")) == kThree);
  for (const char* v : k37) CHECK(Choices(Row(v)) == kThree);
  CHECK(Choices(Row("3.8.0")) == kFour);
  CHECK(Choices(Row("main")) == kFour);
}

TEST_CASE("§3 get_available_profilers") {
  CHECK_FALSE(Row("3.6").available_profilers);
  for (const char* v : k37) CHECK_FALSE(Row(v).available_profilers);
  CHECK(Row("3.8.0").available_profilers);
  CHECK(Row("main").available_profilers);
}

TEST_CASE("§3 auto on AMD resolves to") {
  CHECK(Row("3.6").auto_amd == "roctracer");
  for (const char* v : k37) CHECK(Row(v).auto_amd == "roctracer");
  CHECK(Row("3.8.0").auto_amd == "rocprofiler");
  CHECK(Row("main").auto_amd == "rocprofiler");
}

TEST_CASE("§3 explicit rocprofiler") {  // argparse invalid choice before 3.8.0
  CHECK_FALSE(Row("3.6").HasBackend("rocprofiler"));
  for (const char* v : k37) CHECK_FALSE(Row(v).HasBackend("rocprofiler"));
  CHECK(Row("3.8.0").HasBackend("rocprofiler"));
  CHECK(Row("main").HasBackend("rocprofiler"));
}

TEST_CASE("§3 CLI forwards --mode") {
  CHECK_FALSE(Row("3.6").forwards_mode);
  for (const char* v : k37) CHECK_FALSE(Row(v).forwards_mode);
  CHECK(Row("3.8.0").forwards_mode);
  CHECK(Row("main").forwards_mode);
}

TEST_CASE("§3 rocprofiler + pcsampling") {
  CHECK(Row("3.6").Modes("rocprofiler").empty());  // backend absent
  for (const char* v : k37) CHECK(Row(v).Modes("rocprofiler").empty());
  CHECK(Row("3.8.0").mode_errors.at("rocprofiler").find("unsupported mode") != std::string::npos);
  CHECK(Has(Row("main").Modes("rocprofiler"), "pcsampling"));
}

TEST_CASE("§3 roctracer + periodic_flushing") {
  const ProtonOptions o{{"backend", "roctracer"}, {"backend_mode", "periodic_flushing"}, {"mode", "env"}};
  // 3.6.x and main: "–" in §3, nothing recorded.
  for (const char* v : k37) CHECK(Failure(Row(v), o)->outcome == "SIGSEGV, exit 139");
  CHECK(Failure(Row("3.8.0"), o) == nullptr);
}

TEST_CASE("§3 granularity string") {
  const ProtonOptions o{{"backend", "instrumentation"}, {"granularity", "cta"}, {"mode", "env"}};
  CHECK(Failure(Row("3.7.1"), o)->outcome == "RuntimeError: Only warp granularity is supported for now");
  CHECK(Failure(Row("3.8.0"), o) == nullptr);  // not checked
}

TEST_CASE("§3 -b roctracer under mode: cli") {
  const ProtonOptions o{{"backend", "roctracer"}, {"mode", "cli"}};
  for (const char* v : k37) CHECK(Failure(Row(v), o)->kind == "empty");
  CHECK(Failure(Row("3.8.0"), o) == nullptr);  // captures normally
}

TEST_CASE("§3 success-path SystemExit") {
  CHECK(Row("3.6").success_exit_lost);
  CHECK_FALSE(Row("3.7.1").success_exit_lost);  // handled (3.7.1)
}

TEST_CASE("§3 torch imported before triton.profiler") {
  CHECK_FALSE(Row("3.6").torch_first_hang);
  for (const char* v : k37) CHECK_FALSE(Row(v).torch_first_hang);
  CHECK(Row("3.8.0").torch_first_hang);
  CHECK_FALSE(Row("main").torch_first_hang);  // fixed by triton#11009
}

TEST_CASE("NVIDIA auto is cupti (H200 capture, 3.6.0)") { CHECK(Row("3.6").auto_nvidia == "cupti"); }

TEST_CASE("versions as users write them map to the nearest row") {
  const TritonTable& t = BuiltinTritonTable();
  struct Case {
    const char* written;
    const char* row;
    bool noted;
  } cases[] = {{"3.7.1", "3.7.1", false}, {"3.6.0+rocm7.2.4", "3.6", false}, {"3.6.2", "3.6", false},
               {"3.8", "3.8.0", false},   {"main", "main", false},           {"v3.7.0", "3.7.0", false},
               {"3.7.4", "3.7.1", false}, {"3.9.0", "main", true},           {"3.8.1rc1", "main", true},
               {"3.5.0", "3.6", true}};
  for (const Case& c : cases) {
    CAPTURE(c.written);
    std::optional<TritonTarget> target = ResolveTarget(t, c.written);
    REQUIRE(target);
    CHECK(target->row->version == c.row);
    CHECK(target->note.empty() != c.noted);
  }
  for (const char* bad : {"", "3", "latest", "3.x", "3.7.1 foo"}) CHECK_FALSE(IsTritonVersion(bad));
}

}  // namespace
}  // namespace aortalint
