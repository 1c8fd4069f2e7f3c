// A fuzz target's scratch directory: one per process, removed when the process exits.
#pragma once

#include <unistd.h>
#include <filesystem>
#include <string>

inline const std::filesystem::path& FuzzScratch(const std::string& name) {
  struct Dir {
    std::filesystem::path path;
    ~Dir() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static const Dir dir{std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))};
  return dir.path;
}
