import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/required',
  stage: 'schema',
  severity: 'error',
  docs: {
    summary: 'A member the operation requires is missing.',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Change the value to one the message lists.',
  },
  messages: {
    // `expectation` is what the member takes, in parentheses with a space before (" (a string)"), or nothing.
    missing: '{{where}} must have member "{{member}}"{{expectation}}; it is missing',
  },
  cases: {
    valid: [{ name: 'the member given', yaml: '# dplint: operation=add-whitelist-ip\nip_cidr: 81.2.69.160/28\n' }],
    invalid: [
      { name: 'an empty allow-list body', example: true, yaml: '# dplint: operation=add-whitelist-ip\n{}\n', findings: [{ messageId: 'missing', line: 2, column: 1 }] },
    ],
  },
});
