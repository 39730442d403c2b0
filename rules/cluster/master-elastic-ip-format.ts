import ipaddr from 'ipaddr.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/master-elastic-ip-format',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'vm_settings.master_elastic_ip is not one IP address.',
    rationale:
      'Spec 4.11.1: `master_elastic_ip` is the "static IP attached to the master". A static IP is one address: an IPv4 address in four decimal parts or an IPv6 address (the spec says "IP" and names no family, so both are taken); a host name, a CIDR range or a partial address cannot be attached. A blank value means "none" and is not reported.',
    fix: 'Write the static IP allocated to the account as one address, for example 203.0.113.10 or 2001:db8::10, without a /prefix.',
  },
  messages: {
    notAnAddress: 'vm_settings.master_elastic_ip must be one IP address, such as 203.0.113.10 or 2001:db8::10; got {{value}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const value = getIn(body, ['vm_settings', 'master_elastic_ip']);
    if (typeof value !== 'string' || !isKnown(value) || value === '') return;
    if (ipaddr.IPv4.isValidFourPartDecimal(value) || (!value.includes('%') && ipaddr.IPv6.isValid(value))) return;
    report({ messageId: 'notAnAddress', path: ['vm_settings', 'master_elastic_ip'], data: { value: describeValue(value) } });
  },
  cases: {
    valid: [
      { name: 'an IPv4 address', yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.10\n' },
      { name: 'an IPv6 address: the spec says "static IP", of no family', yaml: 'vm_settings:\n  master_elastic_ip: "2001:db8::10"\n' },
      { name: 'blank means none', yaml: 'vm_settings:\n  master_elastic_ip: ""\n' },
      { name: 'placeholder', yaml: 'vm_settings:\n  master_elastic_ip: ${MASTER_IP}\n' },
    ],
    invalid: [
      {
        name: 'a CIDR range',
        example: true,
        yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.10/32\n',
        findings: [{ messageId: 'notAnAddress', line: 2, column: 22, data: { value: '"203.0.113.10/32"' } }],
      },
      {
        name: 'an out-of-range part',
        yaml: 'vm_settings:\n  master_elastic_ip: 203.0.113.300\n',
        findings: [{ messageId: 'notAnAddress', line: 2, column: 22, data: { value: '"203.0.113.300"' } }],
      },
      {
        name: 'an IPv6 block',
        yaml: 'vm_settings:\n  master_elastic_ip: "2001:db8::/64"\n',
        findings: [{ messageId: 'notAnAddress', line: 2, column: 22, data: { value: '"2001:db8::/64"' } }],
      },
      {
        name: 'a host name',
        yaml: 'vm_settings:\n  master_elastic_ip: master.example.com\n',
        findings: [{ messageId: 'notAnAddress', line: 2, column: 22, data: { value: '"master.example.com"' } }],
      },
    ],
  },
});
