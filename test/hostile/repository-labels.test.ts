import { expect, test } from 'vitest';
import { lintRepository } from '../../src/engine/repository.js';
import type { RepositoryFacts } from '../../src/types.js';
import type { FileResult } from '../../src/formatters/types.js';

/**
 * One label claimed by every cluster file of a large repository. Each claim's message used to
 * list every other file (n messages of n names: 1.5 GB and a 1.9 GB JSON report at 100,000
 * files), built before the rule's level was looked at. At 20,000 files that is 20,000 messages
 * of some 400 KB each, 8 GB: the test could not finish. Naming a few files keeps it linear.
 */
const FILES = 20_000;
const SOURCE = 'label:\n  - etl\n';

function repository(): { results: FileResult[]; facts: Map<string, RepositoryFacts> } {
  const results: FileResult[] = [];
  const facts = new Map<string, RepositoryFacts>();
  for (let i = 0; i < FILES; i++) {
    const file = `clusters/c${String(i).padStart(5, '0')}.yaml`;
    results.push({ file, operation: 'edit-cluster', operationSource: 'config', findings: [], source: SOURCE });
    facts.set(file, { labels: [{ value: 'etl', path: ['label', 0] }] });
  }
  return { results, facts };
}

test('20,000 files claiming one label: one finding each, naming three other files and counting the rest', () => {
  const { results, facts } = repository();
  const linted = lintRepository(results, facts);
  const findings = linted.flatMap((result) => result.findings);
  expect(findings.length).toBe(FILES);
  expect(linted[0].findings).toEqual([
    {
      ruleId: 'repository/duplicate-label',
      severity: 'error',
      message:
        'label "etl" is also claimed by clusters/c00001.yaml, clusters/c00002.yaml, clusters/c00003.yaml …and 19996 more; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
      path: '/label/0',
      line: 2,
      column: 5,
      endLine: 2,
      endColumn: 8,
    },
  ]);
  expect(linted[FILES - 1].findings.map((f) => f.message)).toEqual([
    'label "etl" is also claimed by clusters/c00000.yaml, clusters/c00001.yaml, clusters/c00002.yaml …and 19996 more; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
  ]);
  const longest = Math.max(...findings.map((f) => f.message.length));
  expect(longest).toBe(linted[0].findings[0].message.length);
});

test('the rule switched off: its level is asked once a claim, and nothing is built, read or reported', () => {
  const { results, facts } = repository();
  let asked = 0;
  let read = 0;
  const linted = lintRepository(
    results,
    facts,
    (_file, ruleId) => {
      asked++;
      return ruleId === 'repository/duplicate-label' ? 'off' : undefined;
    },
    () => {
      read++;
      return SOURCE;
    },
  );
  expect(linted).toBe(results);
  expect(asked).toBe(FILES);
  expect(read).toBe(0);
});
