import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'yaml/unquoted-string',
  stage: 'yaml',
  fixable: true,
  severity: 'error',
  docs: {
    summary: 'A string field written as an unquoted number or boolean, which YAML turns into a number (0.180 → 0.18) or boolean.',
    rationale:
      'Spec 4.11: presto_version and spark_version are of type "string" with values such as "0.180" and "2.10"-style versions; YAML reads an unquoted 0.180 as the number 0.18, and the digits are gone before any schema sees them.',
    fix: 'Quote the value as written: presto_version: "0.180". `dplint --fix` does it.',
  },
  messages: {
    quoteIt: '{{field}} must be a string; YAML reads the unquoted {{written}} as the {{type}} {{value}}: quote it as {{quoted}}',
    // A secret's value is not repeated, not even as the number YAML made of it.
    quoteSecret: '{{field}} must be a string; YAML reads the unquoted value as a {{type}}: quote it',
  },
  cases: {
    valid: [{ name: 'quoted', yaml: '# dplint: operation=edit-cluster\npresto_version: "0.180"\n' }],
    invalid: [
      {
        name: 'a version YAML reads as a number',
        example: true,
        yaml: '# dplint: operation=edit-cluster\npresto_version: 0.180\n',
        output: '# dplint: operation=edit-cluster\npresto_version: "0.180"\n',
        findings: [{ messageId: 'quoteIt', line: 2, column: 17, data: { field: 'presto_version', written: '0.180', type: 'number', value: '0.18', quoted: '"0.180"' } }],
      },
      {
        name: 'a secret written as a number',
        yaml: '# dplint: operation=edit-cluster\nvm_settings:\n  compute_secret_key: 12345\n',
        findings: [{ messageId: 'quoteSecret', line: 3, column: 23, data: { field: 'vm_settings.compute_secret_key', type: 'number' } }],
      },
    ],
  },
});
