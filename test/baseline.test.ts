import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { applyBaseline, buildBaseline, formatBaseline, parseBaseline } from '../src/baseline/baseline.js';
import { fnv1a64 } from '../src/formatters/fingerprint.js';
import { baselineKeys, readBaseline, writeBaseline } from '../src/node.js';
import { lintFiles } from '../src/node/lint-files.js';
import { runCli } from './helpers/cli.js';
import { SARIF_SCHEMA } from './formatters/external-schemas.js';

const ROOT = join(import.meta.dirname, '..');

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** A temporary repository (a `.git` folder marks its root) holding these files. */
function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-baseline-'));
  mkdirSync(join(dir, '.git'));
  write(dir, files);
  return dir;
}

const read = (dir: string, name = 'dplint-baseline.json'): string => readFileSync(join(dir, name), 'utf8');

/** A cluster whose max_nodes is below its initial_nodes (an error) and a misspelt member (a warning). */
const ETL = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n';
const ADHOC = '# dplint: operation=edit-cluster\nlabel: [adhoc]\nnode_configuration:\n  max_node: 3\n';

/** The fingerprints of those two findings: FNV-1a of rule id, path and the trimmed line (SARIF's primaryLocationLineHash without `:N`). */
const ETL_HASH = '55f2091b44c52305';
const ADHOC_HASH = 'a499e77f7769d3f4';

const BASELINE = `{
  "version": 1,
  "files": {
    "clusters/adhoc.yaml": {
      "schema/unknown-member": {
        "${ADHOC_HASH}": 1
      }
    },
    "clusters/etl.yaml": {
      "cluster/max-nodes-below-initial": {
        "${ETL_HASH}": 1
      }
    }
  }
}
`;

const cli = (dir: string, ...args: string[]) => runCli(args, { cwd: dir });

