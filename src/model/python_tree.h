// An owned tree-sitter tree: what a parsed payload holds (load/python_parser.h makes them).
#pragma once

#include <memory>

#include <tree_sitter/api.h>

namespace aortalint {

struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

}  // namespace aortalint
