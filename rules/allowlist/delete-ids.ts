import { defineRule } from '../../src/define-rule.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'allowlist/delete-ids',
  appliesTo: ['delete-whitelist-ips'],
  severity: 'error',
  docs: {
    summary: 'The <ids> of a delete-whitelist-ips envelope\'s path is not one entry id or a comma-separated list of distinct ids.',
    rationale:
      'Spec 4.3: "DELETE {base_url}/api/v2/accounts/whitelist_ip/<ids> where <ids> is one entry id or a comma-separated list of ids"; spec 2.1: an entry\'s id is an "integer", the "identifier used in delete".',
    fix: 'Write the ids the list operation (GET /api/v2/accounts/whitelist_ip) returns, separated by commas without spaces: /api/v2/accounts/whitelist_ip/12,15.',
  },
  messages: {
    emptyItem: 'the ids in the delete path ({{ids}}) have an empty item {{index}}; remove the extra comma',
    notAnInteger: 'the ids in the delete path ({{ids}}): item {{index}}, {{item}}, is not an entry id; ids are whole numbers, as the list operation returns them',
    duplicate: 'the ids in the delete path ({{ids}}): item {{index}}, {{item}}, repeats an earlier id; list each id once',
  },
  defaultOptions: {},
  check({ pathParameters, report }) {
    const ids = pathParameters.ids;
    if (!isKnown(ids)) return;
    const seen = new Set<string>();
    const at = { path: ['path'], fromDocumentRoot: true } as const;
    ids.split(',').forEach((item, i) => {
      const data = { ids: describeValue(ids), index: i + 1, item: describeValue(item) };
      const id = item.replace(/^0+(?=\d)/, '');
      if (item === '') report({ messageId: 'emptyItem', ...at, data });
      else if (!/^\d+$/.test(item)) report({ messageId: 'notAnInteger', ...at, data });
      else if (seen.has(id)) report({ messageId: 'duplicate', ...at, data });
      seen.add(id);
    });
  },
  cases: {
    valid: [
      { name: 'one id', yaml: 'method: DELETE\npath: /api/v2/accounts/whitelist_ip/12\n' },
      { name: 'several ids', yaml: 'method: DELETE\npath: /api/v2/accounts/whitelist_ip/12,15,31\n' },
    ],
    invalid: [
      {
        name: 'empty item, non-integer and duplicate',
        example: true,
        yaml: 'method: DELETE\npath: /api/v2/accounts/whitelist_ip/12,,abc,12\n',
        findings: [
          { messageId: 'emptyItem', line: 2, column: 7, data: { ids: '"12,,abc,12"', index: 2, item: '""' } },
          { messageId: 'notAnInteger', line: 2, column: 7, data: { ids: '"12,,abc,12"', index: 3, item: '"abc"' } },
          { messageId: 'duplicate', line: 2, column: 7, data: { ids: '"12,,abc,12"', index: 4, item: '"12"' } },
        ],
      },
      {
        name: 'space after the comma',
        yaml: 'method: DELETE\npath: /api/v2/accounts/whitelist_ip/12, 15\n',
        findings: [{ messageId: 'notAnInteger', line: 2, column: 7, data: { ids: '"12, 15"', index: 2, item: '" 15"' } }],
      },
    ],
  },
});
