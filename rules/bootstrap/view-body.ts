import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';

export default defineRule({
  id: 'bootstrap/view-body',
  appliesTo: ['view-bootstrap'],
  severity: 'info',
  docs: {
    summary: 'A view-bootstrap request (GET) carries a body, which many HTTP clients and proxies drop.',
    rationale:
      'Spec 4.8: "Optional parameter is_user_bootstrap (true returns only the user-level bootstrap, if any); the sample sends it in a JSON body." The request is a GET, and a GET body has no defined meaning in HTTP: many clients, proxies and gateways strip it, and without is_user_bootstrap the response is not limited to the user-level bootstrap.',
    fix: 'Check that your HTTP client really sends the body with the GET (curl -X GET -d does); compare the response with what you asked for.',
  },
  messages: {
    getBody:
      'view-bootstrap is a GET and this body ({{members}}) travels as a GET body, as in the spec\'s sample (spec 4.8), but many HTTP clients and proxies drop GET bodies; check that yours sends it, or is_user_bootstrap is lost',
  },
  defaultOptions: {},
  check({ body, report }) {
    if (!isObject(body) || Object.keys(body).length === 0) return;
    report({ messageId: 'getBody', path: [], target: 'key', data: { members: Object.keys(body).join(', ') } });
  },
  cases: {
    valid: [{ name: 'empty body', yaml: '{}\n' }],
    invalid: [
      {
        name: 'user-level bootstrap',
        example: true,
        yaml: 'is_user_bootstrap: true\n',
        findings: [{ messageId: 'getBody', line: 1, column: 1, data: { members: 'is_user_bootstrap' } }],
      },
    ],
  },
});
