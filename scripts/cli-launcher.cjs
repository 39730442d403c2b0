#!/usr/bin/env node
'use strict';
// dplint's command: loads the bundled program (dist/cli.cjs) with V8's code cache, so a pre-commit
// run does not spend most of its time compiling the same megabyte of JavaScript again. The cache
// is one file in the user's cache folder ($XDG_CACHE_HOME/dplint, ~/.cache/dplint or the temp
// folder), written atomically after the first run and rejected by V8 itself when the program or
// Node changes. DPLINT_CODE_CACHE=0 turns it off; any failure to read or write it is ignored.
const fs = require('node:fs');
const v8 = require('node:v8');

// Two V8 settings for a run of dplint, measured in BENCHMARKS.md. Only the `dplint` command sets
// them; the library leaves its host's V8 alone.
// - A smaller inlining budget. A run is short, and V8 optimizes its hot functions on the second
//   core while it runs: with the default budget, a 10,000-file CI gate spent about a second of that
//   core compiling, and ran unoptimized code until the compiles caught up. A smaller budget
//   compiles sooner and costs no speed once compiled.
// - A heap that grows by a quarter at a time. A run over a large repository keeps every file's
//   result until the output, and V8 would let its heap grow to three or four times what it keeps
//   before collecting: at 100,000 files the peak is some 40 MB lower, in the same time.
try {
  v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
  v8.setFlagsFromString('--heap-growing-percent=25');
} catch {
  // A Node that refuses flags at run time only runs a little slower, or larger.
}
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const program = path.join(__dirname, 'cli.cjs');
const source = fs.readFileSync(program, 'utf8').replace(/^#!.*/, '');
const enabled = process.env.DPLINT_CODE_CACHE !== '0';
const KEPT_CACHES = 4;
const stats = fs.statSync(program);
const cacheFolder = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir() || os.tmpdir(), '.cache'), 'dplint');
const cacheFile = path.join(cacheFolder, `cli-${process.version}-${stats.size}-${Math.trunc(stats.mtimeMs)}.v8cache`);

let cachedData;
if (enabled) {
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
}
const script = new vm.Script(Module.wrap(source), { filename: program, cachedData });
const module_ = { exports: {}, filename: program, id: program, loaded: false };
script.runInThisContext().call(module_.exports, module_.exports, require, module_, program, __dirname);

if (enabled && (cachedData === undefined || script.cachedDataRejected)) {
  // On 'exit' (synchronous work only): the command ends with process.exit once its output is out.
  process.once('exit', () => {
    try {
      fs.mkdirSync(cacheFolder, { recursive: true });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
      removeOldCaches();
    } catch {
      // A cache that cannot be written only costs the next run its compile time.
    }
  });
}

/** Each build of dplint (and each Node) has a cache of its own: the folder keeps the newest few, not every one ever written. */
function removeOldCaches() {
  const others = fs
    .readdirSync(cacheFolder)
    .filter((name) => /^cli-.*\.v8cache$/.test(name) && name !== path.basename(cacheFile))
    .map((name) => ({ file: path.join(cacheFolder, name), written: fs.statSync(path.join(cacheFolder, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const { file } of others.slice(KEPT_CACHES - 1)) fs.rmSync(file, { force: true });
}