describe('--baseline-update, then runs with the baseline', () => {
  test('the fingerprint is the line hash SARIF computes', () => {
    expect(fnv1a64('cluster/max-nodes-below-initial\u0000clusters/etl.yaml\u0000line:max_nodes: 2')).toBe(ETL_HASH);
    expect(fnv1a64('schema/unknown-member\u0000clusters/adhoc.yaml\u0000line:max_node: 3')).toBe(ADHOC_HASH);
  });

  test('update writes every finding, sorted; the next run is clean, exit 0, and says how many were held back', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    const before = await cli(dir, '-f', 'compact');
    expect(before.code).toBe(1);
    expect(before.stdout.split('\n').length).toBe(3);

    const update = await cli(dir, '-f', 'compact', '--baseline-update');
    expect(update).toEqual({
      code: 0,
      stdout: '',
      stderr: 'dplint: wrote the baseline dplint-baseline.json, 2 problems in 2 files\ndplint: 2 problems held back by the baseline dplint-baseline.json\n',
    });
    expect(read(dir)).toBe(BASELINE);

    expect(await cli(dir)).toEqual({ code: 0, stdout: '✔ 2 files checked, no problems\n', stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n' });
    // --no-baseline shows them all again.
    expect(await cli(dir, '--no-baseline', '-f', 'compact')).toEqual(before);
  });

  test('update twice gives the same bytes, and the second run says the baseline is up to date', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    const first = read(dir);
    const again = await cli(dir, '--baseline-update', '-f', 'compact');
    expect(again.stderr).toBe('dplint: the baseline is up to date: dplint-baseline.json, 2 problems in 2 files\ndplint: 2 problems held back by the baseline dplint-baseline.json\n');
    expect(read(dir)).toBe(first);
  });

  test('a new finding fails the run, and only it is printed', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    write(dir, { 'clusters/new.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    expect(await cli(dir, '-f', 'compact')).toEqual({
      code: 1,
      stdout: 'clusters/new.yaml:2:8: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n',
      stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n',
    });
    const stylish = await cli(dir, '--no-code-frame');
    expect(stylish.stdout).toBe(
      'clusters/new.yaml\n  clusters/new.yaml:2:8  error    state must be one of "start", "terminate"; got "stop"  schema/enum\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 3 files\n',
    );
  });

  test('lines moved above a finding, and a re-indent, keep it held; editing its line makes it new and its entry stale', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    write(dir, { 'clusters/etl.yaml': '# dplint: operation=edit-cluster\n# moved down by two lines\nlabel: [etl]\n\nnode_configuration:\n    initial_nodes: 4\n    max_nodes:   2\n' });
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 0, stdout: '', stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n' });

    write(dir, { 'clusters/etl.yaml': ETL.replace('max_nodes: 2', 'max_nodes: 1') });
    expect(await cli(dir, '-f', 'compact')).toEqual({
      code: 1,
      stdout: 'clusters/etl.yaml:5:14: error node_configuration.max_nodes must be at least initial_nodes (4); got 1 [cluster/max-nodes-below-initial]\n',
      stderr:
        'dplint: 1 problem held back by the baseline dplint-baseline.json\n' +
        'dplint: the baseline dplint-baseline.json holds 1 problem that no longer occurs; --baseline-prune drops it (--verbose lists it)\n',
    });
    expect((await cli(dir, '-f', 'compact', '--verbose')).stderr).toBe(
      'dplint: no config file applies to 2 files: the recommended defaults\n' +
        'dplint: 1 problem held back by the baseline dplint-baseline.json\n' +
        `dplint: no longer occurs: clusters/etl.yaml cluster/max-nodes-below-initial ${ETL_HASH}\n` +
        'dplint: the baseline dplint-baseline.json holds 1 problem that no longer occurs; --baseline-prune drops it\n',
    );
  });

  test('counts are consumed: 3 held and 4 occurring leaves the last one reported', async () => {
    const doc = 'node_configuration:\n  max_node: 3\n';
    const three = `# dplint: operation=edit-cluster\n${doc}---\n${doc}---\n${doc}`;
    const dir = repository({ 'multi.yaml': three });
    await cli(dir, '--baseline-update');
    expect(JSON.parse(read(dir))).toEqual({ version: 1, files: { 'multi.yaml': { 'schema/unknown-member': { [fnv1a64('schema/unknown-member\u0000multi.yaml\u0000line:max_node: 3')]: 3 } } } });
    write(dir, { 'multi.yaml': `${three}---\n${doc}` });
    expect(await cli(dir, '-f', 'compact')).toEqual({
      code: 0,
      stdout: 'multi.yaml:12:3: warning unknown member "max_node" in node_configuration: the spec does not list it; did you mean "max_nodes"? (document 3) [schema/unknown-member]\n',
      stderr: 'dplint: 3 problems held back by the baseline dplint-baseline.json\n',
    });
  });

  test('--baseline-prune drops what no longer occurs and never adds; a file gone from the disk is stale too', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    rmSync(join(dir, 'clusters/adhoc.yaml'));
    write(dir, { 'clusters/new.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    expect(await cli(dir, '-f', 'compact', '--baseline-prune')).toEqual({
      code: 1,
      stdout: 'clusters/new.yaml:2:8: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n',
      stderr: 'dplint: 1 problem held back by the baseline dplint-baseline.json\ndplint: pruned 1 problem that no longer occurs from the baseline dplint-baseline.json\n',
    });
    expect(read(dir)).toBe(`{\n  "version": 1,\n  "files": {\n    "clusters/etl.yaml": {\n      "cluster/max-nodes-below-initial": {\n        "${ETL_HASH}": 1\n      }\n    }\n  }\n}\n`);
    // Nothing left to prune: the file is not written again.
    expect((await cli(dir, '-f', 'compact', '--baseline-prune')).stderr).toBe('dplint: 1 problem held back by the baseline dplint-baseline.json\n');
  });

  test('a finding on a literal credential is held by a fingerprint of the masked line: the credential is nowhere in the baseline', async () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const dir = repository({ 'account.yaml': `# dplint: operation=edit-account\naccount:\n  compute_secret_key: ${secret}\n` });
    const update = await cli(dir, '--baseline-update', '-f', 'compact');
    expect(update.code).toBe(0);
    const text = read(dir);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(0, 8));
    expect(JSON.parse(text).files['account.yaml']['security/plaintext-secret']).toEqual({ [fnv1a64('security/plaintext-secret\u0000account.yaml\u0000line:compute_secret_key: ****')]: 1 });
    // Another credential in its place is the same finding (the masked line is the same).
    write(dir, { 'account.yaml': `# dplint: operation=edit-account\naccount:\n  compute_secret_key: ${secret.replace('EXAMPLE', 'ANOTHER')}\n` });
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 0, stdout: '', stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n' });
  });

  test('a file that does not parse is never held back: parse findings are not written to the baseline', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'broken.yaml': '# dplint: operation=edit-cluster\nlabel: [etl\n' });
    const update = await cli(dir, '--baseline-update', '-f', 'compact');
    expect(update.code).toBe(1);
    expect(update.stdout).toMatch(/^broken\.yaml:3:1: error .* \[parse\/syntax\]\n$/);
    expect(JSON.parse(read(dir))).toEqual({ version: 1, files: { 'clusters/etl.yaml': { 'cluster/max-nodes-below-initial': { [ETL_HASH]: 1 } } } });
  });
});

