import ipaddr from 'ipaddr.js';
import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { describeValue, isPlaceholder, isUnset, withoutPlaceholders } from '../../src/schema/values.js';

type Problem = { messageId: 'notAnAddress' | 'ipv4Parts' | 'badOctet' | 'badIpv6' | 'badPrefix'; data?: Record<string, string | number> };

const DECIMAL = /^(0|[1-9]\d*)$/;

export default defineRule({
  id: 'allowlist/ip-cidr-syntax',
  appliesTo: ['add-whitelist-ip'],
  severity: 'error',
  docs: {
    summary: 'ip_cidr is not a valid IPv4 or IPv6 address or CIDR block.',
    rationale:
      'Spec 4.1: "Body: ip_cidr (string, IPv4 or IPv6 address)"; spec 1: once the allow-list is enabled, "its users can log in only from listed addresses". An entry that is not an address lists nobody.',
    fix: 'Write one address (203.0.113.7, 2001:db8::7) or one CIDR block (203.0.113.0/24, 2001:db8::/48): four decimal octets from 0 to 255 without leading zeros for IPv4, groups of hex digits with at most one "::" for IPv6, and a prefix length up to 32 (IPv4) or 128 (IPv6). Host names, netmasks and zone indexes are not addresses. Where the address is a placeholder (${OFFICE_IP}/24), the prefix written after it is still checked: against 32 when the text around the placeholder shows an IPv4 address, else against 128 (the variable may hold an IPv6 address).',
  },
  messages: {
    notAnAddress: 'ip_cidr must be an IPv4 or IPv6 address or CIDR block, such as 203.0.113.7 or 2001:db8::/48; got {{value}}',
    ipv4Parts: 'ip_cidr {{value}} is not a valid IPv4 address: it has {{count}} dot-separated numbers; an IPv4 address has 4',
    badOctet: 'ip_cidr {{value}} is not a valid IPv4 address: octet "{{octet}}" must be a whole number from 0 to 255 without leading zeros',
    badIpv6: 'ip_cidr {{value}} is not a valid IPv6 address: write up to eight groups of 1 to 4 hex digits separated by ":", with at most one "::" and no zone index (%)',
    badPrefix: 'ip_cidr {{value}}: the prefix length after "/" must be a whole number from 0 to {{max}} for an {{family}} block; got "{{prefix}}"',
  },
  defaultOptions: {},
  check({ body, report }) {
    const text = isObject(body) ? body.ip_cidr : undefined;
    if (typeof text !== 'string' || isUnset(text)) return;
    const problem = isPlaceholder(text) ? prefixProblem(text) : syntaxProblem(text);
    if (problem) report({ messageId: problem.messageId, path: ['ip_cidr'], data: { value: describeValue(text), ...problem.data } });
  },
  cases: {
    valid: [
      { name: 'IPv4 address', yaml: 'ip_cidr: 81.2.69.160\n' },
      { name: 'IPv4 block', yaml: 'ip_cidr: 81.2.69.0/24\n' },
      { name: 'IPv6 block', yaml: 'ip_cidr: "2001:4860::/32"\n' },
      { name: 'IPv6 address with embedded IPv4', yaml: 'ip_cidr: "2a00:1450::81.2.69.160"\n' },
      { name: 'placeholder', yaml: 'ip_cidr: ${OFFICE_CIDR}\n' },
      { name: 'a placeholder address with its prefix', yaml: 'ip_cidr: ${OFFICE_IP}/24\n' },
      { name: 'a placeholder address may be IPv6: /33 is a prefix IPv6 has', yaml: 'ip_cidr: ${OFFICE_IP}/33\n' },
      { name: 'a placeholder prefix', yaml: 'ip_cidr: 81.2.69.0/${BITS}\n' },
    ],
    invalid: [
      {
        name: 'octet above 255',
        example: true,
        yaml: 'ip_cidr: 1.2.3.256\n',
        findings: [{ messageId: 'badOctet', line: 1, column: 10, data: { value: '"1.2.3.256"', octet: '256' } }],
      },
      {
        name: 'leading zero',
        yaml: 'ip_cidr: 10.01.2.3\n',
        findings: [{ messageId: 'badOctet', line: 1, column: 10, data: { value: '"10.01.2.3"', octet: '01' } }],
      },
      {
        name: 'three octets',
        yaml: 'ip_cidr: 10.1.2\n',
        findings: [{ messageId: 'ipv4Parts', line: 1, column: 10, data: { value: '"10.1.2"', count: 3 } }],
      },
      {
        name: 'IPv4 prefix above 32',
        example: true,
        yaml: 'ip_cidr: 1.2.3.4/33\n',
        findings: [{ messageId: 'badPrefix', line: 1, column: 10, data: { value: '"1.2.3.4/33"', max: 32, family: 'IPv4', prefix: '33' } }],
      },
      {
        name: 'a prefix beside a placeholder is still checked: above 128',
        yaml: 'ip_cidr: ${OFFICE_IP}/129\n',
        findings: [{ messageId: 'badPrefix', line: 1, column: 10, data: { value: '"${OFFICE_IP}/129"', max: 128, family: 'IPv4 or IPv6', prefix: '129' } }],
      },
      {
        name: 'a prefix beside a placeholder in an IPv4 address: above 32',
        yaml: 'ip_cidr: 10.${SITE}.0.0/33\n',
        findings: [{ messageId: 'badPrefix', line: 1, column: 10, data: { value: '"10.${SITE}.0.0/33"', max: 32, family: 'IPv4', prefix: '33' } }],
      },
      {
        name: 'IPv6 prefix above 128',
        yaml: 'ip_cidr: "2001:db8::/129"\n',
        findings: [{ messageId: 'badPrefix', line: 1, column: 10, data: { value: '"2001:db8::/129"', max: 128, family: 'IPv6', prefix: '129' } }],
      },
      {
        name: 'netmask instead of a prefix length',
        yaml: 'ip_cidr: 10.1.2.0/255.255.255.0\n',
        findings: [{ messageId: 'badPrefix', line: 1, column: 10, data: { value: '"10.1.2.0/255.255.255.0"', max: 32, family: 'IPv4', prefix: '255.255.255.0' } }],
      },
      {
        name: 'two double colons',
        yaml: 'ip_cidr: "2001::db8::1"\n',
        findings: [{ messageId: 'badIpv6', line: 1, column: 10, data: { value: '"2001::db8::1"' } }],
      },
      {
        name: 'zone index',
        yaml: 'ip_cidr: "fe80::1%eth0"\n',
        findings: [{ messageId: 'badIpv6', line: 1, column: 10, data: { value: '"fe80::1%eth0"' } }],
      },
      {
        name: 'host name',
        yaml: 'ip_cidr: office.example.com\n',
        findings: [{ messageId: 'notAnAddress', line: 1, column: 10, data: { value: '"office.example.com"' } }],
      },
      {
        name: 'empty string',
        yaml: 'ip_cidr: ""\n',
        findings: [{ messageId: 'notAnAddress', line: 1, column: 10, data: { value: '""' } }],
      },
    ],
  },
});

