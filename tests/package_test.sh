#!/usr/bin/env bash
# The installed aortalint, through the real tools: `cmake --install` into a
# scratch prefix and `cpack -G DEB`, the package unpacked with dpkg-deb -x and
# installed with dpkg --root into a scratch root; from there `aortalint
# --version` and a check run, its dependencies are what dpkg-shlibdeps read
# off the binary and apt can satisfy them, the man page renders, and the bash
# completion completes. Exits 77 (skipped) without dpkg-deb.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$1 src=$2
command -v dpkg-deb >/dev/null || { echo "SKIPPED: dpkg-deb is not installed (apt-get install dpkg-dev)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 1. cmake --install: binary, man page, completions, docs.
cmake --install "$build" --prefix "$work/prefix" >/dev/null || fail "cmake --install failed"
for f in bin/aortalint share/man/man1/aortalint.1.gz share/bash-completion/completions/aortalint \
         share/zsh/vendor-completions/_aortalint share/fish/vendor_completions.d/aortalint.fish \
         share/doc/aortalint/LICENSE share/doc/aortalint/NOTICE share/doc/aortalint/docs/ci.md share/doc/aortalint/docs/rules/COL003.md; do
  [[ -f $work/prefix/$f ]] || fail "cmake --install did not install $f"
done
# Every relative link in the installed docs resolves there.
python3 - "$work/prefix/share/doc/aortalint" <<'PY' || fail "the installed docs have broken links"
import os, re, sys
root, broken = sys.argv[1], []
for folder, _, names in os.walk(root):
    for name in (n for n in names if n.endswith(".md")):
        text = re.sub(r"```.*?```", "", open(os.path.join(folder, name), encoding="utf-8").read(), flags=re.S)
        for link in re.findall(r"\]\(([^)\s]+)\)", text):
            target = link.split("#")[0]
            if target and not re.match(r"[a-z]+:", target) and not os.path.exists(os.path.join(folder, target)):
                broken.append(f"{os.path.relpath(os.path.join(folder, name), root)}: {link}")
print("\n".join(broken))
sys.exit(1 if broken else 0)
PY
# The HIP analyser module, installed where the installed binary looks for it (../lib/aortalint/hip/).
if grep -q '^AORTALINT_WITH_CLANG:BOOL=ON' "$build/CMakeCache.txt"; then
  module=$work/prefix/lib/aortalint/hip/libaortalint_hip.so
  [[ -f $module ]] || fail "cmake --install did not install lib/aortalint/hip/libaortalint_hip.so"
  env -u AORTALINT_HIP_MODULE "$work/prefix/bin/aortalint" --version | grep -qF "$module" ||
    fail "the installed aortalint does not find its HIP module: $("$work/prefix/bin/aortalint" --version)"
fi
man_page=$work/man.1
gzip -dc "$work/prefix/share/man/man1/aortalint.1.gz" > "$man_page" || fail "the man page is not gzip"
grep -q '^\.TH AORTALINT 1' "$man_page" || fail "the man page has no .TH header"
for id in $("$build/aortalint" rules | awk 'NR>1 && $1 ~ /^[A-Z]+[0-9]+$/ {print $1}'); do
  grep -q "fB$id\\\\fR" "$man_page" || fail "the man page lacks rule $id"
done
grep -q 'extend\\-select' "$man_page" || fail "the man page lacks check's --extend-select"
if command -v man >/dev/null; then
  warnings=$(MANWIDTH=80 man --warnings -l "$work/prefix/share/man/man1/aortalint.1.gz" 2>&1 >/dev/null)
  [[ -z $warnings ]] || fail "man reports: $warnings"
fi
# The bash completion completes subcommands and check's options.
got=$(bash -c 'source "$1"; COMP_WORDS=(aortalint ch); COMP_CWORD=1; _aortalint; echo "${COMPREPLY[*]}"' _ \
      "$work/prefix/share/bash-completion/completions/aortalint")
[[ $got == check ]] || fail "bash completion of 'aortalint ch' gave '$got'"
got=$(bash -c 'source "$1"; COMP_WORDS=(aortalint check --extend-s); COMP_CWORD=2; _aortalint; echo "${COMPREPLY[*]}"' _ \
      "$work/prefix/share/bash-completion/completions/aortalint")
[[ $got == --extend-select ]] || fail "bash completion of 'check --extend-s' gave '$got'"
if command -v zsh >/dev/null; then zsh -n "$work/prefix/share/zsh/vendor-completions/_aortalint" || fail "zsh -n"; fi
if command -v fish >/dev/null; then
  fish_file=$work/prefix/share/fish/vendor_completions.d/aortalint.fish
  fish -n "$fish_file" || fail "fish -n"
  got=$(fish -c "source $fish_file; complete -C 'aortalint ch'" | cut -f1)
  [[ $got == check ]] || fail "fish completion of 'aortalint ch' gave '$got'"
  got=$(fish -c "source $fish_file; complete -C 'aortalint check --extend-s'" | cut -f1)
  [[ $got == --extend-select ]] || fail "fish completion of 'check --extend-s' gave '$got'"
fi

# 2. cpack -G DEB, from a copy of the build's CPack config so the suite leaves no package behind.
(cd "$build" && cpack -G DEB -B "$work/cpack" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
deb=$(ls "$work"/cpack/aortalint_*.deb 2>/dev/null | head -1)
[[ -n $deb ]] || fail "cpack made no .deb"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
if grep -q '^AORTALINT_STATIC:BOOL=ON' "$build/CMakeCache.txt"; then
  # The portable build: no shared library at all, in the package or in the binary.
  for lib in libc6 libtree-sitter libfmt libstdc++ libgcc; do
    [[ $depends != *"$lib"* ]] || fail "a static build's package depends on $lib: $depends"
  done
  needed=$(objdump -p "$build/aortalint" | awk '/NEEDED/ {print $2}' | tr '\n' ' ')
  [[ -z $needed ]] || fail "the static build needs shared libraries: $needed"
else
  for lib in libtree-sitter libfmt libstdc++6 libc6; do
    [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib: $depends"
  done
fi
# LLVM is the HIP analyser's, in a package of its own: installing aortalint never pulls it in.
[[ $depends != *libllvm* && $depends != *libclang* ]] || fail "aortalint depends on LLVM: $depends"
hip_deb=$(ls "$work"/cpack/aortalint-hip_*.deb 2>/dev/null | head -1)
if grep -q '^AORTALINT_WITH_CLANG:BOOL=ON' "$build/CMakeCache.txt"; then
  [[ -n $hip_deb ]] || fail "cpack made no aortalint-hip package"
  hip_depends=$(dpkg-deb -f "$hip_deb" Depends)
  [[ $hip_depends == *"aortalint (= "* ]] || fail "aortalint-hip's Depends lack aortalint: $hip_depends"
  [[ $hip_depends == *libclang-common-*-dev* ]] || fail "aortalint-hip's Depends lack Clang's resource headers: $hip_depends"
  # Clang and LLVM linked into the module (AORTALINT_HIP_STATIC_CLANG) are not its dependencies; linked shared, they are.
  if grep -q '^AORTALINT_HIP_STATIC_CLANG:BOOL=ON' "$build/CMakeCache.txt"; then
    [[ $hip_depends != *libclang-cpp* && $hip_depends != *libllvm* ]] ||
      fail "aortalint-hip links Clang statically but depends on its libraries: $hip_depends"
  else
    [[ $hip_depends == *libclang-cpp14* ]] || fail "aortalint-hip's Depends lack Clang: $hip_depends"
  fi
  [[ $(dpkg-deb -f "$deb" Recommends) == *aortalint-hip* ]] || fail "aortalint does not recommend aortalint-hip"
  dpkg-deb -c "$hip_deb" | grep -q './usr/lib/aortalint/hip/libaortalint_hip.so' || fail "aortalint-hip lacks the module"
else
  [[ -z $hip_deb ]] || fail "a build without Clang made an aortalint-hip package"
fi
dpkg-deb -c "$deb" >"$work/contents" || fail "dpkg-deb -c failed"
grep -q './usr/share/man/man1/aortalint.1.gz' "$work/contents" || fail "the package lacks the man page"
# apt, the real client, can satisfy those dependencies here (a simulation: nothing is installed).
if command -v apt-get >/dev/null && [[ $(id -u) -eq 0 ]]; then
  apt-get -s -q install "$deb" ${hip_deb:+"$hip_deb"} >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get cannot install the package"; }
fi

# 3. Unpacked (dpkg-deb -x) and installed (dpkg --root) into scratch roots; run from there.
dpkg-deb -x "$deb" "$work/x" || fail "dpkg-deb -x failed"
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" && touch "$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-not-root --log=/dev/null -i "$deb" >"$work/dpkg.log" 2>&1 \
  || { cat "$work/dpkg.log"; fail "dpkg --root -i failed"; }
dpkg --root="$root" -s aortalint | grep -q '^Status: install ok installed' || fail "dpkg --root does not list it installed"
for bin in "$work/x/usr/bin/aortalint" "$root/usr/bin/aortalint"; do
  version=$("$bin" --version) || fail "$bin --version failed"
  [[ $version == "aortalint "*grammar:*build:* ]] || fail "--version says: $version"
  mkdir -p "$work/repo"
  printf 'schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect:\n  rocprof:\n    stats: true\n' > "$work/repo/r.yaml"
  out=$(cd "$work/repo" && "$bin" check --no-cache --format concise . 2>&1); rc=$?
  [[ $rc == 1 && $out == *"r.yaml:8:12: error:"*"[COL003]"* ]] || fail "$bin check gave rc=$rc: $out"
done
# aortalint alone says where the analyser went; with aortalint-hip installed beside it, it finds it.
if [[ -n $hip_deb ]]; then
  "$root/usr/bin/aortalint" --version | grep -q 'NOT FOUND.*install the aortalint-hip package' ||
    fail "aortalint alone does not say the analyser is missing: $("$root/usr/bin/aortalint" --version)"
  dpkg --root="$root" --force-depends --force-not-root --log=/dev/null -i "$hip_deb" >"$work/dpkg.log" 2>&1 \
    || { cat "$work/dpkg.log"; fail "dpkg --root -i aortalint-hip failed"; }
  "$root/usr/bin/aortalint" --version | grep -qF "$root/usr/lib/aortalint/hip/libaortalint_hip.so" ||
    fail "aortalint does not find aortalint-hip's module: $("$root/usr/bin/aortalint" --version)"
fi
# The editor's link to a rule's page points at the installed copy.
echo "package ok: $(basename "$deb")"
