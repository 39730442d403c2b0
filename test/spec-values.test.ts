// A spec value is stated once. A schema's `errorMessage` repeats its limits in prose ("a multiple of
// 60 between 60 and 360 minutes") because users read the message, not the keywords; this test reads
// the numbers back out of that prose and holds them to `minimum`, `maximum`, `multipleOf`,
// `exclusiveMinimum` and `exclusiveMaximum`, to `type: integer` where the prose says "whole number",
// and to `x-unit`. An edit to one side only fails here, naming the schema and the pointer.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RULES } from '../rules/index.js';

const ROOT = join(import.meta.dirname, '..');
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
type Bound = (typeof BOUNDS)[number];
type Node = { [key: string]: unknown };

const read = (name: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as Node;
const definitions = read('definitions.schema.json').definitions as Record<string, Node>;
/** The node with the keywords of its allOf `$ref`s into definitions.schema.json merged in. */
function resolve(node: Node): Node {
  let merged: Node = { ...node };
  for (const part of Array.isArray(node.allOf) ? (node.allOf as Node[]) : []) {
    const ref = typeof part.$ref === 'string' ? /#\/definitions\/(\w+)$/.exec(part.$ref)?.[1] : undefined;
    if (ref && definitions[ref]) merged = { ...resolve(definitions[ref]), ...merged };
  }
  return merged;
}

interface Stated {
  schema: string;
  pointer: string;
  node: Node;
  message: string;
}

/** Every schema node with a string errorMessage, in schemas/ and schemas/config/. */
function statedLimits(): Stated[] {
  const found: Stated[] = [];
  const folders = ['schemas', 'schemas/config'];
  for (const folder of folders) {
    for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.json')).sort()) {
      const walk = (value: unknown, pointer: string): void => {
        if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`));
        else if (value !== null && typeof value === 'object') {
          const node = value as Node;
          if (typeof node.errorMessage === 'string') found.push({ schema: `${folder}/${name}`, pointer, node, message: node.errorMessage });
          for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
        }
      };
      walk(JSON.parse(readFileSync(join(ROOT, folder, name), 'utf8')), '');
    }
  }
  return found;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
// The phrasings the messages use, each naming the keywords it states. A number the prose holds
// outside these (and outside parentheses, which explain rather than limit) fails the test, so a
// new phrasing is added here rather than left unchecked.
const PHRASES: Array<{ pattern: RegExp; bounds: Bound[] }> = [
  { pattern: new RegExp(String.raw`a multiple of ${NUMBER}`, 'g'), bounds: ['multipleOf'] },
  { pattern: new RegExp(String.raw`(?:from|between) ${NUMBER} (?:to|and) ${NUMBER}`, 'g'), bounds: ['minimum', 'maximum'] },
  { pattern: new RegExp(String.raw`at least ${NUMBER}`, 'g'), bounds: ['minimum'] },
  { pattern: new RegExp(String.raw`${NUMBER} or more`, 'g'), bounds: ['minimum'] },
  { pattern: new RegExp(String.raw`at most ${NUMBER}`, 'g'), bounds: ['maximum'] },
  { pattern: new RegExp(String.raw`greater than ${NUMBER}`, 'g'), bounds: ['exclusiveMinimum'] },
  { pattern: new RegExp(String.raw`less than ${NUMBER}`, 'g'), bounds: ['exclusiveMaximum'] },
];

/** The limits a message states, and the numbers it holds that no phrase accounts for. */
export function readLimits(message: string): { limits: Partial<Record<Bound, number>>; unread: string[] } {
  const limits: Partial<Record<Bound, number>> = {};
  let rest = message.replace(/\([^)]*\)/g, ' ');
  for (const { pattern, bounds } of PHRASES) {
    rest = rest.replace(pattern, (_whole, ...groups: unknown[]) => {
      bounds.forEach((bound, i) => (limits[bound] = Number(groups[i])));
      return ' ';
    });
  }
  // "positive" is "greater than 0" in words.
  if (/\bpositive\b/.test(rest)) limits.exclusiveMinimum = 0;
  return { limits, unread: rest.match(/\d+(?:\.\d+)?/g) ?? [] };
}

const stated = statedLimits();

test('the schemas state limits in prose at all (the walk found them)', () => {
  // 17 messages today; fewer than 10 would mean the walk lost its way.
  expect(stated.filter((s) => BOUNDS.some((b) => b in s.node)).length).toBeGreaterThanOrEqual(10);
});

describe('each errorMessage states the same limits as its keywords', () => {
  test.each(stated.map((s) => [`${s.schema}#${s.pointer}`, s] as const))('%s', (where, { node, message }) => {
    const { limits, unread } = readLimits(message);
    const keywords = Object.fromEntries(BOUNDS.filter((b) => typeof node[b] === 'number').map((b) => [b, node[b]]));
    expect(unread, `${where}: numbers in "${message}" that no phrase reads`).toEqual([]);
    expect(limits, `${where}: "${message}" against the keywords`).toEqual(keywords);
    // "whole number" is `type: integer` (an integer's message may say "port number" or "a multiple of 60" instead).
    if (/whole number/.test(message)) expect(node.type, `${where}: "${message}" says whole number`).toBe('integer');
    if (/no maximum/.test(message)) expect(node.maximum, `${where}: says there is no maximum`).toBeUndefined();
    if (typeof node['x-unit'] === 'string') expect(message, `${where}: the unit`).toContain(` ${node['x-unit']}`);
  });
});

