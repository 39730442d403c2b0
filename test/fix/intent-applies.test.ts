// The fix renderer asks whether an intent applies to a document's data (intentApplies) before it
// makes the data the intent means (applyIntent), and makes that only for an edit it reads back:
// the two must agree on every path, or a fix kept today would be dropped, or one dropped kept.
import { describe, expect, test } from 'vitest';
import { applyIntent, intentApplies } from '../../src/fix/render.js';
import type { FixIntent } from '../../src/types.js';

const data = { vm_settings: { cloud_region: 'us-east-9', subnet: ['a', 'b'], empty: {} }, label: ['x'], state: null };

describe('intentApplies answers as applyIntent does', () => {
  test.each<[string, Array<string | number>, FixIntent, boolean]>([
    ['a value that is there', ['vm_settings', 'cloud_region'], { kind: 'replaceValue', value: 'us-east-1' }, true],
    ['a value under a missing member', ['vm_settings', 'nope', 'x'], { kind: 'replaceValue', value: 1 }, false],
    ['a missing member itself', ['vm_settings', 'nope'], { kind: 'replaceValue', value: 1 }, false],
    ['an item in range', ['vm_settings', 'subnet', 1], { kind: 'replaceValue', value: 'c' }, true],
    ['an item past the end', ['vm_settings', 'subnet', 2], { kind: 'replaceValue', value: 'c' }, false],
    ['an item named by a string index', ['label', '0'], { kind: 'replaceValue', value: 'y' }, true],
    ['an item named by a fraction', ['label', 0.5], { kind: 'replaceValue', value: 'y' }, false],
    ['into a scalar', ['vm_settings', 'cloud_region', 'x'], { kind: 'replaceValue', value: 1 }, false],
    ['the whole document', [], { kind: 'replaceValue', value: {} }, true],
    ['a mapping nested', ['vm_settings'], { kind: 'nestMembers', under: 'account' }, true],
    ['a list nested', ['label'], { kind: 'nestMembers', under: 'account' }, false],
    ['null nested', ['state'], { kind: 'nestMembers', under: 'account' }, false],
    ['a member renamed', ['vm_settings', 'cloud_region'], { kind: 'renameKey', to: 'region' }, true],
    ['a missing member renamed', ['vm_settings', 'region'], { kind: 'renameKey', to: 'cloud_region' }, false],
    ['an item "renamed"', ['label', 0], { kind: 'renameKey', to: 'y' }, false],
    ['a member removed', ['state'], { kind: 'removeMember' }, true],
    ['the document removed', [], { kind: 'removeMember' }, false],
    ['a member of a missing member removed', ['nope', 'x'], { kind: 'removeMember' }, false],
  ])('%s', (_, path, intent, applies) => {
    expect(typeof applyIntent(data, path, intent) !== 'symbol').toBe(applies);
    expect(intentApplies(data, path, intent)).toBe(applies);
  });
});
