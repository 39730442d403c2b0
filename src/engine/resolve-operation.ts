import { isOperationId, matchRoute, type OperationId } from '../operations.js';
import type { SourceComment } from '../parse/parse.js';
import type { OperationSource, PathFinding } from '../types.js';
import operationInferred from '../../rules/operation/inferred.js';
import operationUnknown from '../../rules/operation/unknown.js';
import { stageMessage } from '../define-rule.js';

export interface ResolvedOperation {
  operation: OperationId | undefined;
  source: OperationSource;
  /** For a request envelope: the route's path parameters. */
  pathParameters: Record<string, string>;
  /** What resolving found to report, placed in the first document: an unknown modeline or route, an inferred operation. */
  findings: PathFinding[];
}

export interface ResolveInput {
  /** `--operation`, or `operation` in a library call. */
  option?: OperationId;
  comments: readonly SourceComment[];
  /** The first document's value, to recognise a request envelope. */
  firstDocument: unknown;
  /** The operation the config file's `files` entries give this file. */
  configOperation?: OperationId;
  /** Shape inference, tried last. */
  infer?: (value: unknown) => OperationId | undefined;
}

const DPLINT_MODELINE = /^\s*dplint:\s*operation\s*=\s*(\S+)\s*$/;
const SCHEMA_MODELINE = /^\s*yaml-language-server:\s*\$schema=(\S+)\s*$/;
const SCHEMA_FILE = /(?:^|[/\\])([a-z-]+)\.schema\.json$/;

/** The envelope's recognised members: `method` and `path` say where the `body` goes. */
export interface Envelope {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, unknown>;
}

export function asEnvelope(value: unknown): Envelope | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { method, path } = value as Record<string, unknown>;
  return typeof method === 'string' && typeof path === 'string' ? (value as Envelope) : undefined;
}

/** How a file gets its operation, first match wins (DESIGN.md): option, modeline, envelope, config, inference. */
export function resolveOperation(input: ResolveInput): ResolvedOperation {
  const findings: PathFinding[] = [];
  const done = (operation: OperationId | undefined, source: OperationSource, pathParameters: Record<string, string> = {}): ResolvedOperation => ({
    operation,
    source,
    pathParameters,
    findings,
  });

  if (input.option) return done(input.option, 'option');

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

  const envelope = asEnvelope(input.firstDocument);
  if (envelope) {
    const route = matchRoute(envelope.method, envelope.path);
    if (route) return done(route.operation.id, 'envelope', route.parameters as Record<string, string>);
    findings.push({ ...stageMessage(operationUnknown, 'unknownRoute', { method: envelope.method.toUpperCase(), path: JSON.stringify(envelope.path) }), path: ['path'] });
    return done(undefined, 'none');
  }

  if (input.configOperation) return done(input.configOperation, 'config');

  const inferred = input.infer?.(input.firstDocument);
  if (inferred) {
    // Inference is reported (an info), so that users declare the operation: a finding of the resolution's like any other.
    findings.push({ ...stageMessage(operationInferred, 'inferred', { operation: inferred }), path: [] });
    return done(inferred, 'inferred');
  }

  return done(undefined, 'none');
}