test('the prose reader reads what it claims to', () => {
  expect(readLimits('must be a multiple of 60 between 60 and 360 minutes')).toEqual({ limits: { multipleOf: 60, minimum: 60, maximum: 360 }, unread: [] });
  expect(readLimits('must be a whole number of GB, 0 or more (there is no maximum)')).toEqual({ limits: { minimum: 0 }, unread: [] });
  expect(readLimits('must be a positive weight (1.0 for the same memory as the first type, 0.5 for half)')).toEqual({ limits: { exclusiveMinimum: 0 }, unread: [] });
  expect(readLimits('must be at most 10800, or 7200 by default')).toEqual({ limits: { maximum: 10800 }, unread: ['7200'] });
});

// Rule messages that repeat a schema's values for the reader ("add presto_version (0.157, 0.180 or
// 0.193)") hold them as literal text: these hold the text to the schema.
describe('rule messages that list a schema value state the schema value', () => {
  const schema = (name: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8'));
  const cluster = schema('edit-cluster.schema.json');
  const definitions = schema('definitions.schema.json').definitions;
  const message = (id: string, messageId: string) => {
    const rule = RULES.find((r) => r.id === id);
    expect(rule, `rule ${id}`).toBeDefined();
    return (rule!.messages as Record<string, string>)[messageId];
  };
  /** "a, b, c or d" → [a, b, c, d] */
  const list = (text: string) => text.split(/, | or /);

  test('cluster/presto-version-missing lists the presto_version enum', () => {
    const stated = /add presto_version \(([^)]*)\)/.exec(message('cluster/presto-version-missing', 'missing'))?.[1];
    expect(list(stated ?? '')).toEqual(cluster.properties.presto_version.enum);
  });

  test('cluster/deprecated-spark-version lists the spark_version enum less its deprecated values', () => {
    const { enum: versions, enumDescriptions } = cluster.properties.spark_version as { enum: string[]; enumDescriptions: string[] };
    const supported = versions.filter((_, i) => !enumDescriptions[i].startsWith('DEPRECATED'));
    const stated = /use a supported version \(([^)]*)\)/.exec(message('cluster/deprecated-spark-version', 'deprecated'))?.[1];
    expect(list(stated ?? '')).toEqual(supported);
  });

  test('cluster/idle-timeout-zero states idle_cluster_timeout\'s maximum and default', () => {
    const { maximum, default: fallback } = definitions.idleClusterTimeout;
    expect(message('cluster/idle-timeout-zero', 'zero')).toContain(`set 1 to ${maximum} hours (default ${fallback})`);
  });

  test('cluster/blk-upscaling-rate-disabled states sampling_window\'s default', () => {
    const { default: fallback } = definitions.blkUpscalingConfig.properties.sampling_window;
    expect(message('cluster/blk-upscaling-rate-disabled', 'rateDisabled')).toContain(`(default ${fallback})`);
  });
});

