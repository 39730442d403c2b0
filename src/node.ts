/**
 * dplint's Node entry, `dplint/node`: everything `dplint` exports, and `lintFiles`, which reads
 * files and config files from disk. The CLI is built on it.
 *
 * @packageDocumentation
 */
export * from './index.js';
export { lintFiles } from './node/lint-files.js';
export type { LintFilesOptions } from './node/lint-files.js';
export { UsageError } from './node/files.js';
export { ConfigError } from './config/config.js';
