import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';

const ROOT = join(__dirname, '..', '..');
const SAMPLE = join(ROOT, 'fixtures', 'config-repo');
const FIXED = join(ROOT, 'fixtures', 'config-repo-fixed');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split('\\').join('/'))
    .sort();
}

function sampleCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-fix-'));
  cpSync(SAMPLE, dir, { recursive: true });
  return dir;
}

function tempDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-fix-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('--fix on the sample config repository', () => {
  test('writes exactly the files in fixtures/config-repo-fixed, leaves every other file alone, and reports what remains', async () => {
    const dir = sampleCopy();
    const { code, stdout, stderr } = await runCli(['.', '--fix', '--format', 'json'], { cwd: dir });
    expect(stderr).toBe('');
    const expectedFixed = filesUnder(FIXED).filter((name) => name !== 'README.md');
    expect(expectedFixed).toEqual(['clusters/presto-adhoc.yaml', 'clusters/spark-ml.yaml']);
    for (const name of filesUnder(dir)) {
      const expected = expectedFixed.includes(name) ? join(FIXED, name) : join(SAMPLE, name);
      expect(readFileSync(join(dir, name), 'utf8'), name).toBe(readFileSync(expected, 'utf8'));
    }
    expect(filesUnder(dir)).toEqual(filesUnder(SAMPLE));
    // What remains has no single right answer; it is reported against the fixed text, with suggestions where there is a guess.
    expect(code).toBe(1);
    const output = JSON.parse(stdout) as { results: Array<{ file: string; findings: Array<{ ruleId: string; line: number; column: number; fix?: unknown; suggestions?: Array<{ desc: string }> }> }> };
    const remaining = output.results.flatMap((r) => r.findings.map((f) => `${r.file}:${f.line}:${f.column} ${f.ruleId}${f.suggestions ? ` (${f.suggestions.map((x) => x.desc).join('; ')})` : ''}`));
    expect(remaining).toEqual([
      'clusters/presto-adhoc.yaml:8:14 cluster/max-nodes-below-initial',
      'clusters/presto-adhoc.yaml:10:20 schema/enum',
      'clusters/sandbox-dev.yaml:8:25 repository/idle-timeout-override',
      'clusters/spark-ml.yaml:5:1 policy/cost-center-tag',
      'clusters/spark-ml.yaml:11:15 schema/range (Change to 60 minutes; Change to 120 minutes)',
      'clusters/spark-ml.yaml:12:3 cluster/blk-settings-without-volumes',
      'clusters/spark-ml.yaml:14:17 schema/enum (Change to "us-east-1")',
    ]);
    expect(output.results.flatMap((r) => r.findings).filter((f) => f.fix)).toEqual([]);
  });

  test('a second --fix changes nothing', async () => {
    const dir = sampleCopy();
    await runCli(['.', '--fix'], { cwd: dir });
    const once = Object.fromEntries(filesUnder(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
    const second = await runCli(['.', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    expect(second.stderr).toBe('');
    expect(JSON.parse(second.stdout).summary.fixable).toBe(0);
    await runCli(['.', '--fix'], { cwd: dir });
    expect(Object.fromEntries(filesUnder(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]))).toEqual(once);
  });

  test('--fix-dry-run prints a unified diff, then the remaining findings, and writes nothing', async () => {
    const dir = sampleCopy();
    const { code, stdout } = await runCli(['clusters/presto-adhoc.yaml', '--fix-dry-run', '--format', 'compact'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        '--- a/clusters/presto-adhoc.yaml',
        '+++ b/clusters/presto-adhoc.yaml',
        '@@ -1,6 +1,6 @@',
        ' # Ad-hoc SQL for analysts.',
        ' label: [adhoc-sql]',
        '-presto_version: 0.180',
        '+presto_version: "0.180"',
        ' presto_settings:',
        '   enable_presto: true',
        ' node_configuration:',
        'clusters/presto-adhoc.yaml:8:14: error node_configuration.max_nodes must be at least initial_nodes (4); got 2 [cluster/max-nodes-below-initial]',
        'clusters/presto-adhoc.yaml:10:20: error node_configuration.blk_volume_type must be one of "standard", "ssd", "st1", "sc1"; got "gp3" [schema/enum]',
        '',
      ].join('\n'),
    );
    for (const name of filesUnder(dir)) expect(readFileSync(join(dir, name), 'utf8'), name).toBe(readFileSync(join(SAMPLE, name), 'utf8'));
  });

  test('--fix-dry-run with --format json keeps standard output JSON: the diff goes to standard error', async () => {
    const dir = sampleCopy();
    const { code, stdout, stderr } = await runCli(['clusters/presto-adhoc.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    expect(code).toBe(1);
    expect(stderr).toContain('-presto_version: 0.180\n+presto_version: "0.180"\n');
    const output = JSON.parse(stdout);
    expect(output.results[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['cluster/max-nodes-below-initial', 'schema/enum']);
  });

  test('--fix-type limits the fixes to rule namespaces', async () => {
    const dir = sampleCopy();
    const { stdout } = await runCli(['clusters/spark-ml.yaml', '--fix-dry-run', '--fix-type', 'body', '-f', 'compact'], { cwd: dir });
    expect(stdout).toContain('-  aws_preferred_availability_zone: us-east-1a\n+  cloud_preferred_availability_zone: us-east-1a\n');
    expect(stdout).toContain('-  blk_volume_size: "200GB"\n+  blk_volume_size: 200\n');
    const yamlOnly = await runCli(['clusters/presto-adhoc.yaml', 'clusters/spark-ml.yaml', '--fix', '--fix-type', 'yaml'], { cwd: dir });
    expect(yamlOnly.stderr).toBe('');
    expect(readFileSync(join(dir, 'clusters/presto-adhoc.yaml'), 'utf8')).toBe(readFileSync(join(FIXED, 'clusters/presto-adhoc.yaml'), 'utf8'));
    expect(readFileSync(join(dir, 'clusters/spark-ml.yaml'), 'utf8')).toBe(readFileSync(join(SAMPLE, 'clusters/spark-ml.yaml'), 'utf8'));
  });
});

describe('--fix writes files as they were', () => {
  test('a byte-order mark, CRLF line ends and the file mode are kept; the write is atomic (no temporary file left)', async () => {
    const text = '# dplint: operation=edit-cluster\r\nlabel: etl\r\npresto_version: 0.180\r\n';
    const dir = tempDir({ 'c.yaml': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) });
    chmodSync(join(dir, 'c.yaml'), 0o640);
    const { code } = await runCli(['c.yaml', '--fix'], { cwd: dir });
    expect(code).toBe(0);
    const bytes = readFileSync(join(dir, 'c.yaml'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('# dplint: operation=edit-cluster\r\nlabel: [etl]\r\npresto_version: "0.180"\r\n');
    expect(statSync(join(dir, 'c.yaml')).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['c.yaml']);
  });

  test('UTF-16 stays UTF-16', async () => {
    const text = '\uFEFF# dplint: operation=edit-cluster\nlabel: etl\n';
    const dir = tempDir({ 'c.yaml': Buffer.from(text, 'utf16le') });
    await runCli(['c.yaml', '--fix'], { cwd: dir });
    expect(readFileSync(join(dir, 'c.yaml'))).toEqual(Buffer.from('\uFEFF# dplint: operation=edit-cluster\nlabel: [etl]\n', 'utf16le'));
  });

  test('JSON keeps its indentation and member order', async () => {
    const json = '{\n    "label": "etl",\n    "vm_settings": {\n        "subnet_id": ["subnet-0a1b", "subnet-2c3d"],\n        "cloud_region": "us-east-1"\n    }\n}\n';
    const dir = tempDir({ 'c.json': json });
    await runCli(['c.json', '--operation', 'edit-cluster', '--fix'], { cwd: dir });
    expect(readFileSync(join(dir, 'c.json'), 'utf8')).toBe(
      '{\n    "label": ["etl"],\n    "vm_settings": {\n        "subnet_id": "subnet-0a1b,subnet-2c3d",\n        "cloud_region": "us-east-1"\n    }\n}\n',
    );
  });

  test('without --fix nothing is written, even when everything is fixable', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: etl\n' });
    const before = statSync(join(dir, 'c.yaml')).mtimeMs;
    const { code } = await runCli(['c.yaml'], { cwd: dir });
    expect(code).toBe(1);
    expect(readFileSync(join(dir, 'c.yaml'), 'utf8')).toBe('# dplint: operation=edit-cluster\nlabel: etl\n');
    expect(statSync(join(dir, 'c.yaml')).mtimeMs).toBe(before);
  });

  test('the exit code comes from what remains after fixing', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: etl\n' });
    const { code, stdout } = await runCli(['c.yaml', '--fix', '--rule', 'cluster/edit-effect: off'], { cwd: dir });
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'fixed 1 problem in 1 file\n✔ 1 file checked, no problems\n' });
  });
});

describe('fix options that do not go together are usage errors (exit 2)', () => {
  test.each([
    [['--fix', '--fix-dry-run'], '--fix and --fix-dry-run cannot be used together'],
    [['--fix-type', 'schema'], '--fix-type needs --fix or --fix-dry-run'],
    [['--fix', '--fix-type', 'schema,nonsense'], '--fix-type takes rule namespaces separated by commas'],
    [['--fix', '--stdin'], '--fix writes files, and standard input is not one'],
  ])('%j', async (args, message) => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: etl\n' });
    const { code, stderr } = await runCli(args.includes('--stdin') ? args : ['c.yaml', ...args], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(relative(dir, join(dir, 'c.yaml'))).toBe('c.yaml');
    expect(readFileSync(join(dir, 'c.yaml'), 'utf8')).toBe('# dplint: operation=edit-cluster\nlabel: etl\n');
  });
});

describe('--fix says what it changed', () => {
  test('stylish: "fixed N problems in M files" above the summary line; JSON: summary.fixed and summary.fixedFiles; other formats: one line on standard error', async () => {
    const stylish = await runCli(['.', '--fix', '--no-code-frame'], { cwd: sampleCopy() });
    expect(stylish.stderr).toBe('');
    expect(stylish.stdout.split('\n').slice(-3)).toEqual(['fixed 3 problems in 2 files', '✖ 7 problems (5 errors, 1 warning, 1 info) in 11 files', '']);
    const json = await runCli(['.', '--fix', '--format', 'json'], { cwd: sampleCopy() });
    expect(JSON.parse(json.stdout).summary).toEqual({ files: 11, errors: 5, warnings: 1, infos: 1, fixable: 0, fixed: 3, fixedFiles: 2 });
    const compact = await runCli(['.', '--fix', '--format', 'compact'], { cwd: sampleCopy() });
    expect(compact.stderr).toBe('dplint: fixed 3 problems in 2 files\n');
    expect(compact.stdout).not.toContain('fixed');
  });

  test('without --fix the JSON summary is as it was: no fixed count', async () => {
    const json = await runCli(['.', '--format', 'json'], { cwd: sampleCopy() });
    expect(Object.keys(JSON.parse(json.stdout).summary)).toEqual(['files', 'errors', 'warnings', 'infos', 'fixable']);
  });

  test('a read-only file keeps its problems, and they are what is reported, at their places on disk', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: etl\npresto_version: 0.180\n', 'd.yaml': '# dplint: operation=edit-cluster\nlabel: reports\n' });
    chmodSync(join(dir, 'c.yaml'), 0o444);
    const { code, stdout, stderr } = await runCli(['c.yaml', 'd.yaml', '--fix', '--format', 'compact', '--rule', 'cluster/edit-effect: off'], { cwd: dir });
    expect(readFileSync(join(dir, 'c.yaml'), 'utf8')).toBe('# dplint: operation=edit-cluster\nlabel: etl\npresto_version: 0.180\n');
    expect(readFileSync(join(dir, 'd.yaml'), 'utf8')).toBe('# dplint: operation=edit-cluster\nlabel: [reports]\n');
    expect(stderr).toBe('dplint: not fixed "c.yaml": it is read-only; make it writable to fix it\ndplint: fixed 1 problem in 1 file\n');
    expect(stdout.split('\n').map((line) => line.replace(/ .*\[/, ' [')).filter(Boolean)).toEqual(['c.yaml:2:8: [schema/type]', 'c.yaml:3:17: [yaml/unquoted-string]']);
    expect(code).toBe(2);
  });
});
