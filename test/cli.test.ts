import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OPERATION_IDS } from '../src/operations.js';
import { BODY_SCHEMAS, hasBodySchema } from '../src/schema/body-schemas.js';
import { VERSION } from '../src/version.js';
import { runCli } from './helpers/cli.js';

function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-cli-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('dplint [paths]', () => {
  test('the sample config repository: stylish findings as file:line:column, exit 1', async () => {
    const { code, stdout, stderr } = await runCli(['fixtures/config-repo']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    // The whole output, code frames and summary included, is the golden file `npm run bless` writes
    // from the built command (test/golden.test.ts runs that too): in process, it must be the same.
    expect(stdout).toBe(readFileSync('fixtures/config-repo.out', 'utf8'));
    expect(stdout).not.toContain('etl-hadoop2.yaml');
  });

  test('--format json is the DESIGN.md contract', async () => {
    const dir = tempDir({ 'state.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    const { code, stdout } = await runCli(['state.yaml', '--format', 'json'], { cwd: dir });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      tool: { name: 'dplint', version: VERSION },
      results: [
        {
          file: 'state.yaml',
          operation: 'set-cluster-state',
          operationSource: 'modeline',
          findings: [
            {
              ruleId: 'schema/enum',
              severity: 'error',
              message: 'state must be one of "start", "terminate"; got "stop"',
              path: '/state',
              line: 2,
              column: 8,
              endLine: 2,
              endColumn: 12,
            },
          ],
        },
      ],
      summary: { files: 1, errors: 1, warnings: 0, infos: 0, fixable: 0 },
    });
  });

  // Issue 29.4: each document of a stream resolves its own operation; the JSON output lists them where they differ.
  test('--format json: a stream of requests to three routes has each document\'s operation in `documents`, kept by the cache', async () => {
    const requests = [
      'method: POST\npath: /api/v2/accounts/whitelist_ip\nbody:\n  ip_cidr: 81.2.69.160/28\n',
      'method: PUT\npath: /api/v2.0/clusters/etl/state\nbody:\n  state: stop\n',
      'method: PUT\npath: /api/v1.3/clusters/etl\nbody:\n  label: [etl]\n  node_configuration:\n    initial_nodes: 6\n    max_nodes: 3\n',
    ].join('---\n');
    const dir = tempDir({ 'requests.yaml': requests, 'state.yaml': '# dplint: operation=set-cluster-state\nstate: start\n' });
    const env = { XDG_CACHE_HOME: tempDir({}) };
    const first = await runCli(['requests.yaml', 'state.yaml', '--format', 'json', '--cache'], { cwd: dir, env });
    expect(first.code).toBe(1);
    const output = JSON.parse(first.stdout);
    expect(output.results[0]).toEqual({
      file: 'requests.yaml',
      operation: 'add-whitelist-ip',
      operationSource: 'envelope',
      documents: [
        { document: 0, operation: 'add-whitelist-ip', operationSource: 'envelope' },
        { document: 1, operation: 'set-cluster-state', operationSource: 'envelope' },
        { document: 2, operation: 'edit-cluster', operationSource: 'envelope' },
      ],
      findings: [
        { ruleId: 'schema/enum', severity: 'error', message: 'state must be one of "start", "terminate"; got "stop"', path: '/body/state', document: 1, line: 9, column: 10, endLine: 9, endColumn: 14 },
        { ruleId: 'cluster/max-nodes-below-initial', severity: 'error', message: 'node_configuration.max_nodes must be at least initial_nodes (6); got 3', path: '/body/node_configuration/max_nodes', document: 2, line: 17, column: 16, endLine: 17, endColumn: 17 },
      ],
    });
    // A file of one operation keeps the shape it always had: no `documents`.
    expect(output.results[1]).toEqual({ file: 'state.yaml', operation: 'set-cluster-state', operationSource: 'modeline', findings: [] });
    expect(await runCli(['requests.yaml', 'state.yaml', '--format', 'json', '--cache'], { cwd: dir, env })).toEqual(first);
  });

  // Issue 29.5: a misspelt envelope member made the body vanish (no finding, exit 0).
  test.each([
    ['Body', 'body'],
    ['bdy', 'body'],
    ['payload', 'body'],
  ])('an envelope whose body is written %s is exit 1, with did-you-mean', async (member, guess) => {
    const dir = tempDir({ 'etl.yaml': `method: PUT\npath: /api/v1.3/clusters/etl\nheaders:\n  Content-Type: text/plain\n${member}:\n  node_configuration: {initial_nodes: 6, max_nodes: 3}\n` });
    const { code, stdout } = await runCli(['etl.yaml', '-f', 'compact'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toBe(
      `etl.yaml:4:17: warning headers.Content-Type is "text/plain"; requests send "Content-Type: application/json" (spec section 1), and the body is JSON [operation/content-type]\n` +
        `etl.yaml:5:1: error unknown member "${member}" in the request envelope, which has only method, path, body and headers: did you mean "${guess}"? As written, it is not checked [operation/envelope-member]\n`,
    );
  });

  test('a clean file: exit 0 and a summary line', async () => {
    const dir = tempDir({ 'ip.yaml': '# dplint: operation=add-whitelist-ip\nip_cidr: 81.2.69.143\n' });
    const result = await runCli(['ip.yaml'], { cwd: dir });
    expect(result).toEqual({ code: 0, stdout: '✔ 1 file checked, no problems\n', stderr: '' });
  });

  test.each(OPERATION_IDS.map((id) => [id]))('--operation %s is accepted and reported back', async (id) => {
    const dir = tempDir({ 'body.json': '{}' });
    const { code, stdout } = await runCli(['body.json', '--operation', id, '-f', 'json'], { cwd: dir });
    const output = JSON.parse(stdout);
    expect(output.results[0].operation).toBe(id);
    expect(output.results[0].operationSource).toBe('option');
    // `{}` is an error exactly where the operation's schema requires a member.
    const required = hasBodySchema(id) ? ((BODY_SCHEMAS[id].required as string[] | undefined) ?? []) : [];
    expect(code).toBe(required.length > 0 ? 1 : 0);
  });

  test('an unknown operation id is exit 2 with a one-line reason', async () => {
    const { code, stdout, stderr } = await runCli(['fixtures/config-repo', '--operation', 'edit-clusters']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `dplint: unknown operation "edit-clusters"; did you mean "edit-cluster"? expected one of ${OPERATION_IDS.join(', ')}\n`,
    );
  });

  test('an unknown operation id gets did-you-mean in --operation and `dplint schema`', async () => {
    expect((await runCli(['fixtures/config-repo', '--operation', 'edit-clusterr'])).stderr).toMatch(/^dplint: unknown operation "edit-clusterr"; did you mean "edit-cluster"\? expected one of add-whitelist-ip, /);
    expect(await runCli(['schema', 'edit-clusterr'])).toMatchObject({ code: 2, stdout: '' });
    expect((await runCli(['schema', 'edit-clusterr'])).stderr).toMatch(/^dplint: unknown operation "edit-clusterr"; did you mean "edit-cluster"\? /);
    expect((await runCli(['schema', 'zzz'])).stderr).toMatch(/^dplint: unknown operation "zzz"; expected one of /);
  });

  test('a bare -o among several formats is refused, not bound to the first; with one format it is that format\'s', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: [etl]\n' });
    expect(await runCli(['c.yaml', '-f', 'stylish', '-f', 'junit', '-o', 'out.xml'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: --output-file "out.xml" could be for any of stylish, junit: name the format, e.g. -o junit=out.xml\n',
    });
    expect(await runCli(['c.yaml', '-f', 'json', '-o', 'out.json'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).summary.files).toBe(1);
  });

  test('--stdin-filename without --stdin is refused (it linted the whole folder); "-" is standard input', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: [etl]\n' });
    expect(await runCli(['--stdin-filename', 'x.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: --stdin-filename names the text of --stdin (or -); give it with --stdin\n' });
    expect(await runCli(['-', 'c.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: "-" is standard input: give it alone, or name files\n' });
    const piped = spawnSync(process.execPath, [join(process.cwd(), 'dist/dplint.cjs'), '--no-config', '--operation', 'edit-cluster', '--stdin-filename', 'c.yaml', '-f', 'compact', '-'], {
      cwd: dir,
      input: 'label: [etl]\nnode_configuration: {max_nodes: -5}\n',
      encoding: 'utf8',
    });
    expect({ status: piped.status, stdout: piped.stdout }).toEqual({ status: 1, stdout: 'c.yaml:2:33: error node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -5 [schema/range]\n' });
  });

  test('a YAML syntax error is a finding with a position (exit 1), never a stack trace', async () => {
    const dir = tempDir({ 'broken.yaml': '# dplint: operation=edit-cluster\nlabel: [etl\nnode_configuration:\n' });
    const { code, stdout, stderr } = await runCli(['broken.yaml'], { cwd: dir });
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^ {2}broken\.yaml:3:1 {2}error {4}YAML syntax error: .+ {2}parse\/syntax$/m);
  });

  test('a path that does not exist is exit 2, named', async () => {
    const { code, stderr } = await runCli(['no/such/dir']);
    expect(code).toBe(2);
    expect(stderr).toBe('dplint: cannot read "no/such/dir": no such file or directory\n');
  });

  test('a directory without YAML or JSON files is exit 2: a CI gate that checks nothing must not pass', async () => {
    const dir = tempDir({ 'README.md': '# nothing here\n' });
    const { code, stderr } = await runCli(['.'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toBe('dplint: no YAML or JSON files found in "."\n');
  });

  test('directories are searched for .yaml, .yml and .json, sorted, skipping node_modules', async () => {
    const dir = tempDir({
      'b.yml': 'ip_cidr: 81.2.69.143\n',
      'a/c.json': '{"ip_cidr": "81.2.69.144"}',
      'notes.txt': 'x',
      'node_modules/x.yaml': 'a: [',
    });
    const { stdout } = await runCli(['.', '-f', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).results.map((r: { file: string }) => r.file)).toEqual(['a/c.json', 'b.yml']);
  });

  test('--max-warnings turns too many warnings into exit 1; --quiet shows errors only', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuraton: {}\n' });
    expect((await runCli(['c.yaml'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['c.yaml', '--max-warnings', '0'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['c.yaml', '--max-warnings', '1'], { cwd: dir })).code).toBe(0);
    expect(await runCli(['c.yaml', '--max-warnings', '0'], { cwd: dir })).toMatchObject({ code: 1, stderr: 'dplint: found too many warnings (1; maximum: 0)\n' });
    expect(await runCli(['c.yaml', '--quiet'], { cwd: dir })).toEqual({ code: 0, stdout: '✔ 1 file checked, no problems\n', stderr: 'dplint: 1 warning hidden by --quiet\n' });
    expect((await runCli(['c.yaml', '--max-warnings', 'x'], { cwd: dir })).stderr).toBe('dplint: --max-warnings takes a whole number (-1 for no limit); got "x"\n');
  });

  test('colours only on a terminal, never with NO_COLOR or --no-color', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nnode_configuraton: {}\n' });
    expect((await runCli(['c.yaml'], { cwd: dir, isTTY: true })).stdout).toContain('\u001b[');
    expect((await runCli(['c.yaml'], { cwd: dir, isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await runCli(['c.yaml', '--no-color'], { cwd: dir, isTTY: true })).stdout).not.toContain('\u001b[');
    expect((await runCli(['c.yaml', '--color'], { cwd: dir })).stdout).toContain('\u001b[');
  });

  test('colour follows FORCE_COLOR (0/false off, 1-3/true on, even into a pipe), then NO_COLOR, then TERM=dumb', async () => {
    const dir = tempDir({ 'c.yaml': '# dplint: operation=edit-cluster\nnode_configuraton: {}\n' });
    const coloured = async (env: Record<string, string>, isTTY: boolean): Promise<boolean> => (await runCli(['c.yaml'], { cwd: dir, isTTY, env })).stdout.includes('\u001b[');
    expect(await coloured({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(await coloured({ FORCE_COLOR: 'true' }, false)).toBe(true);
    expect(await coloured({ FORCE_COLOR: '3', NO_COLOR: '1' }, false)).toBe(true);
    expect(await coloured({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(await coloured({ FORCE_COLOR: 'false' }, true)).toBe(false);
    expect(await coloured({ TERM: 'dumb' }, true)).toBe(false);
    expect(await coloured({ TERM: 'xterm-256color' }, true)).toBe(true);
    expect((await runCli(['c.yaml', '--no-color'], { cwd: dir, isTTY: true, env: { FORCE_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });

  test('--version and --help exit 0', async () => {
    expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: dplint [options] [command] [paths...]');
  });

  test('an unknown option is exit 2 with a one-line reason', async () => {
    expect(await runCli(['--frobnicate'])).toEqual({ code: 2, stdout: '', stderr: "dplint: unknown option '--frobnicate'\n" });
  });
});

describe('dplint operations', () => {
  test('lists every operation of the table with method and path', async () => {
    const { code, stdout } = await runCli(['operations']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual([...OPERATION_IDS]);
    expect(lines).toContain('edit-cluster                  PUT    /api/v1.3/clusters/<id_or_label>');
    expect(lines).toContain('create-account                POST   /api/v1.2/account  (deprecated)');
    expect(lines).toContain('clone-cluster                 POST   /api/v2/clusters/<cluster_id>/clone  (alternate environment)');
  });
});
