import ipaddr from 'ipaddr.js';
import { parseBlock } from '../support/ip-block.js';
import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'allowlist/ip-cidr-host-bits',
  appliesTo: ['add-whitelist-ip'],
  severity: 'warning',
  hasSuggestions: true,
  docs: {
    summary: 'ip_cidr is a CIDR block whose address has bits set after the prefix (10.1.2.3/24 instead of 10.1.2.0/24).',
    rationale:
      'Spec 4.1: "ip_cidr (string, IPv4 or IPv6 address)". A block is named by its network address; 10.1.2.3/24 is either a single address with a stray prefix or a block written with the wrong address, and servers differ on whether they reject it, mask it, or keep it as written.',
    fix: 'Write the network address the message gives (10.1.2.0/24), or drop the prefix length to list the single address. Both are offered as suggestions, never made by `--fix`: each allows different addresses, and only you know which you meant.',
  },
  messages: {
    hostBits: 'ip_cidr {{value}} has host bits set; the network is {{network}}. Write {{network}}, or drop "/{{prefix}}" to list the single address',
  },
  defaultOptions: {},
  check({ body, report }) {
    const text = isObject(body) ? body.ip_cidr : undefined;
    if (typeof text !== 'string' || !isKnown(text)) return;
    const block = parseBlock(text);
    // A /0 block is allowlist/ip-cidr-all-addresses' finding, whatever address it is written with.
    if (!block || block.prefix === undefined || block.prefix === 0) return;
    const network = block.address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(text) : ipaddr.IPv6.networkAddressFromCIDR(text);
    if (network.toString() === block.address.toString()) return;
    const canonical = `${network.toString()}/${block.prefix}`;
    report({
      messageId: 'hostBits',
      path: ['ip_cidr'],
      data: { value: describeValue(text), network: canonical, prefix: block.prefix },
      suggestions: [
        { kind: 'replaceValue', value: canonical, desc: `Allow the network ${canonical}` },
        { kind: 'replaceValue', value: block.address.toString(), desc: `Allow only the address ${block.address.toString()}` },
      ],
    });
  },
  cases: {
    valid: [
      { name: 'network address', yaml: 'ip_cidr: 81.2.69.0/24\n' },
      { name: 'single address', yaml: 'ip_cidr: 81.2.69.160\n' },
      { name: 'host block', yaml: 'ip_cidr: 81.2.69.160/32\n' },
      { name: 'IPv6 network', yaml: 'ip_cidr: "2001:4860::/32"\n' },
    ],
    invalid: [
      {
        name: 'IPv4 host bits',
        example: true,
        yaml: 'ip_cidr: 81.2.69.160/24\n',
        findings: [
          {
            messageId: 'hostBits',
            line: 1,
            column: 10,
            data: { value: '"81.2.69.160/24"', network: '81.2.69.0/24', prefix: 24 },
            suggestions: [
              { desc: 'Allow the network 81.2.69.0/24', output: 'ip_cidr: 81.2.69.0/24\n' },
              { desc: 'Allow only the address 81.2.69.160', output: 'ip_cidr: 81.2.69.160\n' },
            ],
          },
        ],
      },
      {
        name: 'IPv6 host bits',
        yaml: 'ip_cidr: "2001:4860::8888/32"\n',
        findings: [
          {
            messageId: 'hostBits',
            line: 1,
            column: 10,
            data: { value: '"2001:4860::8888/32"', network: '2001:4860::/32', prefix: 32 },
            suggestions: [
              { desc: 'Allow the network 2001:4860::/32', output: 'ip_cidr: "2001:4860::/32"\n' },
              { desc: 'Allow only the address 2001:4860::8888', output: 'ip_cidr: "2001:4860::8888"\n' },
            ],
          },
        ],
      },
    ],
  },
});

