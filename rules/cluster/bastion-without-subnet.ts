import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

const BASTION = ['bastion_node_public_dns', 'bastion_node_port', 'bastion_node_user'] as const;

export default defineRule({
  id: 'cluster/bastion-without-subnet',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'vm_settings sets a bastion host but no subnet_id.',
    rationale:
      'Spec 4.11.1: `bastion_node_public_dns` is "only for a private subnet; omit for a public subnet"; `bastion_node_port` and `bastion_node_user` describe the same host. A bastion without a subnet in the body is very probably a cluster outside a private subnet, where the bastion is not used. A warning, not an error: a partial edit may add a bastion to a cluster whose private subnet is already configured.',
    fix: 'Give subnet_id (the private subnet the bastion reaches) in the same vm_settings, or remove the bastion settings if the cluster is in a public subnet.',
  },
  messages: {
    noSubnet: 'vm_settings.{{member}} only applies to a cluster in a private subnet, but vm_settings has no subnet_id; add the private subnet_id, or remove the bastion settings for a public subnet',
  },
  defaultOptions: {},
  check({ body, report }) {
    const vm = getIn(body, ['vm_settings']);
    if (!isObject(vm)) return;
    const subnet = vm.subnet_id;
    if (!isUnset(subnet) && !(typeof subnet === 'string' && subnet.trim() === '')) return;
    for (const member of BASTION) {
      const value = vm[member];
      if (isUnset(value) || (typeof value === 'string' && value.trim() === '')) continue;
      report({ messageId: 'noSubnet', path: ['vm_settings', member], data: { member } });
    }
  },
  cases: {
    valid: [
      {
        name: 'bastion for a private subnet',
        yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-05cf662e\n  bastion_node_public_dns: bastion.example.com\n  bastion_node_port: 22\n  bastion_node_user: vm-user\n',
      },
      { name: 'blank bastion values say nothing', yaml: 'vm_settings:\n  subnet_id: ""\n  bastion_node_public_dns: ""\n' },
      { name: 'no bastion', yaml: 'vm_settings:\n  cloud_region: us-east-1\n' },
    ],
    invalid: [
      {
        name: 'bastion host without a subnet',
        example: true,
        yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  bastion_node_public_dns: bastion.example.com\n',
        findings: [{ messageId: 'noSubnet', line: 3, column: 28, data: { member: 'bastion_node_public_dns' } }],
      },
      {
        name: 'bastion port and user with a null subnet',
        yaml: 'vm_settings:\n  subnet_id: null\n  bastion_node_user: vm-user\n  bastion_node_port: 2222\n',
        findings: [
          { messageId: 'noSubnet', line: 3, column: 22, data: { member: 'bastion_node_user' } },
          { messageId: 'noSubnet', line: 4, column: 22, data: { member: 'bastion_node_port' } },
        ],
      },
    ],
  },
});
