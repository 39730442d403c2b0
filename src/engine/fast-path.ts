import { CORE_SCHEMA, load } from 'js-yaml';
import type { OperationId } from '../operations.js';
import { DEFAULT_MAX_DEPTH } from '../parse/parse.js';
import type { BodyOfDocument, LintOptions } from './lint.js';
import { applyLevels, checkBody } from './lint.js';
import { asEnvelope, resolveOperation } from './resolve-operation.js';
import { isObject } from './rule-helpers.js';

/**
 * A quick first look for the common case in a CI gate — a clean YAML file. `yaml`'s document
 * parser, which keeps the position of every node, costs most of a lint; js-yaml reads the same
 * data five times faster but keeps no positions. A clean file needs no positions, so this reads
 * it with js-yaml and runs the schema, rules and policies on the data; only when that finds
 * nothing is the file reported clean from here. Everything else goes the full way.
 *
 * The two readers must agree whenever this says "clean" (a property test checks it), so any text
 * whose meaning depends on what only the full parse sees goes the full way without a look:
 */
const FULL_PARSE_ONLY: readonly RegExp[] = [
  // modelines and inline directives
  /dplint|yaml-language-server/,
  // anchors, aliases and tags (alias limits, tag warnings)
  /(?:^|[\s[{,])[&*!][^\s,\]}]/m,
  // merge keys, complex keys, tabs in indentation, and flow collections at the start of a line
  /<<|^\s*\?(?:\s|$)|^\t|^[ \t-]*[[{]/m,
  // keys that YAML reads as something other than a string (null, booleans, numbers)
  /^[ \t]*(?:-[ \t]+)*["']?(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[.0-9][^:\n]*)["']?[ \t]*:(?:\s|$)/m,
  // numbers the two read differently: digit separators and binary (js-yaml only), a sign before a
  // leading dot (-.5: YAML 1.2's core schema only)
  /[0-9]_[0-9]|\b0b[01]|[-+]\.[0-9]/,
  // a byte-order mark
  /^\uFEFF/,
];

/**
 * A token, between separators, that YAML 1.1 tools read as a boolean or a number
 * (yaml/yaml11-ambiguous looks at its quoting, which js-yaml does not keep). The look-behind starts
 * a match only at a token's start, so the scan stays linear.
 */
const YAML11_LOOKALIKE = /(?<![^\s,[\]{}])(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?0[0-7_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?)(?=:?(?:[\s,[\]{}]|$))/g;

/**
 * The findings-free result when a quick look proves the file clean; `undefined` when the file
 * needs the full lint (it has findings, or something only the full parse can judge).
 */
export function quickCleanResult(
  text: string,
  options: LintOptions,
): { operation: OperationId; operationSource: 'option' | 'envelope' | 'config'; findings: []; bodies: BodyOfDocument[] } | undefined {
  if ((options.format ?? (/\.json$/i.test(options.filename ?? '') ? 'json' : 'yaml')) !== 'yaml') return undefined;
  if (FULL_PARSE_ONLY.some((pattern) => pattern.test(text)) || hasYaml11Lookalike(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
  if (value === undefined || tooDeep(value, options.maxDepth ?? DEFAULT_MAX_DEPTH)) return undefined;

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

/**
 * Any such token outside comments; such a file goes the full way, where the rule sees how the
 * value was written. A `#` after a quote on the line may be inside a string, so the token then
 * counts: the answer can only be yes more often than needed.
 */
function hasYaml11Lookalike(text: string): boolean {
  for (const match of text.matchAll(YAML11_LOOKALIKE)) {
    const before = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index);
    const inComment = before.trimStart().startsWith('#') || (/(?:^|[ \t])#/.test(before) && !/["']/.test(before));
    if (!inComment) return true;
  }
  return false;
}

function tooDeep(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

