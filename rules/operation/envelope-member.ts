import { defineRule } from '../../src/define-rule.js';

const ENVELOPE = 'method: PUT\npath: /api/v1.3/clusters/etl\n';

export default defineRule({
  id: 'operation/envelope-member',
  stage: 'operation',
  severity: 'error',
  hasSuggestions: true,
  docs: {
    summary: 'A request envelope has a member besides `method`, `path`, `body` and `headers`: usually a misspelt `body`, which then is never checked.',
    rationale:
      'A request envelope is a request as sent: `method` and `path` choose the operation (spec section 1, "Endpoint summary"), `headers` are those "Requests send" (spec section 1), and `body` is the payload: "All payloads are JSON" (spec, introduction). A misspelt `Body:` or `payload:` leaves the envelope with no body, so dplint had nothing to check and the file passed while the deploy tool sent something else, or nothing.',
    fix: 'Rename the member to the envelope member it means (the message names it), or move it into `body` if it is a field of the request.',
  },
  messages: {
    didYouMean: 'unknown member "{{member}}" in the request envelope, which has only method, path, body and headers: did you mean "{{guess}}"? As written, it is not checked',
    unknown: 'unknown member "{{member}}" in the request envelope, which has only method, path, body and headers: a field of the request goes under body',
  },
  cases: {
    valid: [{ name: 'the four members', yaml: `${ENVELOPE}headers:\n  Content-Type: application/json\nbody:\n  label: [etl]\n` }],
    invalid: [
      {
        name: 'a capitalised body',
        example: true,
        yaml: `${ENVELOPE}Body:\n  label: [etl]\n`,
        findings: [{ messageId: 'didYouMean', line: 3, column: 1, data: { member: 'Body', guess: 'body' }, suggestions: [{ desc: 'Rename "Body" to "body"', output: `${ENVELOPE}body:\n  label: [etl]\n` }] }],
      },
      {
        name: 'a misspelt body',
        yaml: `${ENVELOPE}bdy:\n  label: [etl]\n`,
        findings: [{ messageId: 'didYouMean', line: 3, column: 1, data: { member: 'bdy', guess: 'body' }, suggestions: [{ desc: 'Rename "bdy" to "body"', output: `${ENVELOPE}body:\n  label: [etl]\n` }] }],
      },
      {
        name: 'another word for the body',
        yaml: `${ENVELOPE}payload:\n  label: [etl]\n`,
        findings: [{ messageId: 'didYouMean', line: 3, column: 1, data: { member: 'payload', guess: 'body' }, suggestions: [{ desc: 'Rename "payload" to "body"', output: `${ENVELOPE}body:\n  label: [etl]\n` }] }],
      },
      { name: 'a misspelt body beside the body: said, not renamed onto it', yaml: `${ENVELOPE}body: {}\nBody:\n  label: [etl]\n`, findings: [{ messageId: 'didYouMean', line: 4, column: 1, data: { member: 'Body', guess: 'body' } }] },
      { name: 'a field of the body beside it', yaml: `${ENVELOPE}body:\n  label: [etl]\nmax_nodes: 3\n`, findings: [{ messageId: 'unknown', line: 5, column: 1, data: { member: 'max_nodes' } }] },
    ],
  },
});
