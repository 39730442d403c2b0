import { describe, expect, test } from 'vitest';
import { FORMAT_NAMES, FORMATTERS } from '../../src/formatters/index.js';
import { github } from '../../src/formatters/github.js';
import { CWD, RESULTS, SECRET } from './fixtures.js';

describe('formatter registry', () => {
  test('--format names, in order, with github-actions as an alias of github', () => {
    expect(Object.keys(FORMATTERS)).toEqual(['stylish', 'compact', 'json', 'sarif', 'junit', 'github', 'github-actions']);
    expect(FORMATTERS['github-actions']).toBe(github);
  });

  test('--list-formats describes exactly the registered names', () => {
    expect(Object.keys(FORMAT_NAMES)).toEqual(Object.keys(FORMATTERS));
    expect(Object.values(FORMAT_NAMES).filter((description) => description.trim() === '' || description.includes('\n'))).toEqual([]);
  });
});

describe.each(Object.keys(FORMATTERS))('%s', (name) => {
  const format = FORMATTERS[name];

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
