import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

/**
 * A member of an IAM-role account: a word `iam` or `role`, or an external id (role_instance_profile,
 * storage_role_arn, iam_access_key, use_iam_role, is_cloud_role_enabled, storage_external_id;
 * spec 2.2, 2.3, 4.11.1).
 */
function isRoleMember(name: string): boolean {
  const words = name.toLowerCase().split('_');
  return words.includes('iam') || words.includes('role') || name.toLowerCase().endsWith('external_id');
}

export default defineRule({
  id: 'account/iam-role-create',
  appliesTo: ['create-account'],
  severity: 'warning',
  docs: {
    summary: 'A create-account body carries IAM-role members (role_instance_profile, storage_role_arn, iam_*, use_iam_role, ...).',
    rationale:
      'Spec 4.6: "Creating an account based on an IAM role is possible only through the UI." Through the API only key-based accounts are created (acc_key / secret, compute_access_key / compute_secret_key), so role members in the body cannot give the intended role-based account.',
    fix: 'Create the IAM-role account in the UI, or remove the role members and create a key-based account with acc_key, secret, compute_access_key and compute_secret_key.',
  },
  messages: {
    uiOnly: 'account.{{name}} is an IAM-role setting, but "Creating an account based on an IAM role is possible only through the UI" (spec 4.6); create this account in the UI, or remove it and use storage and compute keys',
  },
  defaultOptions: {},
  check({ body, report }) {
    const account = getIn(body, ['account']);
    if (!isObject(account)) return;
    for (const [name, value] of Object.entries(account)) {
      // use_iam_role: false (or null) says the account is not role-based.
      if (isRoleMember(name) && !isUnset(value) && value !== false) report({ messageId: 'uiOnly', path: ['account', name], target: 'key', data: { name } });
    }
  },
  cases: {
    valid: [
      {
        name: 'key-based account',
        yaml: 'account:\n  name: acme\n  acc_key: ${STORAGE_ACCESS_KEY}\n  secret: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
    ],
    invalid: [
      {
        name: 'role members',
        example: true,
        yaml: 'account:\n  name: acme\n  use_iam_role: true\n  role_instance_profile: dp-node-role\n  storage_role_arn: arn:cloud:iam::123456789012:role/dp-storage\n  defloc: store://acme-dp/logs\n',
        findings: [
          { messageId: 'uiOnly', line: 3, column: 3, data: { name: 'use_iam_role' } },
          { messageId: 'uiOnly', line: 4, column: 3, data: { name: 'role_instance_profile' } },
          { messageId: 'uiOnly', line: 5, column: 3, data: { name: 'storage_role_arn' } },
        ],
      },
      {
        name: 'iam keys, with role explicitly off',
        yaml: 'account:\n  name: acme\n  use_iam_role: false\n  iam_access_key: ${IAM_ACCESS_KEY}\n  storage_external_id: acme-ext-1\n',
        findings: [
          { messageId: 'uiOnly', line: 4, column: 3, data: { name: 'iam_access_key' } },
          { messageId: 'uiOnly', line: 5, column: 3, data: { name: 'storage_external_id' } },
        ],
      },
    ],
  },
});
