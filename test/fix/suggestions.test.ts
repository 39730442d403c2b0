import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { applyFixes } from '../../src/fix/apply.js';
import { nearestValid } from '../../src/schema/validate-body.js';
import type { Finding } from '../../src/types.js';

function lint(text: string, operation: 'edit-cluster' | 'edit-account' = 'edit-cluster', filename?: string): Finding[] {
  return lintText(text, { operation, filename }).findings;
}

/** Each suggestion of the finding at `path`, as its description and the text it leads to. */
function suggestionsAt(text: string, path: string, operation?: 'edit-cluster' | 'edit-account'): Array<{ desc: string; output: string }> {
  const finding = lint(text, operation).find((f) => f.path === path);
  return (finding?.suggestions ?? []).map((s) => ({ desc: s.desc, output: applyFixes(text, [{ fix: s.fix }]).text }));
}

describe('schema findings offer "did you mean" as suggestions, never as fixes', () => {
  test('an unknown member: rename it to the closest member', () => {
    const text = 'node_configuration:\n  max_node: 10\n';
    const finding = lint(text).find((f) => f.ruleId === 'schema/unknown-member')!;
    expect(finding.fix).toBeUndefined();
    expect(suggestionsAt(text, '/node_configuration/max_node')).toEqual([
      { desc: 'Rename "max_node" to "max_nodes"', output: 'node_configuration:\n  max_nodes: 10\n' },
    ]);
  });

  test('no suggestion when nothing is close', () => {
    expect(suggestionsAt('node_configuration:\n  colour: blue\n', '/node_configuration/colour')).toEqual([]);
  });

  test('an enum value: the closest allowed value, in the value\'s quoting', () => {
    expect(suggestionsAt('vm_settings:\n  cloud_region: "us-east-9"\n', '/vm_settings/cloud_region')).toEqual([
      { desc: 'Change to "us-east-1"', output: 'vm_settings:\n  cloud_region: "us-east-1"\n' },
    ]);
  });

  test('a number out of range: the nearest valid values (spot block duration, multiple of 60 in 60–360)', () => {
    const text = 'node_configuration:\n  slave_request_type: spot block\n  spot_block_settings:\n    duration: 90\n';
    expect(suggestionsAt(text, '/node_configuration/spot_block_settings/duration')).toEqual([
      { desc: 'Change to 60 minutes', output: text.replace('90', '60') },
      { desc: 'Change to 120 minutes', output: text.replace('90', '120') },
    ]);
    expect(suggestionsAt(text.replace('90', '400'), '/node_configuration/spot_block_settings/duration').map((s) => s.desc)).toEqual(['Change to 360 minutes']);
  });
});

describe('nearestValid', () => {
  test.each([
    [{ type: 'integer', minimum: 60, maximum: 360, multipleOf: 60 }, 90, [60, 120]],
    [{ type: 'integer', minimum: 60, maximum: 360, multipleOf: 60 }, 100, [120, 60]],
    [{ type: 'integer', minimum: 60, maximum: 360, multipleOf: 60 }, 0, [60]],
    [{ type: 'integer', minimum: 60, maximum: 360, multipleOf: 60 }, 1000, [360]],
    [{ type: 'integer', minimum: 1 }, -5, [1]],
    [{ type: 'integer', exclusiveMinimum: 0 }, 0, [1]],
    [{ type: 'number', maximum: 100 }, 100.5, [100]],
    [{ type: 'number', multipleOf: 0.1, maximum: 1 }, 1.05, [1]],
    [{ type: 'number', exclusiveMinimum: 0 }, 0, []],
    [{ type: 'integer', minimum: 10, maximum: 5 }, 7, []],
  ])('%j, %d → %j', (schema, value, expected) => {
    expect(nearestValid(value, schema)).toEqual(expected);
  });
});

describe('list shapes (schema/type)', () => {
  test('a bare label is fixed to a one-item list', () => {
    const finding = lint('label: etl\n').find((f) => f.path === '/label')!;
    expect(finding).toMatchObject({ ruleId: 'schema/type', fix: { range: [7, 10], text: '[etl]' } });
  });

  test('a label with a comma is one item or two: a person chooses', () => {
    const finding = lint('label: etl,nightly\n').find((f) => f.path === '/label')!;
    expect(finding.fix).toBeUndefined();
    expect(suggestionsAt('label: etl,nightly\n', '/label')).toEqual([
      { desc: 'Make it a list of 2 items: ["etl","nightly"]', output: 'label: [etl, nightly]\n' },
      { desc: 'Make it a list of one item: ["etl,nightly"]', output: 'label: ["etl,nightly"]\n' },
    ]);
  });

  test('a subnet_id list is fixed to one comma-separated string', () => {
    const finding = lint('vm_settings:\n  subnet_id: [subnet-0a1b, subnet-2c3d]\n').find((f) => f.path === '/vm_settings/subnet_id')!;
    expect(finding.fix).toEqual({ range: [26, 52], text: 'subnet-0a1b,subnet-2c3d' });
  });

  test('another string member given a list is not joined: a comma means nothing there', () => {
    const finding = lint('vm_settings:\n  vpc_id: [vpc-1, vpc-2]\n').find((f) => f.path === '/vm_settings/vpc_id')!;
    expect(finding.ruleId).toBe('schema/type');
    expect(finding.fix).toBeUndefined();
  });
});
