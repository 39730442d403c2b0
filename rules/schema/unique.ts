import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/unique',
  stage: 'schema',
  severity: 'error',
  docs: {
    summary: 'A list repeats an item where items must be unique.',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Change the value to one the message lists.',
  },
  messages: {
    repeats: '{{item}} repeats {{other}} ({{value}}); items must be unique',
  },
  cases: {
    valid: [{ name: 'distinct labels', yaml: '# dplint: operation=edit-cluster\nlabel: [etl, nightly]\n' }],
    invalid: [
      { name: 'a label twice', example: true, yaml: '# dplint: operation=edit-cluster\nlabel: [etl, etl]\n', findings: [{ messageId: 'repeats', line: 2, column: 14 }] },
      { name: 'the repeat is the later item, at its own place', yaml: '# dplint: operation=edit-cluster\nlabel: [a, b, a]\n', findings: [{ messageId: 'repeats', line: 2, column: 15 }] },
      { name: 'three alike: the first repeat is item 1', yaml: '# dplint: operation=edit-cluster\nlabel:\n  - x\n  - x\n  - x\n', findings: [{ messageId: 'repeats', line: 4, column: 5 }] },
    ],
  },
});
