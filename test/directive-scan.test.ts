import { describe, expect, test, vi } from 'vitest';
import { lintTextWithFacts } from '../src/node/lint-files.js';

// Whether a text may hold an inline directive (`dplint-`) is asked once per file: the lint's
// directives and the file's facts for the checks across files (facts.directives) take the same
// answer, not a second scan of the whole text each.
const scans = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../src/config/directives.js', async (original) => {
  const actual = await original<typeof import('../src/config/directives.js')>();
  return {
    ...actual,
    mayHoldDirective: (text: string) => {
      scans.texts.push(text);
      return actual.mayHoldDirective(text);
    },
  };
});

const OPTIONS = { config: false as const, operation: 'edit-cluster' as const };

describe('one directive scan per file', () => {
  test('a file with a directive: scanned once, its facts say so, and the directive silences', () => {
    const text = 'label: [etl]\n# dplint-disable-next-line schema/type\nnode_configuration: 3\n';
    scans.texts.length = 0;
    const { results, facts } = lintTextWithFacts(text, 'a.yaml', OPTIONS);
    expect(scans.texts.filter((scanned) => scanned === text)).toHaveLength(1);
    expect(facts?.directives).toBe(true);
    expect(results[0].findings.map((f) => f.ruleId)).not.toContain('schema/type');
  });

  test('a file without one: scanned once, its facts without the mark', () => {
    const text = 'label: [etl]\nnode_configuration: 3\n';
    scans.texts.length = 0;
    const { results, facts } = lintTextWithFacts(text, 'b.yaml', OPTIONS);
    expect(scans.texts.filter((scanned) => scanned === text)).toHaveLength(1);
    expect(facts).toEqual({ labels: [{ value: 'etl', path: ['label', 0] }] });
    expect(results[0].findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['schema/type', 2, 21]]);
  });

  test('with --no-inline-config the facts still say whether the text may hold one (the run key tells such runs apart)', () => {
    const text = 'label: [etl]\n# dplint-disable-next-line schema/type\nnode_configuration: 3\n';
    scans.texts.length = 0;
    const { results, facts } = lintTextWithFacts(text, 'c.yaml', { ...OPTIONS, inlineConfig: false });
    expect(scans.texts.filter((scanned) => scanned === text)).toHaveLength(1);
    expect(facts?.directives).toBe(true);
    expect(results[0].findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['schema/type', 3, 21]]);
  });
});
