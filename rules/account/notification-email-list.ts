import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

/** name@domain.tld in plain ASCII: no display names, quoted local parts or IP-literal domains. */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export default defineRule({
  id: 'account/notification-email-list',
  appliesTo: ['edit-account'],
  severity: 'error',
  docs: {
    summary: 'account.notification_email_list holds an item that is not an e-mail address.',
    rationale:
      'Spec 4.4: notification_email_list is "e-mail addresses": "recipients of notices about settings changes"; spec 6: "The only notification mentioned is e-mail to the addresses in notification_email_list on settings changes". The spec names no JSON type, so dplint takes a comma-separated string and a list of addresses alike (see the schema); an item that is not an address gets no notice, so a settings change can go unnoticed.',
    fix: 'Write the addresses as name@example.com, separated by commas ("ops@example.com, admin@example.com") or as a list ([ops@example.com, admin@example.com]), one address an item. No display names ("Ops <ops@example.com>"), no semicolons.',
  },
  messages: {
    badAddress: 'account.notification_email_list item {{index}}, {{address}}, is not an e-mail address; write name@domain, e.g. ops@example.com',
    wrongSeparator: 'account.notification_email_list item {{index}}, {{address}}, holds several addresses; separate addresses with commas, not semicolons or spaces',
    emptyItem: 'account.notification_email_list item {{index}} is empty; remove the extra comma',
  },
  defaultOptions: {},
  check({ body, report }) {
    const list = getIn(body, ['account', 'notification_email_list']);
    const path = ['account', 'notification_email_list'];
    // A list of addresses: each item one address, reported at the item (a wrong item type is the schema's).
    if (Array.isArray(list)) {
      list.forEach((item, i) => {
        if (typeof item === 'string') check(item, i + 1, [...path, i]);
      });
      return;
    }
    // An empty string (or list) is a way to clear the recipients, not a bad address.
    if (typeof list !== 'string' || list.trim() === '') return;
    list.split(',').forEach((item, i) => check(item, i + 1, path));

    function check(item: string, index: number, at: Array<string | number>): void {
      const address = item.trim();
      if (!isKnown(address) || EMAIL.test(address)) return;
      if (address === '') report({ messageId: 'emptyItem', path: at, data: { index } });
      else if (address.split(/[;\s]+/).every((part) => EMAIL.test(part))) report({ messageId: 'wrongSeparator', path: at, data: { index, address: describeValue(address) } });
      else report({ messageId: 'badAddress', path: at, data: { index, address: describeValue(address) } });
    }
  },
  cases: {
    valid: [
      { name: 'one address', yaml: 'account:\n  notification_email_list: ops@example.com\n' },
      { name: 'several addresses', yaml: 'account:\n  notification_email_list: "ops@example.com, data.team+alerts@mail.example.co.uk"\n' },
      { name: 'placeholder item', yaml: 'account:\n  notification_email_list: "ops@example.com,${ONCALL_EMAIL}"\n' },
      { name: 'cleared', yaml: 'account:\n  notification_email_list: ""\n' },
      { name: 'a list of addresses', yaml: 'account:\n  notification_email_list:\n    - ops@example.com\n    - data.team+alerts@mail.example.co.uk\n' },
      { name: 'an empty list', yaml: 'account:\n  notification_email_list: []\n' },
    ],
    invalid: [
      {
        name: 'missing domain',
        example: true,
        yaml: 'account:\n  notification_email_list: "ops@example.com, admin@localhost"\n',
        findings: [{ messageId: 'badAddress', line: 2, column: 28, data: { index: 2, address: '"admin@localhost"' } }],
      },
      {
        name: 'display name and missing at-sign',
        yaml: 'account:\n  notification_email_list: "Ops <ops@example.com>, admin.example.com"\n',
        findings: [
          { messageId: 'badAddress', line: 2, column: 28, data: { index: 1, address: '"Ops <ops@example.com>"' } },
          { messageId: 'badAddress', line: 2, column: 28, data: { index: 2, address: '"admin.example.com"' } },
        ],
      },
      {
        name: 'a list item that is not an address, at the item',
        yaml: 'account:\n  notification_email_list:\n    - ops@example.com\n    - admin@localhost\n',
        findings: [{ messageId: 'badAddress', line: 4, column: 7, data: { index: 2, address: '"admin@localhost"' } }],
      },
      {
        name: 'semicolons',
        yaml: 'account:\n  notification_email_list: ops@example.com; admin@example.com\n',
        findings: [{ messageId: 'wrongSeparator', line: 2, column: 28, data: { index: 1, address: '"ops@example.com; admin@example.com"' } }],
      },
      {
        name: 'trailing comma',
        yaml: 'account:\n  notification_email_list: "ops@example.com,"\n',
        findings: [{ messageId: 'emptyItem', line: 2, column: 28, data: { index: 2 } }],
      },
    ],
  },
});
