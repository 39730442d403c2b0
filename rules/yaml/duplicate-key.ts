import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'yaml/duplicate-key',
  stage: 'yaml',
  severity: 'error',
  docs: {
    summary: 'A key appears twice in one mapping; only the last value is sent.',
    rationale: 'YAML 1.2 requires keys to be unique; JSON parsers keep the last value, silently dropping the first. "All payloads are JSON" (spec, introduction): the API sees one value only.',
    fix: 'Remove one of the two, or merge their values.',
  },
  messages: {
    duplicateKey: 'duplicate key "{{key}}": first defined on line {{firstLine}}; only the last value is sent',
  },
  cases: {
    valid: [{ name: 'each key once', yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  min_nodes: 2\n  max_nodes: 4\n' }],
    invalid: [
      {
        name: 'a key given twice',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 4\n  max_nodes: 8\n',
        findings: [{ messageId: 'duplicateKey', line: 4, column: 3 }],
      },
      {
        name: 'in JSON too',
        filename: 'case.json',
        operation: 'edit-cluster',
        yaml: '{"label": ["etl"], "label": ["adhoc"]}\n',
        findings: [{ messageId: 'duplicateKey', line: 1, column: 20 }],
      },
    ],
  },
});
