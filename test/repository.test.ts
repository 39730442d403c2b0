import { expect, test } from 'vitest';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';
import { explainRule } from '../src/api/explain.js';
import { join } from 'node:path';
import { readCacheFile } from './helpers/cache.js';
import { lintTextWithFacts } from '../src/node/lint-files.js';
import type { FixOptions } from '../src/engine/fix-text.js';

const CONFIG = `files:
  - match: ["clusters/*.yaml"]
    operation: edit-cluster
  - match: ["allow-list/*"]
    operation: add-whitelist-ip
  - match: ["bootstrap/*.yaml"]
    operation: set-bootstrap
  - match: ["account.yaml"]
    operation: edit-account
rules:
  cluster/edit-effect: off
`;

async function findings(dir: string) {
  const run = await runCli(['.', '-f', 'json'], { cwd: dir });
  const output = JSON.parse(run.stdout);
  return {
    code: run.code,
    list: output.results.flatMap((r: { file: string; findings: Array<{ ruleId: string; severity: string; line: number; column: number; message: string }> }) =>
      r.findings.map((f) => `${r.file}:${f.line}:${f.column} ${f.severity} ${f.ruleId}: ${f.message}`),
    ),
  };
}

test('two cluster files claiming the same label: an error at both', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/etl.yaml': 'label: [etl, nightly]\n',
    'clusters/etl-v2.yaml': '# the new ETL cluster\nlabel:\n  - etl-v2\n  - etl\n',
  });
  const { code, list } = await findings(dir);
  expect(code).toBe(1);
  expect(list).toEqual([
    'clusters/etl-v2.yaml:4:5 error repository/duplicate-label: label "etl" is also claimed by clusters/etl.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
    'clusters/etl.yaml:1:9 error repository/duplicate-label: label "etl" is also claimed by clusters/etl-v2.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
  ]);
});

test('allow-list entries repeated or contained in another file', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'allow-list/office.yaml': 'ip_cidr: 81.2.69.160/28\n',
    'allow-list/desk.yaml': 'ip_cidr: 81.2.69.161\n',
    'allow-list/office-copy.json': '{"ip_cidr": "81.2.69.160/28"}',
  });
  const { list } = await findings(dir);
  expect(list).toEqual([
    'allow-list/desk.yaml:1:10 warning repository/duplicate-allow-list-entry: ip_cidr "81.2.69.161" lies inside "81.2.69.160/28" from allow-list/office-copy.json, which already allows it',
    'allow-list/office.yaml:1:10 warning repository/duplicate-allow-list-entry: ip_cidr "81.2.69.160/28" repeats the entry in allow-list/office-copy.json; remove one of them',
  ]);
});

test('a user-level bootstrap overriding account-level settings, and a cluster overriding the account idle timeout', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'bootstrap/account.yaml': 'script: |\n  SET hive.exec.parallel=true;\n  SET mapred.reduce.tasks=8;\nis_user_bootstrap: false\n',
    'bootstrap/user.yaml': 'script: |\n  set mapred.reduce.tasks=32;\n  SET hive.cli.print.header=true;\nis_user_bootstrap: true\n',
    'account.yaml': 'account:\n  idle_cluster_timeout: 2\n',
    'clusters/batch.yaml': 'node_configuration:\n  idle_cluster_timeout: 4\n',
    'clusters/adhoc.yaml': 'node_configuration:\n  idle_cluster_timeout: 2\n',
  });
  const { code, list } = await findings(dir);
  expect(code).toBe(0);
  expect(list).toEqual([
    'bootstrap/user.yaml:2:3 info repository/bootstrap-override: this user-level bootstrap sets mapred.reduce.tasks, also set by the account-level bootstrap in bootstrap/account.yaml; the user-level values win',
    'clusters/batch.yaml:2:25 info repository/idle-timeout-override: node_configuration.idle_cluster_timeout 4 overrides the account default of 2 hours set in account.yaml',
  ]);
});

