import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/type',
  stage: 'schema',
  severity: 'error',
  fixable: true,
  hasSuggestions: true,
  docs: {
    summary: 'A value has the wrong JSON type (a string where a number is required, a list where an object is).',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Change the value to one the message lists.',
  },
  messages: {
    // `actual` is a scalar with its type (string "etl") or a collection's shape (a list (2 items)). Where the
    // value was meant as a list or as one string, src/engine/source-types.ts adds how to write it (": write it as [etl]").
    wrongType: '{{field}} must be {{expected}}; got {{actual}}',
  },
  cases: {
    valid: [{ name: 'a list of labels', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' }],
    invalid: [
      { name: 'a list for a number', yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: [4]\n', findings: [{ messageId: 'wrongType', line: 3, column: 14 }] },
      {
        name: 'a lone label',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nlabel: etl\n',
        output: '# dplint: operation=edit-cluster\nlabel: [etl]\n',
        findings: [{ messageId: 'wrongType', line: 2, column: 8 }],
      },
      {
        name: 'labels as one string with a comma',
        yaml: '# dplint: operation=edit-cluster\nlabel: "etl,nightly"\n',
        findings: [
          {
            messageId: 'wrongType',
            line: 2,
            column: 8,
            suggestions: [
              { desc: 'Make it a list of 2 items: ["etl","nightly"]', output: '# dplint: operation=edit-cluster\nlabel: ["etl", "nightly"]\n' },
              { desc: 'Make it a list of one item: ["etl,nightly"]', output: '# dplint: operation=edit-cluster\nlabel: ["etl,nightly"]\n' },
            ],
          },
        ],
      },
    ],
  },
});
