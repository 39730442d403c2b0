import { parseBlock } from '../support/ip-block.js';
import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'allowlist/ip-cidr-all-addresses',
  appliesTo: ['add-whitelist-ip'],
  severity: 'warning',
  docs: {
    summary: 'ip_cidr is a /0 block (0.0.0.0/0, ::/0), which lists every address of its family.',
    rationale:
      'Spec 1: "Once the allow-list is enabled for an account, its users can log in only from listed addresses." A /0 entry lists every address, so logins are allowed from anywhere and the allow-list protects nothing.',
    fix: 'List the public addresses or blocks your users log in from instead. To stop restricting logins, ask support to disable the allow-list (spec 1: "Enabling the allow-list is a support-side action").',
  },
  messages: {
    everyAddress: 'ip_cidr {{value}} lists every {{family}} address: it lets users log in from anywhere and so defeats the allow-list; list the addresses or blocks your users log in from',
  },
  defaultOptions: {},
  check({ body, report }) {
    const text = isObject(body) ? body.ip_cidr : undefined;
    if (typeof text !== 'string' || !isKnown(text)) return;
    const block = parseBlock(text);
    if (block?.prefix !== 0) return;
    report({ messageId: 'everyAddress', path: ['ip_cidr'], data: { value: describeValue(text), family: block.address.kind() === 'ipv4' ? 'IPv4' : 'IPv6' } });
  },
  cases: {
    valid: [
      { name: 'one block', yaml: 'ip_cidr: 81.2.69.0/24\n' },
      { name: 'one IPv6 address', yaml: 'ip_cidr: "2001:4860::8888"\n' },
    ],
    invalid: [
      {
        name: 'every IPv4 address',
        example: true,
        yaml: 'ip_cidr: 0.0.0.0/0\n',
        findings: [{ messageId: 'everyAddress', line: 1, column: 10, data: { value: '"0.0.0.0/0"', family: 'IPv4' } }],
      },
      {
        name: 'every IPv6 address',
        yaml: 'ip_cidr: "::/0"\n',
        findings: [{ messageId: 'everyAddress', line: 1, column: 10, data: { value: '"::/0"', family: 'IPv6' } }],
      },
    ],
  },
});

