// Walking a tree-sitter tree in time linear in its size. ts_node_named_child(n, i)
// starts from the first child each time, so indexing the children of a wide node
// (a module's thousands of statements) is quadratic; a cursor is not.
#pragma once

#include <vector>

#include <tree_sitter/api.h>

namespace aortalint {

/// Calls `fn` with each named child of `n`, in source order.
template <typename Fn>
void ForEachNamedChild(TSNode n, Fn&& fn) {
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&c);
      if (ts_node_is_named(child)) fn(child);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

/// The named children of `n`, in source order.
inline std::vector<TSNode> NamedChildren(TSNode n) {
  std::vector<TSNode> out;
  ForEachNamedChild(n, [&](TSNode child) { out.push_back(child); });
  return out;
}

/// Calls `visit(node)` on `root` and every named node below it, in source order; a
/// node's subtree is skipped when `visit` returns false.
template <typename Visit>
void WalkNamed(TSNode root, Visit&& visit) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  bool descend = visit(root);
  for (;;) {
    if (!descend || !ts_tree_cursor_goto_first_child(&c)) {
      while (!ts_tree_cursor_goto_next_sibling(&c)) {
        if (!ts_tree_cursor_goto_parent(&c)) {
          ts_tree_cursor_delete(&c);
          return;
        }
      }
    }
    TSNode n = ts_tree_cursor_current_node(&c);
    descend = !ts_node_is_named(n) || visit(n);
  }
}

}  // namespace aortalint
