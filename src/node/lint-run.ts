import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FactPlace, FileResult } from '../types.js';
import { factsOfText, factsText, LintCache } from './cache.js';
import { userCacheFolder } from './crypto.js';
import { STAT_NUMBERS, UsageError } from './files.js';
import { finishPackedRun, lintFileAt, pathToOpen, planRun, withShownSource, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';
import { PackedResults, type KeptSources } from './compact.js';
import { refuseWritingOverInputs, statInputsRefusingTargets, type WriteTarget } from './write-file.js';
import type { LintBatch } from './lint-worker.js';

export interface RunOptions {
  /** Threads that lint, this one included; 1 lints in this thread only. Default: {@link defaultJobs}. */
  jobs?: number;
  /** The worker module; by default the package's dist/worker.cjs when it is there, else the run stays in this thread. */
  workerScript?: string;
  /** Keep results in this file between runs and reuse those still valid (`--cache`). */
  cacheLocation?: string;
  /** The folder that holds the key signing the cache; default: the user's cache folder (`$XDG_CACHE_HOME/dplint`, `~/.cache/dplint`). */
  cacheKeyFolder?: string;
  /** Where a cache ignored, or a key refused, is told (one line); default: process.emitWarning. */
  warn?: (message: string) => void;
  /** Lint only this part of the files, 1-based: `{ index: 2, count: 4 }` is `--shard 2/4`. */
  shard?: { index: number; count: number };
  /** Files the caller writes after the run (the CLI's `--output-file`): refused, as the cache location is, when one is a file being linted. */
  writeTargets?: readonly WriteTarget[];
  /** Called once the files are planned, before any is read and anything is written (the CLI's `--verbose`). */
  onPlanned?(run: PlannedRun): void;
}

/**
 * One thread that lints for each processor but one. A lint keeps more than one processor busy:
 * V8 collects garbage and compiles hot code on threads of its own beside it (a one-thread run of
 * the benchmark uses some 1.4 processors), so on a machine with two, a second linting thread only
 * takes turns with those (measured: no faster at 10,000 or 30,000 files, BENCHMARKS.md).
 */
export function defaultJobs(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Below this many files, starting workers costs more than they save. */
export const PARALLEL_THRESHOLD = 200;
const BATCH_SIZE = 100;

/**
 * A lint run as the CLI makes it: plan the files (folders walked, config files found), take the
 * shard asked for, reuse cached results, lint the rest — on worker threads (a piscina pool) when
 * there are many — and run the checks across files. Results come in the planned order, so the
 * output is the same whatever the parallelism, the cache or the machine.
 *
 * This returns them as objects; the CLI takes them as {@link lintRunResults} holds them.
 *
 * @example
 * ```ts
 * import { lintRun } from 'dplint/node';
 *
 * const results = await lintRun(['clusters/'], {}, { cacheLocation: '.dplintcache' });
 * const errors = results.flatMap((r) => r.findings).filter((f) => f.severity === 'error');
 * ```
 */
export async function lintRun(paths: readonly string[], options: LintFilesOptions, runOptions: RunOptions = {}): Promise<FileResult[]> {
  return [...(await lintRunResults(paths, options, runOptions))];
}

/**
 * The one lint run, whatever the output, the cache, --fix or the baseline: each file's result is
 * packed (src/node/compact.ts) as soon as it is linted or taken from the cache — a clean file's
 * is a few bytes —, and made into an object again a file at a time each time the results are
 * iterated, so that a run over many files never holds an object for every finding. The few
 * results that the checks across files add to are replaced once those have run. `keptSources`
 * says how much of each file's text the results keep ({@link KeptSources}: the CLI keeps what its
 * outputs show).
 */
export async function lintRunResults(
  paths: readonly string[],
  options: LintFilesOptions,
  runOptions: RunOptions & { keptSources?: KeptSources } = {},
): Promise<PackedResults> {
  // Before any file is stat'ed: a file hashed by this run may change within the tick of the change time it had then (cache.ts).
  const startedAt = Date.now();
  const { run, stats } = startRun(paths, options, runOptions);
  // A run that fixes keeps whole texts: a fixed file is written, or shown as a diff, from them.
  const keptSources = options.fix ? 'whole' : options.keepSource === false ? 'none' : (runOptions.keptSources ?? 'whole');
  // A file's facts for the checks across files are packed with its result: one store for both.
  const packed = new PackedResults(run.files, keptSources);
  const keep = (index: number, linted: LintedFile): void => packed.pack(index, withShownSource(linted.result), linted.facts && factsText(linted.facts));
  const cache = stats
    ? new LintCache(runOptions.cacheLocation!, options, {
        keyFolder: runOptions.cacheKeyFolder ?? userCacheFolder(),
        warn: runOptions.warn ?? ((message) => process.emitWarning(message, 'DplintCacheWarning')),
      }, run.files, startedAt)
    : undefined;
  // A run that fails (a worker's error, a write refused) leaves the cache as it was, and no spool beside it.
  try {
    // The files the cache has no result for, by their index in the run's files.
    const missing: number[] = [];
    for (let i = 0; i < run.files.length; i++) {
      const cached = cache?.lookup(run.files[i], pathToOpen(run, run.files[i]), run, stats!, i);
      if (cached) keep(i, cached);
      else missing.push(i);
    }
    const toLint = missing.length === run.files.length ? run.files : missing.map((i) => run.files[i]);
    await lintFiles(toLint, run, cache ? { ...options, hashContent: true, keepSource: true } : options, runOptions, cache !== undefined, (index, linted) => {
      const i = missing[index];
      // Stored as it comes: the cache writes its line now, and holds nothing of it.
      cache?.store(i, run.files[i], run, linted);
      keep(i, linted);
    });
    // The checks across files locate their findings in the facts they are about: stored again after
    // them, the cache keeps those places, and the next run neither reads nor parses the file for them.
    const located = cache ? new Map<string, readonly FactPlace[]>() : undefined;
    finishPackedRun(run, packed, packed.facts(factsOfText), options, located && ((file, places) => located.set(file, places)));
    if (cache) {
      for (let i = 0; i < run.files.length; i++) if (located!.has(run.files[i])) cache.storeFacts(i, run.files[i], located!.get(run.files[i])!);
      cache.save();
    }
  } finally {
    cache?.discard();
  }
  return packed;
}

/**
 * Plans the run, tells the caller, refuses to write over a file it lints, and takes the shard
 * asked for. A run that keeps a cache has every planned file stat'ed once, for the refusal and the
 * cache both (`stats`, statInputsRefusingTargets's, from the shard's first file on).
 */
function startRun(paths: readonly string[], options: LintFilesOptions, runOptions: RunOptions): { run: PlannedRun; stats?: Float64Array } {
  const planned: PlannedRun = planRun(paths, options);
  runOptions.onPlanned?.(planned);
  const targets = [...(runOptions.writeTargets ?? [])];
  const keepsCache = Boolean(runOptions.cacheLocation) && !options.fix;
  if (keepsCache && !targets.some((target) => target.path === runOptions.cacheLocation)) {
    targets.push({ path: runOptions.cacheLocation!, named: `the cache location ${JSON.stringify(runOptions.cacheLocation)}` });
  }
  const inputs = (): string[] => planned.files.map((file) => pathToOpen(planned, file));
  const stats = keepsCache ? statInputsRefusingTargets(targets, inputs()) : undefined;
  if (!keepsCache && targets.length > 0) refuseWritingOverInputs(targets, inputs());
  if (!runOptions.shard) return { run: planned, stats };
  const { start, end } = shardRange(planned.files.length, runOptions.shard);
  return { run: { ...planned, files: planned.files.slice(start, end) }, stats: stats?.subarray(start * STAT_NUMBERS, end * STAT_NUMBERS) };
}

/**
 * Where shard `index` of `count` starts and ends in a list of `length` files: contiguous slices of
 * the sorted file list, as test runners shard, so every file lands in exactly one shard. Checks
 * across files see only the files of their shard.
 */
function shardRange(length: number, shard: { index: number; count: number }): { start: number; end: number } {
  if (!Number.isInteger(shard.count) || shard.count < 1 || !Number.isInteger(shard.index) || shard.index < 1 || shard.index > shard.count) {
    throw new UsageError(`--shard takes <index>/<count> with 1 <= index <= count; got ${shard.index}/${shard.count}`);
  }
  // Balanced: shard k takes files [floor((k-1)n/c), floor(kn/c)), so sizes differ by at most one
  // (4 files in 3 shards are 1/1/2, where slices of ceil(n/c) gave 2/2/0).
  return { start: Math.floor(((shard.index - 1) * length) / shard.count), end: Math.floor((shard.index * length) / shard.count) };
}

/**
 * Lints `files`, giving each file's outcome to `keep` with its index in `files` as it comes (from a
 * worker, in no particular order). `spooling`: the run writes a spool (the cache's), whose signal
 * handlers (write-file.ts) must get their turn between batches of this thread.
 */
async function lintFiles(
  files: readonly string[],
  run: PlannedRun,
  options: LintFilesOptions,
  runOptions: RunOptions,
  spooling: boolean,
  keep: (index: number, linted: LintedFile) => void,
): Promise<void> {
  const jobs = Math.max(1, Math.min(runOptions.jobs ?? defaultJobs(), Math.ceil(files.length / BATCH_SIZE)));
  const workerScript = runOptions.workerScript ?? packagedWorker();
  const lintHere = (batch: readonly string[], first: number): void => {
    for (let i = 0; i < batch.length; i++) keep(first + i, lintFileAt(batch[i], run, options));
  };
  if (jobs === 1 || !workerScript || files.length < PARALLEL_THRESHOLD) {
    for (let start = 0; start < files.length; start += BATCH_SIZE) {
      lintHere(files.slice(start, start + BATCH_SIZE), start);
      // A signal's handler runs between batches: one that removes the cache's spool (write-file.ts)
      // ends a long run within one. Without a spool there is no handler, and no turn to give.
      if (spooling && start + BATCH_SIZE < files.length) await new Promise(setImmediate);
    }
    return;
  }

  // This thread lints as well, beside jobs - 1 workers: on a machine with as many cores as jobs,
  // one more thread would only take turns with the others. Batches go out in order to whoever is
  // free; each worker holds a second batch so that it never waits while this thread is busy.
  const { Piscina } = loadPiscina();
  const workers = jobs - 1;
  const pool = new Piscina({ filename: workerScript, minThreads: workers, maxThreads: workers, concurrentTasksPerWorker: 2, idleTimeout: 100 });
  const batches: string[][] = [];
  for (let start = 0; start < files.length; start += BATCH_SIZE) batches.push(files.slice(start, start + BATCH_SIZE));
  let next = 0;
  let inFlight = 0;
  const sent: Array<Promise<void>> = [];
  const send = (): void => {
    while (next < batches.length && inFlight < workers * 2) {
      const index = next++;
      inFlight++;
      const batch: LintBatch = { options: { ...options, cwd: run.cwd }, files: batches[index] };
      const done = pool.run(batch).then((result: LintedFile[]) => {
        // Findings come back from the worker as new copies of every string: held compactly here.
        const store = run.store;
        for (let i = 0; i < result.length; i++) keep(index * BATCH_SIZE + i, store ? { ...result[i], result: store.result(result[i].result) } : result[i]);
        inFlight--;
        send();
      });
      // A worker's failure is the run's, reported by Promise.all below, even when it comes while
      // this thread is still linting (an unhandled rejection would end the process first).
      done.catch(() => undefined);
      sent.push(done);
    }
  };
  try {
    send();
    while (next < batches.length) {
      const index = next++;
      lintHere(batches[index], index * BATCH_SIZE);
      // Lets finished batches come back, and more go out, between this thread's own.
      await new Promise(setImmediate);
    }
    await Promise.all(sent);
  } finally {
    await pool.destroy();
  }
}

/** dist/worker.cjs beside the module build (dist/src/node/lint-run.js); the bundled CLI names its own. */
function packagedWorker(): string | undefined {
  const here = typeof import.meta === 'object' ? import.meta.url : undefined;
  if (!here) return undefined;
  const worker = fileURLToPath(new URL('../../worker.cjs', here));
  return existsSync(worker) ? worker : undefined;
}

/**
 * piscina is loaded when a run is large enough, not at start-up: most runs (a pre-commit hook's)
 * never start a worker. The bundled CLI has `require`; the module build makes one.
 */
function loadPiscina(): typeof import('piscina') {
  const load = typeof require === 'function' ? require : createRequire(import.meta.url);
  return load('piscina') as typeof import('piscina');
}