/**
 * A block whose address is a placeholder still has its prefix length as written (`${OFFICE}/24`):
 * it is checked against the family the literal text shows (a "." for IPv4, a ":" for IPv6), and
 * against IPv6's 128 where the placeholder is the whole address (`${IP}/33` may be an IPv6 block).
 */
function prefixProblem(text: string): Problem | undefined {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return undefined;
  const prefix = text.slice(slash + 1);
  if (isPlaceholder(prefix)) return undefined;
  const address = withoutPlaceholders(text.slice(0, slash));
  const family = address.includes(':') ? 'IPv6' : address.includes('.') ? 'IPv4' : undefined;
  const max = family === 'IPv4' ? 32 : 128;
  if (DECIMAL.test(prefix) && Number(prefix) <= max) return undefined;
  return { messageId: 'badPrefix', data: { prefix, max, family: family ?? 'IPv4 or IPv6' } };
}

/** The first thing wrong with the text, most specific first; undefined when it is a well-formed address or block. */
function syntaxProblem(text: string): Problem | undefined {
  const [address, prefix, ...extra] = text.split('/');
  if (extra.length > 0) return { messageId: 'notAnAddress' };
  let family: 'IPv4' | 'IPv6';
  if (/^[\d.]+$/.test(address)) {
    const octets = address.split('.');
    if (octets.length !== 4) return { messageId: 'ipv4Parts', data: { count: octets.length } };
    const bad = octets.find((octet) => !DECIMAL.test(octet) || Number(octet) > 255);
    if (bad !== undefined) return { messageId: 'badOctet', data: { octet: bad } };
    family = 'IPv4';
  } else if (address.includes(':')) {
    if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return { messageId: 'badIpv6' };
    family = 'IPv6';
  } else {
    return { messageId: 'notAnAddress' };
  }
  const max = family === 'IPv4' ? 32 : 128;
  if (prefix !== undefined && (!DECIMAL.test(prefix) || Number(prefix) > max)) return { messageId: 'badPrefix', data: { prefix, max, family } };
  return undefined;
}
