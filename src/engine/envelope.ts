import { closest } from '../schema/did-you-mean.js';
import { describeValue, isPlaceholder } from '../schema/values.js';
import type { PathFinding } from '../types.js';
import { stageMessage } from '../define-rule.js';
import envelopeMember from '../../rules/operation/envelope-member.js';
import contentType from '../../rules/operation/content-type.js';

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

/**
 * What a request envelope says of itself beside its route: members it does not have (a misspelt
 * `Body:` leaves it without a body, which then is never checked) and a Content-Type that is not
 * JSON. Paths start at the document.
 */
export function envelopeFindings(envelope: Record<string, unknown>): PathFinding[] {
  const findings: PathFinding[] = [];
  for (const member of Object.keys(envelope)) {
    if ((MEMBERS as readonly string[]).includes(member)) continue;
    const guess = SYNONYMS[member.toLowerCase()] ?? closest(member, MEMBERS, { typosOnly: true });
    // A rename onto a member the envelope has would lose one of the two: said, not offered.
    const free = guess !== undefined && !Object.hasOwn(envelope, guess);
    findings.push({
      ...(guess ? stageMessage(envelopeMember, 'didYouMean', { member, guess }) : stageMessage(envelopeMember, 'unknown', { member })),
      path: [member],
      target: 'key',
      ...(free ? { suggestions: [{ kind: 'renameKey' as const, to: guess, desc: `Rename "${member}" to "${guess}"` }] } : {}),
    });
  }
  const headers = envelope.headers;
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() !== 'content-type' || isPlaceholder(value)) continue;
      const mediaType = typeof value === 'string' ? value.split(';')[0].trim().toLowerCase() : undefined;
      if (mediaType === 'application/json') continue;
      findings.push({
        ...stageMessage(contentType, 'notJson', { name, value: describeValue(value, false) }),
        path: ['headers', name],
        suggestions: [{ kind: 'replaceValue', value: 'application/json', desc: 'Send "application/json"' }],
      });
    }
  }
  return findings;
}
