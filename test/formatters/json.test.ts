import { describe, expect, test } from 'vitest';
import { json } from '../../src/formatters/json.js';
import type { FileResult } from '../../src/formatters/types.js';
import type { Finding } from '../../src/types.js';
import { seededRandom } from '../helpers/random.js';
import { RESULTS } from './fixtures.js';

/**
 * `--format json` writes an entry with findings out itself (formatters/json.ts, findingsEntry)
 * rather than through JSON.stringify: its text must be JSON.stringify's, whatever the result holds.
 */

/** The JSON output as the formatter made it before it wrote entries itself: one JSON.stringify of the ordered objects. */
function reference(results: readonly FileResult[]): string {
  const text = json(results);
  const parsed = JSON.parse(text) as { results: unknown[] };
  parsed.results = results.map((result) => ({
    file: result.file,
    operation: result.operation ?? null,
    operationSource: result.operationSource,
    findings: result.findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      path: f.path,
      ...(f.document === undefined ? {} : { document: f.document }),
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      ...(f.fix ? { fix: f.fix } : {}),
      ...(f.suggestions?.length ? { suggestions: f.suggestions } : {}),
    })),
  }));
  return JSON.stringify(parsed, null, 2) + '\n';
}

const STRINGS = ['', 'plain', 'quote " and backslash \\', 'line\nbreak\ttab', 'control \u0001\u001f', 'lone \uD800 surrogate', 'emoji 🙂 and ü', '</script>', '\u2028\u2029'];

function randomFinding(random: () => number): Finding {
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const n = (): number => Math.floor(random() * 100000);
  const fix = (): { range: [number, number]; text: string } => ({ range: [n(), n()], text: pick(STRINGS) });
  return {
    ruleId: pick(['schema/type', 'cluster/subnet-id-format', 'security/plaintext-secret']),
    severity: pick(['error', 'warning', 'info'] as const),
    message: pick(STRINGS),
    path: pick(['', '/a/b', '/x~1y']),
    ...(random() < 0.3 ? { document: Math.floor(random() * 3) } : {}),
    line: n(),
    column: n(),
    endLine: n(),
    endColumn: n(),
    ...(random() < 0.4 ? { fix: fix() } : {}),
    ...(random() < 0.3 ? { suggestions: Array.from({ length: Math.floor(random() * 3) }, () => ({ desc: pick(STRINGS), fix: fix() })) } : {}),
  };
}

describe('json: entries with findings', () => {
  test('are JSON.stringify(output, null, 2) to the byte: the fixtures, and 500 random results', () => {
    expect(json(RESULTS)).toBe(reference(RESULTS));
    const random = seededRandom(16);
    const results: FileResult[] = Array.from({ length: 500 }, (_, i) => ({
      file: `clusters/${STRINGS[i % STRINGS.length]}-${i}.yaml`,
      operation: random() < 0.8 ? 'edit-cluster' : undefined,
      operationSource: 'option',
      findings: Array.from({ length: Math.floor(random() * 5) }, () => randomFinding(random)),
    }));
    expect(json(results)).toBe(reference(results));
  });

  test('of shapes dplint does not make are still JSON.stringify\'s: members of their own, other orders, numbers that are not finite, toJSON', () => {
    const base = { ruleId: 'r', severity: 'error', message: 'm', path: '', line: 1, column: 2, endLine: 3, endColumn: 4 } as const;
    const odd: Array<Record<string, unknown>> = [
      { ...base, fix: { range: [1, 2], text: 'x', note: 'extra' } },
      { ...base, fix: { text: 'x', range: [1, 2] } },
      { ...base, fix: { range: [1, 2, 3], text: 'x' } },
      { ...base, fix: { range: [1, 2], text: 'x', toJSON: () => 'replaced' } },
      { ...base, line: Number.NaN },
      { ...base, endColumn: Infinity },
      { ...base, document: null },
      { ...base, line: -0 },
      { ...base, suggestions: [] },
      { ...base, suggestions: [{ fix: { range: [1, 2], text: 'x' }, desc: 'order' }] },
      { ...base, suggestions: [{ desc: 'd', fix: { range: [1, 2], text: 'x' }, kind: 'extra' }] },
    ];
    for (const finding of odd) {
      const results = [{ file: 'a.yaml', operation: undefined, operationSource: 'none', findings: [finding as unknown as Finding] }] as FileResult[];
      expect(json(results), JSON.stringify(finding)).toBe(reference(results));
    }
    // The entry of a finding with a fix, as the contract shows it.
    const fixed = json([{ file: 'a.yaml', operation: 'edit-cluster', operationSource: 'option', findings: [{ ...base, fix: { range: [5, 7], text: '"y"' } }] }]);
    expect(fixed).toContain('"fix": {\n            "range": [\n              5,\n              7\n            ],\n            "text": "\\"y\\""\n          }\n        }\n      ]\n    }');
  });
});

describe('a summary the caller counted', () => {
  test('is the one the JSON, stylish and GitHub outputs print, and the same as their own count', async () => {
    const { stylish } = await import('../../src/formatters/stylish.js');
    const { github } = await import('../../src/formatters/github.js');
    const { summarize } = await import('../../src/formatters/types.js');
    const counted = summarize(RESULTS);
    expect(json(RESULTS, { summary: counted })).toBe(json(RESULTS));
    expect(stylish(RESULTS, { summary: counted })).toBe(stylish(RESULTS));
    expect(github(RESULTS, { summary: counted })).toBe(github(RESULTS));
    // Taken as given, not counted again (the CLI counts a run's results once for outputs and exit code).
    const given = { files: 7, errors: 1, warnings: 2, infos: 3, fixable: 0 };
    expect(JSON.parse(json(RESULTS, { summary: given })).summary).toEqual(given);
    expect(stylish(RESULTS, { summary: given, codeFrames: false }).split('\n').at(-2)).toBe('✖ 6 problems (1 error, 2 warnings, 3 info) in 7 files');
  });
});
