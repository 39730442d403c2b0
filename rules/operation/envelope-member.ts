import { defineRule } from '../../src/define-rule.js';
import { closest } from '../../src/schema/did-you-mean.js';

const ENVELOPE = 'method: PUT\npath: /api/v1.3/clusters/etl\n';

/** A request envelope's members (DESIGN.md, "How a document gets its operation"). */
const MEMBERS = ['method', 'path', 'body', 'headers'] as const;

/**
 * Other words for an envelope member that no spelling distance finds (`payload` is no typo of
 * `body`): what HTTP clients and API tools call them.
 */
const SYNONYMS: Readonly<Record<string, (typeof MEMBERS)[number]>> = {
  payload: 'body',
  data: 'body',
  json: 'body',
  content: 'body',
  request_body: 'body',
  requestbody: 'body',
  url: 'path',
  uri: 'path',
  endpoint: 'path',
  route: 'path',
  verb: 'method',
  http_method: 'method',
  header: 'headers',
};

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
  checkEnvelope(envelope, report) {
    for (const member of Object.keys(envelope)) {
      if ((MEMBERS as readonly string[]).includes(member)) continue;
      const guess = SYNONYMS[member.toLowerCase()] ?? closest(member, MEMBERS, { typosOnly: true });
      // A rename onto a member the envelope has would lose one of the two: said, not offered.
      const free = guess !== undefined && !Object.hasOwn(envelope, guess);
      report({
        ...(guess ? { messageId: 'didYouMean', data: { member, guess } } : { messageId: 'unknown', data: { member } }),
        path: [member],
        target: 'key',
        ...(free ? { suggestions: [{ kind: 'renameKey' as const, to: guess, desc: `Rename "${member}" to "${guess}"` }] } : {}),
      });
    }
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
