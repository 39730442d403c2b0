import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isPlaceholder } from '../../src/schema/values.js';

const NOT_ALLOWED = /[^A-Za-z0-9+.\-@=/:_]/;

function badCharacter(text: string): string | undefined {
  const found = NOT_ALLOWED.exec(text)?.[0];
  return found === undefined ? undefined : found === ' ' ? 'a space' : JSON.stringify(found);
}

export default defineRule({
  id: 'cluster/custom-vm-tag-characters',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'A custom_vm_tags key or value holds a character other than ASCII letters, digits and + . - @ = / : _.',
    rationale:
      'Spec 4.11.2: "`custom_vm_tags` rules: keys and values use alphanumerics and the characters + . - @ = / : _ only". Spaces are not in that list. "Alphanumerics" is read as the ASCII letters and digits. Placeholders are not checked: their value is known only at deploy time.',
    fix: 'Replace the character, for example a space by _ or -, or a comma by /.',
  },
  messages: {
    badKey: 'node_configuration.custom_vm_tags key {{key}} contains {{character}}; tag keys may use only ASCII letters (A-Z, a-z), digits and + . - @ = / : _',
    badValue: 'node_configuration.custom_vm_tags.{{key}} value {{value}} contains {{character}}; tag values may use only ASCII letters (A-Z, a-z), digits and + . - @ = / : _',
  },
  defaultOptions: {},
  check({ body, report }) {
    const tags = getIn(body, ['node_configuration', 'custom_vm_tags']);
    if (!isObject(tags)) return;
    for (const key of Object.keys(tags)) {
      const value = tags[key];
      // The bad character first: a placeholder (made of `$` and `{`) is looked for only where there is one.
      const inKey = badCharacter(key);
      const inValue = typeof value === 'string' ? badCharacter(value) : undefined;
      if (inKey === undefined && inValue === undefined) continue;
      const path = ['node_configuration', 'custom_vm_tags', key];
      if (inKey && !isPlaceholder(key)) report({ messageId: 'badKey', path, target: 'key', data: { key: describeValue(key), character: inKey } });
      if (inValue && !isPlaceholder(value)) report({ messageId: 'badValue', path, data: { key, value: describeValue(value), character: inValue } });
    }
  },
  cases: {
    valid: [
      {
        name: 'allowed characters',
        yaml: 'node_configuration:\n  custom_vm_tags:\n    project: web-portal_2\n    owner: john@example.com\n    cost/center: "a+b=c:d.e"\n',
      },
      { name: 'placeholder value', yaml: 'node_configuration:\n  custom_vm_tags:\n    owner: "${OWNER} team"\n' },
    ],
    invalid: [
      {
        name: 'space in a value',
        example: true,
        yaml: 'node_configuration:\n  custom_vm_tags:\n    team: data platform\n',
        findings: [{ messageId: 'badValue', line: 3, column: 11, data: { key: 'team', value: '"data platform"', character: 'a space' } }],
      },
      {
        name: 'bad key and bad value',
        yaml: 'node_configuration:\n  custom_vm_tags:\n    "cost,center": "42"\n    owner: "john#1"\n',
        findings: [
          { messageId: 'badKey', line: 3, column: 5, data: { key: '"cost,center"', character: '","' } },
          { messageId: 'badValue', line: 4, column: 12, data: { key: 'owner', value: '"john#1"', character: '"#"' } },
        ],
      },
    ],
  },
});
