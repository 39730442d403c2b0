import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { validate } from '../src/api/validate.js';
import { runCli } from './helpers/cli.js';
import { configError } from './helpers/config.js';
import { parseConfig } from '../src/config/config.js';
import { repo } from './helpers/repo.js';

// A policy names members by its schema's `properties`, `required` and `dependencies`; one that
// names a member its operations' bodies cannot hold checks nothing there, silently.

const policy = (schema: string, operations = '[edit-cluster]') =>
  `policies:\n  - id: p\n    message: m\n    operations: ${operations}\n    schema:\n${schema
    .split('\n')
    .map((line) => (line ? `      ${line}` : line))
    .join('\n')}`;


const NOTHING = 'the policy would check nothing there';

describe('a policy naming a member no body of its operations has is a config error, with "did you mean"', () => {
  test('node_configuraton.max_nodes with maximum: 1 let max_nodes: 100 pass; now exit 2 at the misspelt key, and the corrected policy reports', async () => {
    const misspelt = policy('properties:\n  node_configuraton:\n    properties:\n      max_nodes: { maximum: 1 }\n');
    const body = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  max_nodes: 100\n';
    expect(await runCli(['c.yaml'], { cwd: repo({ 'dplint.config.yaml': misspelt, 'c.yaml': body }) })).toEqual({
      code: 2,
      stdout: '',
      stderr: `dplint: dplint.config.yaml:7:9: policies[0].schema: unknown member "node_configuraton" in the edit-cluster body: ${NOTHING}; did you mean "node_configuration"?\n`,
    });
    const fixed = misspelt.replace('node_configuraton', 'node_configuration');
    const run = await runCli(['c.yaml', '-f', 'compact'], { cwd: repo({ 'dplint.config.yaml': fixed, 'c.yaml': body }) });
    expect(run).toEqual({ code: 1, stdout: 'c.yaml:4:14: error m (node_configuration.max_nodes must be at most 1; got 100) [policy/p]\n', stderr: '' });
  });

  test('a nested member is named with its parent; a `required` item is pointed at as a value, a `properties` key as a key', () => {
    expect(configError(policy('properties:\n  node_configuration:\n    properties:\n      max_nodez: { maximum: 1 }\n'))).toBe(
      `dplint.config.yaml:9:13: policies[0].schema: unknown member "max_nodez" in node_configuration of the edit-cluster body: ${NOTHING}; did you mean "max_nodes"?`,
    );
    expect(configError(policy('properties:\n  node_configuration:\n    required: [max_nodes, initial_node]\n'))).toBe(
      `dplint.config.yaml:8:33: policies[0].schema: unknown member "initial_node" in node_configuration of the edit-cluster body: ${NOTHING}; did you mean "initial_nodes"?`,
    );
    expect(configError(policy('dependencies:\n  lable: [node_configuration]\n'))).toBe(
      `dplint.config.yaml:7:9: policies[0].schema: unknown member "lable" in the edit-cluster body: ${NOTHING}; did you mean "label"?`,
    );
  });

  test('inside allOf, anyOf, not, if/then and a $ref into the policy itself', () => {
    expect(configError(policy('anyOf:\n  - required: [label]\n  - not: { required: [labels] }\n'))).toBe(
      `dplint.config.yaml:8:29: policies[0].schema: unknown member "labels" in the edit-cluster body: ${NOTHING}; did you mean "label"?`,
    );
    expect(configError(policy('if: { required: [label] }\nthen:\n  properties:\n    node_configuration: { required: [idle_cluster_timeout_in_sec] }\n'))).toBe(
      `dplint.config.yaml:9:44: policies[0].schema: unknown member "idle_cluster_timeout_in_sec" in node_configuration of the edit-cluster body: ${NOTHING}; did you mean "idle_cluster_timeout_in_secs"?`,
    );
    expect(configError(policy('definitions:\n  nodes:\n    properties:\n      max_nodez: { maximum: 50 }\nproperties:\n  node_configuration: { $ref: "#/definitions/nodes" }\n'))).toBe(
      `dplint.config.yaml:9:13: policies[0].schema: unknown member "max_nodez" in node_configuration of the edit-cluster body: ${NOTHING}; did you mean "max_nodes"?`,
    );
  });

  test('a list is walked through `items` (shown as []); a member of a value that is not an object is unknown', () => {
    const memory = (item: string) =>
      policy(`properties:\n  node_configuration:\n    properties:\n      heterogeneous_instance_config:\n        properties:\n          memory:\n            items: ${item}\n`);
    expect(configError(memory('{ required: [instance_type, weight], properties: { weight: { maximum: 1 } } }'))).toBe('no error');
    expect(configError(memory('{ required: [instance_typ] }'))).toBe(
      `dplint.config.yaml:12:39: policies[0].schema: unknown member "instance_typ" in node_configuration.heterogeneous_instance_config.memory[] of the edit-cluster body: ${NOTHING}; did you mean "instance_type"?`,
    );
    expect(configError(policy('properties:\n  label:\n    items: { pattern: "^[a-z]" }\n'))).toBe('no error');
    expect(configError(policy('properties:\n  label:\n    properties:\n      name: {}\n'))).toBe(
      `dplint.config.yaml:9:13: policies[0].schema: unknown member "name" in label of the edit-cluster body: ${NOTHING}; label has no members`,
    );
  });

  test("a map whose keys are the user's (custom_vm_tags) takes any member; its values are what the map holds", () => {
    const tags = (inner: string) => policy(`properties:\n  node_configuration:\n    properties:\n      custom_vm_tags:\n${inner}`);
    expect(configError(tags('        required: [cost-center]\n        properties:\n          team: { pattern: "^[a-z]+$" }\n'))).toBe('no error');
    expect(configError(tags('        properties:\n          team:\n            required: [name]\n'))).toBe(
      `dplint.config.yaml:12:30: policies[0].schema: unknown member "name" in node_configuration.custom_vm_tags.team of the edit-cluster body: ${NOTHING}; node_configuration.custom_vm_tags.team has no members`,
    );
    // clone-cluster's cluster_info is left open by its schema (spec 4.14: "The complete set of payload fields … not shown").
    expect(configError(policy('properties:\n  cluster_info:\n    required: [master_instance_type]\n', '[clone-cluster]'))).toBe('no error');
  });

  test('a policy for several operations may name a member one of them has, not one that none has', () => {
    const both = '[edit-cluster, clone-cluster]';
    expect(configError(policy('properties:\n  label: { minItems: 1 }\n  cluster_info: { required: [label] }\n', both))).toBe('no error');
    expect(configError(policy('properties:\n  cluster_inf: {}\n', both))).toBe(
      `dplint.config.yaml:7:9: policies[0].schema: unknown member "cluster_inf" in the edit-cluster or clone-cluster body: ${NOTHING}; did you mean "cluster_info"?`,
    );
    expect(configError(policy('required: [label]\n', '[view-account]'))).toBe(
      `dplint.config.yaml:6:18: policies[0].schema: unknown member "label" in the view-account body: ${NOTHING}; it has no members`,
    );
  });

  test('the config docs/configuration.md shows (fixtures/config-repo) loads, its policies unchanged', () => {
    const text = readFileSync(new URL('../fixtures/config-repo/dplint.config.yaml', import.meta.url), 'utf8');
    expect(parseConfig(text, 'dplint.config.yaml').policies.map((p) => p.ruleId)).toEqual(['policy/cost-center-tag', 'policy/max-nodes-50']);
    expect(readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8')).toContain(text.trimEnd());
  });

  test('the library refuses the same policy, with the same words', () => {
    const policies = [{ id: 'p', message: 'm', operations: ['edit-cluster'], schema: { properties: { node_configuration: { properties: { max_nodez: { maximum: 1 } } } } } }];
    expect(() => validate('edit-cluster', { node_configuration: { max_nodes: 100 } }, { policies })).toThrow(
      `unknown member "max_nodez" in node_configuration of the edit-cluster body: ${NOTHING}; did you mean "max_nodes"?`,
    );
  });

  test('a policy that refers to one definition from many places is checked in linear time', () => {
    // 40 definitions, each referring to the next twice: 2^40 paths through them, each definition walked once per place's body schemas.
    const definitions = Array.from({ length: 40 }, (_, i) => `  d${i}: { allOf: [${i < 39 ? `{ $ref: "#/definitions/d${i + 1}" }, { $ref: "#/definitions/d${i + 1}" }` : '{ required: [label] }'}] }`).join('\n');
    const started = performance.now();
    expect(configError(policy(`definitions:\n${definitions}\n$ref: "#/definitions/d0"\n`))).toBe('no error');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
