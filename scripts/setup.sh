#!/usr/bin/env bash
# Installs the Debian packages aortalint needs, and prints nothing when they
# are all there. `scripts/setup.sh test` adds what the test suite drives
# (pre-commit, Neovim, git, python3, python3-yaml for the PyYAML verdict comparison, isort; node
# comes with npm).
set -euo pipefail

build=(cmake ninja-build g++ pkg-config libtree-sitter-dev libfmt-dev
       libcli11-dev nlohmann-json3-dev libtomlplusplus-dev libinih-dev libssl-dev
       doctest-dev dpkg-dev)  # dpkg-dev: dpkg-shlibdeps for `cpack -G DEB`
# The HIP analyser module (on by default; -DAORTALINT_WITH_CLANG=OFF builds without it).
# Debian's Clang CMake package checks that clang-14's and libclang-14-dev's files all exist.
build+=(clang-14 clang-tools-14 clang-tidy-14 clang-format-14 clangd-14 libclang1-14 libclang-cpp14
        libclang-14-dev libclang-cpp14-dev llvm-14-dev)
# zsh, fish: the completions are checked in them; libxml2-utils: xmllint checks the JUnit report against its schema
test=(git python3 python3-yaml pre-commit neovim isort zsh fish libxml2-utils)

wanted=("${build[@]}")
[[ "${1:-}" == "test" ]] && wanted+=("${test[@]}")
command -v npm >/dev/null || wanted+=(npm)  # fetches the pinned grammar (and ruff's wasm build for the tests) at configure time

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "aortalint: installing ${missing[*]}"
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
