import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

const SUBNET_ID = /^subnet-[0-9a-f]+$/i;
/** Every item an id, with no space or empty item: the common case, with nothing to report. */
const SUBNET_IDS = /^subnet-[0-9a-f]+(?:,subnet-[0-9a-f]+)*$/i;

export default defineRule({
  id: 'cluster/subnet-id-format',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  fixable: true,
  docs: {
    summary: 'vm_settings.subnet_id has an empty item, spaces around an item, or an item that does not look like a subnet id.',
    rationale:
      'Spec 4.11.1: `subnet_id` holds the "subnet(s) in the VPC, public or private; several as one comma-separated string". An empty item (a doubled or trailing comma), spaces around a comma, or a subnet name instead of its id (`subnet-` followed by hexadecimal digits) are very probably mistakes the service will not resolve.',
    fix: 'Write the subnet ids separated by commas only, for example "subnet-0a1b2c3d,subnet-4e5f6a7b". `dplint --fix` removes empty items and the spaces around items.',
  },
  messages: {
    emptyItem: 'vm_settings.subnet_id item {{index}} is empty in {{value}}; separate subnet ids with single commas and no trailing comma',
    spaces: 'vm_settings.subnet_id item {{index}} has spaces around it in {{value}}; write the ids separated by commas only, for example "subnet-0a1b2c3d,subnet-4e5f6a7b"',
    notSubnetId: 'vm_settings.subnet_id item {{index}} {{item}} does not look like a subnet id ("subnet-" and hexadecimal digits); give the subnet\'s id, not its name',
  },
  defaultOptions: {},
  check({ body, report }) {
    const value = getIn(body, ['vm_settings', 'subnet_id']);
    // A blank subnet_id means "no subnet" and is left alone.
    if (typeof value !== 'string' || !isKnown(value) || value.trim() === '' || SUBNET_IDS.test(value)) return;
    const path = ['vm_settings', 'subnet_id'];
    // Dropping empty items and spaces leaves exactly the ids that were written; every such finding carries this one edit.
    const tidy = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .join(',');
    const fix = tidy === '' ? undefined : ({ kind: 'replaceValue', value: tidy } as const);
    value.split(',').forEach((item, i) => {
      const index = i + 1;
      const trimmed = item.trim();
      if (trimmed === '') report({ messageId: 'emptyItem', path, data: { index, value: describeValue(value) }, fix });
      else if (trimmed !== item) report({ messageId: 'spaces', path, data: { index, value: describeValue(value) }, fix });
      else if (!SUBNET_ID.test(item)) report({ messageId: 'notSubnetId', path, data: { index, item: describeValue(item) } });
    });
  },
  cases: {
    valid: [
      { name: 'one subnet', yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-05cf662ed46f9cde8\n' },
      { name: 'several subnets', yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: subnet-0a1b2c3d,subnet-4e5f6a7b\n' },
      { name: 'ids in capitals', yaml: 'vm_settings:\n  vpc_id: vpc-0e2be045\n  subnet_id: SUBNET-0A1B2C3D,Subnet-4e5f6a7b\n' },
      { name: 'blank means no subnet', yaml: 'vm_settings:\n  subnet_id: ""\n' },
    ],
    invalid: [
      {
        name: 'trailing comma and spaces',
        example: true,
        yaml: 'vm_settings:\n  subnet_id: "subnet-0a1b2c3d, subnet-4e5f6a7b,"\n',
        output: 'vm_settings:\n  subnet_id: "subnet-0a1b2c3d,subnet-4e5f6a7b"\n',
        findings: [
          { messageId: 'spaces', line: 2, column: 14, data: { index: 2, value: '"subnet-0a1b2c3d, subnet-4e5f6a7b,"' } },
          { messageId: 'emptyItem', line: 2, column: 14, data: { index: 3, value: '"subnet-0a1b2c3d, subnet-4e5f6a7b,"' } },
        ],
      },
      {
        name: 'a subnet name',
        yaml: 'vm_settings:\n  subnet_id: private-a\n',
        findings: [{ messageId: 'notSubnetId', line: 2, column: 14, data: { index: 1, item: '"private-a"' } }],
      },
      {
        name: 'an id, then a name',
        yaml: 'vm_settings:\n  subnet_id: SUBNET-0A1B2C3D,subnet-private\n',
        findings: [{ messageId: 'notSubnetId', line: 2, column: 14, data: { index: 2, item: '"subnet-private"' } }],
      },
    ],
  },
});
