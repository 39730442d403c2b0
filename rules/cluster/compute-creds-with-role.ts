import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/compute-creds-with-role',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'vm_settings asks for the account compute credentials while naming an IAM role profile.',
    rationale:
      'Spec 4.11.1: `use_account_compute_creds` "true uses the account compute credentials for all its clusters; unsupported on IAM-role accounts"; `role_instance_profile` is a "user-defined role name in a dual-role configuration; overrides the account-level role". Whether the account is IAM-role based cannot be seen from the body alone, but a role profile in the same vm_settings says it is, so the two together are very probably a mistake. Without role_instance_profile nothing is reported.',
    fix: 'On an IAM-role account, remove use_account_compute_creds (or set it to false) and let the role give access; on a key-based account, remove role_instance_profile.',
  },
  messages: {
    withRole:
      'vm_settings.use_account_compute_creds is unsupported on IAM-role accounts, and vm_settings.role_instance_profile {{role}} says this is one; set use_account_compute_creds to false or remove role_instance_profile',
  },
  defaultOptions: {},
  check({ body, report }) {
    const vm = getIn(body, ['vm_settings']);
    if (!isObject(vm) || vm.use_account_compute_creds !== true) return;
    const role = vm.role_instance_profile;
    if (isUnset(role) || (typeof role === 'string' && role.trim() === '')) return;
    report({ messageId: 'withRole', path: ['vm_settings', 'use_account_compute_creds'], data: { role: describeValue(role) } });
  },
  cases: {
    valid: [
      { name: 'account credentials without a role', yaml: 'vm_settings:\n  use_account_compute_creds: true\n' },
      { name: 'a role without account credentials', yaml: 'vm_settings:\n  role_instance_profile: etl-cluster-role\n  use_account_compute_creds: false\n' },
      { name: 'a blank role', yaml: 'vm_settings:\n  role_instance_profile: ""\n  use_account_compute_creds: true\n' },
    ],
    invalid: [
      {
        name: 'both',
        example: true,
        yaml: 'vm_settings:\n  role_instance_profile: etl-cluster-role\n  use_account_compute_creds: true\n',
        findings: [{ messageId: 'withRole', line: 3, column: 30, data: { role: '"etl-cluster-role"' } }],
      },
    ],
  },
});
