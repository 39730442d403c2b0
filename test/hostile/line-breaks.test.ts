import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { lineStarts, positionAt } from '../../src/parse/lines.js';
import { runCli } from '../helpers/cli.js';
import { lines, tempDir } from './helpers.js';

/**
 * Which bytes are lines (issue 29 item 6, issue 30): YAML 1.2, PyYAML and js-yaml end a line at
 * LF, CRLF and a lone CR; `yaml` alone read a lone CR as a character, so a comment ending in one
 * hid the next line from dplint that every other reader sends. U+0085, U+2028 and U+2029 are line
 * breaks to PyYAML only: the readers part, and dplint says so (`parse/line-break`).
 */

const compact = (finding: { ruleId: string; line: number; column: number; message: string }): string => `${finding.line}:${finding.column} ${finding.ruleId} ${finding.message}`;

describe('a lone CR ends a line, as it does for every other YAML reader', () => {
  test('a member after a comment ended by a lone CR is read and checked', () => {
    const { findings } = lintText('# dplint: operation=edit-cluster\n# sizes\rnode_configuration: {max_nodes: -5}\n');
    expect(findings.map(compact)).toEqual(['3:33 schema/range node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -5']);
  });

  test('a file of CR-only line ends that begins with a comment is the body the config maps', () => {
    const { operationSource, findings, shownSource } = lintText('# sizes\rnode_configuration:\r  max_nodes: -5\r', { configOperation: 'edit-cluster', filename: 'c.yaml' });
    expect(operationSource).toBe('config');
    expect(findings.map(compact)).toEqual(['3:14 schema/range node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -5']);
    // The shown text's lines are YAML's: a code frame shows line 3 as line 3.
    expect(shownSource?.split('\n')[2]).toBe('  max_nodes: -5');
  });

  test('a directive on a line ended by a lone CR silences the next line', () => {
    const result = lintText('# dplint: operation=edit-cluster\r# dplint-disable-next-line schema/range -- sizes come later\rnode_configuration: {max_nodes: -5}\r', { includeSuppressed: true });
    expect(result.findings).toEqual([]);
    expect(result.suppressed?.map(compact)).toEqual(['3:33 schema/range node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -5']);
  });

  test('a credential on a line ended by a lone CR is masked in the shown text', () => {
    const { shownSource } = lintText('# dplint: operation=edit-cluster\rvm_settings:\r  compute_secret_key: hunter2hunter2\r  bogus: 1\r');
    expect(shownSource).toBe('# dplint: operation=edit-cluster\nvm_settings:\n  compute_secret_key: ****\n  bogus: 1\n');
  });

  test('line starts count LF, CRLF and a lone CR once each', () => {
    const starts = lineStarts('a\rb\r\nc\nd');
    expect(starts).toEqual([0, 2, 5, 7]);
    expect(positionAt(starts, 5)).toEqual({ line: 3, column: 1 });
  });

  test('the CLI lints a mapped CR-only file and shows the line in its code frame', async () => {
    const dir = tempDir({
      'dplint.config.yaml': 'extends: strict\nfiles:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n',
      'clusters/etl.yaml': '# sizes\rnode_configuration:\r  max_nodes: -5\r',
    });
    const { code, stdout } = await runCli(['-f', 'compact', '.'], { cwd: dir });
    expect(lines(stdout)).toEqual([
      `${join('clusters', 'etl.yaml')}:3:14: error node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -5 [schema/range]`,
    ]);
    expect(code).toBe(1);
    const stylish = await runCli(['-f', 'stylish', '.'], { cwd: dir });
    expect(stylish.stdout).toContain('> 3 |   max_nodes: -5');
  });
});

describe('U+0085, U+2028 and U+2029: line breaks to PyYAML only', () => {
  test('a line separator after a comment is an error at its position', () => {
    const { findings } = lintText('# dplint: operation=edit-cluster\nlabel: [etl] # sizes\u2028node_configuration: {max_nodes: -5}\n');
    expect(findings.map(compact)).toEqual([
      '2:21 parse/line-break U+2028 (line separator) is a line break to YAML 1.1 readers (PyYAML) and an ordinary character to YAML 1.2 (dplint, js-yaml): they read this line differently; end the line with a line feed, or write it inside double quotes as "\\u2028"',
    ]);
  });

  test('a NEL before a key, and a paragraph separator in a plain value, are errors', () => {
    const { findings } = lintText('# dplint: operation=edit-cluster\nlabel: [etl]\u0085state: x\nnode_bootstrap: a\u2029b.sh\n');
    expect(findings.filter((f) => f.ruleId === 'parse/line-break').map((f) => `${f.line}:${f.column} ${f.severity} ${f.message.slice(0, 28)}`)).toEqual([
      '2:13 error U+0085 (next line) is a line',
      '3:18 error U+2029 (paragraph separator)',
    ]);
  });

  test('in a quoted string, a NEL (which PyYAML folds to a space) is an error; a separator between two letters reads the same everywhere', () => {
    const { findings } = lintText('# dplint: operation=edit-cluster\nlabel: ["a\u0085b", "c\u2028d", \'e \u2029f\']\n');
    expect(findings.map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message.slice(0, 40)}`)).toEqual([
      '2:11 parse/line-break U+0085 (next line) in a quoted string is',
      '2:26 parse/line-break U+2029 (paragraph separator) in a quoted',
    ]);
  });
});
