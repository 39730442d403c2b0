import type { OperationId } from '../operations.js';
import { formatOf, readData, type DataRead } from '../parse/parse.js';
import type { PathFinding, RuleSettings } from '../types.js';
import type { LintOptions, LintResult } from './lint.js';
import { applyLevels, checkBody } from './check-body.js';
import { inferOperation } from './infer-operation.js';
import { asEnvelope, fileOperation, resolveOperation, type ResolvedOperation } from './resolve-operation.js';
import { isObject } from '../../rules/support/rule-helpers.js';

/**
 * A quick first look for the common case in a CI gate — a clean YAML file. A clean file needs no
 * positions. So the file's documents are read as data (parse/'s readData, which declines what
 * only the full parse can read); the schema, rules and policies then run on that data, and only
 * when they find nothing is the file reported clean from here. Everything else goes the full
 * way; for a file with findings, the full way builds its nodes from this very reading (the text
 * is read once), takes the operation as resolved here, and places the findings of the quick look
 * in the text rather than finding them again (the same documents as the same data, under the
 * same operation).
 *
 * Property tests hold the two ways to agreeing (test/fast-path.test.ts, test/block-yaml.test.ts,
 * test/properties/block-reader.test.ts). Comments are not read here, so a file that may hold a
 * modeline or an inline directive goes the full way without a look.
 */
const MAY_HOLD_DIRECTIVES = /dplint|yaml-language-server/;

/**
 * Whether the text may hold a modeline or an inline directive: the test by which the quick look
 * leaves such a file to the full lint. A caller that needs the answer too (lint-files.ts, for a
 * file's facts) asks once and hands it to the lint as LintOptions.mayHoldDirectives.
 */
export function mayHoldDirectives(text: string): boolean {
  return MAY_HOLD_DIRECTIVES.test(text);
}

/**
 * What the quick look made of a file in the block subset — one document, or a stream of them
 * separated by `---` lines: each document's operation, its body and its findings as data (schema,
 * rules and policies, before the configured levels). The full lint of a file with findings places
 * these in the text rather than finding them again, and builds the nodes of a stream's documents
 * only where there is something to place.
 */
export interface QuickLook {
  /** The documents as read: the full lint builds their nodes from it. */
  read: DataRead;
  documents: Array<{
    value: Record<string, unknown>;
    /**
     * The document's operation as resolved here, which is how the full lint would resolve it: the
     * file holds no modeline (see MAY_HOLD_DIRECTIVES) and the document is the same data, so the
     * full lint takes it rather than resolving it again.
     */
    resolved: ResolvedOperation & { operation: OperationId };
    prefix: string[];
    body: unknown;
    findings: PathFinding[];
  }>;
}

/**
 * The quick look, or `undefined` when the file needs the full lint from the start. `rules` are
 * the settings in force (the recommended preset beneath `options.rules`), which it reads in place
 * of `options.rules`.
 */
export function quickLook(text: string, options: LintOptions, rules: RuleSettings): QuickLook | undefined {
  if ((options.format ?? formatOf(options.filename)) !== 'yaml') return undefined;
  if (options.mayHoldDirectives ?? mayHoldDirectives(text)) return undefined;
  const read = readData(text, { maxDepth: options.maxDepth, maxDocuments: options.maxDocuments, maxScalars: options.maxScalars });
  if (read === undefined) return undefined;
  const documents: QuickLook['documents'] = [];
  // Each document resolves its own operation (DESIGN.md), as the full lint resolves it.
  for (const value of read.values) {
    const resolved = resolveOperation({ option: options.operation, comments: [], document: value, configOperation: options.configOperation, infer: inferOperation });
    const { operation, source } = resolved;
    // (Without comments there is no modeline. A document without an operation is the full lint's
    // to report. With an operation and no comments, the resolution's findings are operation/inferred
    // and an envelope's own, which the full lint places in the document.)
    if (!operation || source === 'modeline' || source === 'none') return undefined;
    const envelope = source === 'envelope' ? asEnvelope(value) : undefined;
    const body = envelope ? envelope.body : value;
    const findings = checkBody(operation, body, {
      rules,
      policies: options.policies,
      pathParameters: resolved.pathParameters,
      headers: isObject(envelope?.headers) ? envelope.headers : {},
    });
    documents.push({ value, resolved: { ...resolved, operation }, prefix: envelope ? ['body'] : [], body, findings });
  }
  return { read, documents };
}

/** The findings-free result when the quick look proves the file clean under `rules` (the settings in force); `undefined` when it has findings. */
export function cleanResult(look: QuickLook, rules: RuleSettings): LintResult | undefined {
  // The resolution's findings (an inferred operation is an info) count as the documents' do.
  for (const document of look.documents) {
    if (document.resolved.findings.length > 0 && applyLevels(document.resolved.findings, rules).length > 0) return undefined;
    if (document.findings.length > 0 && applyLevels(document.findings, rules).length > 0) return undefined;
  }
  const stream = look.documents.length > 1;
  const bodies = look.documents.map((document, index) => ({ ...(stream ? { document: index } : {}), operation: document.resolved.operation, prefix: document.prefix, value: document.body }));
  const { operation, operationSource, documents } = fileOperation(look.documents.map((document, index) => ({ document: index, resolved: document.resolved })));
  return { operation, operationSource, ...(documents ? { documents } : {}), findings: [], bodies };
}

/**
 * The findings-free result when a quick look proves the file clean; `undefined` when the file
 * needs the full lint (it has findings, or something only the full parse can judge).
 */
export function quickCleanResult(text: string, options: LintOptions): LintResult | undefined {
  const rules = options.rules ?? {};
  const look = quickLook(text, options, rules);
  return look && cleanResult(look, rules);
}
