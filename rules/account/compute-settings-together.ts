import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

const MEMBERS = ['compute_type', 'compute_access_key', 'compute_secret_key'] as const;

export default defineRule({
  id: 'account/compute-settings-together',
  appliesTo: ['edit-account'],
  severity: 'error',
  docs: {
    summary: 'An account edit sets some of compute_type, compute_access_key and compute_secret_key but not all three.',
    rationale:
      'Spec 4.4: compute_type, compute_access_key and compute_secret_key are each "mandatory when updating compute settings globally". Sending one of them is updating the compute settings, so the other two must come with it. (Create account, spec 4.6, states no such rule: "Which parameters are mandatory: not shown".)',
    fix: 'Add the missing members (compute_type is always CUSTOMER_MANAGED), or remove the compute members to leave the compute settings as they are.',
  },
  messages: {
    incomplete:
      'account is missing {{missing}}: updating compute settings (here {{present}}) needs compute_type, compute_access_key and compute_secret_key together; add the missing ones or leave out all three',
  },
  defaultOptions: {},
  check({ body, report }) {
    const account = getIn(body, ['account']);
    if (!isObject(account)) return;
    // null is "unset", so it does not start a compute update.
    const present = MEMBERS.filter((member) => !isUnset(account[member]));
    if (present.length === 0 || present.length === MEMBERS.length) return;
    const missing = MEMBERS.filter((member) => !present.includes(member));
    report({ messageId: 'incomplete', path: ['account', present[0]], target: 'key', data: { missing: missing.join(', '), present: present.join(', ') } });
  },
  cases: {
    valid: [
      {
        name: 'all three',
        yaml: 'account:\n  compute_type: CUSTOMER_MANAGED\n  compute_access_key: ${COMPUTE_ACCESS_KEY}\n  compute_secret_key: ${COMPUTE_SECRET_KEY}\n',
      },
      { name: 'no compute settings', yaml: 'account:\n  idle_session_timeout: 60\n' },
      { name: 'null is unset', yaml: 'account:\n  compute_access_key: null\n  idle_session_timeout: 60\n' },
    ],
    invalid: [
      {
        name: 'keys without compute_type',
        example: true,
        yaml: 'account:\n  compute_access_key: ${COMPUTE_ACCESS_KEY}\n  compute_secret_key: ${COMPUTE_SECRET_KEY}\n',
        findings: [{ messageId: 'incomplete', line: 2, column: 3, data: { missing: 'compute_type', present: 'compute_access_key, compute_secret_key' } }],
      },
      {
        name: 'compute_type alone',
        yaml: 'account:\n  compute_type: CUSTOMER_MANAGED\n',
        findings: [{ messageId: 'incomplete', line: 2, column: 3, data: { missing: 'compute_access_key, compute_secret_key', present: 'compute_type' } }],
      },
    ],
  },
});
