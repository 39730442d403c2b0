import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { BODY_SCHEMAS } from '../../src/schema/body-schemas.js';

/** Every account parameter of either operation (the schemas list them), and the vendor's aws_region. */
const ACCOUNT_MEMBERS = new Set([
  ...Object.keys(getIn(BODY_SCHEMAS['edit-account'], ['properties', 'account', 'properties']) ?? {}),
  ...Object.keys(getIn(BODY_SCHEMAS['create-account'], ['properties', 'account', 'properties']) ?? {}),
  'aws_region',
]);

const NESTING = {
  'edit-account': 'spec 4.4: "The sample nests the parameters in an object named account"',
  'create-account': 'spec 4.6: "Body: object account holding the parameters below"',
} as const;

export default defineRule({
  id: 'account/flat-body',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'warning',
  fixable: true,
  docs: {
    summary: 'Account parameters are written at the top level of the body instead of inside the account object.',
    rationale:
      'Spec 4.6: "Body: object account holding the parameters below"; spec 4.4: "The sample nests the parameters in an object named account". Parameters beside account instead of inside it are not where the service reads them.',
    fix: 'Move the member into an object named account: `account: { defloc: ..., ... }`. When the body has no account member yet, `dplint --fix` moves every member under a new `account:` key (in YAML the moved lines are indented by two spaces, comments included).',
  },
  messages: {
    flat: '{{member}} belongs inside the account object ({{quote}}); move it under account',
  },
  defaultOptions: {},
  check({ body, operation, report }) {
    if (!isObject(body) || (operation !== 'edit-account' && operation !== 'create-account')) return;
    // With no account member, wrapping the whole body is what was meant; beside one, merging the
    // two is a person's edit. Each finding carries the one move, which is made once.
    const fix = Object.hasOwn(body, 'account') ? undefined : ({ kind: 'nestMembers', under: 'account', path: [] } as const);
    // One finding per member, at its key: it replaces the schema's "unknown member" there with the reason.
    for (const member of Object.keys(body)) {
      if (ACCOUNT_MEMBERS.has(member)) report({ messageId: 'flat', path: [member], target: 'key', data: { member, quote: NESTING[operation] }, ...(fix ? { fix } : {}) });
    }
  },
  cases: {
    valid: [
      { name: 'nested', yaml: 'account:\n  idle_session_timeout: 60\n  show_store_upload_link: true\n' },
      { name: 'nested create', operation: 'create-account', yaml: 'account:\n  name: acme\n  level: free\n' },
    ],
    invalid: [
      {
        name: 'flat edit',
        example: true,
        yaml: 'idle_session_timeout: 60\nshow_store_upload_link: true\n',
        output: 'account:\n  idle_session_timeout: 60\n  show_store_upload_link: true\n',
        findings: [
          { messageId: 'flat', line: 1, column: 1, data: { member: 'idle_session_timeout', quote: NESTING['edit-account'] } },
          { messageId: 'flat', line: 2, column: 1, data: { member: 'show_store_upload_link', quote: NESTING['edit-account'] } },
        ],
      },
      {
        name: 'comments and blank lines move with the members',
        yaml: '# dplint: operation=edit-account\n# team settings\nidle_session_timeout: 60 # minutes\n\n# storage\nshow_store_upload_link: true\n',
        output: '# dplint: operation=edit-account\n# team settings\naccount:\n  idle_session_timeout: 60 # minutes\n\n  # storage\n  show_store_upload_link: true\n',
        findings: [
          { messageId: 'flat', line: 3, column: 1 },
          { messageId: 'flat', line: 6, column: 1 },
        ],
      },
      {
        name: 'a JSON body is wrapped in its own indentation',
        yaml: '{\n    "idle_session_timeout": 60,\n    "show_store_upload_link": true\n}\n',
        output: '{\n    "account": {\n        "idle_session_timeout": 60,\n        "show_store_upload_link": true\n    }\n}\n',
        findings: [
          { messageId: 'flat', line: 2, column: 5 },
          { messageId: 'flat', line: 3, column: 5 },
        ],
      },
      {
        name: 'one member beside account in create',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\ncloud_region: us-east-1\n',
        findings: [{ messageId: 'flat', line: 3, column: 1, data: { member: 'cloud_region', quote: NESTING['create-account'] } }],
      },
    ],
  },
});
