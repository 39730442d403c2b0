import { defineRule } from '../../src/define-rule.js';

const CLUSTER = '# dplint: operation=edit-cluster\n';

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
        name: 'many files claim the label: three are named',
        yaml: `${CLUSTER}label: [shared]\n`,
        otherFiles: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [`clusters/${name}.yaml`, `${CLUSTER}label: [shared]\n`])),
        findings: [{ messageId: 'claimedElsewhere', line: 2, column: 9, data: { label: 'shared', others: 'clusters/a.yaml, clusters/b.yaml, clusters/c.yaml …and 2 more' } }],
      },
    ],
  },
});
