import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lintText, type LintOptions } from '../../src/engine/lint.js';
import { fixText } from '../../src/engine/fix-text.js';
import { fixWithYaml, lintEagerly, lintWithYaml } from '../helpers/readers.js';
import { withoutRevealingEdits } from '../../src/schema/secrets.js';
import { seededRandom } from '../helpers/random.js';
import { runs, TIMEOUT } from './invariants.js';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { findingsFile } from '../../bench/corpus.mjs';

/**
 * Which reader read a file — the block reader (src/parse/block-yaml.ts) or `yaml` — is parse/'s
 * business alone: the whole lint gives one result either way. lintWithYaml (test/helpers/readers.ts) sends a file through
 * `yaml` only. Held here on generated files of the findings-heavy corpus (bench/corpus.mjs --findings: nine in ten with findings, with fixes,
 * suggestions and literal credentials to mask), as written and changed so that some leave the
 * block subset and others reach its newest corners: findings, positions, messages, fixes,
 * suggestions, the masked text, the bodies, the edits an output may print, and `--fix`'s output.
 */
const OPTIONS: LintOptions = { operation: 'edit-cluster', filename: 'cluster.yaml' };

/** Changes of a generated file: none, keys with spaces (in the subset), a tag, an alias, CRLF line ends (outside it), a stream. */
const CHANGES: ReadonlyArray<(text: string) => string> = [
  (text) => text,
  (text) => text.replace('cost-center:', 'cost center:').replace('data-classification:', 'data classification:'),
  (text) => text.replace(/^( {2}max_nodes: )/m, '$1!!int '),
  (text) => text.replace(/^( {4}team: )(.*)$/m, '$1&team $2').replace(/^( {4}owner: ).*$/m, '$1*team'),
  (text) => text.replace(/\n/g, '\r\n'),
  (text) => `${text}---\n${text.replace('cost-center:', 'cost center:')}`,
];

function oneResult(text: string): boolean {
  const quick = lintText(text, OPTIONS);
  const full = lintWithYaml(text, OPTIONS);
  expect(quick, `the block reader's lint differs from yaml's:\n${text}`).toEqual(full);
  expect(withoutRevealingEdits(quick.findings, text, quick.shownSource)).toEqual(withoutRevealingEdits(full.findings, text));
  expect(lintEagerly(text, OPTIONS), `nodes made eagerly lint this otherwise:\n${text}`).toEqual(quick);
  expect(fixText(text, OPTIONS)).toEqual(fixWithYaml(text, OPTIONS));
  return quick.findings.length > 0;
}

describe('the whole lint with and without the block reader', () => {
  test(
    'gives one result on generated files with findings',
    () => {
      let withFindings = 0;
      let total = 0;
      fc.assert(
        fc.property(fc.nat(100_000), fc.nat(1_000_000), fc.nat(CHANGES.length - 1), (index, seed, change) => {
          total++;
          if (oneResult(CHANGES[change](findingsFile(index, seededRandom(seed + 1), seed + 1) as string))) withFindings++;
        }),
        runs(150),
      );
      // The generator does what this test is for: most files have findings.
      expect(withFindings / total).toBeGreaterThan(0.8);
    },
    TIMEOUT,
  );
});
