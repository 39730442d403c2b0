import { compact, compactParts } from './compact.js';
import { github, githubParts } from './github.js';
import { gitlab, gitlabParts } from './gitlab.js';
import { json, jsonParts } from './json.js';
import { junit, junitParts } from './junit.js';
import { sarif, sarifParts } from './sarif.js';
import { stylish, stylishParts } from './stylish.js';
import type { FileResult, FormatOptions, Formatter, FormatStream } from './types.js';

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

/** The same formats as streams ({@link FormatStream}): each joined is exactly its {@link FORMATTERS} text. */
export const FORMAT_STREAMS: Readonly<Record<string, FormatStream>> = {
  stylish: stylishParts,
  compact: compactParts,
  json: jsonParts,
  sarif: sarifParts,
  junit: junitParts,
  github: githubParts,
  'github-actions': githubParts,
  gitlab: gitlabParts,
};

/**
 * A format's output in parts, to be written one after another: a head, a part per file, the
 * closing parts. Joined, the parts are exactly what {@link FORMATTERS} returns. The results may be
 * made a file at a time as they are iterated (the CLI's, src/node/compact.ts): no format holds
 * them all, nor its whole output.
 */
export function formatParts(format: string, results: Iterable<FileResult>, options: FormatOptions): Iterable<string> {
  return FORMAT_STREAMS[format](results, options);
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

export type { FileResult, FormatOptions, Formatter, FormatStream, Summary } from './types.js';
export { summarize } from './types.js';
