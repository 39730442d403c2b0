import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'yaml/yaml11-ambiguous',
  stage: 'yaml',
  severity: 'warning',
  fixable: true,
  docs: {
    summary: 'An unquoted string that YAML 1.1 tools read as something else: yes/no/on/off as booleans, 0755 as an octal number, 1:30 as a base-60 number.',
    rationale:
      'dplint and the API read YAML 1.2, where these are strings; but YAML 1.1 readers still common in deploy scripts (PyYAML, older Ruby and Go libraries) turn them into booleans or numbers before the request is built. Only fields the spec types as "string" are checked, so keys such as `on:` elsewhere are left alone.',
    fix: 'Quote the value: zeppelin_interpreter_mode: "on".',
  },
  messages: {
    ambiguous: '{{field}} is the string "{{text}}" here, but YAML 1.1 tools read the unquoted {{text}} as {{reading}}; quote it: "{{text}}"',
  },
  cases: {
    valid: [
      { name: 'quoted', yaml: '# dplint: operation=edit-cluster\nzeppelin_interpreter_mode: "legacy"\nlabel: ["on"]\n' },
      { name: 'a boolean field is not a string field', yaml: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: true\n' },
    ],
    invalid: [
      {
        name: 'an unquoted on in a list of strings',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nlabel: [etl, on]\n',
        output: '# dplint: operation=edit-cluster\nlabel: [etl, "on"]\n',
        findings: [{ messageId: 'ambiguous', line: 2, column: 14, data: { field: 'label[1]', text: 'on', reading: 'a boolean' } }],
      },
      {
        name: 'a base-60-looking and an octal-looking string',
        yaml: '# dplint: operation=edit-cluster\nlabel:\n  - 1:30\n  - 0_755\n',
        output: '# dplint: operation=edit-cluster\nlabel:\n  - "1:30"\n  - "0_755"\n',
        findings: [
          { messageId: 'ambiguous', line: 3, column: 5, data: { field: 'label[0]', text: '1:30', reading: 'a base-60 number' } },
          { messageId: 'ambiguous', line: 4, column: 5, data: { field: 'label[1]', text: '0_755', reading: 'an octal number' } },
        ],
      },
    ],
  },
});
