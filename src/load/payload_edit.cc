#include "load/payload_edit.h"

#include "load/payload_loader.h"
#include "model/payload.h"

namespace aortalint {
namespace {

// The row and byte column of `offset`, from the file's line index (a byte order mark counts in the column, as
// the parse's included range starts after it).
TextPoint PointAt(const SourceFile& file, uint32_t offset) {
  uint32_t line = file.Locate(offset).line;
  return {line - 1, offset - (line == 1 ? 0 : file.LineStart(line))};
}

TextPoint PointAt(std::string_view text, uint32_t offset, TextPoint from, uint32_t from_offset) {
  TextPoint p = from;
  for (uint32_t i = from_offset; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.row;
      p.column = 0;
    } else {
      ++p.column;
    }
  }
  return p;
}

TSPoint ToTs(TextPoint p) { return TSPoint{p.row, p.column}; }

}  // namespace

TextChange DescribeChange(const SourceFile& before, Span replaced, std::string_view inserted) {
  TextChange c;
  c.start = replaced.begin;
  c.old_end = replaced.end;
  c.new_end = replaced.begin + static_cast<uint32_t>(inserted.size());
  c.start_point = PointAt(before, replaced.begin);
  c.old_end_point = PointAt(before, replaced.end);
  c.new_end_point = PointAt(inserted, static_cast<uint32_t>(inserted.size()), c.start_point, 0);
  return c;
}

std::shared_ptr<const Payload> ReparsePayload(SourcePtr source, const Payload* previous,
                                              std::span<const TextChange> changes) {
  if (!previous || !previous->tree) return ParsePayload(std::move(source));
  // The previous payload is shared with readers: edit a copy of its tree.
  TreePtr tree(ts_tree_copy(previous->tree.get()));
  for (const TextChange& c : changes) {
    TSInputEdit edit{c.start, c.old_end, c.new_end, ToTs(c.start_point), ToTs(c.old_end_point), ToTs(c.new_end_point)};
    ts_tree_edit(tree.get(), &edit);
  }
  return ParsePayload(std::move(source), tree.get(), PayloadParse::kFull, previous);
}

}  // namespace aortalint