test('a stream is read document by document: each document\'s allow-list entry, bootstrap and idle timeout, while its documents claim a label as one file (edits of one cluster in order)', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/all.yaml': 'label: [etl]\nnode_configuration:\n  idle_cluster_timeout: 4\n---\nlabel: [etl]\nnode_configuration:\n  idle_cluster_timeout: 2\n---\nnode_configuration:\n  idle_cluster_timeout: 6\n',
    // Two account edits in order: the second one's default is the one in force.
    'account.yaml': 'account:\n  idle_cluster_timeout: 6\n---\naccount:\n  idle_cluster_timeout: 2\n',
    'allow-list/all.yaml': 'ip_cidr: 81.2.69.160/28\n---\nip_cidr: 81.2.69.161\n',
    'bootstrap/all.yaml': 'script: SET hive.exec.parallel=true;\nis_user_bootstrap: false\n---\nscript: SET hive.exec.parallel=false;\nis_user_bootstrap: true\n',
  });
  const { code, list } = await findings(dir);
  expect(code).toBe(0);
  expect(list).toEqual([
    'allow-list/all.yaml:3:10 warning repository/duplicate-allow-list-entry: ip_cidr "81.2.69.161" lies inside "81.2.69.160/28" from allow-list/all.yaml (document 0), which already allows it',
    'bootstrap/all.yaml:4:9 info repository/bootstrap-override: this user-level bootstrap sets hive.exec.parallel, also set by the account-level bootstrap in bootstrap/all.yaml (document 0); the user-level values win',
    'clusters/all.yaml:3:25 info repository/idle-timeout-override: node_configuration.idle_cluster_timeout 4 overrides the account default of 2 hours set in account.yaml (document 1)',
    'clusters/all.yaml:10:25 info repository/idle-timeout-override: node_configuration.idle_cluster_timeout 6 overrides the account default of 2 hours set in account.yaml (document 1)',
  ]);
  // The cache keeps each document's facts: a run that fills it and a run that reads it find the same.
  const cached = async () => (await runCli(['.', '-f', 'json', '--cache'], { cwd: dir })).stdout;
  const fresh = (await runCli(['.', '-f', 'json'], { cwd: dir })).stdout;
  expect(await cached()).toBe(fresh);
  expect(await cached()).toBe(fresh);
});

test('repository rules can be switched off in the config', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG + '  repository/duplicate-label: off\n',
    'clusters/a.yaml': 'label: [etl]\n',
    'clusters/b.yaml': 'label: [etl]\n',
  });
  expect((await findings(dir)).list).toEqual([]);
});

test('the checks across files see the same facts through --cache as from a fresh lint', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/etl.yaml': 'label: [etl, nightly]\nnode_configuration:\n  idle_cluster_timeout: 4\n',
    // A blank label is skipped, so "etl" is the second fact but the third label.
    'clusters/etl-v2.yaml': 'label:\n  - etl-v2\n  - " "\n  - etl\n',
    // An envelope: the facts' paths start at body.
    'clusters/adhoc.yaml': 'method: PUT\npath: /api/v1.3/clusters/42\nbody:\n  label: [nightly]\n  node_configuration:\n    idle_cluster_timeout: 6\n',
    'account.yaml': 'account:\n  idle_cluster_timeout: 2\n',
  });
  const fresh = await runCli(['.', '-f', 'json'], { cwd: dir });
  await runCli(['.', '-f', 'json', '--cache'], { cwd: dir });
  const cached = await runCli(['.', '-f', 'json', '--cache'], { cwd: dir });
  expect(cached.stdout).toBe(fresh.stdout);
  const lines = (JSON.parse(cached.stdout).results as Array<{ file: string; findings: Array<{ ruleId: string; line: number; column: number }> }>).flatMap((r) =>
    r.findings.filter((f) => f.ruleId.startsWith('repository/')).map((f) => `${r.file}:${f.line}:${f.column} ${f.ruleId}`),
  );
  expect(lines).toEqual([
    'clusters/adhoc.yaml:4:11 repository/duplicate-label',
    'clusters/adhoc.yaml:6:27 repository/idle-timeout-override',
    'clusters/etl-v2.yaml:4:5 repository/duplicate-label',
    'clusters/etl.yaml:1:9 repository/duplicate-label',
    'clusters/etl.yaml:1:14 repository/duplicate-label',
    'clusters/etl.yaml:3:25 repository/idle-timeout-override',
  ]);
});

