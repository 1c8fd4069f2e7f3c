#!/usr/bin/env python3
"""Fails when a source includes a layer it may not (CMakeLists.txt's AORTALINT_LAYER_DEPS_* table).

The build already refuses an upward #include in a .cc file (each layer compiles
against an include root that holds only the layers below it); this also checks
every header, which the compiler sees only through the files that include it,
and that rules touch no file system themselves (they read through the engine:
engine/rule_files.h, load/knowledge_loader.h).

With --libs DIR it also reads the built libraries (DIR/libaortalint_<layer>.a,
with nm): no layer may need a symbol that only a layer above it defines (a
function declared low and defined high links by luck of the link order).

usage: check_layers.py [--libs DIR] SOURCE_DIR LAYER=DEP,DEP... ...
"""
import pathlib
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# What a rule may not do itself: open, probe or parse files.
RULE_IO = re.compile(r'std::ifstream|std::ofstream|\bfopen\(|std::filesystem::(exists|is_regular_file|is_directory|'
                     r'directory_iterator|recursive_directory_iterator|file_size)|\bfs::(exists|is_regular_file|'
                     r'is_directory|directory_iterator|file_size)|YAML::|#include <fstream>|"base/file_reader\.h"')


def symbol_problems(libs, allowed):
    """Undefined symbols of a layer's library that a layer it may not use defines."""
    layers = [l for l in allowed if l != 'hipmodule']
    defined, undefined = {}, {}
    for layer in layers:
        lib = pathlib.Path(libs) / f'libaortalint_{layer}.a'
        if not lib.exists():
            return [f'{lib}: missing; build first']
        out = subprocess.run(['nm', '--defined-only', '-g', str(lib)], capture_output=True, text=True,
                             check=True).stdout
        defined[layer] = {l.split()[-1] for l in out.splitlines() if re.match(r'^[0-9a-f]+ [TDBRVWu] ', l)}
        out = subprocess.run(['nm', '-u', str(lib)], capture_output=True, text=True, check=True).stdout
        undefined[layer] = {l.split()[-1] for l in out.splitlines() if l.strip().startswith('U ')}
    problems = []
    for layer in layers:
        deps = {d.split('/')[0] for d in allowed[layer]} & set(layers)
        ok = defined[layer].union(*(defined[d] for d in deps))
        for sym in sorted(undefined[layer] - ok):
            owners = [o for o in layers if sym in defined[o]]
            if owners:
                name = subprocess.run(['c++filt', sym], capture_output=True, text=True).stdout.strip() or sym
                problems.append(f'libaortalint_{layer}.a needs {name}, defined in {owners}: a layer above it; '
                                f'define it in {layer!r} or below')
    return problems


def main(argv):
    libs = None
    if len(argv) > 2 and argv[1] == '--libs':
        libs = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1])
    allowed = {}
    for spec in argv[2:]:
        layer, _, deps = spec.partition('=')
        allowed[layer] = {d for d in deps.split(',') if d}
    layers = set(allowed) | {'hip'}
    problems = []
    checked = 0
    for path in sorted(list(root.glob('src/**/*.cc')) + list(root.glob('src/**/*.h')) +
                       list(root.glob('rules/**/*.cc')) + list(root.glob('rules/**/*.h'))):
        rel = path.relative_to(root)
        parts = rel.parts
        if parts[0] == 'rules':
            layer = 'rules'
        elif len(parts) == 2:
            continue  # src/main.cc: the program on top sees every layer
        elif parts[1] == 'python' and len(parts) > 3 and parts[2] == 'parity':
            continue  # the harnesses beside the port (a test tool links every layer), not a layer's source
        elif parts[1] == 'hip':
            if len(parts) > 3 and parts[2] == 'include':
                continue  # stand-in HIP headers for the analysed code, not ours
            layer = 'hipmodule'
        else:
            layer = parts[1]
        if layer not in allowed:
            problems.append(f'{rel}: layer {layer!r} is not in the table; add it to CMakeLists.txt AORTALINT_LAYER_DEPS_*')
            continue
        checked += 1
        text = path.read_text(encoding='utf-8')
        own = 'hip' if layer == 'hipmodule' else layer
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            top = inc.split('/')[0]
            if '/' not in inc or top not in layers or top == own:
                if '..' in inc.split('/'):
                    problems.append(f'{rel}: #include "{inc}" climbs out of its folder; name the layer instead')
                continue
            if top in allowed[layer] or inc in allowed[layer]:
                continue
            line = text.count('\n', 0, m.start()) + 1
            problems.append(f'{rel}:{line}: layer {layer!r} includes "{inc}", but it may include only '
                            f'{sorted(allowed[layer]) or "its own folder"} (CMakeLists.txt AORTALINT_LAYER_DEPS_{layer})')
        if layer == 'rules':
            for m in RULE_IO.finditer(text):
                line = text.count('\n', 0, m.start()) + 1
                problems.append(f'{rel}:{line}: a rule reads the file system itself ({m.group(0)!r}); read through '
                                f'the engine (engine/rule_files.h) instead')
    if libs:
        problems += symbol_problems(libs, allowed)
    for p in problems:
        print(p)
    if problems:
        print(f'check_layers: {len(problems)} problem(s) in {checked} files')
        return 1
    if checked == 0:
        print('check_layers: no source found under', root)
        return 1
    print(f'check_layers: {checked} files include only the layers below them'
          + (', and no library needs a symbol from above' if libs else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
