import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'account/create-superseded',
  appliesTo: ['create-account'],
  severity: 'info',
  docs: {
    summary: 'The body is for create-account (POST /api/v1.2/account), an operation that is superseded and to be deprecated.',
    rationale: 'Spec 9: "The v1.2 create-account operation is superseded by a newer version and is to be deprecated."',
    fix: 'Plan to move to the newer account-creation version; the spec does not show it yet. Switch this rule off once you have noted it.',
  },
  messages: {
    superseded: 'create-account (POST /api/v1.2/account) is superseded by a newer version and is to be deprecated (spec 9); plan to move to the newer version',
  },
  defaultOptions: {},
  check({ report }) {
    report({ messageId: 'superseded', path: [] });
  },
  cases: {
    // Every create-account body is reported; the valid case shows the rule stays out of other operations.
    valid: [{ name: 'edit-account is not affected', operation: 'edit-account', yaml: 'account:\n  idle_session_timeout: 60\n' }],
    invalid: [
      {
        name: 'any create-account body',
        example: true,
        yaml: 'account:\n  name: acme\n  level: free\n',
        findings: [{ messageId: 'superseded', line: 1, column: 1 }],
      },
    ],
  },
});
