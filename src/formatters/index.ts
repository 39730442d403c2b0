import { compact } from './compact.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { json, jsonParts } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { FileResult, FormatOptions, Formatter } from './types.js';

/** Output formats by name, for `--format`. `github-actions` is Spectral's name for `github` (yamllint's, conftest's). */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish,
  compact,
  json,
  sarif,
  junit,
  github,
  'github-actions': github,
  gitlab,
};

/**
 * A format's output in parts, to be written one after another: the formats whose output grows with
 * the number of files make it a file at a time; the others in one part. Joined, the parts are
 * exactly what {@link FORMATTERS} returns. The results may be made a file at a time as they are
 * iterated (the CLI's, src/node/compact.ts): JSON takes them so; the others are given an array.
 */
export function formatParts(format: string, results: Iterable<FileResult>, options: FormatOptions): Iterable<string> {
  if (format === 'json') return jsonParts(results, options);
  return [FORMATTERS[format](Array.isArray(results) ? results : [...results], options)];
}

/** Every name `--format` takes with a one-line description, for `--list-formats`; same keys and order as {@link FORMATTERS}. */
export const FORMAT_NAMES: Readonly<Record<string, string>> = {
  stylish: 'findings grouped by file with code frames and a summary (default)',
  compact: 'one line per finding, file:line:col: severity message [rule-id], for problem matchers',
  json: 'the stable JSON contract: results, findings and summary',
  sarif: 'SARIF 2.1.0 for GitHub code scanning and other SARIF viewers',
  junit: 'JUnit XML, one test suite per file, for CI test reports',
  github: 'GitHub Actions annotations (errors first), then a summary line',
  'github-actions': 'alias of github',
  gitlab: 'GitLab Code Quality report (JSON), shown inline in merge requests',
};

export type { FileResult, FormatOptions, Formatter, Summary } from './types.js';
export { summarize } from './types.js';