// The schemas' descriptions and $comments quote the spec ("0 to 6, default 2", "minimum 300") for
// editors and readers: each number they state as a limit or a default is held to the keywords of
// the node (through its allOf $refs) or, for an object that describes its members, of a member.
// A range changed in the keywords only (0 to 6 becoming 0 to 8) fails here for every copy.
describe('each schema description and $comment states the limits of its keywords', () => {
  type Limit = 'minimum' | 'maximum' | 'multipleOf' | 'default';
  const SPEC_PHRASES: Array<{ pattern: RegExp; limits: Limit[] }> = [
    { pattern: new RegExp(String.raw`(?<![\d.])${NUMBER} to ${NUMBER}(?![\d.])`, 'g'), limits: ['minimum', 'maximum'] },
    { pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}-${NUMBER}(?![\d.])`, 'g'), limits: ['minimum', 'maximum'] },
    { pattern: new RegExp(String.raw`between ${NUMBER} and ${NUMBER}`, 'g'), limits: ['minimum', 'maximum'] },
    { pattern: new RegExp(String.raw`(?:minimum|at least|not below) ${NUMBER}`, 'gi'), limits: ['minimum'] },
    { pattern: new RegExp(String.raw`${NUMBER} or more`, 'g'), limits: ['minimum'] },
    { pattern: new RegExp(String.raw`(?:maximum|at most) ${NUMBER}`, 'gi'), limits: ['maximum'] },
    { pattern: new RegExp(String.raw`multiple of ${NUMBER}`, 'g'), limits: ['multipleOf'] },
    { pattern: new RegExp(String.raw`default ${NUMBER}`, 'gi'), limits: ['default'] },
  ];
  // Numbers in the spec's words that are no limit of the field: when a cluster with timeout 0 goes.
  const NOT_LIMITS = [/\b50-60 minutes into its hour/g];

  /** The node and every member below it (properties, items), each resolved. */
  const candidates = (node: Node): Node[] => {
    const own = resolve(node);
    const below = [
      ...Object.values((own.properties ?? {}) as Record<string, Node>),
      ...(own.items && typeof own.items === 'object' && !Array.isArray(own.items) ? [own.items as Node] : []),
    ];
    return [own, ...below.flatMap(candidates)];
  };

  interface Quoted { where: string; text: string; node: Node }
  const quoted: Quoted[] = [];
  for (const name of readdirSync(join(ROOT, 'schemas')).filter((n) => n.endsWith('.schema.json')).sort()) {
    const walk = (value: unknown, pointer: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`));
      else if (value !== null && typeof value === 'object') {
        const node = value as Node;
        for (const key of ['description', '$comment', 'markdownDescription']) {
          if (typeof node[key] === 'string' && /\d/.test(node[key] as string)) quoted.push({ where: `schemas/${name}#${pointer} ${key}`, text: node[key] as string, node });
        }
        for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
      }
    };
    walk(read(name), '');
  }

  /** The limits a text states: each phrase with its numbers. */
  const statedIn = (text: string) => {
    let rest = text;
    for (const pattern of NOT_LIMITS) rest = rest.replace(pattern, ' ');
    const found: Array<{ phrase: string; values: Partial<Record<Limit, number>> }> = [];
    for (const { pattern, limits } of SPEC_PHRASES) {
      rest = rest.replace(pattern, (phrase, ...groups: unknown[]) => {
        found.push({ phrase, values: Object.fromEntries(limits.map((limit, i) => [limit, Number(groups[i])])) });
        return ' ';
      });
    }
    return found;
  };

  test('the walk finds the quoted ranges (0 to 6 among them)', () => {
    const ranges = quoted.flatMap((q) => statedIn(q.text).map((s) => s.phrase));
    expect(ranges).toContain('0 to 6');
    expect(ranges.length).toBeGreaterThanOrEqual(40);
  });

  test.each(quoted.map((q) => [q.where, q] as const))('%s', (where, { text, node }) => {
    const nodes = candidates(node);
    const wrong = statedIn(text)
      .filter(({ values }) => {
        // A default the spec states but no keyword holds (it differs by engine, say) is not checked.
        if ('default' in values && !nodes.some((n) => 'default' in n)) return false;
        return !nodes.some((n) => Object.entries(values).every(([limit, value]) => n[limit] === value));
      })
      .map(({ phrase }) => phrase);
    expect(wrong, `${where}: "${text}" states limits its keywords do not have`).toEqual([]);
  });
});

