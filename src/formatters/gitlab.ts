import type { Severity } from '../types.js';
import { fnv1a64, lineHash } from './fingerprint.js';
import { documentSuffix, encodePath, isAbsolutePath, relativePath, shownLines } from './source.js';
import { joined, type FormatStream } from './types.js';

/** GitLab's five levels: an error blocks nothing by itself there, so it is `major`, as eslint-formatter-gitlab maps it. */
const SEVERITIES: Record<Severity, 'major' | 'minor' | 'info'> = { error: 'major', warning: 'minor', info: 'info' };

/**
 * GitLab's Code Quality report (a JSON array of issues; GitLab shows them inline in a merge request's
 * diff and in its Code Quality widget, from a job's `artifacts:reports:codequality`). Each finding is
 * an issue with `description`, `check_name` (the rule id), `fingerprint`, `severity` and
 * `location.path` + `location.lines.begin`. Paths are relative to the working directory (the CLI
 * runs from the repository root in CI), as GitLab resolves them against the repository.
 *
 * The fingerprint is SARIF's line hash with its occurrence (src/formatters/fingerprint.ts): stable
 * when lines move, unique within the report (GitLab drops issues that share one), and taken from
 * the masked text, so it is no oracle for a secret. Suppressed and held-back findings are not issues:
 * GitLab has no way to show them as dismissed.
 */
export const gitlabParts: FormatStream = function* (results, options = {}) {
  // JSON.stringify(issues, null, 2) written an issue at a time: `[]` when there is none.
  let separator = '[\n  ';
  for (const result of results) {
    if (result.findings.length === 0) continue;
    let part = '';
    // A hash names the file's URI: its occurrences are counted within the file, and nothing is held from one file to the next.
    const occurrences = new Map<string, number>();
    const path = relativePath(result.file, options.cwd);
    const uri = isAbsolutePath(path) ? path : encodePath(path);
    const masked = shownLines(result);
    for (const finding of result.findings) {
      const hash = lineHash(finding, uri, masked);
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      const issue = {
        type: 'issue',
        description: finding.message + documentSuffix(finding),
        check_name: finding.ruleId,
        fingerprint: fnv1a64(`${hash}:${occurrence}`),
        severity: SEVERITIES[finding.severity],
        location: { path: path.replaceAll('\\', '/'), lines: { begin: Math.max(1, finding.line), end: Math.max(1, finding.line, finding.endLine) } },
      };
      part += separator + JSON.stringify(issue, null, 2).replaceAll('\n', '\n  ');
      separator = ',\n  ';
    }
    if (part) yield part;
  }
  yield separator === '[\n  ' ? '[]\n' : '\n]\n';
};

/** {@link gitlabParts} as one text. */
export const gitlab = joined(gitlabParts);