test('the cache keeps where the checks across files found their facts, and later runs report the same, directives included', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/etl.yaml': 'label: [etl, nightly]\nnode_configuration:\n  idle_cluster_timeout: 4\n',
    'clusters/etl-v2.yaml': 'label:\n  - etl-v2\n  # dplint-disable-next-line repository/duplicate-label -- moved over next week\n  - etl\n',
    'clusters/adhoc.yaml': 'label: [nightly]\n',
    'account.yaml': 'account:\n  idle_cluster_timeout: 2\n',
  });
  const outputs = async (args: string[]) => [(await runCli(['.', '-f', 'json', ...args], { cwd: dir })).stdout, (await runCli(['.', ...args], { cwd: dir })).stdout];
  const fresh = await outputs([]);
  expect(fresh[0]).toContain('repository/duplicate-label');
  // The first run fills the cache, the second reuses every entry, the third reads what the second wrote.
  for (let run = 0; run < 3; run++) expect(await outputs(['--cache'])).toEqual(fresh);
  const { entries } = readCacheFile(join(dir, '.dplintcache'));
  // A label at home, located: its value and range; the idle timeout likewise; a file with a directive says so.
  expect(entries['clusters/etl.yaml'].facts).toEqual({ labels: [['etl', 1, 9, 1, 12], ['nightly', 1, 14, 1, 21]], clusterIdleTimeouts: [[4, 3, 25, 3, 26]] });
  expect(entries['clusters/adhoc.yaml'].facts).toEqual({ labels: [['nightly', 1, 9, 1, 16]] });
  expect(entries['clusters/etl-v2.yaml'].facts).toEqual({ labels: ['etl-v2', ['etl', 4, 5, 4, 8]], directives: true });
});

test('an inline directive above the label silences repository/duplicate-label, as `explain` says', async () => {
  const directive = '# dplint-disable-next-line repository/duplicate-label -- reason';
  expect(explainRule('repository/duplicate-label').split('\n')).toContain(`  on one line:      ${directive.replace('reason', 'why this is fine here')}`);
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/etl.yaml': 'label: [etl]\n',
    'clusters/etl-v2.yaml': `label:\n  - etl-v2\n  ${directive}\n  - etl\n`,
  });
  expect((await findings(dir)).list).toEqual([
    'clusters/etl.yaml:1:9 error repository/duplicate-label: label "etl" is also claimed by clusters/etl-v2.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
  ]);
  // The file's own pass does not call the directive unused (its finding comes later), and --fix keeps it.
  const strict = await runCli(['.', '-f', 'json', '--report-unused-disable-directives', 'error'], { cwd: dir });
  expect(JSON.parse(strict.stdout).results.flatMap((r: { file: string; findings: Array<{ ruleId: string }> }) => r.findings.map((f) => `${r.file} ${f.ruleId}`))).toEqual([
    'clusters/etl.yaml repository/duplicate-label',
  ]);
  // --no-inline-config ignores it, as every other directive.
  const ignored = await runCli(['.', '-f', 'json', '--no-inline-config'], { cwd: dir });
  expect(JSON.parse(ignored.stdout).results.flatMap((r: { file: string; findings: Array<{ ruleId: string; line: number }> }) => r.findings.map((f) => `${r.file}:${f.line} ${f.ruleId}`))).toEqual([
    'clusters/etl-v2.yaml:4 repository/duplicate-label',
    'clusters/etl.yaml:1 repository/duplicate-label',
  ]);
});

test('a directive naming another rule, or a repository rule in another place, does not silence it', async () => {
  const dir = repo({
    'dplint.config.yaml': CONFIG,
    'clusters/a.yaml': '# dplint-disable-next-line repository/idle-timeout-override\nlabel: [etl]\n',
    'clusters/b.yaml': '# dplint-disable-next-line repository/duplicate-label\n\nlabel: [etl]\n',
  });
  expect((await findings(dir)).list.map((line: string) => line.split(' ')[0])).toEqual(['clusters/a.yaml:2:9', 'clusters/b.yaml:3:9']);
});

test("a file's facts say whether its text may hold an inline directive (`dplint-`), from the one scan its lint makes, fixed or not", () => {
  const facts = (text: string, fix?: FixOptions) => lintTextWithFacts(text, 'c.yaml', { config: false, operation: 'edit-cluster', ...(fix ? { fix } : {}) }).facts;
  const labels = [{ value: 'etl', path: ['label', 0] }];
  const directive = 'label:\n  # dplint-disable-next-line repository/duplicate-label\n  - etl\n';
  expect([facts(directive), facts(directive, {})]).toEqual([
    { labels, directives: true },
    { labels, directives: true },
  ]);
  // Named, but no directive: the facts say no directive.
  expect([facts('label: [etl]\n# checked by dplint in CI\n'), facts('label: [etl]\n'), facts('label: [etl]\n', {})]).toEqual([{ labels }, { labels }, { labels }]);
  // A fix that leaves a directive in the text: the facts are those of the fixed text.
  expect(facts('label: [etl]\nec2_settings:\n  aws_region: us-east-1 # dplint-disable-line\n', {})).toEqual({ labels, directives: true });
});

