import ipaddr from 'ipaddr.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/master-elastic-ip-format',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'vm_settings.master_elastic_ip is not an IPv4 address.',
    rationale:
      'Spec 4.11.1: `master_elastic_ip` is the "static IP attached to the master". A static (elastic) IP is a single IPv4 address written in four decimal parts; a host name, a CIDR range or a partial address cannot be attached. A blank value means "none" and is not reported.',
    fix: 'Write the elastic IP allocated to the account as four decimal numbers, for example 203.0.113.10, without a /prefix.',
  },
  messages: {
    notIpv4: 'vm_settings.master_elastic_ip must be an IPv4 address in four decimal parts, such as 203.0.113.10; got {{value}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const value = getIn(body, ['vm_settings', 'master_elastic_ip']);
    if (typeof value !== 'string' || !isKnown(value) || value === '') return;
    if (ipaddr.IPv4.isValidFourPartDecimal(value)) return;
    report({ messageId: 'notIpv4', path: ['vm_settings', 'master_elastic_ip'], data: { value: describeValue(value) } });
  },
  cases: {
    valid: [
      { name: 'an IPv4 address', yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.10\n' },
      { name: 'blank means none', yaml: 'vm_settings:\n  master_elastic_ip: ""\n' },
      { name: 'placeholder', yaml: 'vm_settings:\n  master_elastic_ip: ${MASTER_IP}\n' },
    ],
    invalid: [
      {
        name: 'a CIDR range',
        example: true,
        yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.10/32\n',
        findings: [{ messageId: 'notIpv4', line: 2, column: 22, data: { value: '"203.0.113.10/32"' } }],
      },
      {
        name: 'an out-of-range part',
        yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.300\n',
        findings: [{ messageId: 'notIpv4', line: 2, column: 22, data: { value: '"203.0.113.300"' } }],
      },
      {
        name: 'a host name',
        yaml: 'vm_settings:\n  master_elastic_ip: master.example.com\n',
        findings: [{ messageId: 'notIpv4', line: 2, column: 22, data: { value: '"master.example.com"' } }],
      },
    ],
  },
});