describe('outputs with a baseline', () => {
  test('JSON leaves held findings out (its shape unchanged) and counts only those reported', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    write(dir, { 'clusters/etl.yaml': ETL.replace('label: [etl]', 'label: [etl]\nstate: x') });
    const run = await cli(dir, '-f', 'json');
    const output = JSON.parse(run.stdout);
    expect(Object.keys(output)).toEqual(['tool', 'results', 'summary']);
    expect(output.summary).toEqual({ files: 2, errors: 0, warnings: 1, infos: 0, fixable: 0 });
    expect(output.results.map((r: { file: string; findings: Array<{ ruleId: string; line: number }> }) => [r.file, r.findings.map((f) => `${f.line} ${f.ruleId}`)])).toEqual([
      ['clusters/adhoc.yaml', []],
      ['clusters/etl.yaml', ['3 schema/unknown-member']],
    ]);
    expect(run.stderr).toBe('dplint: 2 problems held back by the baseline dplint-baseline.json\n');
  });

  test('SARIF lists held results as baselineState "unchanged", new ones "new", with the fingerprints the baseline holds, valid against the OASIS schema', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    write(dir, { 'clusters/new.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    const run = await cli(dir, '-f', 'sarif');
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    const results = log.runs[0].results.map((r: { ruleId: string; baselineState: string; partialFingerprints: { primaryLocationLineHash: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => [
      r.locations[0].physicalLocation.artifactLocation.uri,
      r.ruleId,
      r.baselineState,
      r.partialFingerprints.primaryLocationLineHash,
    ]);
    expect(results).toEqual([
      ['clusters/adhoc.yaml', 'schema/unknown-member', 'unchanged', `${ADHOC_HASH}:1`],
      ['clusters/etl.yaml', 'cluster/max-nodes-below-initial', 'unchanged', `${ETL_HASH}:1`],
      ['clusters/new.yaml', 'schema/enum', 'new', `${fnv1a64('schema/enum\u0000clusters/new.yaml\u0000line:state: stop')}:1`],
    ]);
    const ajv = new Ajv.default({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
    expect(validate(log) ? null : validate.errors).toBe(null);
    // The schema does check baselineState: a state SARIF does not have fails it.
    log.runs[0].results[0].baselineState = 'held';
    expect(validate(log)).toBe(false);
    // Without a baseline, no result has a baselineState.
    const plain = JSON.parse((await cli(dir, '-f', 'sarif', '--no-baseline')).stdout);
    expect(plain.runs[0].results.map((r: { baselineState?: string }) => r.baselineState ?? 'none')).toEqual(['none', 'none', 'none']);
  });
});

test('a file with no operation whose one finding is held stays in SARIF, unchanged', async () => {
  const dir = repository({ 'notes.yaml': 'whatever: 1\n' });
  const strict = ['--rule', 'operation/unresolved: error'];
  await cli(dir, ...strict, '--baseline-update');
  const run = await cli(dir, ...strict, '-f', 'sarif');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).runs[0].results.map((r: { ruleId: string; baselineState: string }) => `${r.ruleId} ${r.baselineState}`)).toEqual(['operation/unresolved unchanged']);
  expect(await cli(dir, ...strict)).toEqual({ code: 0, stdout: '✔ 1 file checked, no problems\n', stderr: 'dplint: 1 problem held back by the baseline dplint-baseline.json\n' });
});

describe('hostile and missing baselines', () => {
  const hostile: Array<[string, string, string]> = [
    ['not JSON', '{"version": 1, "files": {', 'it is not JSON'],
    ['another version', '{"version": 2, "files": {}}', 'its "version" is 2; this dplint reads version 1'],
    ['a member more', '{"version": 1, "files": {}, "allow": "*"}', 'it has a member "allow"; a baseline has only "version" and "files"'],
    ['files as a list', '{"version": 1, "files": []}', 'its "files" is not an object'],
    ['a path out of its folder', `{"version": 1, "files": {"../other/etl.yaml": {"schema/enum": {"${ETL_HASH}": 1}}}}`, 'it names the file "../other/etl.yaml"; a baseline names files by relative "/"-separated paths from the repository root'],
    ['an absolute path', `{"version": 1, "files": {"/etc/passwd": {"schema/enum": {"${ETL_HASH}": 1}}}}`, 'it names the file "/etc/passwd"; a baseline names files by relative "/"-separated paths from the repository root'],
    ['a rule pattern', `{"version": 1, "files": {"clusters/etl.yaml": {"*": {"${ETL_HASH}": 1}}}}`, 'the entry of "clusters/etl.yaml" names the rule "*", which is no rule id'],
    ['a wildcard fingerprint', '{"version": 1, "files": {"clusters/etl.yaml": {"cluster/max-nodes-below-initial": {"*": 1}}}}', 'the entry of "clusters/etl.yaml", "cluster/max-nodes-below-initial" has the fingerprint "*"; a fingerprint is 16 hexadecimal digits'],
    ['a huge count', `{"version": 1, "files": {"clusters/etl.yaml": {"cluster/max-nodes-below-initial": {"${ETL_HASH}": 1e300}}}}`, `the entry of "clusters/etl.yaml", "cluster/max-nodes-below-initial", "${ETL_HASH}" counts 1e+300; a count is a whole number from 1 to 1000000`],
    ['a count of 1.5', `{"version": 1, "files": {"clusters/etl.yaml": {"cluster/max-nodes-below-initial": {"${ETL_HASH}": 1.5}}}}`, `the entry of "clusters/etl.yaml", "cluster/max-nodes-below-initial", "${ETL_HASH}" counts 1.5; a count is a whole number from 1 to 1000000`],
  ];
  test.each(hostile)('%s: exit 2 with one line, nothing linted or reported, the file never used in part', async (_name, text, reason) => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'dplint-baseline.json': text });
    const run = await cli(dir, '-f', 'compact');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`dplint: the baseline "dplint-baseline.json" is not a dplint baseline: ${reason}; fix it, or delete it and run --baseline-update\n`);
  });

  test('a file named __proto__ is a name like any other: it holds nothing, and is stale once gone', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'dplint-baseline.json': `{"version": 1, "files": {"__proto__": {"cluster/max-nodes-below-initial": {"${ETL_HASH}": 1}}}}` });
    expect(await cli(dir, '-f', 'compact')).toEqual({
      code: 1,
      stdout: 'clusters/etl.yaml:5:14: error node_configuration.max_nodes must be at least initial_nodes (4); got 2 [cluster/max-nodes-below-initial]\n',
      stderr: 'dplint: the baseline dplint-baseline.json holds 1 problem that no longer occurs; --baseline-prune drops it (--verbose lists it)\n',
    });
  });

  test('an entry holds only its own file: the same line in another file is reported', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/copy.yaml': ETL.replace('[etl]', '[copy]') });
    write(dir, { 'dplint-baseline.json': `{"version": 1, "files": {"clusters/etl.yaml": {"cluster/max-nodes-below-initial": {"${ETL_HASH}": 5}}}}` });
    const run = await cli(dir, '-f', 'compact');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('clusters/copy.yaml:5:14: error node_configuration.max_nodes must be at least initial_nodes (4); got 2 [cluster/max-nodes-below-initial]\n');
  });

  test('larger than 16 MiB: refused before it is parsed', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL });
    writeFileSync(join(dir, 'dplint-baseline.json'), `{"version": 1, "files": {}}${' '.repeat(16 * 1024 * 1024)}`);
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 2, stdout: '', stderr: 'dplint: the baseline "dplint-baseline.json" is 16777243 bytes, over the 16 MiB a baseline may have\n' });
  });

  test('a symbolic link (to a file out of the repository, or to a device), a folder and a pipe are refused without being read or waited on', async () => {
    const outside = repository({ 'baseline.json': '{"version": 1, "files": {}}' });
    const dir = repository({ 'clusters/etl.yaml': ETL });
    symlinkSync(join(outside, 'baseline.json'), join(dir, 'dplint-baseline.json'));
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 2, stdout: '', stderr: 'dplint: the baseline "dplint-baseline.json" is a symbolic link; dplint reads a baseline only from a file of its own\n' });
    rmSync(join(dir, 'dplint-baseline.json'));
    symlinkSync('/dev/zero', join(dir, 'dplint-baseline.json'));
    expect((await cli(dir, '-f', 'compact')).code).toBe(2);
    rmSync(join(dir, 'dplint-baseline.json'));
    mkdirSync(join(dir, 'dplint-baseline.json'));
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 2, stdout: '', stderr: 'dplint: the baseline "dplint-baseline.json" is not a regular file\n' });
    rmSync(join(dir, 'dplint-baseline.json'), { recursive: true });
    expect(spawnSync('mkfifo', [join(dir, 'dplint-baseline.json')]).status).toBe(0);
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 2, stdout: '', stderr: 'dplint: the baseline "dplint-baseline.json" is not a regular file\n' });
  });

  test('a missing default baseline is no baseline; a missing named one is exit 2 with one line (unless the run writes it)', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL });
    expect((await cli(dir, '-f', 'compact')).code).toBe(1);
    expect(await cli(dir, '-f', 'compact', '--baseline', 'ci/baseline.json')).toEqual({ code: 2, stdout: '', stderr: 'dplint: cannot read the baseline "ci/baseline.json": no such file or directory\n' });
    mkdirSync(join(dir, 'ci'));
    const update = await cli(dir, '-f', 'compact', '--baseline', 'ci/baseline.json', '--baseline-update');
    expect(update).toEqual({ code: 0, stdout: '', stderr: 'dplint: wrote the baseline ci/baseline.json, 1 problem in 1 file\ndplint: 1 problem held back by the baseline ci/baseline.json\n' });
    // Paths are relative to the repository root, wherever the baseline is.
    expect(JSON.parse(read(dir, 'ci/baseline.json')).files).toEqual({ 'clusters/etl.yaml': { 'cluster/max-nodes-below-initial': { [ETL_HASH]: 1 } } });
  });

  test('the default baseline is at the repository root: a run from a subfolder uses it, with the same names', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    await cli(dir, '--baseline-update');
    expect(await runCli(['-f', 'compact', '.'], { cwd: join(dir, 'clusters') })).toEqual({ code: 0, stdout: '', stderr: 'dplint: 2 problems held back by the baseline ../dplint-baseline.json\n' });
  });

  test('the baseline is never written over a linted file, nor through a symbolic link', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'list.json': '{"version": 1, "files": {}}' });
    expect(await cli(dir, '-f', 'compact', '--baseline', 'list.json', '--baseline-update', '.')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: the baseline "list.json" is one of the files being linted; dplint never writes over its input\n',
    });
    expect(read(dir, 'list.json')).toBe('{"version": 1, "files": {}}');
    const outside = repository({});
    symlinkSync(join(outside, 'b.json'), join(dir, 'dplint-baseline.json'));
    expect(await cli(dir, '-f', 'compact', '--baseline-update', 'clusters')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: the baseline "dplint-baseline.json" is a symbolic link; dplint reads a baseline only from a file of its own\n',
    });
  });

  test('--baseline-update with --no-baseline or --fix-dry-run is a usage error', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL });
    expect(await cli(dir, '--no-baseline', '--baseline-update')).toEqual({ code: 2, stdout: '', stderr: 'dplint: --baseline-update writes a baseline; not with --no-baseline\n' });
    expect((await cli(dir, '--fix-dry-run', '--baseline-update')).stderr).toBe('dplint: --baseline-update records the findings of the files as they are written; not with --fix-dry-run, which writes nothing\n');
  });
});

