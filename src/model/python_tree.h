// An owned tree-sitter tree: what a parsed payload holds (load/python_parser.h makes them).
#pragma once

#include <cstring>
#include <memory>

#include <tree_sitter/api.h>

namespace aortalint {

struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

/// Whether `n` is a node of grammar type `type` ("call", "finally_clause").
inline bool IsNode(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

}  // namespace aortalint
