import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The single executable (scripts/build-sea.mjs, `npm run build:sea`), as a repository that is no
 * JavaScript project runs it: copied alone into an empty folder, no node_modules anywhere above
 * it, and no `node` on PATH (the PATH holds git only). It prints the same bytes as
 * `node dist/dplint.cjs` for every output format, and exits with the same code.
 */
const ROOT = join(__dirname, '..');
const BINARY = join(ROOT, 'dist', 'sea', `dplint-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);

let place: string;
let dplint: string;
let onlyGit: string;

function gitOnPath(): string {
  const found = (process.env.PATH ?? '').split(delimiter).map((folder) => join(folder, 'git')).find((file) => existsSync(file));
  if (!found) throw new Error('git is not on PATH (Debian package git)');
  return found;
}

/** A run in `cwd` with nothing of the caller's environment but a HOME of its own. */
function sea(args: string[], cwd: string, home = join(place, 'home-sea'), input?: string): SpawnSyncReturns<string> {
  return spawnSync(dplint, args, { cwd, env: { PATH: onlyGit, HOME: home }, encoding: 'utf8', input });
}

function node(args: string[], cwd: string, input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(ROOT, 'dist', 'dplint.cjs'), ...args], { cwd, env: { PATH: onlyGit, HOME: join(place, 'home-node') }, encoding: 'utf8', input });
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-sea.mjs')], { cwd: ROOT, encoding: 'utf8' });
  expect(built.stderr.split('\n').filter((line) => line.startsWith('build-sea:'))).toEqual([]);
  expect(built.status).toBe(0);
  expect(built.stdout).toBe(`dist/sea/${BINARY.slice(join(ROOT, 'dist', 'sea').length + 1)}\n`);
  // Only the binary is left in dist/sea: the folder a release copies from.
  expect(readdirSync(join(ROOT, 'dist', 'sea'))).toEqual([BINARY.slice(join(ROOT, 'dist', 'sea').length + 1)]);

  place = mkdtempSync(join(tmpdir(), 'dplint-sea-'));
  dplint = join(place, 'dplint');
  copyFileSync(BINARY, dplint);
  onlyGit = join(place, 'path');
  mkdirSync(onlyGit);
  symlinkSync(gitOnPath(), join(onlyGit, 'git'));
  for (const home of ['home-sea', 'home-node']) mkdirSync(join(place, home));
  cpSync(join(ROOT, 'fixtures', 'config-repo'), join(place, 'config-repo'), { recursive: true });
}, 600_000);

test('the folder it runs in has no node_modules, and its PATH no node', () => {
  expect(readdirSync(place).sort()).toEqual(['config-repo', 'dplint', 'home-node', 'home-sea', 'path']);
  expect(readdirSync(onlyGit)).toEqual(['git']);
  expect(spawnSync('node', ['--version'], { env: { PATH: onlyGit } }).error).toMatchObject({ code: 'ENOENT' });
});

describe('over the sample repository, byte for byte what node dist/dplint.cjs prints', () => {
  test.each(['stylish', 'compact', 'json', 'sarif', 'junit', 'github', 'gitlab'])('--format %s', (format) => {
    const repo = join(place, 'config-repo');
    const fromSea = sea(['.', '--format', format], repo);
    const fromNode = node(['.', '--format', format], repo);
    expect(fromSea.error).toBeUndefined();
    expect(fromSea.stdout).toBe(fromNode.stdout);
    expect(fromSea.stderr).toBe(fromNode.stderr);
    expect(fromSea.stderr).toBe('');
    expect([fromSea.status, fromNode.status]).toEqual([1, 1]);
  });

  test('the stylish output ends with the summary of the sample repository', () => {
    expect(sea(['.'], join(place, 'config-repo')).stdout.trimEnd().split('\n').at(-1)).toBe('✖ 9 problems (7 errors, 1 warning, 1 info) in 11 files');
  });

  test('the JSON summary', () => {
    expect(JSON.parse(sea(['.', '--format', 'json'], join(place, 'config-repo')).stdout).summary).toEqual({ files: 11, errors: 7, warnings: 1, infos: 1, fixable: 3 });
  });

  test.each([['--version'], ['rules'], ['operations'], ['explain', 'cluster/max-nodes-below-initial'], ['--stdin', '--stdin-filename', 'clusters/new.yaml']])('%s', (...args) => {
    const repo = join(place, 'config-repo');
    const input = 'label: [new]\nnode_configuration:\n  initial_nodes: 3\n  max_nodes: 1\n';
    const fromSea = sea(args, repo, undefined, input);
    const fromNode = node(args, repo, input);
    expect(fromSea.stdout).toBe(fromNode.stdout);
    expect(fromSea.stderr).toBe(fromNode.stderr);
    expect(fromSea.status).toBe(fromNode.status);
    expect(fromSea.stdout.length).toBeGreaterThan(0);
  });
});

test('a run of more files than the worker threads start at is linted in one thread, with the same output', () => {
  // 200 files is where node dist/dplint.cjs starts its worker threads (PARALLEL_THRESHOLD); the
  // binary carries no worker module and lints them all in its one thread.
  const repo = join(place, 'many');
  mkdirSync(join(repo, 'clusters'), { recursive: true });
  writeFileSync(join(repo, 'dplint.config.yaml'), 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n');
  for (let i = 0; i < 240; i++) writeFileSync(join(repo, 'clusters', `c${i}.yaml`), `label: [c${i}]\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: ${i % 3}\n`);
  const fromSea = sea(['.', '--format', 'json', '--jobs', '2'], repo);
  const fromNode = node(['.', '--format', 'json', '--jobs', '2'], repo);
  expect(fromSea.stderr).toBe('');
  expect(fromSea.stdout).toBe(fromNode.stdout);
  expect(JSON.parse(fromSea.stdout).summary).toEqual({ files: 240, errors: 240, warnings: 0, infos: 0, fixable: 0 });
});

test("a policy's pattern is checked for backtracking (scslre, carried inside the binary)", () => {
  const repo = join(place, 'pattern');
  mkdirSync(repo);
  writeFileSync(join(repo, 'c.yaml'), 'label: [aaa]\n');
  writeFileSync(
    join(repo, 'dplint.config.yaml'),
    'files:\n  - match: ["*.yaml"]\n    operation: edit-cluster\npolicies:\n  - id: label-form\n    message: m\n    operations: [edit-cluster]\n    schema:\n      properties:\n        label:\n          items: { pattern: "^(a+)+$" }\n',
  );
  const run = sea(['.'], repo);
  expect(run.stderr).toBe(
    'dplint: dplint.config.yaml:11:29: policy "label-form": pattern "^(a+)+$" can backtrack super-linearly (exponentially) on a run of "a": a crafted value would stall the run; rewrite it so that no two parts can match the same characters\n',
  );
  expect(run.status).toBe(2);
});

test('the language server answers an initialize request (dist/lsp.cjs, carried inside the binary)', async () => {
  const server = spawn(dplint, ['lsp', '--stdio'], { cwd: place, env: { PATH: onlyGit, HOME: join(place, 'home-sea') } });
  const send = (body: object) => {
    const text = JSON.stringify(body);
    server.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  let received = Buffer.alloc(0);
  const answer = new Promise<unknown>((resolve) => {
    server.stdout.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const header = /^Content-Length: (\d+)\r\n\r\n/.exec(received.toString('latin1'));
      if (header && received.length >= header[0].length + Number(header[1])) resolve(JSON.parse(received.subarray(header[0].length, header[0].length + Number(header[1])).toString('utf8')));
    });
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const response = (await answer) as { id: number; result: { serverInfo: unknown; capabilities: { hoverProvider: unknown } } };
  expect(response).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'dplint' } } });
  expect(response.result.capabilities.hoverProvider).toBe(true);
  send({ jsonrpc: '2.0', id: 2, method: 'shutdown' });
  send({ jsonrpc: '2.0', method: 'exit' });
  expect(await exited).toBe(0);
});

test('it writes nothing in the home folder (its code cache is inside it, made when it was built)', () => {
  sea(['.'], join(place, 'config-repo'), join(place, 'home-sea'));
  expect(readdirSync(join(place, 'home-sea'))).toEqual([]);
});
