import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'parse/syntax',
  stage: 'parse',
  severity: 'error',
  docs: {
    summary: 'The file is not valid YAML or JSON.',
    rationale: '"All payloads are JSON" (spec, introduction): a file that does not parse cannot be sent.',
    fix: 'Correct the syntax at the position shown.',
  },
  messages: {
    // `detail` is the parser's own first sentence.
    yaml: 'YAML syntax error: {{detail}}',
    json: 'JSON syntax error: {{detail}}',
  },
  cases: {
    valid: [{ name: 'a closed string', yaml: '# dplint: operation=edit-cluster\nlabel: ["etl"]\n' }],
    invalid: [
      { name: 'an unclosed quote', example: true, yaml: '# dplint: operation=edit-cluster\nlabel: ["etl]\n', findings: [{ messageId: 'yaml', line: 3, column: 1 }] },
      { name: 'a JSON object without its closing brace', filename: 'case.json', operation: 'edit-cluster', yaml: '{"label": ["etl"]\n', findings: [{ messageId: 'json', line: 2, column: 1 }] },
    ],
  },
});
