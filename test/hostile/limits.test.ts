import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { lintFileAt, planRun } from '../../src/node/lint-files.js';
import { parseText } from '../../src/parse/parse.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE, lines, tempDir } from './helpers.js';

/**
 * Resource limits: every hostile shape ends in one `parse/limit` finding that names the limit
 * (exit 1, a finding, not a failed run), and raising the limit in the config file lets a
 * legitimate file through. No test here asserts a time: bench/hostile.mjs measures how the time of
 * these shapes grows with their size.
 */

const DEEP = 'document not read: its collections nest more than 200 deep (limit maxDepth = 200); raise limits.maxDepth in the config file to read it';

describe('alias bombs and cycles', () => {
  test('billion laughs: refused before expansion, at the alias that passes maxAliasExpansion', async () => {
    const run = await runCli(['--no-config', '-f', 'compact', `${HOSTILE}/billion-laughs.yaml`]);
    expect(lines(run.stdout)).toEqual([
      `${HOSTILE}/billion-laughs.yaml:9:20: error document not read: its aliases stand for more than 10485760 characters of text (limit maxAliasExpansion = 10485760) [parse/limit]`,
    ]);
    expect(run.code).toBe(1);
  });

  test('an alias inside the collection it names (a cycle) is refused, not walked forever', async () => {
    const run = await runCli(['--no-config', '-f', 'compact', `${HOSTILE}/alias-cycle.yaml`]);
    expect(lines(run.stdout)).toEqual([
      `${HOSTILE}/alias-cycle.yaml:3:1: error document not read: an alias sits inside the collection it names, so the data nests without end (limit maxDepth = 200) [parse/limit]`,
    ]);
    expect(run.code).toBe(1);
  });

  test('a sequence cycle (&a [*a]) and a merge into itself are refused too', () => {
    expect(lintText('# dplint: operation=edit-cluster\nlabel: &a [*a]\n').findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/limit', 2, 1]]);
    const merge = lintText('# dplint: operation=edit-cluster\nnode_configuration: &n {<<: *n}\n').findings;
    expect(merge.map((f) => f.ruleId)).toEqual(['parse/limit']);
  });

  test('aliases that nest deeper than the text does are refused with maxDepth named', () => {
    // Each line nests 40 lists and aliases the line before: 41 levels of text, 241 of data, 5 aliases.
    const [open, close] = ['['.repeat(40), ']'.repeat(40)];
    const chain = ['# dplint: operation=edit-cluster', `l0: &l0 ${open}x${close}`, ...Array.from({ length: 5 }, (_, i) => `l${i + 1}: &l${i + 1} ${open}*l${i}${close}`)].join('\n') + '\n';
    const { findings } = lintText(chain);
    expect(findings).toEqual([
      {
        ruleId: 'parse/limit',
        severity: 'error',
        message: 'document not read: with its aliases expanded, its collections nest more than 200 deep (limit maxDepth = 200); raise limits.maxDepth in the config file to read it',
        path: '',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 2,
      },
    ]);
    expect(lintText(chain, { maxDepth: 300 }).findings.some((f) => f.ruleId === 'parse/limit')).toBe(false);
  });
});

describe('10,000-deep nesting', () => {
  test.each([
    ['deep-flow.yaml', 2, 207],
    ['deep-flow.json', 1, 201],
    ['deep-block.yaml', 4, 399],
  ])('%s: one parse/limit finding at the first collection past the limit, no stack overflow', async (name, line, column) => {
    const run = await runCli(['--no-config', '-f', 'compact', `${HOSTILE}/${name}`]);
    expect(run.stderr).toBe('');
    expect(lines(run.stdout)).toEqual([`${HOSTILE}/${name}:${line}:${column}: error ${DEEP} [parse/limit]`]);
    expect(run.code).toBe(1);
  });

  test('a 10,000-deep block mapping (made here: 50 MB of indentation would not be committed) is refused at line 202', () => {
    const text = '# dplint: operation=edit-cluster\n' + Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';
    const { findings } = lintText(text);
    expect(findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([['parse/limit', 202, 201, DEEP]]);
  });

  test('exactly maxDepth levels are read; one more is refused; the limit follows the option', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(parseText(nested(200), 'yaml').documents[0].usable).toBe(true);
    expect(parseText(nested(201), 'yaml').findings.map((f) => [f.ruleId, f.column])).toEqual([['parse/limit', 201]]);
    expect(parseText(nested(201), 'yaml', { maxDepth: 300 }).documents[0].usable).toBe(true);
    expect(parseText(nested(11), 'yaml', { maxDepth: 10 }).findings[0].message).toContain('limit maxDepth = 10');
  });

  test('only the deep document of a stream is refused; the others are linted', () => {
    const text = '# dplint: operation=set-cluster-state\nstate: stop\n---\nstate: ' + '['.repeat(300) + ']'.repeat(300) + '\n---\nstate: start\n';
    expect(lintText(text).findings.map((f) => [f.ruleId, f.document, f.line, f.column])).toEqual([
      ['schema/enum', 0, 2, 8],
      ['parse/limit', 1, 4, 207],
    ]);
  });

  test('limits.maxDepth in the config file is applied, and raising it lets a 300-deep file through', async () => {
    const body = '# dplint: operation=edit-cluster\nlabel: [etl]\nextra: ' + '['.repeat(300) + ']'.repeat(300) + '\n';
    const dir = tempDir({ 'deep.yaml': body, 'dplint.config.yaml': 'limits:\n  maxDepth: 400\n' });
    const raised = await runCli(['-f', 'compact', 'deep.yaml'], { cwd: dir });
    expect(lines(raised.stdout)).toEqual([
      'deep.yaml:3:1: warning unknown member "extra" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes [schema/unknown-member]',
    ]);
    expect(raised.code).toBe(0);
    writeFileSync(join(dir, 'dplint.config.yaml'), 'limits:\n  maxDepth: 50\n');
    const lowered = await runCli(['-f', 'compact', 'deep.yaml'], { cwd: dir });
    expect(lines(lowered.stdout)).toEqual([
      'deep.yaml:3:57: error document not read: its collections nest more than 50 deep (limit maxDepth = 50); raise limits.maxDepth in the config file to read it [parse/limit]',
    ]);
  });

  test('a config file nested past the limit is a bad config (exit 2, one line), not a crash', async () => {
    const dir = tempDir({ 'a.yaml': 'state: start\n', 'dplint.config.yaml': 'rules: ' + '['.repeat(5000) + ']'.repeat(5000) + '\n' });
    const run = await runCli(['a.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`dplint: dplint.config.yaml:1:207: ${DEEP}\n`);
  });
});

describe('file size', () => {
  test('a 50 MB file is refused by maxFileSize (default 10 MiB) without being read', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'huge.yaml'), 'label: [etl]\n' + '#'.repeat(50 * 1024 * 1024) + '\n');
    for (const args of [[], ['--no-config']]) {
      const run = await runCli([...args, '-f', 'compact', 'huge.yaml'], { cwd: dir });
      expect(lines(run.stdout)).toEqual([
        'huge.yaml:1:1: error the file is 52428814 bytes, over the limit maxFileSize = 10485760; raise limits.maxFileSize in the config file to lint it [parse/limit]',
      ]);
      expect(run.code).toBe(1);
    }
  });

  test('with limits.maxFileSize raised, a 14 MB bootstrap script is linted', async () => {
    const script = Array.from({ length: 300_000 }, (_, i) => `  set hive.exec.parallel.thread.number=${i};\n`).join('');
    const dir = tempDir({
      'bootstrap.yaml': `# dplint: operation=set-bootstrap\nis_user_bootstrap: 1\nscript: |\n${script}`,
      'dplint.config.yaml': 'limits:\n  maxFileSize: 20000000\n',
    });
    const run = await runCli(['-f', 'compact', 'bootstrap.yaml'], { cwd: dir });
    expect(lines(run.stdout)).toEqual([
      'bootstrap.yaml:2:20: error is_user_bootstrap must be one of true, false, "true", "false"; got 1 [schema/enum]',
    ]);
    expect(run.code).toBe(1);
  });

  test('files of every size read in turn: each file gets its own text and its own content hash', () => {
    // Files up to 1 MiB are read into one buffer that the next read reuses (src/node/files.ts).
    const sizes = { 'a-small.yaml': 40, 'b-large.yaml': 2_000_000, 'c-small.yaml': 60, 'd-medium.yaml': 200_000, 'e-small.yaml': 10 };
    const files = Object.fromEntries(Object.entries(sizes).map(([name, size]) => [name, `# ${'x'.repeat(size)}\nnode_configuration:\n  max_nodes: "${size}"\n`]));
    const dir = tempDir(files);
    const options = { cwd: dir, config: false as const, operation: 'edit-cluster' as const, hashContent: true };
    const run = planRun(['.'], options);
    const linted = run.files.map((file) => lintFileAt(file, run, options));
    expect(linted.map((l) => [l.result.file, l.contentHash])).toEqual(
      Object.keys(sizes).map((name) => [name, createHash('sha1').update(readFileSync(join(dir, name))).digest('hex')]),
    );
    expect(linted.map((l) => l.result.findings.map((f) => [f.ruleId, f.line, f.column, f.message]))).toEqual(
      Object.values(sizes).map((size) => [['body/number-as-string', 3, 14, `node_configuration.max_nodes must be a whole number; got the string "${size}": write ${size} without quotes`]]),
    );
  });

  test('standard input is held to maxFileSize too', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'limits:\n  maxFileSize: 100\n' });
    const run = await runCliWithStdin(['--stdin', '--stdin-filename', 'body.yaml', '-f', 'compact'], 'label: [etl]\n' + '#'.repeat(200) + '\n', dir);
    expect(lines(run.stdout)).toEqual([
      'body.yaml:1:1: error the input is 214 bytes, over the limit maxFileSize = 100; raise limits.maxFileSize in the config file to lint it [parse/limit]',
    ]);
    expect(run.code).toBe(1);
  });

  test('a 1 MB single line: findings on it, code frame and all', async () => {
    const line = `{"label": ["etl"], "node_configuration": {"max_nodes": "9"}, "cluster_name": "${'x'.repeat(1024 * 1024)}"}`;
    const dir = tempDir({ 'long.json': line });
    const run = await runCli(['--no-config', '--operation', 'edit-cluster', 'long.json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('  long.json:1:56  error    node_configuration.max_nodes must be a whole number; got the string "9": write 9 without quotes  body/number-as-string\n');
    expect(run.stdout).toContain('  long.json:1:62  warning  unknown member "cluster_name" in the body');
    const json = await runCli(['--no-config', '--operation', 'edit-cluster', '-f', 'json', 'long.json'], { cwd: dir });
    expect(JSON.parse(json.stdout).summary).toEqual({ files: 1, errors: 1, warnings: 1, infos: 0, fixable: 1 });
  });
});

