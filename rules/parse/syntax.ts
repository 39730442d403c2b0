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
    // The alias's name is not quoted: a credential written unquoted after `*` reads as an alias.
    undefinedAlias: 'YAML syntax error: an alias (*name) must name an anchor (&name) set before it in the document; quote a string that starts with *',
  },
  cases: {
    valid: [{ name: 'a closed string', yaml: '# dplint: operation=edit-cluster\nlabel: ["etl"]\n' }],
    invalid: [
      { name: 'an unclosed quote', example: true, yaml: '# dplint: operation=edit-cluster\nlabel: ["etl]\n', findings: [{ messageId: 'yaml', line: 3, column: 1 }] },
      {
        name: 'an alias that names no anchor',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: *undefined\n',
        findings: [{ messageId: 'undefinedAlias', line: 3, column: 14 }],
      },
      { name: 'an unquoted word in JSON', filename: 'case.json', operation: 'edit-cluster', yaml: '{\n  "label": [etl]\n}\n', findings: [{ messageId: 'json', line: 2, column: 13 }] },
      { name: 'a JSON object without its closing brace', filename: 'case.json', operation: 'edit-cluster', yaml: '{"label": ["etl"]\n', findings: [{ messageId: 'json', line: 2, column: 1 }] },
    ],
  },
});
