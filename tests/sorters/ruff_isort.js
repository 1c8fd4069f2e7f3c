// Sorts the imports of Python files in place as `ruff check --select I001 --fix`
// does, with ruff's WebAssembly build:  node ruff_isort.js PACKAGE_DIR [--isort JSON] FILE...
// (PACKAGE_DIR holds the unpacked @astral-sh/ruff-wasm-nodejs package; JSON, ruff's
// `lint.isort` settings, as {"force-to-top": ["triton.profiler"]}: the build reads no ruff.toml.)
'use strict';
const fs = require('fs');
const path = require('path');
let [pkg, ...files] = process.argv.slice(2);
let isort = {};
if (files[0] === '--isort') {
  isort = JSON.parse(files[1]);
  files = files.slice(2);
}
const { Workspace, PositionEncoding } = require(path.resolve(pkg, 'ruff_wasm.js'));
const workspace = new Workspace({ lint: { select: ['I001'], isort } }, PositionEncoding.Utf16);

// A 1-based row and column to an offset in `lines` (UTF-16 units, as JavaScript strings count).
function offset(lines, loc) {
  let at = 0;
  for (let row = 0; row < loc.row - 1; row++) at += lines[row].length + 1;
  return at + loc.column - 1;
}

for (const file of files) {
  let text = fs.readFileSync(file, 'utf8');
  for (let pass = 0; pass < 10; pass++) {
    const fixes = workspace.check(text).filter((d) => d.code === 'I001' && d.fix);
    if (fixes.length === 0) break;
    const lines = text.split('\n');
    const edits = fixes.flatMap((d) => d.fix.edits).map((e) => ({
      start: offset(lines, e.location), end: offset(lines, e.end_location), content: e.content || '' }));
    edits.sort((a, b) => b.start - a.start);
    for (const e of edits) text = text.slice(0, e.start) + e.content + text.slice(e.end);
  }
  fs.writeFileSync(file, text);
}
console.log(`ruff ${Workspace.version()}: sorted ${files.length} file(s)`);
