import type { OperationId } from '../operations.js';
import { readBlockYaml } from '../parse/block-yaml.js';
import { DEFAULT_MAX_DEPTH } from '../parse/parse.js';
import type { BodyOfDocument, LintOptions } from './lint.js';
import { applyLevels, checkBody } from './lint.js';
import { asEnvelope, resolveOperation } from './resolve-operation.js';
import { isObject } from './rule-helpers.js';

/**
 * A quick first look for the common case in a CI gate — a clean YAML file. `yaml`'s document
 * parser, which keeps the position of every node, costs most of a lint; a clean file needs no
 * positions. So the file is read with readBlockYaml (src/parse/block-yaml.ts), a reader for the
 * block-style YAML that configuration repositories hold, which returns the full parse's data or
 * declines; the schema, rules and policies then run on that data, and only when they find nothing
 * is the file reported clean from here. Everything else goes the full way.
 *
 * Property tests hold the two ways to agreeing whenever this says "clean" (test/fast-path.test.ts,
 * test/block-yaml.test.ts). Comments are not read here, so a file that may hold a modeline or an
 * inline directive goes the full way without a look.
 */
const MAY_HOLD_DIRECTIVES = /dplint|yaml-language-server/;

/**
 * The findings-free result when a quick look proves the file clean; `undefined` when the file
 * needs the full lint (it has findings, or something only the full parse can judge).
 */
export function quickCleanResult(
  text: string,
  options: LintOptions,
): { operation: OperationId; operationSource: 'option' | 'envelope' | 'config'; findings: []; bodies: BodyOfDocument[] } | undefined {
  if ((options.format ?? (/\.json$/i.test(options.filename ?? '') ? 'json' : 'yaml')) !== 'yaml') return undefined;
  if (MAY_HOLD_DIRECTIVES.test(text)) return undefined;
  const value = readBlockYaml(text, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  if (value === undefined) return undefined;

  const resolved = resolveOperation({ option: options.operation, comments: [], firstDocument: value, configOperation: options.configOperation });
  const { operation, source } = resolved;
  if (!operation || resolved.findings.length > 0 || (source !== 'option' && source !== 'envelope' && source !== 'config')) return undefined;
  const envelope = source === 'envelope' ? asEnvelope(value) : undefined;
  const body = envelope ? envelope.body : value;
  const findings = checkBody(operation, body, {
    rules: options.rules,
    policies: options.policies,
    pathParameters: resolved.pathParameters,
    headers: isObject(envelope?.headers) ? envelope.headers : {},
  });
  if (applyLevels(findings, options.rules ?? {}).length > 0) return undefined;
  return { operation, operationSource: source, findings: [], bodies: [{ prefix: envelope ? ['body'] : [], value: body }] };
}