describe('with the other run options', () => {
  const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
  const git = (dir: string, ...args: string[]) => expect(spawnSync('git', args, { cwd: dir, env: GIT_ENV }).status).toBe(0);

  test('--shard: a shard does not take the entries of the other shard\'s files for stale, and an update keeps them', async () => {
    const dir = repository({ 'clusters/adhoc.yaml': ADHOC, 'clusters/etl.yaml': ETL });
    await cli(dir, '--baseline-update');
    expect(await cli(dir, '-f', 'compact', '--shard', '1/2')).toEqual({ code: 0, stdout: '', stderr: 'dplint: 1 problem held back by the baseline dplint-baseline.json\n' });
    expect(await cli(dir, '-f', 'compact', '--shard', '2/2')).toEqual({ code: 0, stdout: '', stderr: 'dplint: 1 problem held back by the baseline dplint-baseline.json\n' });
    write(dir, { 'clusters/etl.yaml': ETL.replace('[etl]', '[etl]\nnode_bootstrap: x') });
    const update = await cli(dir, '-f', 'compact', '--shard', '2/2', '--baseline-update');
    expect(update.stderr).toBe('dplint: wrote the baseline dplint-baseline.json, 3 problems in 2 files\ndplint: 2 problems held back by the baseline dplint-baseline.json\n');
    expect(Object.keys(JSON.parse(read(dir)).files)).toEqual(['clusters/adhoc.yaml', 'clusters/etl.yaml']);
  });

  test('--changed-since: held back in the changed files; the unchanged files\' entries are not judged', async () => {
    const dir = repository({ 'clusters/adhoc.yaml': ADHOC, 'clusters/etl.yaml': ETL });
    rmSync(join(dir, '.git'), { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    await cli(dir, '--baseline-update');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    write(dir, { 'clusters/etl.yaml': `${ETL}idle_cluster_timeout: x\n` });
    expect(await cli(dir, '-f', 'compact', '--changed-since', 'main')).toEqual({
      code: 0,
      stdout: 'clusters/etl.yaml:6:1: warning unknown member "idle_cluster_timeout" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes [schema/unknown-member]\n',
      stderr: 'dplint: 1 problem held back by the baseline dplint-baseline.json\n',
    });
  });

  test('--cache: a result from the cache is held back as a fresh one is', async () => {
    const env = { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'dplint-xdg-')) };
    const dir = repository({ 'clusters/adhoc.yaml': ADHOC, 'clusters/etl.yaml': ETL, '.gitignore': '.dplintcache\n' });
    await cli(dir, '--baseline-update');
    const expected = { code: 0, stdout: '', stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n' };
    expect(await runCli(['-f', 'compact', '--cache'], { cwd: dir, env })).toEqual(expected);
    expect(await runCli(['-f', 'compact', '--cache'], { cwd: dir, env })).toEqual(expected);
  });

  test('--fix: what remains after fixing is compared; the fixed finding\'s entry is then stale', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL.replace('label: [etl]', 'label: etl') });
    const update = await cli(dir, '--baseline-update', '-f', 'compact');
    expect(update.stderr).toBe('dplint: wrote the baseline dplint-baseline.json, 2 problems in 1 file\ndplint: 2 problems held back by the baseline dplint-baseline.json\n');
    expect(await cli(dir, '-f', 'compact', '--fix')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'dplint: fixed 1 problem in 1 file\ndplint: 1 problem held back by the baseline dplint-baseline.json\ndplint: the baseline dplint-baseline.json holds 1 problem that no longer occurs; --baseline-prune drops it (--verbose lists it)\n',
    });
    expect(read(dir, 'clusters/etl.yaml')).toBe(ETL);
  });

  test('--jobs: a parallel run of the built CLI holds back the same findings as a run in one thread', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 210; i++) files[`c/${String(i).padStart(3, '0')}.yaml`] = i % 3 === 0 ? ETL.replace('[etl]', `[etl-${i}]`) : ADHOC.replace('[adhoc]', `[adhoc-${i}]`);
    const dir = repository(files);
    const run = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist/dplint.cjs'), '-f', 'compact', ...args], { cwd: dir, encoding: 'utf8' });
    expect(run('--jobs', '1', '--baseline-update').status).toBe(0);
    write(dir, { 'c/209.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    const expected = { status: 1, stdout: 'c/209.yaml:2:8: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n', stderr: 'dplint: 209 problems held back by the baseline dplint-baseline.json\ndplint: the baseline dplint-baseline.json holds 1 problem that no longer occurs; --baseline-prune drops it (--verbose lists it)\n' };
    for (const jobs of ['1', '2']) {
      const { status, stdout, stderr } = run('--jobs', jobs);
      expect({ status, stdout, stderr }).toEqual(expected);
    }
  });
});

