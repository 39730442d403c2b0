import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'operation/unexpected-body',
  stage: 'operation',
  severity: 'warning',
  docs: {
    summary: 'A body for an operation that takes none.',
    rationale: 'The spec says "No parameters" / "No body" for the GET and DELETE operations (sections 4.2, 4.3, 4.5, 4.9, 4.10, 4.13); what is sent is ignored.',
    fix: 'Remove the body, or declare the operation you meant.',
  },
  messages: {
    noBody: '{{operation}} takes no body (spec {{section}}: "No parameters"); what is sent is ignored',
  },
  cases: {
    valid: [{ name: 'no body', yaml: '# dplint: operation=view-cluster\n' }],
    invalid: [
      {
        name: 'a body for view-cluster',
        example: true,
        yaml: '# dplint: operation=view-cluster\ncluster_id: 42\n',
        findings: [{ messageId: 'noBody', line: 2, column: 1, data: { operation: 'view-cluster', section: '4.13' } }],
      },
    ],
  },
});
