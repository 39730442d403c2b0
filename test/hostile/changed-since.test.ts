import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { git, writeFiles } from '../helpers/repo.js';
import { runCli } from '../helpers/cli.js';

/**
 * `--changed-since <ref>` reads the work tree as it is: it writes no object into the repository's
 * object store and runs no filter that a pull request's .gitattributes names (issue 30.11). The
 * filter commands come from git's config, which a pull request cannot set; here the test's own
 * config sets them, each leaving a marker file when it runs.
 */


/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

test('a modified, a new and a renamed file are found without writing an object or running a clean filter (or a filter process) of .gitattributes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-changed-'));
  const markers = mkdtempSync(join(tmpdir(), 'dplint-markers-'));
  git(dir, 'init', '-q', '-b', 'main');
  const long = 'label: [reports]\nnode_configuration:\n  master_instance_type: m4.large\n  slave_instance_type: m4.xlarge\n  initial_nodes: 1\n  max_nodes: 3\n';
  writeFiles(dir, {
    'dplint.config.yaml': 'files:\n  - match: ["clusters/*.yaml", "clusters/*.json"]\n    operation: edit-cluster\n',
    // As a pull request commits it: every body through a filter.
    '.gitattributes': '*.yaml filter=mark\n*.json filter=piped\n',
    'clusters/etl.yaml': 'label: [etl]\n',
    'clusters/old-name.yaml': long,
    'clusters/same.json': '{"label": ["same"]}\n',
  });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  // The filters exist only from here on, in the repository's own config (a user's or a CI's).
  git(dir, 'config', 'filter.mark.clean', `touch ${JSON.stringify(join(markers, 'clean'))}; cat`);
  git(dir, 'config', 'filter.mark.smudge', `touch ${JSON.stringify(join(markers, 'smudge'))}; cat`);
  git(dir, 'config', 'filter.mark.required', 'true');
  git(dir, 'config', 'filter.piped.process', `touch ${JSON.stringify(join(markers, 'process'))}`);
  git(dir, 'config', 'filter.piped.required', 'true');
  writeFiles(dir, { 'clusters/etl.yaml': 'label: [etl, nightly]\n', 'clusters/new.yaml': 'label: [fresh]\n', 'clusters/same.json': '{"label": ["same", "more"]}\n' });
  spawnSync('mv', [join(dir, 'clusters/old-name.yaml'), join(dir, 'clusters/new-name.yaml')]);
  const objects = filesUnder(join(dir, '.git', 'objects'));
  const index = readFileSync(join(dir, '.git', 'index'));

  const run = await runCli(['.', '--changed-since', 'main', '-f', 'json'], { cwd: dir });
  expect(JSON.parse(run.stdout).results.map((r: { file: string }) => r.file)).toEqual(['clusters/etl.yaml', 'clusters/new-name.yaml', 'clusters/new.yaml', 'clusters/same.json']);
  expect(run.stderr).toBe('');
  expect(readdirSync(markers)).toEqual([]);
  expect(filesUnder(join(dir, '.git', 'objects'))).toEqual(objects);
  expect(readFileSync(join(dir, '.git', 'index')).equals(index)).toBe(true);
  // The same filters do run where git is asked to (the markers are what the test takes them to be).
  git(dir, 'add', 'clusters/etl.yaml');
  expect(existsSync(join(markers, 'clean'))).toBe(true);
});