describe('the library', () => {
  test('readBaseline, applyBaseline, buildBaseline, formatBaseline and writeBaseline from dplint/node', () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC });
    const results = lintFiles(['clusters'], { cwd: dir });
    const keyOf = baselineKeys(dir, dir);
    const baseline = buildBaseline(results, keyOf);
    expect(formatBaseline(baseline)).toBe(BASELINE);
    expect(writeBaseline(join(dir, 'b.json'), baseline)).toBe(true);
    expect(writeBaseline(join(dir, 'b.json'), baseline)).toBe(false);
    expect(readBaseline(join(dir, 'b.json'))).toEqual(parseBaseline(BASELINE));
    expect(readBaseline(join(dir, 'none.json'))).toBe(undefined);
    const outcome = applyBaseline(results, baseline, keyOf);
    expect(outcome.heldBack).toBe(2);
    expect(outcome.stale).toEqual([]);
    expect(outcome.results.map((r) => [r.file, r.findings.length, r.heldBack?.map((f) => f.ruleId)])).toEqual([
      ['clusters/adhoc.yaml', 0, ['schema/unknown-member']],
      ['clusters/etl.yaml', 0, ['cluster/max-nodes-below-initial']],
    ]);
    // An empty baseline holds nothing back.
    expect(applyBaseline(results, parseBaseline('{"version": 1, "files": {}}'), keyOf).heldBack).toBe(0);
  });
});

