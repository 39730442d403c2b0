import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './helpers/cli.js';
import { gitRepo } from './helpers/repo.js';

const SAMPLE = join(import.meta.dirname, '..', 'fixtures', 'config-repo');

/** What the lint reports under the config init wrote, every finding (no baseline): rule ids by file. */
async function findingsWithoutBaseline(dir: string): Promise<string[]> {
  const run = await runCli(['.', '--no-baseline', '-f', 'json'], { cwd: dir });
  const results = JSON.parse(run.stdout).results as Array<{ file: string; findings: Array<{ ruleId: string }> }>;
  return results.flatMap((result) => result.findings.map((finding) => `${result.file} ${finding.ruleId}`));
}

/** The lines every config `dplint init` writes begins with, in a repository without dplint installed. */
const CONFIG_HEAD = [
  '# yaml-language-server: $schema=https://raw.githubusercontent.com/dplint/dplint/v0.1.0/schemas/config/dplint.config.schema.json',
  '# Written by `dplint init` from what it found here: each folder mapped to the operation its files look like.',
  'extends: recommended',
  '',
  'files:',
];

describe('dplint init', () => {
  test('on the sample repository without its config: folders mapped to their operations, legacy ignored, a baseline for the problems it has today', async () => {
    const dir = gitRepo({});
    cpSync(SAMPLE, dir, { recursive: true });
    rmSync(join(dir, 'dplint.config.yaml'));
    const run = await runCli(['init'], { cwd: dir });
    expect(run).toEqual({
      code: 0,
      stdout: 'wrote dplint.config.yaml: 10 files mapped to 4 operations, 1 path ignored\nwrote the baseline dplint-baseline.json, 9 problems in 3 files\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, 'dplint.config.yaml'), 'utf8')).toBe(
      [
        ...CONFIG_HEAD,
        '  - match: ["account/*.yaml"]',
        '    operation: edit-account',
        '  - match: ["allow-list/*.json", "allow-list/*.yaml"]',
        '    operation: add-whitelist-ip',
        '  - match: ["bootstrap/*.yaml"]',
        '    operation: set-bootstrap',
        '  - match: ["clusters/*.yaml"]',
        '    operation: edit-cluster',
        '',
        '# YAML and JSON files that are no API body.',
        'ignore: ["legacy/**"]',
        '',
      ].join('\n'),
    );
    expect(existsSync(join(dir, 'dplint-baseline.json'))).toBe(true);
    expect((await findingsWithoutBaseline(dir)).filter((line) => line.endsWith('operation/inferred'))).toEqual([]);
    const after = await runCli(['.', '--no-code-frame'], { cwd: dir });
    expect([after.code, after.stdout]).toEqual([0, '✔ 11 files checked, no problems\n']);
  });

  test('on a repository of mixed files: workflows, docs YAML and package.json ignored, bodies in two folders mapped, a folder of two operations file by file', async () => {
    const dir = gitRepo({
      '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: npm test}]\n',
      'docs/mkdocs.yml': 'site_name: Platform configs\nnav: [{Home: index.md}]\n',
      'package.json': '{"name": "configs", "private": true}\n',
      'prod/etl.yaml': 'label: [etl]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n',
      'prod/reports.yaml': 'label: [reports]\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n',
      'teams/data/account.yaml': 'account:\n  idle_cluster_timeout: 2\n',
      'teams/data/office.json': '{"ip_cidr": "52.1.2.0/24"}\n',
    });
    const run = await runCli(['init'], { cwd: dir });
    expect(run).toEqual({
      code: 0,
      stdout: 'wrote dplint.config.yaml: 4 files mapped to 3 operations, 3 paths ignored\nwrote the baseline dplint-baseline.json, 1 problem in 1 file\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, 'dplint.config.yaml'), 'utf8')).toBe(
      [
        ...CONFIG_HEAD,
        '  - match: ["prod/*.yaml"]',
        '    operation: edit-cluster',
        '  - match: ["teams/data/account.yaml"]',
        '    operation: edit-account',
        '  - match: ["teams/data/office.json"]',
        '    operation: add-whitelist-ip',
        '',
        '# YAML and JSON files that are no API body.',
        'ignore: [".github/**", "docs/**", "package.json"]',
        '',
      ].join('\n'),
    );
    expect(await findingsWithoutBaseline(dir)).toEqual(['prod/reports.yaml cluster/max-nodes-below-initial']);
    expect((await runCli(['.'], { cwd: dir })).code).toBe(0);
  });

  test('a repository with nothing to hold back gets no baseline; an existing config is never written over (exit 2, one line)', async () => {
    const dir = gitRepo({ 'clusters/etl.yaml': 'label: [etl]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n' });
    expect(await runCli(['init'], { cwd: dir })).toEqual({ code: 0, stdout: 'wrote dplint.config.yaml: 1 file mapped to 1 operation, 0 paths ignored\n', stderr: '' });
    expect(existsSync(join(dir, 'dplint-baseline.json'))).toBe(false);
    const written = readFileSync(join(dir, 'dplint.config.yaml'), 'utf8');
    expect(await runCli(['init'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: dplint.config.yaml already exists here; edit it, or remove it to have dplint init write a new one\n',
    });
    expect(readFileSync(join(dir, 'dplint.config.yaml'), 'utf8')).toBe(written);
    const dotted = gitRepo({ '.dplint.yaml': 'extends: strict\n' });
    expect((await runCli(['init'], { cwd: dotted })).stderr).toBe('dplint: .dplint.yaml already exists here; edit it, or remove it to have dplint init write a new one\n');
    expect(existsSync(join(dotted, 'dplint.config.yaml'))).toBe(false);
  });

  test('a repository of files that are no body gets a config that ignores them, and no baseline', async () => {
    const dir = gitRepo({ 'notes.yaml': 'title: notes\n' });
    expect(await runCli(['init'], { cwd: dir })).toEqual({ code: 0, stdout: 'wrote dplint.config.yaml: 0 files mapped to 0 operations, 1 path ignored\n', stderr: '' });
    expect(readFileSync(join(dir, 'dplint.config.yaml'), 'utf8').split('\n').slice(-3)).toEqual(['# YAML and JSON files that are no API body.', 'ignore: ["notes.yaml"]', '']);
    expect(existsSync(join(dir, 'dplint-baseline.json'))).toBe(false);
  });
});
