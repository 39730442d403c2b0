import ipaddr from 'ipaddr.js';
import { parseBlock } from '../support/ip-block.js';
import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

/**
 * Address ranges no login from the internet comes from (IANA special-purpose registries, RFC 6890
 * and its successors). Carrier-grade NAT (RFC 6598) is here: the service sees the ISP's public
 * address, never the 100.64/10 one. Broadcast precedes 240/4, which contains it. Parsed the first
 * time an allow-list entry is checked, not when the rules load: most runs check none.
 */
const RANGES = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT (shared address)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved (IETF protocol assignments)'],
  ['192.0.2.0/24', 'reserved (documentation)'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved (benchmarking)'],
  ['198.51.100.0/24', 'reserved (documentation)'],
  ['203.0.113.0/24', 'reserved (documentation)'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved (future use)'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['100::/64', 'reserved (discard-only)'],
  ['2001:2::/48', 'reserved (benchmarking)'],
  ['2001:db8::/32', 'reserved (documentation)'],
  ['3fff::/20', 'reserved (documentation)'],
  ['fc00::/7', 'unique-local (private)'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (private, deprecated)'],
  ['ff00::/8', 'multicast'],
] as const;

let parsedRanges: Array<{ block: string; name: string; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }> | undefined;

function specialRanges() {
  return (parsedRanges ??= RANGES.map(([block, name]) => ({ block, name, range: ipaddr.parseCIDR(block) })));
}

export default defineRule({
  id: 'allowlist/ip-cidr-special-range',
  appliesTo: ['add-whitelist-ip'],
  severity: 'warning',
  docs: {
    summary: 'ip_cidr lies in a private, loopback, link-local, unspecified, multicast, carrier-grade NAT or reserved range, which no login from the internet comes from.',
    rationale:
      'Spec 1: "Once the allow-list is enabled for an account, its users can log in only from listed addresses." The service sees the public address a login comes from; an address in 10.0.0.0/8, 127.0.0.0/8, fe80::/10 and the like is never that address, so the entry lets nobody in while the intended users stay locked out. A warning, not an error: it is right only when users reach the service over a private link that keeps their internal addresses.',
    fix: 'List the public address or block your users log in from (your office or VPN egress address; "what is my IP" services show it).',
  },
  messages: {
    specialRange:
      'ip_cidr {{value}} is in the {{range}} range {{block}}, not a public internet address: logins reach the service from public addresses, so this entry very probably lets nobody in; list the public address or block your users log in from',
  },
  defaultOptions: {},
  check({ body, report }) {
    const text = isObject(body) ? body.ip_cidr : undefined;
    if (typeof text !== 'string' || !isKnown(text)) return;
    const block = parseBlock(text);
    if (!block) return;
    const bits = block.prefix ?? (block.address.kind() === 'ipv4' ? 32 : 128);
    const special = specialRanges().find(({ range: [network, rangeBits] }) => network.kind() === block.address.kind() && bits >= rangeBits && block.address.match(network, rangeBits));
    if (special) report({ messageId: 'specialRange', path: ['ip_cidr'], data: { value: describeValue(text), range: special.name, block: special.block } });
  },
  cases: {
    valid: [
      { name: 'public IPv4 address', yaml: 'ip_cidr: 8.8.8.8\n' },
      { name: 'public IPv6 block', yaml: 'ip_cidr: "2001:4860::/32"\n' },
      { name: 'public block around a private range is not inside it', yaml: 'ip_cidr: 8.0.0.0/7\n' },
      { name: 'every address is another rule', yaml: 'ip_cidr: 0.0.0.0/0\n' },
    ],
    invalid: [
      {
        name: 'private address',
        example: true,
        yaml: 'ip_cidr: 192.168.1.10\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"192.168.1.10"', range: 'private', block: '192.168.0.0/16' } }],
      },
      {
        name: 'private block',
        yaml: 'ip_cidr: 10.0.0.0/8\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"10.0.0.0/8"', range: 'private', block: '10.0.0.0/8' } }],
      },
      {
        name: 'carrier-grade NAT',
        yaml: 'ip_cidr: 100.64.0.1\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"100.64.0.1"', range: 'carrier-grade NAT (shared address)', block: '100.64.0.0/10' } }],
      },
      {
        name: 'IPv6 loopback',
        yaml: 'ip_cidr: "::1"\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"::1"', range: 'loopback', block: '::1/128' } }],
      },
      {
        name: 'IPv6 link-local',
        yaml: 'ip_cidr: "fe80::1"\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"fe80::1"', range: 'link-local', block: 'fe80::/10' } }],
      },
      {
        name: 'documentation range',
        yaml: 'ip_cidr: 203.0.113.0/24\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"203.0.113.0/24"', range: 'reserved (documentation)', block: '203.0.113.0/24' } }],
      },
      {
        name: 'broadcast',
        yaml: 'ip_cidr: 255.255.255.255\n',
        findings: [{ messageId: 'specialRange', line: 1, column: 10, data: { value: '"255.255.255.255"', range: 'broadcast', block: '255.255.255.255/32' } }],
      },
    ],
  },
});

