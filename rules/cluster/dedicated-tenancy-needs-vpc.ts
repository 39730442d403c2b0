import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/dedicated-tenancy-needs-vpc',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'vm_settings.instance_tenancy is dedicated but the body puts the cluster in no VPC.',
    rationale:
      'Spec 4.11.1: `instance_tenancy` is "default or dedicated; only in a VPC; dedicated means no shared hardware with other accounts". Dedicated tenancy without `vpc_id` cannot be honoured. `instance_tenancy: default` asks for nothing and is not reported.',
    fix: 'Add the cluster\'s vpc_id (and subnet_id) to vm_settings, or remove instance_tenancy.',
  },
  messages: {
    noVpc: 'vm_settings.instance_tenancy "dedicated" is only possible in a VPC, but vm_settings has no vpc_id; add vpc_id (and subnet_id) or remove instance_tenancy',
  },
  defaultOptions: {},
  check({ body, report }) {
    const vm = getIn(body, ['vm_settings']);
    if (!isObject(vm) || vm.instance_tenancy !== 'dedicated') return;
    if (!isUnset(vm.vpc_id) && vm.vpc_id !== '') return;
    report({ messageId: 'noVpc', path: ['vm_settings', 'instance_tenancy'] });
  },
  cases: {
    valid: [
      { name: 'dedicated in a VPC', yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-05cf662e\n  instance_tenancy: dedicated\n' },
      { name: 'default tenancy anywhere', yaml: 'vm_settings:\n  instance_tenancy: default\n' },
    ],
    invalid: [
      {
        name: 'dedicated without a VPC',
        example: true,
        yaml: 'vm_settings:\n  cloud_region: us-east-1\n  instance_tenancy: dedicated\n',
        findings: [{ messageId: 'noVpc', line: 3, column: 21 }],
      },
      {
        name: 'dedicated with a blank vpc_id',
        yaml: 'vm_settings:\n  vpc_id: ""\n  instance_tenancy: dedicated\n',
        findings: [{ messageId: 'noVpc', line: 3, column: 21 }],
      },
    ],
  },
});