// Review of issue 31: a run that keeps only the lines its outputs show framed a finding across
// files, in a file with findings of its own, against blank lines (and so changed its fingerprint).
test('a finding across files in a file with other findings is framed and fingerprinted on its own line', async () => {
  const text = '# dplint: operation=edit-cluster\nlabel: [etl]\n# password: hunter2\nbogus_member: 1\n';
  const dir = repo({ 'a.yaml': text, 'b.yaml': text });
  const stylish = await runCli(['--no-config', '.'], { cwd: dir });
  expect(stylish.stdout).toContain('  a.yaml:2:9  error    label "etl" is also claimed by b.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels  repository/duplicate-label\n    1 | # dplint: operation=edit-cluster\n  > 2 | label: [etl]\n      |         ^^^\n');
  const sarif = JSON.parse((await runCli(['--no-config', '.', '-f', 'sarif'], { cwd: dir })).stdout) as { runs: Array<{ results: Array<{ ruleId: string; partialFingerprints: Record<string, string> }> }> };
  const whole = JSON.parse((await runCli(['--no-config', '.', '-f', 'sarif', '--fix-dry-run'], { cwd: dir })).stdout) as typeof sarif;
  const hashes = (log: typeof sarif) => log.runs[0].results.filter((r) => r.ruleId === 'repository/duplicate-label').map((r) => r.partialFingerprints.primaryLocationLineHash);
  // --fix-dry-run keeps whole texts: the fingerprints are those of the lines as written.
  expect(hashes(sarif)).toEqual(hashes(whole));
  expect(hashes(sarif)).toHaveLength(2);
});

// The checks across files read each file's facts once (a run holds them packed, and each read
// unpacks them); a check reads them again only where its findings need it: the files that claim a
// label twice (by name), or an account timeout to compare the clusters' with.
test('the checks across files read every file\'s facts once, and again only for a label claimed twice or an account timeout', async () => {
  const { repositoryPass } = await import('../src/engine/repository.js');
  type Facts = import('../src/types.js').RepositoryFacts;
  // A map of facts that counts how many files' facts are read out of it.
  class Counted extends Map<string, Facts> {
    count = 0;
    override *entries(): MapIterator<[string, Facts]> {
      for (const entry of super.entries()) {
        this.count++;
        yield entry;
      }
    }
    override [Symbol.iterator](): MapIterator<[string, Facts]> {
      return this.entries();
    }
    override *values(): MapIterator<Facts> {
      for (const [, fact] of this.entries()) yield fact;
    }
    override get(file: string): Facts | undefined {
      const fact = super.get(file);
      if (fact) this.count++;
      return fact;
    }
  }
  const reads = (facts: Map<string, Facts>): { count: number; pass: ReturnType<typeof repositoryPass> } => {
    const counted = new Counted(facts);
    const pass = repositoryPass(counted);
    return { count: counted.count, pass };
  };
  const label = (value: string) => ({ labels: [{ value, path: ['label', 0] }] });
  const unique = reads(new Map([['a.yaml', label('etl')], ['b.yaml', label('adhoc')]]));
  expect(unique).toEqual({ count: 2, pass: undefined });
  const twice = reads(new Map([['a.yaml', label('etl')], ['b.yaml', label('etl')]]));
  expect(twice.count).toBe(4);
  expect([...twice.pass!.files]).toEqual(['a.yaml', 'b.yaml']);
  // Again only the facts of the files that claim a label twice, not every file's.
  const amongOthers = reads(new Map([['a.yaml', label('etl')], ['b.yaml', label('adhoc')], ['c.yaml', label('nightly')], ['d.yaml', label('etl')]]));
  expect(amongOthers.count).toBe(6);
  expect([...amongOthers.pass!.files]).toEqual(['a.yaml', 'd.yaml']);
  const account = reads(new Map<string, Facts>([['account.yaml', { accountIdleTimeouts: [{ value: 2, path: ['account', 'idle_cluster_timeout'] }] }], ['a.yaml', { clusterIdleTimeouts: [{ value: 3, path: ['idle_cluster_timeout'] }] }]]));
  expect(account.count).toBe(4);
  expect([...account.pass!.files]).toEqual(['a.yaml']);
});
