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
    // A placeholder stands for a whole value: text beside it keeps the value a string, whatever it holds.
    placeholderWithText: '{{field}} must be {{expected}}; got {{actual}}: the text beside the placeholder makes it a string whatever the variable holds. Write the placeholder alone (${VAR}) and put the whole value in the variable',
  },
  cases: {
    valid: [
      { name: 'a list of labels', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' },
      { name: 'a placeholder alone stands for a number', yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: ${MAX_NODES}\n  initial_nodes: "${env:INITIAL}"\n' },
    ],
    invalid: [
      {
        name: 'text beside a placeholder in a number field',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: x${A}\n',
        findings: [{ messageId: 'placeholderWithText', line: 3, column: 14 }],
      },
      {
        name: 'a unit beside a placeholder',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  blk_volume_size: ${SIZE}GB\n',
        findings: [{ messageId: 'placeholderWithText', line: 3, column: 20 }],
      },
      {
        name: 'text beside a placeholder in a boolean field',
        yaml: '# dplint: operation=edit-cluster\npresto_settings:\n  enable_presto: ${PRESTO}x\n',
        findings: [{ messageId: 'placeholderWithText', line: 3, column: 18 }],
      },
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
