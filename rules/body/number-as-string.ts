import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'body/number-as-string',
  stage: 'body',
  fixable: true,
  severity: 'error',
  docs: {
    summary: 'A number field written as a quoted string ("25", "100GB").',
    rationale: 'The spec types these fields "integer" (e.g. 4.11.2 blk_volume_size "integer GB", 4.4 CacheQuotaSizeInGB "integer"); a JSON string is not one.',
    fix: 'Write the number without quotes (and without the unit): blk_volume_size: 100. `dplint --fix` does it when the unit is the field’s own.',
  },
  messages: {
    // `expected` is "a whole number" or "a number", with the field's unit: "a whole number (in GB)".
    writeNumber: '{{field}} must be {{expected}}; got the string {{value}}: write {{number}} without quotes',
    // Another unit, or a fraction where a whole number is required: what was meant is not certain.
    notANumber: '{{field}} must be {{expected}}; got the string {{value}}',
  },
  cases: {
    valid: [{ name: 'a number', yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 10\n' }],
    invalid: [
      {
        name: 'a number in quotes',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: "10"\n',
        output: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 10\n',
        findings: [{ messageId: 'writeNumber', line: 3, column: 14, data: { field: 'node_configuration.max_nodes', expected: 'a whole number', value: '"10"', number: 10 } }],
      },
      {
        name: 'a fraction where a whole number is required',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: "2.5"\n',
        findings: [{ messageId: 'notANumber', line: 3, column: 14, data: { field: 'node_configuration.max_nodes', expected: 'a whole number', value: '"2.5"' } }],
      },
    ],
  },
});
