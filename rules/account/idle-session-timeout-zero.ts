import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { specNumbers } from '../support/spec-values.js';

// The spec's maximum and default, from the schema (spec 4.4, 8): the docs and the message quote them.
const TIMEOUT = specNumbers('idleSessionTimeout');

export default defineRule({
  id: 'account/idle-session-timeout-zero',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'warning',
  docs: {
    summary: 'account.idle_session_timeout is 0 minutes, which dplint reads as logging users out of the UI at once.',
    rationale:
      `Spec 4.4: idle_session_timeout is "integer minutes": "logout after UI inactivity; default ${TIMEOUT.default}; maximum ${TIMEOUT.maximum}"; spec 8 repeats "default ${TIMEOUT.default} minutes, maximum ${TIMEOUT.maximum}". The spec gives a maximum only, so 0 is not an error; it is dplint's reading that 0 minutes of inactivity logs a user out at once (it is not said to mean "never"), which is rarely meant.`,
    fix: `Set the minutes of UI inactivity after which users are logged out (${TIMEOUT.default}, a day, is the default), or remove the member to keep the default.`,
  },
  messages: {
    zero: `account.idle_session_timeout is 0 minutes; the spec gives only a maximum (${TIMEOUT.maximum}), and dplint reads 0 as logging users out after no inactivity at all, not as "never". Set the minutes you mean (default ${TIMEOUT.default})`,
  },
  defaultOptions: {},
  check({ body, report }) {
    if (getIn(body, ['account', 'idle_session_timeout']) === 0) report({ messageId: 'zero', path: ['account', 'idle_session_timeout'] });
  },
  cases: {
    valid: [
      { name: 'the default, a day', yaml: 'account:\n  idle_session_timeout: 1440\n' },
      { name: 'unset', yaml: 'account:\n  idle_session_timeout: null\n' },
    ],
    invalid: [
      {
        name: 'zero on edit',
        example: true,
        yaml: 'account:\n  idle_session_timeout: 0\n',
        findings: [{ messageId: 'zero', line: 2, column: 25 }],
      },
      {
        name: 'zero on create',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  idle_session_timeout: 0\n',
        findings: [{ messageId: 'zero', line: 3, column: 25 }],
      },
    ],
  },
});
