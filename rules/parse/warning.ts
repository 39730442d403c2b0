import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'parse/warning',
  stage: 'parse',
  severity: 'warning',
  docs: {
    summary: 'The YAML parser accepted the file but warns about it (an unknown tag, say).',
    rationale: 'Tags and other YAML features beyond plain data do not survive the conversion to JSON: "All payloads are JSON" (spec, introduction).',
    fix: 'Write plain YAML data.',
  },
  messages: {
    // `detail` is the parser's own first sentence.
    warning: 'YAML: {{detail}}',
  },
  cases: {
    valid: [{ name: 'plain data', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' }],
    invalid: [{ name: 'an unknown tag', example: true, yaml: '# dplint: operation=edit-cluster\nlabel: !labels [etl]\n', findings: [{ messageId: 'warning', line: 2, column: 8 }] }],
  },
});