// Rule docs and messages quote the spec's numbers for a field ("idle_cluster_timeout is "0 to 6,
// default 2"", "set 1 to 6 hours"): each limit or default they state is held to the schema of the
// field named last before it. The rules render these from the schema (rules/support/spec-values.ts),
// so this fails when one is written by hand again and goes stale. A number stated as a limit with
// no schema field before it is listed below with why it is no schema value.
describe('rule docs and messages state the schema\'s numbers for the field they name', () => {
  type Limit = 'minimum' | 'maximum' | 'default';
  const RULE_PHRASES: Array<{ pattern: RegExp; limits: Limit[] }> = [
    { pattern: new RegExp(String.raw`(?<![\d.])${NUMBER} to ${NUMBER}(?![\d.])`, 'g'), limits: ['minimum', 'maximum'] },
    { pattern: new RegExp(String.raw`between ${NUMBER} and ${NUMBER}`, 'g'), limits: ['minimum', 'maximum'] },
    { pattern: new RegExp(String.raw`(?:minimum|at least|not below) ${NUMBER}`, 'gi'), limits: ['minimum'] },
    { pattern: new RegExp(String.raw`(?:maximum|at most) \(?${NUMBER}`, 'gi'), limits: ['maximum'] },
    { pattern: new RegExp(String.raw`default ${NUMBER}`, 'gi'), limits: ['default'] },
  ];
  // Stated limits that are no schema value, by rule: the rule's own table or a syntax.
  const NOT_SCHEMA: Record<string, RegExp> = {
    'allowlist/ip-cidr-syntax': /^(0 to 255|1 to 4)$/, // IPv4 octets, IPv6 group digits: address syntax
    'cluster/blk-volume-size-range': /^(at most 16384)$/, // the rule's RANGES by volume type (spec 8), rendered from them
  };
  /** Every schema node of a member, by member name, resolved. */
  const byField = new Map<string, Node[]>();
  for (const name of readdirSync(join(ROOT, 'schemas')).filter((n) => n.endsWith('.schema.json'))) {
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object') {
        const properties = (value as Node).properties;
        if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
          for (const [field, node] of Object.entries(properties as Record<string, Node>)) byField.set(field, [...(byField.get(field) ?? []), resolve(node)]);
        }
        Object.values(value).forEach(walk);
      }
    };
    walk(read(name));
  }

  const texts = RULES.flatMap((rule) =>
    Object.entries({ summary: rule.docs.summary, rationale: rule.docs.rationale, fix: rule.docs.fix, ...rule.messages })
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /\d/.test(entry[1]))
      .map(([key, text]) => ({ rule: rule.id, where: `${rule.id} ${key}`, text })),
  );

  test('the idle timeout rules quote the range (the reader finds "0 to 6"-like phrases at all)', () => {
    const idle = texts.find((t) => t.where === 'cluster/idle-timeout-zero rationale');
    const { minimum, maximum } = definitions.idleClusterTimeout;
    expect(idle?.text).toContain(`"${minimum} to ${maximum},`);
  });

  const fieldsIn = (text: string) => [...text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)].map((m) => m[0]).filter((f) => byField.has(f));
  const summaryOf = (id: string) => RULES.find((r) => r.id === id)!.docs.summary;

  test.each(texts.map((t) => [t.where, t] as const))('%s', (where, { rule, text }) => {
    const wrong: string[] = [];
    for (const { pattern, limits } of RULE_PHRASES) {
      for (const match of text.matchAll(pattern)) {
        const phrase = match[0];
        if (NOT_SCHEMA[rule]?.test(phrase)) continue;
        // The fields named before the phrase, and the one the rule's summary is about (a fix text
        // says "set 1 to 6 hours" of the field its summary names).
        const fields = [...fieldsIn(text.slice(0, match.index)), ...fieldsIn(summaryOf(rule))];
        if (fields.length === 0) {
          wrong.push(`"${phrase}" names no schema field before it`);
          continue;
        }
        const values = limits.map((limit, i) => [limit, Number(match[i + 1])] as const);
        const fits = (node: Node) =>
          values.every(([limit, value]) =>
            // "set 1 to 6 hours": a range a rule advises may start above the minimum, never below it.
            limit === 'minimum' && values.length === 2 ? typeof node.minimum === 'number' && value >= node.minimum : limit === 'default' && !('default' in node) ? true : node[limit] === value,
          );
        if (!fields.some((field) => byField.get(field)!.some(fits))) wrong.push(`"${phrase}" is not what the schema holds for ${[...new Set(fields)].join(' or ')}`);
      }
    }
    expect(wrong, `${where}: "${text}"`).toEqual([]);
  });
});
