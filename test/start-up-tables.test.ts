import ipaddr from 'ipaddr.js';
import { expect, test, vi } from 'vitest';
import type { RuleContext } from '../src/types.js';

// Tables a rule builds from other data are built the first time the rule needs them, not when
// the rules load: a pre-commit run of one file loads every rule and runs few of them.

const schemaAt = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../src/schema/schema-at.js', async (original) => {
  const actual = await original<typeof import('../src/schema/schema-at.js')>();
  return {
    ...actual,
    schemaAt: (...args: Parameters<typeof actual.schemaAt>) => {
      schemaAt.calls++;
      return actual.schemaAt(...args);
    },
  };
});

function checkWith(rule: { check(context: RuleContext): void }, body: unknown): string[] {
  const reported: string[] = [];
  rule.check({ body, report: ({ messageId }: { messageId: string }) => reported.push(messageId) } as unknown as RuleContext);
  return reported;
}

test('allowlist/ip-cidr-special-range parses its ranges at the first entry it checks, once', async () => {
  const parseCIDR = vi.spyOn(ipaddr, 'parseCIDR');
  const rule = (await import('../rules/allowlist/ip-cidr-special-range.js')).default;
  expect(parseCIDR).toHaveBeenCalledTimes(0);
  expect(checkWith(rule, { ip_cidr: '10.1.2.3' })).toEqual(['specialRange']);
  // The table's 25 ranges (a bare address is read without parseCIDR, rules/support/ip-block.ts).
  expect(parseCIDR).toHaveBeenCalledTimes(25);
  expect(checkWith(rule, { ip_cidr: '8.8.8.8' })).toEqual([]);
  expect(parseCIDR).toHaveBeenCalledTimes(25);
  parseCIDR.mockRestore();
});

test('cluster/v12-envelope reads the schema for its table of homes at the first v1.2 body, not when it loads', async () => {
  const rule = (await import('../rules/cluster/v12-envelope.js')).default;
  expect(schemaAt.calls).toBe(0);
  expect(checkWith(rule, { label: ['a'] })).toEqual([]);
  expect(schemaAt.calls).toBe(0);
  // The misplaced member is found through the table.
  expect(checkWith(rule, { cluster: { hadoop_settings: { max_nodes: 3 } } })).toEqual(['envelope', 'misplaced']);
});
