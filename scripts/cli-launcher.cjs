#!/usr/bin/env node
'use strict';
// dplint's command: loads the bundled program (dist/cli.cjs) with V8's code cache, so a pre-commit
// run does not spend most of its time compiling the same megabyte of JavaScript again. The cache
// is one file in the user's cache folder ($XDG_CACHE_HOME/dplint or ~/.cache/dplint, never the
// shared temporary folder), written atomically by the first run that finds none. DPLINT_CODE_CACHE=0
// turns it off; any failure to read or write it is ignored.
//
// What the cache holds is the same whichever run writes it. V8 puts in it every function compiled
// so far, so a cache written at the end of the run that missed it held what that run happened to
// compile: after a first run over a large repository, every later one-file start read some 200 KB
// more (about 290 more page faults, 30 million more instructions) than after a first run of one
// file. So the run that misses it has the program lint one sample file first, in memory, on no
// output (src/code-cache-point.ts: dist/chunks/code-cache-sample.yaml, a cluster body of the benchmark's
// corpus), and the cache is made right then, before the run's own work: it holds the program's
// start and a one-file lint, always (test/code-cache.test.ts). (build-cli.mjs bundles this file into
// dist/dplint.cjs, with the key handling of src/node/crypto.ts.)
//
// V8 runs cached data as the program it was made from, and checks only that program's length: a
// cache made from any other program of that length would run in dplint's place. So the cache is
// never taken on trust. It is named by the SHA-256 of the program, and its bytes carry an
// HMAC-SHA-256 of that digest, Node's version and the data, under the key in the same folder
// (src/node/crypto.ts userKey): only this user's dplint, compiling this program, can have written a
// cache that passes. The folder must be the user's and closed to others' writes, or no cache is
// read or written.
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
// Both are set before the program is compiled, for every run: V8's code cache holds a hash of the
// flags it was made under and refuses data made under others, so flags set later, or only for
// large runs, would have the cache refused and written anew at every other run.
try {
  v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
  v8.setFlagsFromString('--heap-growing-percent=25');
} catch {
  // A Node that refuses flags at run time only runs a little slower, or larger.
}
const path = require('node:path');
const vm = require('node:vm');
const { userCacheFolder, userKey } = require('../src/node/crypto.ts');

const program = path.join(__dirname, 'cli.cjs');
const programBytes = fs.readFileSync(program);
// The program is the function expression V8 compiles, wrapper included (build-cli.mjs): its text
// goes to V8 as it is, never copied into a longer string.
const source = programBytes.toString('utf8');
const KEPT_CACHES = 4;
const TAG_BYTES = 32;

const codeCache = process.env.DPLINT_CODE_CACHE === '0' ? undefined : trustedCache();
const cachedData = codeCache && readCodeCache(codeCache);
const script = new vm.Script(source, { filename: program, cachedData });
const module_ = { exports: {}, filename: program, id: program, loaded: false };
if (codeCache && (cachedData === undefined || script.cachedDataRejected)) {
  // The program calls this, once, when it has linted its sample (src/code-cache-point.ts, CODE_CACHE_POINT).
  globalThis[Symbol.for('dplint.codeCachePoint')] = () => writeCodeCache(codeCache, script);
}
script.runInThisContext().call(module_.exports, module_.exports, require, module_, program, __dirname);

/** Where this program's code cache is and the key that signs it; undefined when the user's cache folder is missing or open to others. */
function trustedCache() {
  try {
    const folder = userCacheFolder(process.env);
    const key = folder === undefined ? undefined : userKey(folder);
    if (!Buffer.isBuffer(key)) return undefined;
    const crypto = require('node:crypto');
    const digest = crypto.createHash('sha256').update(programBytes).digest('hex');
    return { crypto, key, digest, folder, file: path.join(folder, `cli-${process.version}-${digest}.v8cache`) };
  } catch {
    return undefined;
  }
}

/** The signature of cached data: made by this user's dplint, from this program, for this Node. */
function tagOf({ crypto, key, digest }, data) {
  return crypto.createHmac('sha256', key).update(`dplint-v8cache\0${process.version}\0${digest}\0`).update(data).digest();
}

/**
 * The cached data, when its signature holds; undefined otherwise (it is then compiled, and written anew).
 * It is read into the program's bytes, which are no longer needed once their text and digest are
 * made: memory a process touches for the first time is the dearest part of a short run (a page
 * fault each 4 KB; BENCHMARKS.md), and the program's megabyte is already touched. A cache larger
 * than the program gets a buffer of its own.
 */
function readCodeCache(cache) {
  let fd;
  try {
    fd = fs.openSync(cache.file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    const { size } = fs.fstatSync(fd);
    if (size <= TAG_BYTES) return undefined;
    const bytes = size <= programBytes.length ? programBytes.subarray(0, size) : Buffer.allocUnsafe(size);
    for (let read = 0; read < size; ) {
      const n = fs.readSync(fd, bytes, read, size - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    const data = bytes.subarray(TAG_BYTES);
    return cache.crypto.timingSafeEqual(bytes.subarray(0, TAG_BYTES), tagOf(cache, data)) ? data : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes the cache of what V8 has compiled of the program so far, signed, in one step: a run that reads it at the same time reads the old file or the new one. */
function writeCodeCache(cache, script) {
  try {
    const data = script.createCachedData();
    const temporary = `${cache.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, Buffer.concat([tagOf(cache, data), data]), { mode: 0o600 });
    fs.renameSync(temporary, cache.file);
    removeOldCaches(cache);
  } catch {
    // A cache that cannot be written only costs the next run its compile time.
  }
}

/** Each build of dplint (and each Node) has a cache of its own: the folder keeps the newest few, not every one ever written. */
function removeOldCaches({ folder, file }) {
  const others = fs
    .readdirSync(folder)
    .filter((name) => /^cli-.*\.v8cache$/.test(name) && name !== path.basename(file))
    .map((name) => ({ file: path.join(folder, name), written: fs.statSync(path.join(folder, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const { file: old } of others.slice(KEPT_CACHES - 1)) fs.rmSync(old, { force: true });
}
