import { describe, expect, test } from 'vitest';
import { gitlab } from '../../src/formatters/gitlab.js';
import type { FileResult } from '../../src/formatters/types.js';
import { CWD, RESULTS, SECRET } from './fixtures.js';

interface Issue {
  type: string;
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end: number } };
}

const issues = (results: readonly FileResult[], cwd = CWD): Issue[] => JSON.parse(gitlab(results, { cwd })) as Issue[];

describe('gitlab (Code Quality report)', () => {
  test('every finding is an issue with the fields GitLab reads, paths relative to the working directory', () => {
    expect(issues(RESULTS).map(({ fingerprint, ...rest }) => rest)).toEqual(ISSUES);
  });

  test('fingerprints are unique in the report, stable when lines move, and hash the masked line (no oracle for a secret)', () => {
    const report = issues(RESULTS);
    expect(new Set(report.map((issue) => issue.fingerprint)).size).toBe(report.length);
    expect(report.every((issue) => /^[0-9a-f]{16}$/.test(issue.fingerprint))).toBe(true);
    const etl = RESULTS.find((result) => result.file.endsWith('clusters/etl.yaml'))!;
    const moved: FileResult = {
      ...etl,
      shownSource: `# a new first line\n${etl.shownSource}`,
      findings: etl.findings.map((finding) => ({ ...finding, line: finding.line + 1, endLine: finding.endLine + 1 })),
    };
    const fingerprints = (result: FileResult) => issues([result]).map((issue) => issue.fingerprint);
    expect(fingerprints(moved)).toEqual(fingerprints(etl));
    expect(gitlab(RESULTS, { cwd: CWD })).not.toContain(SECRET);
    // The credential's line is hashed as shown: another secret value under the same mask, the same fingerprint.
    const otherSecret: FileResult = { ...etl, source: etl.source?.replace(SECRET, 'AnotherSecretValue1') };
    expect(fingerprints(otherSecret)).toEqual(fingerprints(etl));
  });

  test('a run without findings is an empty list', () => {
    expect(gitlab([{ file: 'ok.yaml', operation: 'edit-cluster', operationSource: 'config', findings: [] }], { cwd: CWD })).toBe('[]\n');
  });
});

const ISSUES: Array<Omit<Issue, 'fingerprint'>> = [
  { type: 'issue', description: "operation add-whitelist-ip inferred from the body (document 0)", check_name: 'operation/inferred', severity: 'info', location: { path: 'allow list/multi doc.yaml', lines: { begin: 1, end: 1 } } },
  { type: 'issue', description: "ip_cidr must be an IPv4 CIDR; got \"10.0.0.1/33\" (document 1)", check_name: 'allowlist/ip-cidr-syntax', severity: 'major', location: { path: 'allow list/multi doc.yaml', lines: { begin: 3, end: 3 } } },
  { type: 'issue', description: "the file is not UTF-8 text", check_name: 'parse/encoding', severity: 'major', location: { path: 'bin/blob.json', lines: { begin: 1, end: 1 } } },
  { type: 'issue', description: "compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}", check_name: 'security/plaintext-secret', severity: 'major', location: { path: 'clusters/etl.yaml', lines: { begin: 3, end: 3 } } },
  { type: 'issue', description: "spark_version is a string; 3.10 is read as the number 3.1", check_name: 'yaml/unquoted-string', severity: 'minor', location: { path: 'clusters/etl.yaml', lines: { begin: 4, end: 4 } } },
  { type: 'issue', description: "node_configuration.max_nodes (2) is below initial_nodes (5)", check_name: 'cluster/max-nodes-below-initial', severity: 'major', location: { path: 'clusters/etl.yaml', lines: { begin: 6, end: 6 } } },
  { type: 'issue', description: "custom_tags: a flow mapping over 2 lines, 100% harder to read\nwrite it as a block <mapping> & \"quote\" nothing", check_name: 'style/flow-mapping', severity: 'minor', location: { path: 'clusters/etl.yaml', lines: { begin: 8, end: 9 } } },
];
