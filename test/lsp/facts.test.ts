import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { writeCorpus } from '../../bench/corpus.mjs';
import { factsOfPlannedFile } from '../../src/lsp/facts.js';
import { lintFileAt, lintTextWithFacts, planRun } from '../../src/node/lint-files.js';

/**
 * The language server's index takes each file's facts for the checks across files without running
 * the rules where it can: they must be the facts the CLI's lint of the file gathers, file by file.
 */
test('the index, and the lint of an open document, gather the very facts a `dplint` run gathers, for every file of the example repository, of 300 corpus files and of a few odd ones', () => {
  const root = mkdtempSync(join(tmpdir(), 'dplint-facts-'));
  cpSync(join(import.meta.dirname, '..', '..', 'fixtures', 'config-repo'), root, { recursive: true });
  writeCorpus(join(root, 'clusters', 'clean'), 150, 3);
  writeCorpus(join(root, 'clusters', 'findings'), 150, 4, { findings: true });
  // Envelopes, a stream, JSON, a modeline, an operation the config does not give: each its own way.
  writeFileSync(join(root, 'requests', 'envelope.yaml'), 'method: PUT\npath: /api/v2/clusters/7\nbody:\n  label: [enveloped]\n');
  writeFileSync(join(root, 'clusters', 'stream.yaml'), 'label: [one]\n---\nlabel: [two]\n');
  writeFileSync(join(root, 'clusters', 'json.json'), '{"label": ["as-json"]}');
  writeFileSync(join(root, 'modeline.yaml'), '# dplint: operation=edit-cluster\nlabel: [moded]\n');
  // `---` inside values; over 1 MiB, read by the block reader; over 1 MiB and past maxScalars (refused: no facts).
  writeFileSync(join(root, 'clusters', 'dashes.yaml'), 'label:\n  - a---b\n  - ---c\n');
  writeFileSync(join(root, 'clusters', 'large.yaml'), 'label: [large]\nnode_bootstrap_file: |\n' + '  echo one line of a long script\n'.repeat(40_000));
  writeFileSync(join(root, 'clusters', 'many.yaml'), 'label: [many]\n' + Array.from({ length: 210_000 }, (_, i) => `key_${i}: 1\n`).join(''));
  const run = planRun(['.'], { cwd: root });
  expect(run.files.length).toBe(318);
  let withFacts = 0;
  let fromOpen = 0;
  for (const file of run.files) {
    const expected = lintFileAt(file, run, { cwd: root, keepSource: false });
    const got = factsOfPlannedFile(file, run);
    expect({ file: got.file, facts: got.facts }).toEqual({ file: expected.result.file, facts: expected.facts });
    if (got.facts) withFacts++;
    // At each change of an open document: the facts its own lint gathered (lintTextWithFacts).
    const opened = lintTextWithFacts(readFileSync(join(root, file), 'utf8'), file, { cwd: root });
    expect({ file, facts: opened.facts }).toEqual({ file, facts: expected.facts });
    if (opened.facts) fromOpen++;
  }
  expect(fromOpen).toBe(315);
  expect(withFacts).toBe(315);
});
