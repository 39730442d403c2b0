import { describe, expect, test } from 'vitest';
import { applyFixes } from '../../src/fix/apply.js';
import { unifiedDiff } from '../../src/formatters/diff.js';
import { fixText } from '../../src/engine/fix-text.js';
import type { Fix, Suggestion } from '../../src/types.js';

const at = (start: number, end: number, text: string, id = text): { id: string; fix: Fix } => ({ id, fix: { range: [start, end], text } });

describe('applyFixes', () => {
  test('applies in range order whatever the order given', () => {
    const result = applyFixes('abcdef', [at(4, 5, 'E'), at(0, 1, 'A'), at(2, 3, 'C')]);
    expect(result.text).toBe('AbCdEf');
    expect(result.applied.map((f) => f.id)).toEqual(['A', 'C', 'E']);
    expect(result.skipped).toEqual([]);
  });

  test('skips a fix that overlaps one made before it', () => {
    const result = applyFixes('abcdef', [at(0, 3, 'X'), at(2, 4, 'Y'), at(4, 6, 'Z')]);
    expect(result.text).toBe('XdZ');
    expect(result.skipped.map((f) => f.id)).toEqual(['Y']);
  });

  test('one edit carried by several findings is made once and counts for each', () => {
    const result = applyFixes('ab', [at(0, 1, 'X', 'first'), at(0, 1, 'X', 'second')]);
    expect(result.text).toBe('Xb');
    expect(result.applied.map((f) => f.id)).toEqual(['first', 'second']);
  });

  test('two insertions at one point: the second waits for the next pass', () => {
    const result = applyFixes('ab', [at(1, 1, 'X'), at(1, 1, 'Y')]);
    expect(result.text).toBe('aXb');
    expect(result.skipped.map((f) => f.id)).toEqual(['Y']);
  });

  test('findings without a fix are ignored, and suggestions are never made', () => {
    const finding: { fix?: Fix; suggestions: Suggestion[] } = { suggestions: [{ desc: 'x', fix: { range: [0, 1], text: 'X' } }] };
    const result = applyFixes('ab', [finding]);
    expect(result).toEqual({ text: 'ab', applied: [], skipped: [] });
  });

  test('offsets refer to the text after a byte-order mark, which is kept', () => {
    expect(applyFixes('\uFEFFab', [at(0, 1, 'A')]).text).toBe('\uFEFFAb');
  });

  test('a fix past the end of the text is skipped, not applied', () => {
    expect(applyFixes('ab', [at(1, 9, 'X')]).skipped.length).toBe(1);
  });
});

describe('fixText', () => {
  test('repeats until nothing is left to fix: a renamed member is checked again, and its value fixed', () => {
    const result = fixText('node_configuration:\n  ebs_volume_size: "100GB"\n', { operation: 'edit-cluster' });
    expect(result.output).toBe('node_configuration:\n  blk_volume_size: 100\n');
    expect(result.applied.map((f) => f.ruleId)).toEqual(['body/vendor-spelling', 'body/number-as-string']);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['cluster/blk-settings-without-volumes']);
    expect(result.fixed).toBe(true);
  });

  test('maxPasses 0 lints only', () => {
    const result = fixText('label: etl\n', { operation: 'edit-cluster' }, { maxPasses: 0 });
    expect(result.output).toBe('label: etl\n');
    expect(result.fixed).toBe(false);
    expect(result.findings.some((f) => f.fix)).toBe(true);
  });

  test('types limits the fixes to namespaces', () => {
    const text = 'label: etl\npresto_version: 0.180\n';
    expect(fixText(text, { operation: 'edit-cluster' }, { types: ['yaml'] }).output).toBe('label: etl\npresto_version: "0.180"\n');
    expect(fixText(text, { operation: 'edit-cluster' }, { types: ['schema'] }).output).toBe('label: [etl]\npresto_version: 0.180\n');
  });

  test('an unused directive is removed when reported', () => {
    const text = '# dplint-disable-next-line cluster/idle-timeout-zero\nlabel: [etl]\n';
    const result = fixText(text, { operation: 'edit-cluster', reportUnusedDisableDirectives: 'warning' });
    expect(result.output).toBe('label: [etl]\n');
  });
});

describe('unifiedDiff', () => {
  test('hunks with three lines of context, merged when close', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'].join('\n') + '\n';
    const after = before.replace('2\n', 'two\n').replace('4\n', 'four\n').replace('12\n', 'twelve\n');
    expect(unifiedDiff(before, after, 'f.yaml')).toBe(
      [
        '--- a/f.yaml',
        '+++ b/f.yaml',
        '@@ -1,7 +1,7 @@',
        ' 1',
        '-2',
        '+two',
        ' 3',
        '-4',
        '+four',
        ' 5',
        ' 6',
        ' 7',
        '@@ -9,4 +9,4 @@',
        ' 9',
        ' 10',
        ' 11',
        '-12',
        '+twelve',
        '',
      ].join('\n'),
    );
  });

  test('lines added, and a last line without newline', () => {
    expect(unifiedDiff('a: 1', 'account:\n  a: 1', 'f.yaml')).toBe('--- a/f.yaml\n+++ b/f.yaml\n@@ -1 +1,2 @@\n-a: 1\n\\ No newline at end of file\n+account:\n+  a: 1\n\\ No newline at end of file\n');
  });

  test('no change, no diff', () => {
    expect(unifiedDiff('a\n', 'a\n', 'f')).toBe('');
  });
});
