import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/label-empty',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'An edit sets label to an empty list.',
    rationale:
      'Spec 4.11: `label` is an "array of strings", with "at least one label when creating a cluster"; spec 3: "label changes take effect immediately and new commands on such labels run on the new cluster". An edit does not create a cluster, so the spec\'s words make no error of an empty list there. It is dplint\'s reading that [] takes every label off the cluster at once, after which commands sent to its labels no longer reach it, which is rarely meant.',
    fix: 'Give the labels the cluster should keep (label: [etl]), or remove the member to leave its labels as they are.',
  },
  messages: {
    empty: 'label is an empty list; the spec asks for "at least one label when creating a cluster", and on an edit dplint reads [] as taking every label off the cluster at once, so that commands sent to its labels no longer reach it. List the labels to keep, or remove label to leave them as they are',
  },
  defaultOptions: {},
  check({ body, report }) {
    const label = getIn(body, ['label']);
    if (Array.isArray(label) && label.length === 0) report({ messageId: 'empty', path: ['label'] });
  },
  cases: {
    valid: [
      { name: 'one label', yaml: 'label: [etl]\n' },
      { name: 'no label member: the labels stay', yaml: 'node_configuration:\n  max_nodes: 4\n' },
    ],
    invalid: [
      {
        name: 'an empty list',
        example: true,
        yaml: 'label: []\nnode_configuration:\n  max_nodes: 4\n',
        findings: [{ messageId: 'empty', line: 1, column: 8 }],
      },
    ],
  },
});