describe('what a baseline may not do (review of the merged work)', () => {
  /** Two clusters claiming the label etl: a finding across files in each. */
  const TWINS = { 'clusters/a.yaml': '# dplint: operation=edit-cluster\nlabel: [etl]\n', 'clusters/b.yaml': '# dplint: operation=edit-cluster\nlabel: [etl]\n' };

  test('a body merely named like the baseline, in another folder, is linted (named or found by the walk)', async () => {
    const dir = repository({ 'requests/dplint-baseline.json': '{"state": "stop"}\n', 'dplint.config.yaml': 'files:\n  - match: ["requests/*.json"]\n    operation: set-cluster-state\n' });
    const walked = await cli(dir, '-f', 'compact', '--no-baseline');
    expect(walked.stdout).toBe('requests/dplint-baseline.json:1:11: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n');
    expect(walked.code).toBe(1);
    const named = await cli(dir, '-f', 'compact', 'requests/dplint-baseline.json');
    expect(named.stdout).toBe(walked.stdout);
    expect(named.code).toBe(1);
  });

  test('a run over part of the repository neither prunes nor drops the entries of the checks across files', async () => {
    const dir = repository(TWINS);
    expect((await cli(dir, '--baseline-update')).code).toBe(0);
    const written = read(dir);
    expect(written).toContain('"repository/duplicate-label"');
    for (const args of [['clusters/a.yaml', '--baseline-prune'], ['--shard', '1/2', '--baseline-prune'], ['clusters/a.yaml', '--baseline-update']]) {
      const partial = await cli(dir, '-f', 'compact', ...args);
      expect(partial.code, args.join(' ')).toBe(0);
      expect(read(dir), args.join(' ')).toBe(written);
    }
    expect(await cli(dir, '-f', 'compact')).toEqual({ code: 0, stdout: '', stderr: 'dplint: 2 problems held back by the baseline dplint-baseline.json\n' });
  });

  test('--baseline-prune is refused with --fix-dry-run, and update and prune with --stdin (exit 2, one line)', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL });
    expect(await cli(dir, '--fix-dry-run', '--baseline-prune')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: --baseline-prune records the findings of the files as they are written; not with --fix-dry-run, which writes nothing\n',
    });
    expect(await cli(dir, '--stdin', '--baseline-update')).toEqual({ code: 2, stdout: '', stderr: "dplint: --baseline-update records the findings of the repository's files; not with --stdin\n" });
  });

  test('--quiet leaves the baseline\'s warnings out of SARIF too; a silenced finding has no baselineState', async () => {
    const dir = repository({ 'clusters/etl.yaml': ETL, 'clusters/adhoc.yaml': ADHOC, 'dplint-baseline.json': BASELINE });
    const quiet = JSON.parse((await cli(dir, '-f', 'sarif', '--quiet')).stdout) as { runs: Array<{ results: Array<{ ruleId: string; baselineState?: string }> }> };
    expect(quiet.runs[0].results.map((r) => [r.ruleId, r.baselineState])).toEqual([['cluster/max-nodes-below-initial', 'unchanged']]);
    write(dir, { 'clusters/adhoc.yaml': ADHOC.replace('  max_node: 3\n', '  max_node: 3  # dplint-disable-line schema/unknown-member -- renamed next week\n') });
    const silenced = JSON.parse((await cli(dir, '-f', 'sarif')).stdout) as { runs: Array<{ results: Array<{ ruleId: string; baselineState?: string; suppressions?: unknown[] }> }> };
    expect(silenced.runs[0].results.map((r) => [r.ruleId, r.baselineState, r.suppressions?.length])).toEqual([
      ['schema/unknown-member', undefined, 1],
      ['cluster/max-nodes-below-initial', 'unchanged', undefined],
    ]);
  });
});
