import type ipaddr from 'ipaddr.js';
import { defineRule } from '../../src/define-rule.js';
import type { Located } from '../../src/types.js';
import { parseBlock, prefixOf } from '../support/ip-block.js';
import { claimant } from '../support/rule-helpers.js';

const ALLOW = '# dplint: operation=add-whitelist-ip\n';

export default defineRule({
  id: 'repository/duplicate-allow-list-entry',
  stage: 'repository',
  severity: 'warning',
  docs: {
    summary: 'An allow-list entry repeats another entry (of another file, or of another document of its stream), or lies inside another entry’s CIDR block.',
    rationale: 'Spec 4.1 adds one address or block per request (`ip_cidr`, "IPv4 or IPv6 address"); an entry inside another block allows nothing new, and removing one of them later will not revoke the access it seems to.',
    fix: 'Remove the entry that is covered, or narrow the wider block.',
  },
  messages: {
    repeats: 'ip_cidr {{value}} repeats the entry in {{file}}; remove one of them',
    inside: 'ip_cidr {{value}} lies inside {{block}} from {{file}}, which already allows it',
  },
  checkFacts(report) {
    const blocks: Array<{ file: string; at: Located; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }> = [];
    return {
      file(name, fact) {
        for (const at of fact.ipBlocks ?? []) {
          const block = parseBlock(String(at.value));
          if (block) blocks.push({ file: name, at, range: [block.address, prefixOf(block)] });
        }
      },
      end() {
        for (const entry of blocks) {
          for (const other of blocks) {
            if (other === entry) continue;
            const [address, bits] = entry.range;
            const [otherAddress, otherBits] = other.range;
            if (address.kind() !== otherAddress.kind() || bits < otherBits || !address.match(otherAddress, otherBits)) continue;
            const same = bits === otherBits;
            // Two identical entries: report the later file (or document) only, so one removal resolves it.
            if (same && (entry.file < other.file || (entry.file === other.file && (entry.at.document ?? 0) < (other.at.document ?? 0)))) continue;
            const value = JSON.stringify(entry.at.value);
            const file = claimant(other.file, other.at.document);
            if (same) report(entry.file, 'repeats', () => ({ value, file }), entry.at);
            else report(entry.file, 'inside', () => ({ value, block: JSON.stringify(other.at.value), file }), entry.at);
            break;
          }
        }
      },
    };
  },
  cases: {
    valid: [
      { name: 'disjoint blocks', yaml: `${ALLOW}ip_cidr: 81.2.69.160/28\n`, otherFiles: { 'allow-list/vpn.yaml': `${ALLOW}ip_cidr: 10.0.0.0/8\n` } },
      { name: 'the wider block is not inside the narrower one', yaml: `${ALLOW}ip_cidr: 81.2.69.160/28\n`, otherFiles: { 'allow-list/desk.yaml': `${ALLOW}ip_cidr: 81.2.69.161\n` } },
    ],
    invalid: [
      {
        name: 'an address inside another file’s block',
        example: true,
        yaml: `${ALLOW}ip_cidr: 81.2.69.161\n`,
        otherFiles: { 'allow-list/office.yaml': `${ALLOW}ip_cidr: 81.2.69.160/28\n` },
        findings: [{ messageId: 'inside', line: 2, column: 10, data: { value: '"81.2.69.161"', block: '"81.2.69.160/28"', file: 'allow-list/office.yaml' } }],
      },
      {
        // Of two identical entries only the later file (by name) is reported, so one removal resolves it.
        name: 'the same block as another file',
        filename: 'allow-list/office2.yaml',
        yaml: `${ALLOW}ip_cidr: 81.2.69.160/28\n`,
        otherFiles: { 'allow-list/office.yaml': `${ALLOW}ip_cidr: 81.2.69.160/28\n` },
        findings: [{ messageId: 'repeats', line: 2, column: 10, data: { value: '"81.2.69.160/28"', file: 'allow-list/office.yaml' } }],
      },
      {
        // Each document of a stream is a request of its own: the later document is reported.
        name: 'the same block in two documents of one stream',
        filename: 'allow-list/office.yaml',
        yaml: `${ALLOW}ip_cidr: 81.2.69.160/28\n---\nip_cidr: 81.2.69.160/28\n`,
        findings: [{ messageId: 'repeats', line: 4, column: 10, data: { value: '"81.2.69.160/28"', file: 'allow-list/office.yaml (document 0)' } }],
      },
    ],
  },
});
