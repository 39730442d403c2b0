import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { composeEdits, fixAllEdits, type OffsetEdit } from '../../src/lsp/fix-all.js';
import type { Finding } from '../../src/types.js';

/** The text the edits (sorted, apart) make of `text`. */
function apply(text: string, edits: readonly OffsetEdit[]): string {
  let out = '';
  let position = 0;
  for (const edit of edits) {
    out += text.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return out + text.slice(position);
}

describe('composeEdits: two passes of fixes as edits of the original text', () => {
  // 'abcdef' → the first pass makes 'abXYZdef' (c → XYZ at 2–3); the second edits that text.
  const first = [{ start: 2, end: 3, text: 'XYZ' }];
  test.each([
    ['an edit apart from the first pass’s stays apart', [{ start: 6, end: 7, text: 'E' }], [{ start: 2, end: 3, text: 'XYZ' }, { start: 4, end: 5, text: 'E' }], 'abXYZdEf'],
    ['an edit inside the first pass’s is merged with it', [{ start: 3, end: 4, text: '' }], [{ start: 2, end: 3, text: 'XZ' }], 'abXZdef'],
    ['an insertion at its end is merged with it', [{ start: 5, end: 5, text: '!' }], [{ start: 2, end: 3, text: 'XYZ!' }], 'abXYZ!def'],
    ['an edit spanning it and more is one edit', [{ start: 1, end: 6, text: '-' }], [{ start: 1, end: 4, text: '-' }], 'a-ef'],
    ['an insertion before it stays apart', [{ start: 0, end: 0, text: '>' }], [{ start: 0, end: 0, text: '>' }, { start: 2, end: 3, text: 'XYZ' }], '>abXYZdef'],
  ])('%s', (_name, second, expected, fixed) => {
    expect(composeEdits(first, second, 'abXYZdef')).toEqual(expected);
    expect(apply('abcdef', expected)).toBe(fixed);
  });

  /** Sorted edits that do not overlap (an insertion may touch a replacement) of a text of `length`. */
  const edits = (length: number) =>
    fc.uniqueArray(fc.integer({ min: 0, max: length }), { maxLength: 8 }).chain((points) => {
      const sorted = [...points].sort((a, b) => a - b);
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) pairs.push([sorted[i], sorted[i + 1]]);
      return fc.tuple(...pairs.map(([start, end]) => fc.record({ start: fc.constant(start), end: fc.constant(end), text: fc.string({ maxLength: 4 }) })));
    });

  test('for any two passes, the composed edits make of the original what the passes made', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).chain((text) => fc.tuple(fc.constant(text), edits(text.length))),
        fc.nat(),
        ([text, firstPass], seed) => {
          const between = apply(text, firstPass);
          const secondPass = fc.sample(edits(between.length), { numRuns: 1, seed })[0];
          const composed = composeEdits(firstPass, secondPass, between);
          expect(apply(text, composed)).toBe(apply(between, secondPass));
          // Sorted and apart.
          for (let i = 1; i < composed.length; i++) expect(composed[i].start).toBeGreaterThanOrEqual(composed[i - 1].end);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('fixAllEdits', () => {
  const finding = (ruleId: string, start: number, end: number, text: string): Finding => ({ ruleId, severity: 'error', message: 'm', path: '', line: 1, column: 1, endLine: 1, endColumn: 1, fix: { range: [start, end], text } });

  test('a second pass’s fix, found by linting the first pass’s text, is mapped back to the original; a byte-order mark is kept', () => {
    const text = '\uFEFFa: "1"\nb: "2"\n';
    // Pass one fixes a; the lint of its text finds b (offsets without the mark).
    const lint = (next: string) => (next === '\uFEFFa: 1\nb: "2"\n' ? [finding('body/number-as-string', 8, 11, '2')] : []);
    expect(fixAllEdits(text, [finding('body/number-as-string', 3, 6, '1')], lint)).toEqual({
      edits: [{ start: 3, end: 6, text: '1' }, { start: 10, end: 13, text: '2' }],
      output: '\uFEFFa: 1\nb: 2\n',
    });
  });

  test('the checks across files make no fix (as `dplint --fix`, which fixes each file alone)', () => {
    expect(fixAllEdits('a: 1\n', [finding('repository/duplicate-label', 0, 1, 'b')], () => [])).toEqual({ edits: [], output: 'a: 1\n' });
  });
});
