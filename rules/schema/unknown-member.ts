import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/unknown-member',
  stage: 'schema',
  severity: 'warning',
  hasSuggestions: true,
  docs: {
    summary: 'A member the spec does not list for that object: usually a typo or a vendor spelling.',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Correct the spelling (the message names the closest member), or remove the member: the spec says a body is "any subset of the parameters below".',
  },
  messages: {
    didYouMean: 'unknown member "{{member}}" in {{where}}: the spec does not list it; did you mean "{{guess}}"?',
    expectedOneOf: 'unknown member "{{member}}" in {{where}}: the spec does not list it; expected one of {{known}}',
    seeSchema: 'unknown member "{{member}}" in {{where}}: the spec does not list it; see `dplint schema` for the {{count}} members it takes',
  },
  cases: {
    valid: [{ name: 'members the spec lists', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' }],
    invalid: [
      {
        name: 'a misspelt member',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nlabels: [etl]\n',
        findings: [{ messageId: 'didYouMean', line: 2, column: 1, suggestions: [{ desc: 'Rename "labels" to "label"', output: '# dplint: operation=edit-cluster\nlabel: [etl]\n' }] }],
      },
      { name: 'a member of a small object', yaml: '# dplint: operation=add-whitelist-ip\nip_cidr: 81.2.69.160/28\nnote: office\n', findings: [{ messageId: 'expectedOneOf', line: 3, column: 1 }] },
      { name: 'a member of a large object', yaml: '# dplint: operation=edit-cluster\nowner: data-platform\n', findings: [{ messageId: 'seeSchema', line: 2, column: 1 }] },
    ],
  },
});
