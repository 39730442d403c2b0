import { describe, expect, test } from 'vitest';
import { completionPlaceAt, placeAt } from '../../src/lsp/structure.js';

/** Where the cursor is, for hover and completion: `|` marks it in each text. */
function at(marked: string): [string, number] {
  return [marked.replace('|', ''), marked.indexOf('|')];
}

describe('placeAt: the member under the cursor', () => {
  test.each([
    ['label: [etl]\nnode_configuration:\n  max_n|odes: 4\n', { path: ['node_configuration', 'max_nodes'], onKey: true, document: 0 }],
    ['label: [etl]\nnode_configuration:\n  max_nodes: |4\n', { path: ['node_configuration', 'max_nodes'], onKey: false, document: 0 }],
    ['vm_settings: {cloud_re|gion: us-east-1}\n', { path: ['vm_settings', 'cloud_region'], onKey: true, document: 0 }],
    ['{"node_configuration": {"max_nodes": 4, "custom_vm_t|ags": {"a": "b"}}}', { path: ['node_configuration', 'custom_vm_tags'], onKey: true, document: 0 }],
    ['a: 1\n---\nstate: st|art\n', { path: ['state'], onKey: false, document: 1 }],
    ['label: [etl]\n# a comm|ent\n', undefined],
  ])('%j', (marked, expected) => {
    expect(placeAt(...at(marked))).toEqual(expected);
  });
});

describe('completionPlaceAt: what may be typed at the cursor', () => {
  test.each([
    ['label: [etl]\nnode_configuration:\n  max_nodes: 4\n  |\n', false, { kind: 'member', parent: ['node_configuration'], siblings: ['max_nodes'], document: 0 }],
    ['label: [etl]\nnode_configuration:\n  max_nodes: 4\n  ini|\n', false, { kind: 'member', parent: ['node_configuration'], siblings: ['max_nodes'], document: 0 }],
    ['label: [etl]\n|', false, { kind: 'member', parent: [], siblings: ['label'], document: 0 }],
    ['vm_settings:\n  cloud_region: |\n', false, { kind: 'value', path: ['vm_settings', 'cloud_region'], document: 0 }],
    ['vm_settings:\n  cloud_region: us-|\n', false, { kind: 'value', path: ['vm_settings', 'cloud_region'], document: 0 }],
    ['label:\n  - |\n', false, { kind: 'value', path: ['label', 0], document: 0 }],
    ['{"node_configuration": {"max_nodes": 4, "|"}}', true, { kind: 'member', parent: ['node_configuration'], siblings: ['max_nodes'], document: 0 }],
    ['{"node_configuration": {"max_nodes": 4, "ini|}}', true, { kind: 'member', parent: ['node_configuration'], siblings: ['max_nodes'], document: 0 }],
    ['{"state": "|"}', true, { kind: 'value', path: ['state'], document: 0 }],
    ['label: [etl]\n---\nstate: |\n', false, { kind: 'value', path: ['state'], document: 1 }],
  ])('%j (json: %s)', (marked, json, expected) => {
    const [text, offset] = at(marked);
    expect(completionPlaceAt(text, offset, json)).toEqual(expected);
  });
});
