import { isOperationId, matchRoute, type OperationId } from '../operations.js';
import type { SourceComment } from '../parse/parse.js';
import type { FileResult, OperationSource, PathFinding } from '../types.js';
import contentType from '../../rules/operation/content-type.js';
import envelopeMember from '../../rules/operation/envelope-member.js';
import operationInferred from '../../rules/operation/inferred.js';
import operationUnknown from '../../rules/operation/unknown.js';
import { stageMessage, type StageRule } from '../define-rule.js';
import { inferOperation } from './infer-operation.js';
import { isObject } from '../../rules/support/rule-helpers.js';
import type { LintOptions } from './lint.js';

export interface ResolvedOperation {
  operation: OperationId | undefined;
  source: OperationSource;
  /** For a request envelope: the route's path parameters. */
  pathParameters: Record<string, string>;
  /** What resolving found to report, placed in the document resolved: an unknown modeline or route, an inferred operation. */
  findings: PathFinding[];
}

/** `operation` (`--operation`) and `configOperation` (the config file's `files`), as the lint was given them. */
export interface ResolveInput extends Pick<LintOptions, 'operation' | 'configOperation'> {
  /** The document's own comments (commentsByDocument), where a modeline may be. */
  comments: readonly SourceComment[];
  /** The document's value, to recognise a request envelope. */
  document: unknown;
  /**
   * For a later document of a stream: the operation the first document's modeline names, which
   * declares the documents that declare nothing themselves (no modeline, no envelope), as an
   * editor reads a `$schema` modeline for every document of the file.
   */
  streamModeline?: OperationId;
}

const DPLINT_MODELINE = /^\s*dplint:\s*operation\s*=\s*(\S+)\s*$/;
const SCHEMA_MODELINE = /^\s*yaml-language-server:\s*\$schema=(\S+)\s*$/;
const SCHEMA_FILE = /(?:^|[/\\])([a-z-]+)\.schema\.json$/;

/**
 * What a request envelope says of itself beside its route, each checked by its rule: members it
 * does not have (a misspelt `Body:` leaves it without a body, which then is never checked) and a
 * Content-Type that is not JSON. Paths start at the document.
 */
const ENVELOPE_RULES: readonly StageRule[] = [envelopeMember, contentType];

/** Whether any comment of the text may be a modeline: each names `dplint` or `yaml-language-server` (a text without either has none to read). */
export function mayHoldModeline(text: string): boolean {
  return text.includes('dplint') || text.includes('yaml-language-server');
}

/** The envelope's recognised members: `method` and `path` say where the `body` goes. */
export interface Envelope extends Record<string, unknown> {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, unknown>;
}

export function asEnvelope(value: unknown): Envelope | undefined {
  return isObject(value) && typeof value.method === 'string' && typeof value.path === 'string' ? (value as Envelope) : undefined;
}

/**
 * How a document gets its operation, first match wins (DESIGN.md): option, modeline, envelope,
 * config, inference (tried last). Each document of a stream is resolved on its own (its own modeline, its own
 * envelope): a stream of requests to different routes is checked route by route. A later document
 * that declares nothing itself takes the first document's modeline before the config's operation
 * (the file's header comment, which editors apply to every document).
 */
export function resolveOperation(input: ResolveInput): ResolvedOperation {
  const findings: PathFinding[] = [];
  const done = (operation: OperationId | undefined, source: OperationSource, pathParameters: Record<string, string> = {}): ResolvedOperation => ({ operation, source, pathParameters, findings });

  if (input.operation) return done(input.operation, 'option');

  for (const comment of input.comments) {
    if (!comment.ownLine) continue;
    const dplint = DPLINT_MODELINE.exec(comment.text);
    const schema = dplint ? undefined : SCHEMA_MODELINE.exec(comment.text);
    const named = dplint ? dplint[1] : schema ? SCHEMA_FILE.exec(schema[1])?.[1] : undefined;
    if (!dplint && !schema) continue;
    if (named !== undefined && isOperationId(named)) return done(named, 'modeline');
    // A $schema modeline for another schema (or `none`) is the editor's business, not an error.
    if (!dplint) continue;
    findings.push({ ...stageMessage(operationUnknown, 'unknownModeline', { name: String(named) }), path: [], range: comment.range });
  }

  const envelope = asEnvelope(input.document);
  if (envelope) {
    for (const rule of ENVELOPE_RULES) rule.checkEnvelope!(envelope, (report) => findings.push({ ...stageMessage(rule, report.messageId, report.data), ...report }));
    const route = matchRoute(envelope.method, envelope.path);
    if (route) return done(route.operation.id, 'envelope', route.parameters as Record<string, string>);
    findings.push({ ...stageMessage(operationUnknown, 'unknownRoute', { method: envelope.method.toUpperCase(), path: JSON.stringify(envelope.path) }), path: ['path'] });
    return done(undefined, 'none');
  }

  if (input.streamModeline) return done(input.streamModeline, 'modeline');

  if (input.configOperation) return done(input.configOperation, 'config');

  const inferred = inferOperation(input.document);
  if (inferred) {
    // Inference is reported (an info), so that users declare the operation: a finding of the resolution's like any other.
    findings.push({ ...stageMessage(operationInferred, 'inferred', { operation: inferred }), path: [] });
    return done(inferred, 'inferred');
  }

  return done(undefined, 'none');
}

/**
 * Each document's own comments, in one pass over both (they come in order): those from its start
 * (its `---` included; the text's start, for the first) to the next document's. A comment after a
 * document's content and before the next `---` is the document it ends.
 */
export function commentsByDocument(comments: readonly SourceComment[], documents: ReadonlyArray<{ start: number }>): SourceComment[][] {
  const byDocument: SourceComment[][] = documents.map(() => []);
  let index = 0;
  for (const comment of comments) {
    while (index + 1 < documents.length && documents[index + 1].start <= comment.offset) index++;
    byDocument[index].push(comment);
  }
  return byDocument;
}

/**
 * The file's operation as a result reports it: the first document's that resolved (else the first
 * document's resolution), and for a stream whose documents differ, each document's in `documents`
 * (the JSON output's `documents`; a consumer that reads only `operation` reads what it always did
 * for a stream of one operation).
 */
export function fileOperation(resolutions: ReadonlyArray<{ document: number; resolved: Pick<ResolvedOperation, 'operation' | 'source'> }>): Pick<FileResult, 'operation' | 'operationSource' | 'documents'> {
  const chosen = resolutions.find((r) => r.resolved.operation !== undefined) ?? resolutions[0];
  const operation = chosen?.resolved.operation;
  const operationSource = chosen?.resolved.source ?? 'none';
  if (!resolutions.some((r) => r.resolved.operation !== operation || r.resolved.source !== operationSource)) return { operation, operationSource };
  return { operation, operationSource, documents: resolutions.map((r) => ({ document: r.document, operation: r.resolved.operation, operationSource: r.resolved.source })) };
}
