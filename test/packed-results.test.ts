import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { writeCorpus } from '../bench/corpus.mjs';
import { json, jsonParts } from '../src/formatters/json.js';
import { FORMATTERS } from '../src/formatters/index.js';
import { factsOfText, factsText } from '../src/node/cache.js';
import { MAX_SHARED_STRINGS, PackedResults, ResultStore } from '../src/node/compact.js';
import { lintRun, lintRunResults } from '../src/node/lint-run.js';
import type { FileResult, Finding } from '../src/types.js';

const OPTIONS = { operation: 'edit-cluster' as const, config: false as const, keepSource: false };

describe('the CLI run holds its results packed (issue 16: flat memory)', () => {
  // 300 files of the benchmark's findings-heavy corpus: most files have findings, and some share a label.
  const dir = mkdtempSync(join(tmpdir(), 'dplint-packed-'));
  writeCorpus(dir, 300, 1, { findings: true });

  test('the same results as lintRun, in the same order; only those the checks across files added to are held as objects', async () => {
    const expected = await lintRun([dir], OPTIONS, { jobs: 1 });
    const packed = await lintRunResults([dir], OPTIONS, { jobs: 1 });
    expect(packed).toBeInstanceOf(PackedResults);
    expect([...packed]).toEqual(expected);
    const acrossFiles = expected.filter((result) => result.findings.some((finding) => finding.ruleId.startsWith('repository/')));
    expect(acrossFiles.length).toBe(6);
    expect(expected.filter((result) => result.findings.length > 0).length).toBe(272);
    expect((packed as PackedResults).objectsHeld).toBe(6);
    expect([...jsonParts(packed)].join('')).toBe(json(expected));
  });

  test('each pass makes the results anew: the run keeps none of them', async () => {
    const packed = await lintRunResults([dir], OPTIONS, { jobs: 1 });
    const first = [...packed];
    const second = [...packed];
    expect(second).toEqual(first);
    const withFindings = first.findIndex((result) => result.findings.length > 0 && !result.findings.some((f) => f.ruleId.startsWith('repository/')));
    expect(second[withFindings]).not.toBe(first[withFindings]);
    expect(second[withFindings].findings[0]).not.toBe(first[withFindings].findings[0]);
  });

  test('a run with a cache or --fix holds its results packed too (issue 31: one way to hold results), first run and rerun alike', async () => {
    const expected = await lintRun([dir], OPTIONS, { jobs: 1 });
    const cache = { cacheLocation: join(mkdtempSync(join(tmpdir(), 'dplint-packed-cache-')), '.dplintcache'), cacheKeyFolder: mkdtempSync(join(tmpdir(), 'dplint-packed-key-')) };
    for (const run of ['first', 'rerun']) {
      const cached = await lintRunResults([dir], OPTIONS, { jobs: 1, ...cache });
      expect(cached, run).toBeInstanceOf(PackedResults);
      expect([...cached], run).toEqual(expected);
    }
    const fixed = await lintRunResults([dir], { ...OPTIONS, fix: {} }, { jobs: 1 });
    expect(fixed).toBeInstanceOf(PackedResults);
    expect(fixed.length).toBe(300);
  });
});

