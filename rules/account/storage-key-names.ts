import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';

/** The name each operation does not take, with the one it does. */
const RENAMED = {
  'create-account': { storage_access_key: 'acc_key', storage_secret_key: 'secret' },
  'edit-account': { acc_key: 'storage_access_key', secret: 'storage_secret_key' },
} as const;

export default defineRule({
  id: 'account/storage-key-names',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'warning',
  fixable: true,
  docs: {
    summary: 'A storage credential is named as in the other account operation (storage_access_key in create, acc_key in edit).',
    rationale:
      'Spec 4.6 (create account, v1.2) names the storage credentials acc_key ("storage access key") and secret ("storage secret key"); spec 4.4 (edit account, v2) names them storage_access_key and storage_secret_key. Under the other name the credential is not a parameter of the operation, so it is not the one the service reads.',
    fix: 'Rename the member as the message says; `dplint --fix` does it when the other name is not also set.',
  },
  messages: {
    otherOperationName: 'account.{{name}} is the {{other}} name of this storage credential; {{operation}} calls it {{expected}} (spec {{section}}): rename it to {{expected}}',
    bothNames:
      'account.{{name}} is the {{other}} name of this storage credential, and account.{{expected}}, the name {{operation}} reads (spec {{section}}), is set too: keep the right value under {{expected}} and remove {{name}}',
  },
  defaultOptions: {},
  check({ body, operation, report }) {
    const account = getIn(body, ['account']);
    if (!isObject(account) || (operation !== 'create-account' && operation !== 'edit-account')) return;
    const renamed: Readonly<Record<string, string>> = RENAMED[operation];
    const create = operation === 'create-account';
    for (const name of Object.keys(account)) {
      if (!Object.hasOwn(renamed, name)) continue;
      const data = { name, expected: renamed[name], operation, other: create ? 'edit-account' : 'create-account', section: create ? '4.6' : '4.4' };
      // With both names set, renaming would collide, and which value is the real credential is not
      // ours to guess: the message says to remove one, and there is no fix.
      if (Object.hasOwn(account, renamed[name])) report({ messageId: 'bothNames', path: ['account', name], target: 'key', data });
      else report({ messageId: 'otherOperationName', path: ['account', name], target: 'key', data, fix: { kind: 'renameKey', to: renamed[name] } });
    }
  },
  cases: {
    valid: [
      {
        name: 'create names',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  acc_key: ${STORAGE_ACCESS_KEY}\n  secret: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
      {
        name: 'edit names',
        yaml: 'account:\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  storage_secret_key: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
      },
    ],
    invalid: [
      {
        name: 'edit names in create',
        example: true,
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  storage_secret_key: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
        output: 'account:\n  name: acme\n  acc_key: ${STORAGE_ACCESS_KEY}\n  secret: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
        findings: [
          { messageId: 'otherOperationName', line: 3, column: 3, data: { name: 'storage_access_key', expected: 'acc_key', operation: 'create-account', other: 'edit-account', section: '4.6' } },
          { messageId: 'otherOperationName', line: 4, column: 3, data: { name: 'storage_secret_key', expected: 'secret', operation: 'create-account', other: 'edit-account', section: '4.6' } },
        ],
      },
      {
        name: 'create names in edit',
        yaml: 'account:\n  acc_key: ${STORAGE_ACCESS_KEY}\n  secret: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
        output: 'account:\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n  storage_secret_key: ${STORAGE_SECRET_KEY}\n  defloc: store://acme-dp/logs\n',
        findings: [
          { messageId: 'otherOperationName', line: 2, column: 3, data: { name: 'acc_key', expected: 'storage_access_key', operation: 'edit-account', other: 'create-account', section: '4.4' } },
          { messageId: 'otherOperationName', line: 3, column: 3, data: { name: 'secret', expected: 'storage_secret_key', operation: 'edit-account', other: 'create-account', section: '4.4' } },
        ],
      },
      {
        name: 'both names set: remove one, not fixed',
        yaml: 'account:\n  acc_key: ${STORAGE_ACCESS_KEY}\n  storage_access_key: ${STORAGE_ACCESS_KEY}\n',
        findings: [{ messageId: 'bothNames', line: 2, column: 3, data: { name: 'acc_key', expected: 'storage_access_key', operation: 'edit-account', other: 'create-account', section: '4.4' } }],
      },
    ],
  },
});
