import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

/**
 * The storage members of an account edit, each with create account's spelling: that one is
 * account/storage-key-names' finding, and counting it here keeps a wrong name from also reading
 * as a missing key.
 */
const ROLES = [['storage_access_key', 'acc_key'], ['storage_secret_key', 'secret'], ['defloc']] as const;

export default defineRule({
  id: 'account/storage-settings-together',
  // Only the edit: create account (spec 4.6) says "Which parameters are mandatory: not shown", and
  // the SDK creates an account with a defloc and no keys.
  appliesTo: ['edit-account'],
  severity: 'error',
  docs: {
    summary: 'An account edit sets some of the storage access key, storage secret key and defloc but not all three.',
    rationale:
      'Spec 4.4 (edit account): storage_access_key and storage_secret_key are "mandatory when updating storage settings", and defloc is "mandatory when updating storage settings" too. Sending one of them is updating the storage settings. (Create account, spec 4.6, states no such rule: "Which parameters are mandatory: not shown".)',
    fix: 'Add the missing members, or remove the storage members to leave the storage settings as they are.',
  },
  messages: {
    incomplete: 'account is missing {{missing}}: storage settings (here {{present}}) are set with {{all}} together; add the missing ones or leave out all three',
  },
  defaultOptions: {},
  check({ body, report }) {
    const account = getIn(body, ['account']);
    if (!isObject(account)) return;
    const written = ROLES.map((names) => names.find((name) => !isUnset(account[name])));
    const present = written.filter((name) => name !== undefined);
    if (present.length === 0 || present.length === ROLES.length) return;
    const missing = ROLES.filter((_, i) => written[i] === undefined).map((names) => names[0]);
    report({
      messageId: 'incomplete',
      path: ['account', present[0]],
      target: 'key',
      data: { missing: missing.join(', '), present: present.join(', '), all: ROLES.map((names) => names[0]).join(', ') },
    });
  },
  cases: {
    valid: [
      {
        name: 'edit with all three',
        yaml: 'account:\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  storage_secret_key: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
      { name: 'no storage settings', yaml: 'account:\n  idle_session_timeout: 60\n' },
      {
        name: 'create with defloc and no keys, as the SDK sends it (spec 4.6: mandatory parameters "not shown")',
        operation: 'create-account',
        yaml: 'account:\n  name: acme-trial\n  level: free\n  defloc: s3://acme-trial/qubole\n',
      },
    ],
    invalid: [
      {
        name: 'defloc alone',
        example: true,
        yaml: 'account:\n  defloc: store://acme-dp/logs\n',
        findings: [
          { messageId: 'incomplete', line: 2, column: 3, data: { missing: 'storage_access_key, storage_secret_key', present: 'defloc', all: 'storage_access_key, storage_secret_key, defloc' } },
        ],
      },
      {
        name: 'edit without the secret key',
        yaml: 'account:\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  defloc: store://acme-dp/logs\n',
        findings: [{ messageId: 'incomplete', line: 2, column: 3, data: { missing: 'storage_secret_key', present: 'storage_access_key, defloc', all: 'storage_access_key, storage_secret_key, defloc' } }],
      },
      {
        name: 'create account’s key name counts as present',
        yaml: 'account:\n  acc_key: ${STORAGE_ACCESS_KEY}\n',
        findings: [{ messageId: 'incomplete', line: 2, column: 3, data: { missing: 'storage_secret_key, defloc', present: 'acc_key', all: 'storage_access_key, storage_secret_key, defloc' } }],
      },
    ],
  },
});
