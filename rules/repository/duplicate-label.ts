import { defineRule } from '../../src/define-rule.js';
import type { Located } from '../../src/types.js';

const CLUSTER = '# dplint: operation=edit-cluster\n';

/** How many of the other files claiming a label a message names; the rest are counted ("…and 212 more"). */
const NAMED_FILES = 3;

/** `files` but `file` (which it holds once), the first few by name and the rest as a count. */
function othersThan(files: readonly string[], file: string): string {
  const named: string[] = [];
  for (const other of files) {
    if (named.length === NAMED_FILES) break;
    if (other !== file) named.push(other);
  }
  const more = files.length - 1 - named.length;
  return more > 0 ? `${named.join(', ')} …and ${more} more` : named.join(', ');
}

export default defineRule({
  id: 'repository/duplicate-label',
  stage: 'repository',
  severity: 'error',
  docs: {
    summary: 'Two cluster files claim the same label, so commands on it run on whichever cluster was edited last.',
    rationale:
      'Spec 3: "label changes take effect immediately and new commands on such labels run on the new cluster". Two clusters given one label steal it from each other on every edit. The documents of one stream count as one file: they are edits sent in order, most often of one cluster, and a body names no cluster to tell two apart by.',
    fix: 'Give each cluster its own labels; move a label deliberately by removing it from the other file in the same change.',
  },
  messages: {
    // `others` names at most a few files ("a.yaml, b.yaml, c.yaml …and 212 more"): one label on thousands of clusters must not make each message list them all.
    claimedElsewhere: 'label "{{label}}" is also claimed by {{others}}; commands on "{{label}}" would run on whichever cluster was edited last. Give each cluster its own labels',
  },
  checkFacts(report) {
    // Per label, one number (no object per label: an object and a list for each of 200,000 labels
    // was some 20 MB at the run's end, when every file's result is held): the place in the run of
    // the one file claiming it, or minus the count of its claims once there are two. The files
    // told are kept by name (the run holds the names: one reference a file) so that `end` reads
    // again only the facts of the files claiming a label twice, not every file's.
    const claimed = new Map<string, number>();
    const names: string[] = [];
    const claimers = new Set<number>();
    return {
      file(name, fact) {
        const place = names.length;
        names.push(name);
        for (const label of fact.labels ?? []) {
          const value = String(label.value);
          const known = claimed.get(value);
          if (known === undefined) {
            claimed.set(value, place);
            continue;
          }
          if (known >= 0) claimers.add(known);
          claimed.set(value, known >= 0 ? -2 : known - 1);
          claimers.add(place);
        }
      },
      end(facts) {
        // Most runs claim each label once: the facts are not read again.
        if (claimers.size === 0) return;
        const owners = new Map<string, Array<{ file: string; at: Located }>>();
        // In the run's order, as the claims came (a file is added when a later one claims its label):
        // messages name the other files in that order.
        for (const place of [...claimers].sort((a, b) => a - b)) {
          const file = names[place];
          for (const label of facts.get(file)?.labels ?? []) {
            const value = String(label.value);
            if (claimed.get(value)! >= 0) continue;
            const claims = owners.get(value);
            if (claims) claims.push({ file, at: label });
            else owners.set(value, [{ file, at: label }]);
          }
        }
        claimed.clear();
        for (const [label, claims] of owners) {
          // The documents of one stream claim a label as one file: they are edits sent in order, most
          // often of one cluster (fixtures/ok/edit-cluster-stream.yaml), and a body names no cluster to
          // tell two clusters apart by.
          const files = [...new Set(claims.map((c) => c.file))];
          if (files.length < 2) continue;
          // Each claim's message names a few of the others, not all: with one label on n files, naming
          // them all made n messages of n names each (1.5 GB at 100,000 files).
          for (const claim of claims) report(claim.file, 'claimedElsewhere', () => ({ label, others: othersThan(files, claim.file) }), claim.at);
        }
      },
    };
  },
  cases: {
    valid: [
      { name: 'labels of their own', yaml: `${CLUSTER}label: [etl]\n`, otherFiles: { 'clusters/adhoc.yaml': `${CLUSTER}label: [adhoc]\n` } },
      { name: 'the documents of one stream: edits of one cluster, sent in order', yaml: `${CLUSTER}label: [etl]\n---\nlabel: [etl, nightly]\n` },
      {
        name: 'silenced by a directive above the label',
        yaml: `${CLUSTER}label:\n  # dplint-disable-next-line repository/duplicate-label -- moving etl from the old cluster in this change\n  - etl\n`,
        otherFiles: { 'clusters/old.yaml': `${CLUSTER}label: [etl]\n` },
      },
    ],
    invalid: [
      {
        name: 'another cluster file claims the label',
        example: true,
        yaml: `${CLUSTER}label: [etl, nightly]\n`,
        otherFiles: { 'clusters/etl-v2.yaml': `${CLUSTER}label:\n  - etl-v2\n  - etl\n` },
        findings: [{ messageId: 'claimedElsewhere', line: 2, column: 9, data: { label: 'etl', others: 'clusters/etl-v2.yaml' } }],
      },
      {
        // The third file claims both labels, so it is known to claim `y` before the second is: the others are still named in the run's order.
        name: 'the other claimants are named in the run\'s order, whichever was found to claim twice first',
        yaml: `${CLUSTER}label: [y]\n`,
        otherFiles: { 'clusters/a.yaml': `${CLUSTER}label: [x]\n`, 'clusters/b.yaml': `${CLUSTER}label: [y]\n`, 'clusters/c.yaml': `${CLUSTER}label: [x, y]\n` },
        findings: [{ messageId: 'claimedElsewhere', line: 2, column: 9, data: { label: 'y', others: 'clusters/b.yaml, clusters/c.yaml' } }],
      },
      {
        name: 'many files claim the label: three are named',
        yaml: `${CLUSTER}label: [shared]\n`,
        otherFiles: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [`clusters/${name}.yaml`, `${CLUSTER}label: [shared]\n`])),
        findings: [{ messageId: 'claimedElsewhere', line: 2, column: 9, data: { label: 'shared', others: 'clusters/a.yaml, clusters/b.yaml, clusters/c.yaml …and 2 more' } }],
      },
    ],
  },
});
