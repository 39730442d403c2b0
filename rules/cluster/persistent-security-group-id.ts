import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

const GROUP_ID = /^sg-[0-9a-f]{8}(?:[0-9a-f]{9})?$/i;
const SG = /sg-/i;

export default defineRule({
  id: 'cluster/persistent-security-group-id',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'security_settings.persistent_security_groups gives a security group id (sg-...) where the group name is expected.',
    rationale:
      'Spec 4.11.4: `persistent_security_groups` "overrides account-level groups; give the group name, not its id". A value of the form sg-0123abcd is an id, which the service does not resolve as a name.',
    fix: 'Write the security group\'s name (as shown in the cloud console) instead of its sg-... id.',
  },
  messages: {
    groupId: 'security_settings.persistent_security_groups takes the security group name, not its id; got {{value}}. Write the group\'s name instead',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['security_settings', 'persistent_security_groups'];
    const value = getIn(body, path);
    // (No `sg-`, no group id: the common case, a group name, is not split.)
    if (typeof value !== 'string' || !SG.test(value) || !isKnown(value)) return;
    const id = value.split(',').map((item) => item.trim()).find((item) => GROUP_ID.test(item));
    if (id) report({ messageId: 'groupId', path, data: { value: describeValue(id) } });
  },
  cases: {
    valid: [
      { name: 'a group name', yaml: 'security_settings:\n  persistent_security_groups: etl-cluster-access\n' },
      { name: 'a name that starts with sg', yaml: 'security_settings:\n  persistent_security_groups: sg-analytics-team\n' },
    ],
    invalid: [
      {
        name: 'a group id',
        example: true,
        yaml: 'security_settings:\n  persistent_security_groups: sg-0a1b2c3d\n',
        findings: [{ messageId: 'groupId', line: 2, column: 31, data: { value: '"sg-0a1b2c3d"' } }],
      },
      {
        name: 'a long group id',
        yaml: 'security_settings:\n  persistent_security_groups: sg-0123456789abcdef0\n',
        findings: [{ messageId: 'groupId', line: 2, column: 31, data: { value: '"sg-0123456789abcdef0"' } }],
      },
      {
        name: 'a name, then an id in capitals',
        yaml: 'security_settings:\n  persistent_security_groups: analytics, SG-0A1B2C3D\n',
        findings: [{ messageId: 'groupId', line: 2, column: 31, data: { value: '"SG-0A1B2C3D"' } }],
      },
    ],
  },
});
