import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { yaml11Plain } from '../../src/engine/yaml11.js';

/**
 * Numbers and keys a YAML 1.1 reader reads differently (issue 29 item 7, issue 30): PyYAML, the
 * SDK's reader, reads `010` as 8, `1e3` as a string, `on` as true, a key `0755:` as 493. Wherever
 * its data differs from what dplint checked, dplint reports an error at the member.
 */

const shown = (text: string): string[] => lintText(text).findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.ruleId} ${f.message}`);

describe('values a YAML 1.1 reader reads as other data', () => {
  test('max_nodes: 010 passes as 10 ≥ 9 and is sent as 8', () => {
    expect(shown('# dplint: operation=edit-cluster\nnode_configuration: {initial_nodes: 9, max_nodes: 010}\n')).toEqual([
      '2:51 error yaml/yaml11-ambiguous node_configuration.max_nodes is the number 10 to YAML 1.2 readers (dplint, js-yaml) but the number 8 (octal) to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write 10 (or what you meant) so that every reader reads one value',
    ]);
  });

  test('1e3 is a string to PyYAML, and 1_000 a number', () => {
    expect(shown('# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 1e3\n  initial_nodes: 1_000\n')).toEqual([
      '3:14 error yaml/yaml11-ambiguous node_configuration.max_nodes is the number 1000 to YAML 1.2 readers (dplint, js-yaml) but the string "1e3" to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write 1000 (or what you meant) so that every reader reads one value',
      '4:18 error schema/type node_configuration.initial_nodes must be a whole number; got string "1_000"',
      '4:18 error yaml/yaml11-ambiguous node_configuration.initial_nodes is the string "1_000" to YAML 1.2 readers (dplint, js-yaml) but the number 1000 (underscores dropped) to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write "1_000" (or what you meant) so that every reader reads one value',
    ]);
  });

  test('a date in a string field, read by the block reader before', () => {
    expect(shown('# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  custom_vm_tags:\n    created: 2024-01-01\n')).toEqual([
      '5:14 error yaml/yaml11-ambiguous node_configuration.custom_vm_tags.created is the string "2024-01-01" to YAML 1.2 readers (dplint, js-yaml) but a date to YAML 1.1 readers (PyYAML); quote it: "2024-01-01"',
    ]);
  });

  test('a tag of a YAML 1.1 type is read by its YAML 1.1 rules', () => {
    expect(shown('# dplint: operation=edit-cluster\nnode_configuration: {max_nodes: !!int 010}\n')).toEqual([
      '2:39 error yaml/yaml11-ambiguous node_configuration.max_nodes is the number 10 to YAML 1.2 readers (dplint, js-yaml) but the number 8 (octal) to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write 10 (or what you meant) so that every reader reads one value',
    ]);
  });
});

describe('keys a YAML 1.1 reader reads as other data', () => {
  test('0755: and on: under custom_vm_tags are sent as "493" and "true"', () => {
    expect(shown('# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  custom_vm_tags:\n    0755: x\n    on: y\n')).toEqual([
      '5:5 error yaml/yaml11-ambiguous the key 0755 in node_configuration.custom_vm_tags is "755" to YAML 1.2 readers (dplint, js-yaml) but the number 493 (octal) to YAML 1.1 readers (PyYAML), which send it as "493"; write it as "755"',
      '6:5 error yaml/yaml11-ambiguous the key on in node_configuration.custom_vm_tags is "on" to YAML 1.2 readers (dplint, js-yaml) but the boolean true to YAML 1.1 readers (PyYAML), which send it as "true"; write it as "on"',
    ]);
  });
});

describe('the YAML 1.1 reading is PyYAML\'s', () => {
  test.each([
    ['010', { kind: 'int', value: 8, how: 'octal' }],
    ['0b101', { kind: 'int', value: 5, how: 'binary' }],
    ['1:30', { kind: 'int', value: 90, how: 'base-60' }],
    ['1e3', { kind: 'str' }],
    ['1.0e+3', { kind: 'float', value: 1000 }],
    ['0o10', { kind: 'str' }],
    ['09', { kind: 'str' }],
    ['Off', { kind: 'bool', value: false }],
    ['y', { kind: 'str' }],
    ['~', { kind: 'null' }],
    ['2001-12-14t21:59:43.10-05:00', { kind: 'timestamp' }],
    ['<<', { kind: 'refused' }],
  ])('%s', (text, reading) => {
    expect(yaml11Plain(text)).toEqual(reading);
  });
});

// Guards the refactor of yaml11Tagged's bool case: PyYAML looks a `!!bool` text up lower-cased.
test('!!bool takes the six words in any case, and refuses anything else', () => {
  const ambiguous = (word: string): string[] =>
    lintText(`# dplint: operation=edit-cluster\nlabel: [!!bool ${word}]\n`).findings.filter((f) => f.ruleId === 'yaml/yaml11-ambiguous').map((f) => `${f.line}:${f.column} ${f.message}`);
  const said = (word: string, reading: string): string =>
    `2:16 label[0] is the string "${word}" to YAML 1.2 readers (dplint, js-yaml) but ${reading} to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write "${word}" (or what you meant) so that every reader reads one value`;
  expect(ambiguous('yEs')).toEqual([said('yEs', 'the boolean true')]);
  expect(ambiguous('oN')).toEqual([said('oN', 'the boolean true')]);
  expect(ambiguous('oFf')).toEqual([said('oFf', 'the boolean false')]);
  expect(ambiguous('nO')).toEqual([said('nO', 'the boolean false')]);
  expect(ambiguous('yess')).toEqual([]);
  expect(ambiguous('1')).toEqual([]);
});
