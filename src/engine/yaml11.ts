import { isMap, isPair, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { typeAt } from '../schema/schema-at.js';
import { isCredentialKey } from '../schema/secrets.js';
import type { PathFinding } from '../types.js';
import { fieldName } from '../parse/pointer.js';

export const YAML11_RULE = {
  id: 'yaml/yaml11-ambiguous',
  severity: 'warning',
  docs: {
    summary: 'An unquoted string that YAML 1.1 tools read as something else: yes/no/on/off as booleans, 0755 as an octal number, 1:30 as a base-60 number.',
    rationale:
      'dplint and the API read YAML 1.2, where these are strings; but YAML 1.1 readers still common in deploy scripts (PyYAML, older Ruby and Go libraries) turn them into booleans or numbers before the request is built. Only fields the spec types as "string" are checked, so keys such as `on:` elsewhere are left alone.',
    fix: 'Quote the value: zeppelin_interpreter_mode: "on".',
  },
} as const;

const YAML11_BOOLEAN = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
const YAML11_OCTAL = /^[-+]?0[0-7_]+$/;
const YAML11_SEXAGESIMAL = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/**
 * Finds plain scalars that YAML 1.2 reads as strings but YAML 1.1 reads as booleans or numbers,
 * in fields whose schema type is string. `prefix` is the body's path in the document.
 */
export function yaml11Findings(doc: Document.Parsed, operation: string, prefix: readonly string[]): PathFinding[] {
  const findings: PathFinding[] = [];
  const walk = (node: unknown, path: Array<string | number>): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isPair(pair) && isScalar(pair.key)) walk(pair.value, [...path, String(pair.key.value)]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => walk(item, [...path, index]));
    } else if (isScalar(node) && node.type === Scalar.PLAIN && typeof node.value === 'string') {
      const text = node.value;
      const reading = YAML11_BOOLEAN.test(text) ? 'a boolean' : YAML11_OCTAL.test(text) ? 'an octal number' : YAML11_SEXAGESIMAL.test(text) ? 'a base-60 number' : undefined;
      if (!reading) return;
      const bodyPath = path.slice(prefix.length);
      const key = bodyPath[bodyPath.length - 1];
      if (typeof key === 'string' && isCredentialKey(key)) return;
      if (typeAt(operation, bodyPath) !== 'string') return;
      findings.push({
        ruleId: YAML11_RULE.id,
        severity: YAML11_RULE.severity,
        message: `${fieldName(bodyPath)} is the string "${text}" here, but YAML 1.1 tools read the unquoted ${text} as ${reading}; quote it: "${text}"`,
        path,
        fix: node.range ? { range: [node.range[0], node.range[1]], text: JSON.stringify(text) } : undefined,
      });
    }
  };
  const body = prefix.length ? (isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === prefix[0])?.value : undefined) : doc.contents;
  walk(body, [...prefix]);
  return findings;
}
