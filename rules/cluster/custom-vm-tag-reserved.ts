import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue } from '../../src/schema/values.js';

type Options = { reservedKeys: string[]; reservedPrefixes: string[] };

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A tag's path: made only for a finding, not for every tag. */
const tagPath = (key: string): string[] => ['node_configuration', 'custom_vm_tags', key];

export default defineRule<'reservedKey' | 'reservedPrefix', Options>({
  id: 'cluster/custom-vm-tag-reserved',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'A custom_vm_tags key is reserved: alias, the vendor-name tag, or a key beginning with the cloud provider\'s reserved prefix.',
    rationale:
      'Spec 4.11.2: "the vendor-name tag, `alias`, and keys beginning with the cloud provider\'s reserved prefix are reserved". The spec names neither the vendor nor the prefix, so both are options: `reservedKeys` (default `alias`, `Qubole`, `qubole`: the vendor reserves its name in both spellings) match exactly; `reservedPrefixes` (default `aws:`, the prefix the provider reserves in any mix of upper and lower case) match regardless of case. Set them in the config file for another vendor or provider.',
    fix: 'Rename the tag key, for example `alias` to `cluster_alias`, or drop the reserved prefix.',
  },
  messages: {
    reservedKey: 'node_configuration.custom_vm_tags key {{key}} is reserved by the platform; choose another key',
    reservedPrefix: 'node_configuration.custom_vm_tags key {{key}} begins with the reserved prefix {{prefix}} of the cloud provider; choose a key without it',
  },
  defaultOptions: { reservedKeys: ['alias', 'Qubole', 'qubole'], reservedPrefixes: ['aws:'] },
  check({ body, options, report }) {
    const tags = getIn(body, ['node_configuration', 'custom_vm_tags']);
    if (!isObject(tags)) return;
    // A few keys and prefixes: looked through in place, nothing built for them per file.
    const keys = strings(options.reservedKeys);
    const prefixes = strings(options.reservedPrefixes).filter((prefix) => prefix !== '');
    for (const key of Object.keys(tags)) {
      if (keys.includes(key)) {
        report({ messageId: 'reservedKey', path: tagPath(key), target: 'key', data: { key: describeValue(key) } });
        continue;
      }
      if (prefixes.length === 0) continue;
      const lower = key.toLowerCase();
      const prefix = prefixes.find((p) => lower.startsWith(p.toLowerCase()));
      if (prefix !== undefined) report({ messageId: 'reservedPrefix', path: tagPath(key), target: 'key', data: { key: describeValue(key), prefix: describeValue(prefix) } });
    }
  },
  cases: {
    valid: [
      { name: 'ordinary keys', yaml: 'node_configuration:\n  custom_vm_tags:\n    project: webportal\n    cluster_alias: etl\n' },
      {
        name: 'defaults replaced by options',
        yaml: 'node_configuration:\n  custom_vm_tags:\n    alias: etl\n    aws:team: data\n',
        options: { reservedKeys: ['Vendor'], reservedPrefixes: ['gcp:'] },
      },
    ],
    invalid: [
      {
        name: 'alias',
        example: true,
        yaml: 'node_configuration:\n  custom_vm_tags:\n    alias: etl\n',
        findings: [{ messageId: 'reservedKey', line: 3, column: 5, data: { key: '"alias"' } }],
      },
      {
        name: 'vendor name and provider prefix in upper case',
        yaml: 'node_configuration:\n  custom_vm_tags:\n    Qubole: "yes"\n    AWS:createdBy: me\n',
        findings: [
          { messageId: 'reservedKey', line: 3, column: 5, data: { key: '"Qubole"' } },
          { messageId: 'reservedPrefix', line: 4, column: 5, data: { key: '"AWS:createdBy"', prefix: '"aws:"' } },
        ],
      },
      {
        name: 'configured vendor key',
        yaml: 'node_configuration:\n  custom_vm_tags:\n    Vendor: x\n',
        options: { reservedKeys: ['Vendor'], reservedPrefixes: [] },
        findings: [{ messageId: 'reservedKey', line: 3, column: 5, data: { key: '"Vendor"' } }],
      },
    ],
  },
});
