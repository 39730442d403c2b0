import { defineRule } from '../../src/define-rule.js';
import { describeValue, isPlaceholder } from '../../src/schema/values.js';

const ENVELOPE = 'method: PUT\npath: /api/v1.3/clusters/etl\n';

export default defineRule({
  id: 'operation/content-type',
  stage: 'operation',
  severity: 'warning',
  hasSuggestions: true,
  docs: {
    summary: 'A request envelope sends a `Content-Type` header other than `application/json`.',
    rationale:
      'Spec section 1: "Requests send headers `X-AUTH-TOKEN: <AUTH_TOKEN>`, `Content-Type: application/json`, `Accept: application/json`", and "All payloads are JSON" (introduction). A body sent as another media type is not read as the JSON dplint checked.',
    fix: 'Set `Content-Type: application/json` (a `charset` parameter may follow), or drop the header and let the client set it.',
  },
  messages: {
    notJson: 'headers.{{name}} is {{value}}; requests send "Content-Type: application/json" (spec section 1), and the body is JSON',
  },
  checkEnvelope(envelope, report) {
    const headers = envelope.headers;
    if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return;
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() !== 'content-type' || isPlaceholder(value)) continue;
      const mediaType = typeof value === 'string' ? value.split(';')[0].trim().toLowerCase() : undefined;
      if (mediaType === 'application/json') continue;
      report({
        messageId: 'notJson',
        data: { name, value: describeValue(value, false) },
        path: ['headers', name],
        suggestions: [{ kind: 'replaceValue', value: 'application/json', desc: 'Send "application/json"' }],
      });
    }
  },
  cases: {
    valid: [
      { name: 'application/json', yaml: `${ENVELOPE}headers:\n  Content-Type: application/json\nbody: {label: [etl]}\n` },
      { name: 'with a charset, in any case', yaml: `${ENVELOPE}headers:\n  content-type: Application/JSON; charset=utf-8\nbody: {label: [etl]}\n` },
      { name: 'a placeholder', yaml: `${ENVELOPE}headers:\n  Content-Type: \${CONTENT_TYPE}\nbody: {label: [etl]}\n` },
    ],
    invalid: [
      {
        name: 'a form body',
        example: true,
        yaml: `${ENVELOPE}headers:\n  Content-Type: application/x-www-form-urlencoded\nbody: {label: [etl]}\n`,
        findings: [
          {
            messageId: 'notJson',
            line: 4,
            column: 17,
            data: { name: 'Content-Type', value: '"application/x-www-form-urlencoded"' },
            suggestions: [{ desc: 'Send "application/json"', output: `${ENVELOPE}headers:\n  Content-Type: application/json\nbody: {label: [etl]}\n` }],
          },
        ],
      },
      {
        name: 'YAML, which the API does not read',
        yaml: `${ENVELOPE}headers:\n  content-type: application/yaml\nbody: {label: [etl]}\n`,
        findings: [
          {
            messageId: 'notJson',
            line: 4,
            column: 17,
            data: { name: 'content-type', value: '"application/yaml"' },
            suggestions: [{ desc: 'Send "application/json"', output: `${ENVELOPE}headers:\n  content-type: application/json\nbody: {label: [etl]}\n` }],
          },
        ],
      },
    ],
  },
});