describe('thousands of findings in one file', () => {
  test('5,000 unknown members in one mapping and a fix: every one reported, in order', async () => {
    const members = Array.from({ length: 5000 }, (_, i) => `  member_${i}: "${i}"`).join('\n');
    const text = `# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n${members}\n  max_nodes: "7"\n`;
    const { findings } = lintText(text);
    expect(findings).toHaveLength(5001);
    expect(findings[0]).toMatchObject({ ruleId: 'schema/unknown-member', line: 4, column: 3, path: '/node_configuration/member_0' });
    expect(findings[4999]).toMatchObject({ ruleId: 'schema/unknown-member', line: 5003, column: 3, path: '/node_configuration/member_4999' });
    expect(findings[5000]).toMatchObject({ ruleId: 'body/number-as-string', line: 5004, column: 14, fix: { text: '7' } });

    const dir = tempDir({ 'many.yaml': text });
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'compact']) {
      const run = await runCli(['--no-config', '-f', format, 'many.yaml'], { cwd: dir });
      expect(run.code, format).toBe(1);
    }
  });
});

describe('the committed corpus stays small', () => {
  test('every fixture under fixtures/hostile is under 100 KB', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const sizes = readdirSync(HOSTILE, { recursive: true, encoding: 'utf8' })
      .map((name) => [name, statSync(join(HOSTILE, name))] as const)
      .filter(([, stats]) => stats.isFile())
      .map(([name, stats]) => [name, stats.size] as const);
    expect(sizes.filter(([, size]) => size > 100 * 1024)).toEqual([]);
    expect(sizes.length).toBeGreaterThan(20);
    expect(readFileSync(join(HOSTILE, 'deep-flow.json'), 'utf8')).toHaveLength(20_001);
  });
});

async function runCliWithStdin(argv: string[], input: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { run } = await import('../../src/cli.js');
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, env: {}, isTTY: false, readStdin: async () => input });
  return { code, stdout, stderr };
}

describe('a limit given as null by a library caller (options read from JSON) is the default', () => {
  const findingsOf = (text: string, options: Record<string, unknown>) => lintText(text, { operation: 'edit-cluster', ...options }).findings.map((f) => `${f.ruleId}@${f.line}:${f.column}`);
  test.each(['maxDepth', 'maxDocuments', 'maxAliasCount', 'maxAliasExpansion'])('%s: null reads the file as the default does, never refuses it', (limit) => {
    const yaml = 'label: [[1]]\nnode_configuration:\n  max_nodes: "7"\n';
    expect(findingsOf(yaml, { [limit]: null })).toEqual(findingsOf(yaml, {}));
    expect(findingsOf(yaml, { [limit]: null })).toEqual(['schema/type@1:9', 'body/number-as-string@3:14']);
    expect(findingsOf('{"label": [[1]]}', { filename: 'a.json', [limit]: null })).toEqual(['schema/type@1:12']);
  });
});
