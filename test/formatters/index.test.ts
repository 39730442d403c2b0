import { describe, expect, test } from 'vitest';
import { FORMAT_NAMES, FORMATTERS, formatParts } from '../../src/formatters/index.js';
import { github } from '../../src/formatters/github.js';
import { CWD, RESULTS, SECRET } from './fixtures.js';

describe('formatter registry', () => {
  test('--format names, in order, with github-actions as an alias of github', () => {
    expect(Object.keys(FORMATTERS)).toEqual(['stylish', 'compact', 'json', 'sarif', 'junit', 'github', 'github-actions', 'gitlab']);
    expect(FORMATTERS['github-actions']).toBe(github);
  });

  test('--list-formats describes exactly the registered names', () => {
    expect(Object.keys(FORMAT_NAMES)).toEqual(Object.keys(FORMATTERS));
    expect(Object.values(FORMAT_NAMES).filter((description) => description.trim() === '' || description.includes('\n'))).toEqual([]);
  });
});

describe('formatParts', () => {
  test('json comes a file at a time, and its parts are JSON.stringify(output, null, 2) to the byte', () => {
    for (const results of [RESULTS, RESULTS.slice(0, 1), []]) {
      const parts = [...formatParts('json', results, {})];
      // The head up to "results": [, one part per file, the tail from ] on (one part when empty).
      expect(parts.length).toBe(results.length === 0 ? 1 : results.length + 2);
      const text = parts.join('');
      expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2) + '\n');
      expect(JSON.parse(text).results.map((r: { file: string }) => r.file)).toEqual(results.map((r) => r.file));
    }
    expect([...formatParts('json', [], {})]).toEqual([JSON.stringify({ tool: JSON.parse(FORMATTERS.json([])).tool, results: [], summary: { files: 0, errors: 0, warnings: 0, infos: 0, fixable: 0 } }, null, 2) + '\n']);
  });
});

describe.each(Object.keys(FORMATTERS))('%s', (name) => {
  const format = FORMATTERS[name];

  test('formatParts joined is exactly its output', () => {
    expect([...formatParts(name, RESULTS, { cwd: CWD })].join('')).toBe(format(RESULTS, { cwd: CWD }));
  });

  test('formatParts writes a file at a time (issue 31): no part holds two files with findings, and a part comes before the last file is made', () => {
    const withFindings = RESULTS.filter((result) => result.findings.length > 0);
    expect(withFindings.length).toBeGreaterThan(1);
    const parts = [...formatParts(name, RESULTS, { cwd: CWD })];
    for (const part of parts) expect(withFindings.filter((result) => part.includes(`"${result.file}`) || part.includes(`${result.file}:`) || part.includes(`name="${result.file}"`)).length).toBeLessThanOrEqual(1);
    // Results made a file at a time, as the CLI's are: the first part is written before the last is made.
    let made = 0;
    const lazy: Iterable<(typeof RESULTS)[number]> = {
      *[Symbol.iterator]() {
        for (const result of RESULTS) {
          made++;
          yield result;
        }
      },
    };
    const summary = { files: RESULTS.length, errors: 0, warnings: 0, infos: 0, fixable: 0 };
    const iterator = formatParts(name, lazy, { cwd: CWD, summary })[Symbol.iterator]();
    made = 0;
    iterator.next();
    // SARIF's rule list comes first, and names the ids outside the catalogue: one pass over the results before it.
    expect(made).toBeLessThan(name === 'sarif' ? 2 * RESULTS.length : RESULTS.length);
  });

  test(`never prints the credential ${SECRET} held in a source, with or without colour and code frames`, () => {
    for (const options of [{}, { cwd: CWD }, { color: true, codeFrames: true }]) {
      expect(format(RESULTS, options).includes(SECRET)).toBe(false);
    }
  });

  test('is pure: the same output twice, and the input left as it was', () => {
    const before = JSON.stringify(RESULTS);
    expect(format(RESULTS, { cwd: CWD })).toBe(format(RESULTS, { cwd: CWD }));
    expect(JSON.stringify(RESULTS)).toBe(before);
  });
});
