import { afterEach, describe, expect, test, vi } from 'vitest';
import { assertValid, validate } from '../../src/api/validate.js';
import { DplintValidationError } from '../../src/api/error.js';
import { ConfigError, parseConfig } from '../../src/config/config.js';
import { applyDirectives, parseDirectives } from '../../src/config/directives.js';
import { lintText } from '../../src/engine/lint.js';
import { unifiedDiff } from '../../src/formatters/diff.js';
import type { SourceComment } from '../../src/parse/parse.js';
import type { Finding } from '../../src/types.js';

/**
 * Time bounded whatever a pull request commits, third round (issue 30): as in bounded.test.ts, no
 * test asserts a time. Each input is one that work growing with the product of two of its sizes
 * would take minutes over (the test would time out), or the work is counted; what is asserted is
 * what comes out. bench/hostile.mjs times the same shapes at n, 4n and 16n.
 */

// Generous: the machines that run these are shared, and a time-out is what quadratic work looks like.
const LARGE = { timeout: 300_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inline directives: each finding finds its directive by its line, not by a scan of all of them', () => {
  const comment = (line: number, text: string, column = 1): SourceComment => ({
    offset: 0,
    line,
    text,
    ownLine: true,
    range: { line, column, endLine: line, endColumn: column + text.length + 1 },
  });
  const finding = (line: number, ruleId = 'yaml/unquoted-string'): Finding => ({ ruleId, severity: 'warning', message: 'm', path: '', line, column: 5, endLine: line, endColumn: 6 });
  const options = { reportUnused: 'warning' as const, isKnownRule: () => true, text: '' };

  test('200,000 disable-next-line directives, each silencing the finding under it (a scan of all of them is 4·10¹⁰ steps)', LARGE, () => {
    const count = 200_000;
    const directives = parseDirectives(Array.from({ length: count }, (_, i) => comment(2 * i + 1, ' dplint-disable-next-line yaml/unquoted-string -- legacy')));
    const findings = Array.from({ length: count }, (_, i) => finding(2 * i + 2));
    // One more finding that no directive names, and one on a directive's own line.
    findings.push(finding(2 * count + 2), finding(1));
    const { findings: kept, suppressed } = applyDirectives(findings, directives, options);
    expect(suppressed).toHaveLength(count);
    expect(suppressed[count - 1]).toMatchObject({ line: 2 * count, suppressions: [{ kind: 'directive', justification: 'legacy' }] });
    expect(kept.map((f) => [f.ruleId, f.line])).toEqual([
      ['yaml/unquoted-string', 2 * count + 2],
      ['yaml/unquoted-string', 1],
    ]);
  });

  test('100,000 disable/enable pairs, each around one finding, with findings between them kept', LARGE, () => {
    const count = 100_000;
    const comments: SourceComment[] = [];
    const findings: Finding[] = [];
    for (let i = 0; i < count; i++) {
      comments.push(comment(4 * i + 1, ' dplint-disable yaml/unquoted-string'), comment(4 * i + 3, ' dplint-enable yaml/unquoted-string'));
      findings.push(finding(4 * i + 2), finding(4 * i + 4));
    }
    const { findings: kept, suppressed } = applyDirectives(findings, parseDirectives(comments), options);
    expect(suppressed.map((f) => f.line)).toEqual(Array.from({ length: count }, (_, i) => 4 * i + 2));
    expect(kept.map((f) => f.line)).toEqual(Array.from({ length: count }, (_, i) => 4 * i + 4));
  });

  test('which directive silences: a line directive first, then the last disable before the finding that no enable undid, per rule', () => {
    const directives = parseDirectives([
      comment(1, ' dplint-disable a/x'),
      comment(2, ' dplint-disable'),
      comment(3, ' dplint-enable a/x'),
      comment(5, ' dplint-enable', 3),
      comment(6, ' dplint-disable a/x, b/y'),
      comment(7, ' dplint-disable-line b/y -- own line'),
      // A disable after the finding on its line does not reach back to it.
      comment(8, ' dplint-disable c/z', 20),
    ]);
    const at = (line: number, ruleId: string, column = 5) => ({ ...finding(line, ruleId), column });
    const silencer = (f: Finding) => {
      const { suppressed } = applyDirectives([f], directives, { ...options, reportUnused: 'off' });
      return suppressed[0]?.suppressions[0]?.justification ?? (suppressed.length ? 'silenced' : 'kept');
    };
    expect(
      [at(2, 'a/x'), at(4, 'a/x'), at(4, 'b/y'), at(5, 'b/y', 1), at(5, 'b/y', 9), at(7, 'b/y'), at(7, 'a/x'), at(7, 'c/z'), at(8, 'c/z'), at(8, 'c/z', 25), at(9, 'c/z')].map(silencer),
    ).toEqual(['silenced', 'kept', 'silenced', 'silenced', 'kept', 'own line', 'silenced', 'kept', 'kept', 'silenced', 'silenced']);
  });

  test('40,000 disable-next-line comments in a file, each silencing a finding: all silenced, none reported unused', LARGE, () => {
    const count = 40_000;
    const items = '  # dplint-disable-next-line yaml/unquoted-string -- legacy ids\n  - 1\n'.repeat(count);
    const { findings, suppressed } = lintText(`# dplint: operation=edit-cluster\nlabel:\n${items}`, { includeSuppressed: true, reportUnusedDisableDirectives: 'warning' });
    expect(findings).toEqual([]);
    expect(suppressed).toHaveLength(count);
    expect(suppressed!.at(-1)).toMatchObject({ ruleId: 'yaml/unquoted-string', line: 2 + 2 * count, column: 5 });
  });
});

