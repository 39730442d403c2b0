import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'body/boolean-as-string',
  stage: 'body',
  fixable: true,
  severity: 'error',
  docs: {
    summary: 'A boolean field written as a string ("true", yes, on).',
    rationale: 'The spec types these fields "boolean" (e.g. 4.11 disallow_cluster_termination "boolean; default false"); YAML 1.2 reads yes/no/on/off as strings, so they reach the API as text.',
    fix: 'Write true or false. `dplint --fix` does it.',
  },
  messages: {
    quoted: '{{field}} must be a boolean; got the string {{value}}: write {{meant}}',
    yaml11Word: '{{field}} must be a boolean; got the string {{value}} (YAML 1.1 read {{written}} as {{meant}}; YAML 1.2 and JSON read it as a string): write {{meant}}',
  },
  cases: {
    valid: [{ name: 'a boolean', yaml: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: true\n' }],
    invalid: [
      {
        name: 'yes, unquoted',
        example: true,
        yaml: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: yes\n',
        output: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: true\n',
        findings: [{ messageId: 'yaml11Word', line: 2, column: 31, data: { field: 'disallow_cluster_termination', value: '"yes"', written: 'yes', meant: 'true' } }],
      },
      {
        name: 'a quoted "false"',
        yaml: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: "false"\n',
        output: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: false\n',
        findings: [{ messageId: 'quoted', line: 2, column: 31, data: { field: 'disallow_cluster_termination', value: '"false"', meant: 'false' } }],
      },
    ],
  },
});
