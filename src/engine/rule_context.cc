#include "engine/rule_context.h"

#include "base/elide.h"

namespace aortalint {

DiagnosticBuilder& DiagnosticBuilder::Note(const SourcePtr& file, Span span, std::string message) {
  sink_[index_].notes.push_back({{file, span}, Elide(message, kMaxMessageBytes)});
  return *this;
}

DiagnosticBuilder& DiagnosticBuilder::Help(std::string help) {
  sink_[index_].help = Elide(help, kMaxMessageBytes);
  return *this;
}

DiagnosticBuilder& DiagnosticBuilder::WithFix(std::string title, Applicability applicability, std::vector<Edit> edits) {
  sink_[index_].fix = Fix{std::move(title), applicability, std::move(edits)};
  return *this;
}

DiagnosticBuilder& DiagnosticBuilder::WithSeverity(Severity severity) {
  sink_[index_].severity = severity;
  return *this;
}

DiagnosticBuilder RuleContext::Report(const SourcePtr& file, Span span, std::string message) {
  Diagnostic d;
  d.rule = std::string(meta_->id);
  d.severity = meta_->severity;
  d.where = {file, span};
  d.message = Elide(message, kMaxMessageBytes);
  sink_.push_back(std::move(d));
  return DiagnosticBuilder(sink_, sink_.size() - 1);
}

}  // namespace aortalint
