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
