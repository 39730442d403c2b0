import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown, isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/availability-zone-in-vpc',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'vm_settings sets a preferred availability zone for a cluster in a VPC.',
    rationale:
      'Spec 4.11.1: `cloud_preferred_availability_zone` "default Any; cannot be set if the cluster is in a VPC". In a VPC the subnet decides the zone. The default value "Any" beside `vpc_id` is not reported: it asks for nothing, and real clients send it.',
    fix: 'Remove cloud_preferred_availability_zone (or set it to "Any"); choose the zone through the subnet in subnet_id instead.',
  },
  messages: {
    zoneInVpc: 'vm_settings.cloud_preferred_availability_zone cannot be set for a cluster in a VPC (vm_settings.vpc_id is {{vpc}}); got {{zone}}. Remove it or set it to "Any"; the subnet decides the zone',
  },
  defaultOptions: {},
  check({ body, report }) {
    const vm = getIn(body, ['vm_settings']);
    if (!isObject(vm)) return;
    const { cloud_preferred_availability_zone: zone, vpc_id: vpc } = vm;
    // A ${VAR} vpc_id still puts the cluster in a VPC; only a blank or null one does not.
    if (isUnset(vpc) || vpc === '' || typeof zone !== 'string' || !isKnown(zone)) return;
    if (zone.trim() === '' || zone.trim().toLowerCase() === 'any') return;
    report({ messageId: 'zoneInVpc', path: ['vm_settings', 'cloud_preferred_availability_zone'], data: { zone: describeValue(zone), vpc: describeValue(vpc) } });
  },
  cases: {
    valid: [
      { name: 'the default Any in a VPC', yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-05cf662e\n  cloud_preferred_availability_zone: Any\n' },
      { name: 'a zone outside a VPC', yaml: 'vm_settings:\n  cloud_region: us-east-1\n  cloud_preferred_availability_zone: us-east-1a\n' },
      { name: 'a blank vpc_id is no VPC', yaml: 'vm_settings:\n  vpc_id: ""\n  cloud_preferred_availability_zone: us-east-1b\n' },
    ],
    invalid: [
      {
        name: 'zone and VPC',
        example: true,
        yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-05cf662e\n  cloud_preferred_availability_zone: us-east-1a\n',
        findings: [{ messageId: 'zoneInVpc', line: 4, column: 38, data: { zone: '"us-east-1a"', vpc: '"vpc-0e2be045"' } }],
      },
      {
        name: 'VPC from a placeholder',
        yaml: 'vm_settings:\n  cloud_preferred_availability_zone: us-west-2c\n  vpc_id: ${VPC_ID}\n',
        findings: [{ messageId: 'zoneInVpc', line: 2, column: 38, data: { zone: '"us-west-2c"', vpc: '"${VPC_ID}"' } }],
      },
    ],
  },
});
