/**
 * dplint's Node entry, `dplint/node`: everything `dplint` exports, `lintFiles`, which reads
 * files and config files from disk, and `lintRun`, the CLI's run on it (worker threads, cache, shard).
 *
 * @packageDocumentation
 */
export * from './index.js';
export { lintFiles } from './node/lint-files.js';
export type { LintFilesOptions } from './node/lint-files.js';
export { lintRun } from './node/lint-run.js';
export type { RunOptions } from './node/lint-run.js';
export { UsageError } from './node/files.js';
export { ConfigError } from './config/config.js';
export { applyBaseline, buildBaseline, pruneBaseline, parseBaseline, formatBaseline, canHold, BaselineError } from './baseline/baseline.js';
export type { Baseline, BaselineKey, BaselineOutcome, StaleEntry } from './baseline/baseline.js';
export { readBaseline, writeBaseline, baselineRoot, baselineKeys, DEFAULT_BASELINE, MAX_BASELINE_SIZE } from './node/baseline-file.js';