describe('PackedResults', () => {
  const finding = (overrides: Partial<Finding> = {}): Finding => ({ ruleId: 'cluster/x', severity: 'warning', message: 'm', path: '/a', line: 3, column: 5, endLine: 3, endColumn: 9, ...overrides });
  const result = (file: string, findings: Finding[], more: Partial<FileResult> = {}): FileResult => ({ file, operation: 'edit-cluster', operationSource: 'option', findings, screened: true, ...more });

  test('every member comes back as it went in, members in the same order', () => {
    const results: FileResult[] = [
      result('a.yaml', [
        finding(),
        finding({ document: 2, fix: { range: [0, 300000], text: 'x: 1\n' } }),
        finding({ fix: { range: [4, 4], text: '' }, suggestions: [{ desc: 'd', fix: { range: [1, 2], text: 'é 😀' } }] }),
        finding({ suggestions: [] }),
        finding({ line: 70000, column: 1, endLine: 2 ** 31 - 1, endColumn: 128, message: 'naïve ☃ \u{1F600}' }),
      ]),
      { file: 'b.yaml', operation: undefined, operationSource: 'none', findings: [finding({ ruleId: 'parse/encoding', severity: 'error' })] },
      result('c.yaml', [], { source: 'label: [c]\n', shownSource: 'label: [c]\n', suppressed: [{ ...finding(), suppressions: [{ kind: 'directive', justification: 'why' }] }] }),
    ];
    const packed = new PackedResults(results.map((r) => r.file));
    results.forEach((r, i) => packed.pack(i, r));
    const back = [...packed];
    expect(back).toEqual(results);
    expect(back.map((r) => Object.keys(r))).toEqual(results.map((r) => Object.keys(r)));
    // In the order ResultStore gives a finding's members (the JSON output's).
    const store = new ResultStore();
    expect(back[0].findings.map((f) => Object.keys(f))).toEqual(results[0].findings.map((f) => Object.keys(store.finding(f))));
    expect(packed.objectsHeld).toBe(0);
  });

  test('strings past the shared table are written into their record, a lone surrogate held in the table', () => {
    const count = MAX_SHARED_STRINGS + 100;
    const files = Array.from({ length: count }, (_, i) => `f${i}.yaml`);
    const packed = new PackedResults(files);
    const messageOf = (i: number): string => (i === count - 1 ? 'lone \uD800 surrogate' : `message ${i} naïve ☃`);
    files.forEach((file, i) => packed.pack(i, result(file, [finding({ message: messageOf(i) })])));
    expect(packed.at(count - 2).findings[0].message).toBe(`message ${count - 2} naïve ☃`);
    expect(packed.at(count - 1).findings[0].message).toBe('lone \uD800 surrogate');
    expect(packed.at(0).findings[0].message).toBe('message 0 naïve ☃');
    expect([...packed].every((r, i) => r.findings[0].message === messageOf(i))).toBe(true);
  });

  test("kept 'shown' (the CLI's run), a result keeps the lines its outputs show, and stylish, SARIF and GitLab print of it exactly what they print of the whole (issue 31)", () => {
    const lines = Array.from({ length: 12 }, (_, i) => `key_${i}: value ${i}`);
    const source = lines.join('\r\n') + '\r\n';
    const shownSource = source.replace('value 4', '****');
    const start = source.indexOf('value 5');
    const whole: FileResult = result('a.yaml', [finding({ line: 6, column: 8, endLine: 6, endColumn: 15, fix: { range: [start, start + 7], text: '"value 5"' } }), finding({ line: 12, column: 1, endLine: 12, endColumn: 7 })], { suppressed: [], source, shownSource });
    const packed = new PackedResults(['a.yaml'], 'shown');
    packed.pack(0, whole);
    const back = packed.at(0);
    // Lines 5-7 and 11-13 (the last, empty) of 13: the others made empty, each line keeping its number.
    expect(back.shownSource!.split('\n').map((line, i) => (line === '' ? '' : i + 1))).toEqual(['', '', '', '', 5, 6, 7, '', '', '', 11, 12, '']);
    expect(back.shownSource!.split('\n')[4]).toBe('key_4: ****\r');
    // The source keeps where its lines start and end, not its text.
    expect(back.source).toBe(source.replace(/[^\r\n]/g, ' '));
    expect(back.suppressed).toEqual([]);
    for (const format of ['stylish', 'sarif', 'gitlab']) {
      for (const options of [{}, { codeFrames: true, color: true }]) expect(FORMATTERS[format]([back], options)).toBe(FORMATTERS[format]([whole], options));
    }
    // Without a fix, no source at all; 'none' keeps neither text.
    const withoutFix = new PackedResults(['a.yaml'], 'shown');
    withoutFix.pack(0, { ...whole, findings: [finding({ line: 2 })] });
    expect(withoutFix.at(0).source).toBeUndefined();
    const none = new PackedResults(['a.yaml'], 'none');
    none.pack(0, whole);
    expect([none.at(0).source, none.at(0).shownSource]).toEqual([undefined, undefined]);
  });

  test('a result with a member it cannot pack is kept as it is', () => {
    const odd = result('a.yaml', [finding({ line: -1 }), finding({ column: 1.5 })]);
    const packed = new PackedResults(['a.yaml', 'b.yaml']);
    packed.pack(0, odd);
    packed.pack(1, result('b.yaml', [finding()]));
    expect(packed.at(0)).toBe(odd);
    expect(packed.at(1)).toEqual(result('b.yaml', [finding()]));
    expect(packed.objectsHeld).toBe(1);
  });

  test('holds each file\'s facts for the checks across files in its record, as the cache packs them (issue 31), and gives them back by name, in the run\'s order, a new object each time', () => {
    const files = ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'];
    const factsOf = {
      a: { labels: [{ value: 'etl', path: ['label', 0] }, { value: 'x\ud800', document: 1, path: ['label', 0], range: { line: 4, column: 5, endLine: 4, endColumn: 9 } }], clusterIdleTimeouts: [{ value: 30, path: ['node_configuration', 'idle_cluster_timeout'] }], directives: true as const },
      c: { bootstraps: [{ userLevel: true, keys: [{ key: 'hive.exec.parallel', path: ['script'], within: { start: 0, end: 28 } }] }] },
      d: { ipBlocks: [{ value: '10.0.0.0/8', path: ['ip_cidr'] }] },
    };
    const packed = new PackedResults(files, 'shown');
    packed.pack(0, result('a.yaml', [finding()]), factsText(factsOf.a));
    packed.pack(1, result('b.yaml', []));
    packed.pack(2, result('c.yaml', []), factsText(factsOf.c));
    // Kept as an object (a position it cannot pack): its facts too.
    packed.pack(3, result('d.yaml', [finding({ line: -1 })]), factsText(factsOf.d));
    const facts = packed.facts(factsOfText);
    expect([...facts]).toEqual([['a.yaml', factsOf.a], ['c.yaml', factsOf.c], ['d.yaml', factsOf.d]]);
    expect([...facts.keys()]).toEqual(['a.yaml', 'c.yaml', 'd.yaml']);
    expect(facts.size).toBe(3);
    expect(facts.get('c.yaml')).toEqual(factsOf.c);
    expect(facts.get('a.yaml')).toEqual(factsOf.a);
    expect(facts.get('b.yaml')).toBe(undefined);
    expect(facts.get('a.yaml')).not.toBe(facts.get('a.yaml'));
    // The record's result is as it was without facts.
    expect(packed.at(0)).toEqual(result('a.yaml', [finding()]));
    expect(packed.at(2)).toEqual(result('c.yaml', []));
  });
});
