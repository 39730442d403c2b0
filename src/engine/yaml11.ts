import { isMap, isPair, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { typeAt } from '../schema/schema-at.js';
import { isCredentialKey } from '../schema/secrets.js';
import type { PathFinding } from '../types.js';
import { YAML11_BOOLEAN } from '../parse/parse.js';
import { fieldName } from '../parse/pointer.js';
import yaml11Ambiguous from '../../rules/yaml/yaml11-ambiguous.js';
import { stageMessage } from '../define-rule.js';

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
        ...stageMessage(yaml11Ambiguous, 'ambiguous', { field: fieldName(bodyPath), text, reading }),
        path,
        fix: node.range ? { range: [node.range[0], node.range[1]], text: JSON.stringify(text) } : undefined,
      });
    }
  };
  const body = prefix.length ? (isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === prefix[0])?.value : undefined) : doc.contents;
  walk(body, [...prefix]);
  return findings;
}
