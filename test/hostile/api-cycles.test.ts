// A cyclic body given to the library is a caller's mistake: a TypeError at once, never a loop
// (it ran at 100 % CPU forever), and never a finding (README, "What dplint does not promise").
import { describe, expect, test, vi } from 'vitest';
import { assertValid, validate, validateRequest, withValidation } from '../../src/index.js';

describe('a cyclic body is a TypeError', () => {
  test('an object that holds itself', () => {
    const o: Record<string, unknown> = {};
    o.self = o;
    expect(() => validate('set-cluster-state', o)).toThrow(
      new TypeError('the body is cyclic: /self refers back to the object at ""; validate takes JSON-like data, as JSON.stringify does'),
    );
  });

  test('a cycle deep inside, through a list', () => {
    const nodes: Record<string, unknown> = { max_nodes: 4 };
    const body = { label: ['etl'], node_configuration: nodes };
    nodes.custom_vm_tags = { owners: [nodes] };
    expect(() => validate('edit-cluster', body)).toThrow(
      new TypeError('the body is cyclic: /node_configuration/custom_vm_tags/owners/0 refers back to the object at "/node_configuration"; validate takes JSON-like data, as JSON.stringify does'),
    );
  });

  test('validateRequest, assertValid and a guarded fetch throw the same', async () => {
    const o: Record<string, unknown> = { state: 'start' };
    o.again = o;
    const message = 'the body is cyclic: /again refers back to the object at ""; validate takes JSON-like data, as JSON.stringify does';
    expect(() => validateRequest({ method: 'PUT', path: '/api/v2.0/clusters/etl/state', body: o })).toThrow(new TypeError(message));
    expect(() => assertValid('set-cluster-state', o)).toThrow(new TypeError(message));
    const fetch = vi.fn(async (_input: unknown, _init?: unknown) => new Response('{}'));
    await expect(withValidation(fetch, { baseUrl: 'https://api.example.com' })('https://api.example.com/api/v2.0/clusters/etl/state', { method: 'PUT', body: o })).rejects.toThrow(new TypeError(message));
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a value shared by two members is no cycle', () => {
    let shared: Record<string, unknown> = { key: 'value' };
    for (let level = 0; level < 8; level++) shared = { a: shared, b: shared };
    expect(validate('set-cluster-state', { state: 'start', extra: shared }).findings.map((f) => f.ruleId)).toEqual(['schema/unknown-member']);
  });

  test('a body nested 10,000 deep does not overflow the stack of the cycle check', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) deep = { d: deep };
    const o: Record<string, unknown> = { state: 'start', deep };
    let innermost = deep;
    while (Object.keys(innermost.d as object).length > 0) innermost = innermost.d as Record<string, unknown>;
    (innermost.d as Record<string, unknown>).back = o;
    expect(() => validate('set-cluster-state', o)).toThrow(TypeError);
  });
});