describe('validate() and assertValid(): the depth limit of lintText, as a finding', () => {
  const nested = (depth: number, leaf: unknown = 'x'): unknown => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { compute_secret_key: value };
    return value;
  };
  const tooDeep = {
    ruleId: 'parse/limit',
    severity: 'error',
    message: 'document not read: its collections nest more than 200 deep (limit maxDepth = 200); no request body of the API nests that deep',
    path: '',
  };

  test('a body nested 10,000 deep (20 KB as JSON) is one parse/limit error, not a stack overflow', () => {
    const body = { node_configuration: nested(10_000) };
    expect(validate('edit-cluster', body)).toEqual({ valid: false, findings: [tooDeep] });
    // As JSON.parse gives it (20 KB), and with every rule level turned against it: still one error.
    expect(validate('edit-cluster', { label: JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)) }, { rules: { 'parse/limit': 'off', 'security/plaintext-secret': 'error' } })).toEqual({ valid: false, findings: [tooDeep] });
    let thrown: unknown;
    try {
      assertValid('edit-cluster', body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DplintValidationError);
    expect((thrown as DplintValidationError).findings).toEqual([tooDeep]);
  });

  test('a request body too: validateRequest says it at the body', async () => {
    const { validateRequest } = await import('../../src/api/validate.js');
    expect(validateRequest({ method: 'PUT', path: '/api/v1.3/clusters/etl', body: { label: nested(300) } })).toEqual({ valid: false, findings: [{ ...tooDeep, path: '/body' }] });
  });

  test('depth is counted through values shared by two members: a chain of shared objects 400 deep is too deep; 200 levels in all are read', () => {
    // Each level holds the one below twice: the walk enters each object once, and still counts its height.
    const shared = (depth: number): unknown => {
      let value: unknown = 'x';
      for (let i = 0; i < depth; i++) value = { a: value, b: value };
      return value;
    };
    expect(validate('edit-cluster', { custom: shared(400) }).findings).toEqual([tooDeep]);
    let chain: unknown = 'x';
    for (let i = 0; i < 199; i++) chain = { a: chain };
    expect(validate('edit-cluster', { custom: chain }).findings.map((f) => f.ruleId)).toEqual(['schema/unknown-member']);
  });
});

