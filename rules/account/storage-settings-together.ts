import { defineRule } from '../../src/engine/define-rule.js';
import { getIn, isObject } from '../../src/engine/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

/**
 * The storage members of each operation, each with the other operation's spelling: that one is
 * account/storage-key-names' finding, and counting it here keeps a wrong name from also reading
 * as a missing key.
 */
const ROLES = {
  'edit-account': [['storage_access_key', 'acc_key'], ['storage_secret_key', 'secret'], ['defloc']],
  'create-account': [['acc_key', 'storage_access_key'], ['secret', 'storage_secret_key'], ['defloc']],
} as const;

export default defineRule({
  id: 'account/storage-settings-together',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'error',
  docs: {
    summary: 'An account body sets some of the storage access key, storage secret key and defloc but not all three.',
    rationale:
      'Spec 4.4: storage_access_key and storage_secret_key are "mandatory when updating storage settings", and defloc is "mandatory when updating storage settings" too. Create account (spec 4.6) names the keys acc_key ("storage access key") and secret ("storage secret key"), and its defloc is "default storage location, as in 4.4".',
    fix: 'Add the missing members, or remove the storage members to leave the storage settings as they are.',
  },
  messages: {
    incomplete: 'account is missing {{missing}}: storage settings (here {{present}}) are set with {{all}} together; add the missing ones or leave out all three',
  },
  defaultOptions: {},
  check({ body, operation, report }) {
    const account = getIn(body, ['account']);
    if (!isObject(account) || (operation !== 'edit-account' && operation !== 'create-account')) return;
    const roles = ROLES[operation];
    const written = roles.map((names) => names.find((name) => !isUnset(account[name])));
    const present = written.filter((name) => name !== undefined);
    if (present.length === 0 || present.length === roles.length) return;
    const missing = roles.filter((_, i) => written[i] === undefined).map((names) => names[0]);
    report({
      messageId: 'incomplete',
      path: ['account', present[0]],
      target: 'key',
      data: { missing: missing.join(', '), present: present.join(', '), all: roles.map((names) => names[0]).join(', ') },
    });
  },
  cases: {
    valid: [
      {
        name: 'edit with all three',
        yaml: 'account:\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  storage_secret_key: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
      {
        name: 'create with all three',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  acc_key: ${STORAGE_ACCESS_KEY}\n  secret: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
      { name: 'no storage settings', yaml: 'account:\n  idle_session_timeout: 60\n' },
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
        name: 'create without secret',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  acc_key: ${STORAGE_ACCESS_KEY}\n  defloc: store://acme-dp/logs\n',
        findings: [{ messageId: 'incomplete', line: 3, column: 3, data: { missing: 'secret', present: 'acc_key, defloc', all: 'acc_key, secret, defloc' } }],
      },
      {
        name: 'the other operation’s key name counts as present',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n',
        findings: [{ messageId: 'incomplete', line: 3, column: 3, data: { missing: 'secret, defloc', present: 'storage_access_key', all: 'acc_key, secret, defloc' } }],
      },
    ],
  },
});
