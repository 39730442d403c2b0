import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/length',
  stage: 'schema',
  severity: 'error',
  docs: {
    summary: 'A string or list is shorter or longer than allowed (an empty label list, an empty string).',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8); a cluster\'s "label" is "a list of strings" that routes commands to it (spec 4.11.2). Run `dplint schema <operation>` to see one.',
    fix: 'Give the list at least one item, or the string at least one character.',
  },
  messages: {
    empty: '{{field}} must not be empty; {{got}}',
    // `bound` is built from the schema's numbers: "at least 1 item", "at most 3 characters".
    bound: '{{field}} must have {{bound}}; {{got}}',
  },
  cases: {
    valid: [{ name: 'one label', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' }],
    invalid: [
      {
        name: 'an empty label list for a clone, a new cluster (an edit\'s is cluster/label-empty, a warning)',
        example: true,
        yaml: '# dplint: operation=clone-cluster\ncluster_info:\n  label: []\n',
        findings: [{ messageId: 'bound', line: 3, column: 10 }],
      },
      { name: 'an empty label', yaml: '# dplint: operation=edit-cluster\nlabel: [""]\n', findings: [{ messageId: 'empty', line: 2, column: 9 }] },
    ],
  },
});