describe('config globs: a path is matched against the globs that can match it, and a folder once', () => {
  const folders = Array.from({ length: 20 }, (_, i) => `d${i}`).join('/');
  const paths = Array.from({ length: 200 }, (_, i) => `${folders}/f${i}.yaml`);

  test('1,000 ignore globs (the most allowed) over 200 files 20 folders deep: the regular expressions run a few times per file, not files × globs × depth', () => {
    const ignore = [...Array.from({ length: 997 }, (_, i) => `legacy-${i}/**`), 'd0/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/f7.yaml', '**/f9.yaml', '**/*.yml'];
    const config = parseConfig(JSON.stringify({ ignore }), 'dplint.config.json');
    // The globs are compiled on first use (picomatch runs expressions of its own to compile them).
    expect(config.isIgnored('first.yaml')).toBe(false);
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    // As the walk asks: each folder on the way, then each file.
    const ignored: string[] = [];
    const parts = folders.split('/');
    for (let i = 1; i <= parts.length; i++) expect(config.isIgnored(parts.slice(0, i).join('/'))).toBe(false);
    for (const path of paths) if (config.isIgnored(path)) ignored.push(path);
    expect(ignored).toEqual([`${folders}/f7.yaml`, `${folders}/f9.yaml`]);
    // Before: 1,000 globs × (200 files × 21 + 20 folders), 4 million. Counted: the expressions run (RegExp#test calls exec).
    // Every literal glob of a path's first segment runs (here the one for f7.yaml, filed under d0): twice a path at most.
    expect(exec.mock.calls.length).toBeLessThanOrEqual(2 * (paths.length + parts.length));
  });

  test('files and overrides: the first matching files entry and every matching override, as before', () => {
    const files = [
      { match: ['clusters/**/*.yaml', 'clusters/**/*.json'], operation: 'edit-cluster' },
      { match: ['account/account.yaml'], operation: 'edit-account' },
      { match: ['**/bootstrap.yaml'], operation: 'set-bootstrap' },
      { match: ['*.yaml'], operation: 'set-cluster-state' },
    ];
    const overrides = [
      { match: ['clusters/sandbox/**'], rules: { 'cluster/idle-timeout-zero': 'off' } },
      { match: ['**/*-prod.yaml', '[c]lusters/x/**'], rules: { 'cluster/idle-timeout-zero': 'error' } },
      { match: ['clusters/sandbox/a-prod.yaml'], rules: { 'schema/unknown-member': 'error' } },
    ];
    const config = parseConfig(JSON.stringify({ files, overrides }), 'dplint.config.json');
    const of = (path: string) => {
      const settings = config.settingsFor(path);
      return [settings.operation, settings.rules['cluster/idle-timeout-zero'], settings.rules['schema/unknown-member']];
    };
    const preset = of('none')[1];
    expect(of('clusters/sandbox/a-prod.yaml')).toEqual(['edit-cluster', 'error', 'error']);
    expect(of('clusters/sandbox/b.yaml')).toEqual(['edit-cluster', 'off', undefined]);
    expect(of('clusters/x/bootstrap.yaml')).toEqual(['edit-cluster', 'error', undefined]);
    expect(of('account/account.yaml')).toEqual(['edit-account', preset, undefined]);
    expect(of('deep/er/bootstrap.yaml')).toEqual(['set-bootstrap', preset, undefined]);
    expect(of('top.yaml')).toEqual(['set-cluster-state', preset, undefined]);
    expect(of('deep/top.yaml')).toEqual([undefined, preset, undefined]);
  });

  test('more than 1,000 globs in one config file is a config error naming the first past the limit', () => {
    const globs = (count: number) => Array.from({ length: count }, (_, i) => `      - "legacy-${i}/**"\n`).join('');
    const text = `ignore: ["a/**"]\nfiles:\n  - operation: edit-cluster\n    match:\n${globs(999)}overrides:\n  - rules: {}\n    match:\n${globs(40_000)}`;
    expect(() => parseConfig(text, 'dplint.config.yaml')).toThrow(
      new ConfigError(
        'dplint.config.yaml:1007:9: overrides[0].match[0] "legacy-0/**": the config file holds more than 1000 globs (ignore, files and overrides together), more than dplint matches each path against in bounded time; match folders instead of listing files (a folder\'s glob covers what is in it)',
      ),
    );
    const ignore = Array.from({ length: 1000 }, (_, i) => `legacy-${i}/**`);
    expect(parseConfig(JSON.stringify({ ignore }), 'dplint.config.json').isIgnored('legacy-999/x.yaml')).toBe(true);
  });
});

describe('--fix-dry-run: the diff of a fixed file grows with the file and its edits, not with the lines between two fixes squared', () => {
  test('200,000 lines between a fix at the top and one at the bottom: two hunks (a table of line pairs would hold 4·10¹⁰ cells)', LARGE, () => {
    const middle = Array.from({ length: 200_000 }, (_, i) => `  - x${i}\n`).join('');
    const before = `a: 1\nlabel:\n${middle}b: 2\n`;
    const after = `a: "1"\nlabel:\n${middle}b: "2"\n`;
    expect(unifiedDiff(before, after, 'big.yaml')).toBe(
      '--- a/big.yaml\n+++ b/big.yaml\n@@ -1,4 +1,4 @@\n-a: 1\n+a: "1"\n label:\n   - x0\n   - x1\n' +
        '@@ -200000,4 +200000,4 @@\n   - x199997\n   - x199998\n   - x199999\n-b: 2\n+b: "2"\n',
    );
  });

  test('past its edit budget (every other line of 40,000 changed) the changed lines are shown removed and added whole, in one hunk', LARGE, () => {
    const lines = (changed: boolean) => Array.from({ length: 40_000 }, (_, i) => `k${i}: ${i % 2 && changed ? `"${i}"` : i}\n`).join('');
    const diff = unifiedDiff(`top: 0\n${lines(false)}end: 0\n`, `top: 0\n${lines(true)}end: 0\n`, 'f.yaml');
    const out = diff.split('\n');
    // From the first change (k1, line 3) to the last (k39999, line 40001), with three lines of context each side.
    expect(out.slice(0, 5)).toEqual(['--- a/f.yaml', '+++ b/f.yaml', '@@ -1,40002 +1,40002 @@', ' top: 0', ' k0: 0']);
    expect(out.filter((line) => line.startsWith('-')).length - 1).toBe(39_999);
    expect(out.filter((line) => line.startsWith('+')).length - 1).toBe(39_999);
    expect(out.slice(-3)).toEqual(['+k39999: "39999"', ' end: 0', '']);
  });
});
