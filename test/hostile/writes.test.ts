import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, linkSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { unwrittenMessage } from '../../src/node/cli-fix.js';
import { writeFixedFile } from '../../src/node/write-fixed.js';
import { inChunks, refuseWritingOverInputs, statInputsRefusingTargets, writeFileAtomic } from '../../src/node/write-file.js';
import { runCli } from '../helpers/cli.js';
import { listFiles, tempDir } from './helpers.js';

/**
 * Nothing is lost: what dplint writes (output files, schemas) is written atomically — a temporary
 * file in the same folder renamed over the target — never over a file it lints, and a write that
 * fails leaves the target as it was, no temporary file behind, and one line on standard error.
 */

const BODY = '# dplint: operation=set-cluster-state\nstate: stop\n';

describe('output files', () => {
  test('-o onto a file being linted is refused before anything is written (exit 2, one line)', async () => {
    const dir = tempDir({ 'a.yaml': BODY, 'b.yaml': BODY });
    for (const target of ['a.yaml', './a.yaml', join(dir, 'b.yaml')]) {
      const run = await runCli(['--no-config', '-f', 'json', '-o', target, '.'], { cwd: dir });
      expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: --output-file ${JSON.stringify(target)} is one of the files being linted; dplint never writes over its input\n` });
    }
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(BODY);
    expect(readFileSync(join(dir, 'b.yaml'), 'utf8')).toBe(BODY);
    expect(listFiles(dir)).toEqual(['a.yaml', 'b.yaml']);
  });

  test('-o onto a linted file under another name (a linked folder, a hard link) is refused: files are compared by device and inode', async () => {
    const dir = tempDir({ 'real/etl.yaml': BODY });
    symlinkSync('real', join(dir, 'alias'));
    linkSync(join(dir, 'real', 'etl.yaml'), join(dir, 'hard.yaml'));
    for (const [target, linted] of [['real/etl.yaml', 'alias/etl.yaml'], ['hard.yaml', 'alias'], ['alias/etl.yaml', 'real']]) {
      const run = await runCli(['--no-config', '-f', 'json', '-o', target, linted], { cwd: dir });
      expect(run, target).toEqual({ code: 2, stdout: '', stderr: `dplint: --output-file ${JSON.stringify(target)} is one of the files being linted; dplint never writes over its input\n` });
    }
    expect(readFileSync(join(dir, 'real', 'etl.yaml'), 'utf8')).toBe(BODY);
  });

  test('--cache-location onto a linted file is refused before anything is read or written', async () => {
    const dir = tempDir({ 'clusters/etl.yaml': BODY });
    symlinkSync('clusters', join(dir, 'alias'));
    for (const location of ['clusters/etl.yaml', 'alias/etl.yaml']) {
      const run = await runCli(['--no-config', '--cache', '--cache-location', location, 'clusters'], { cwd: dir });
      expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: --cache-location ${JSON.stringify(location)} is one of the files being linted; dplint never writes over its input\n` });
    }
    expect(readFileSync(join(dir, 'clusters', 'etl.yaml'), 'utf8')).toBe(BODY);
    expect(listFiles(dir)).toEqual(['alias', 'clusters/etl.yaml']);
  });

  test('refuseWritingOverInputs: a target that does not exist looks at no input; one that is a link to an input is refused', () => {
    const dir = tempDir({ 'a.yaml': BODY });
    symlinkSync('a.yaml', join(dir, 'link.json'));
    expect(() => refuseWritingOverInputs([{ path: join(dir, 'new.json'), named: 'new' }], [join(dir, 'a.yaml'), join(dir, 'missing.yaml')])).not.toThrow();
    expect(() => refuseWritingOverInputs([{ path: join(dir, 'link.json'), named: '-o "link.json"' }], [join(dir, 'a.yaml')])).toThrow('-o "link.json" is one of the files being linted; dplint never writes over its input');
  });

  test('statInputsRefusingTargets (a run with --cache): one stat a file, for the refusal and the cache; a link to an input is refused', () => {
    const dir = tempDir({ 'a.yaml': BODY, 'folder/b.yaml': BODY });
    symlinkSync('a.yaml', join(dir, 'link.json'));
    const inputs = [join(dir, 'a.yaml'), join(dir, 'missing.yaml'), join(dir, 'folder')];
    const stats = statInputsRefusingTargets([{ path: join(dir, 'new.json'), named: 'new' }], inputs);
    const a = statSync(join(dir, 'a.yaml'));
    // A regular file's size, times and identity; nothing for a file that is not there or not a regular file.
    expect(Array.from(stats)).toEqual([BODY.length, a.mtimeMs, a.ctimeMs, a.ino, a.dev, ...new Array(10).fill(Number.NaN)]);
    expect(() => statInputsRefusingTargets([{ path: join(dir, 'link.json'), named: '-o "link.json"' }], inputs)).toThrow('-o "link.json" is one of the files being linted; dplint never writes over its input');
  });

  test('-o onto a linted file in a run with --cache is refused, and neither the cache nor the output is written', async () => {
    const dir = tempDir({ 'clusters/etl.yaml': BODY });
    linkSync(join(dir, 'clusters', 'etl.yaml'), join(dir, 'hard.json'));
    const run = await runCli(['--no-config', '--cache', '-f', 'json', '-o', 'hard.json', 'clusters'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: --output-file "hard.json" is one of the files being linted; dplint never writes over its input\n' });
    expect(readFileSync(join(dir, 'hard.json'), 'utf8')).toBe(BODY);
    expect(listFiles(dir)).toEqual(['clusters/etl.yaml', 'hard.json']);
  });

  test('a target that is a folder: exit 2, one line naming it; the folder and its neighbours untouched, no temporary file', async () => {
    const dir = tempDir({ 'a.yaml': BODY, 'report/keep.txt': 'kept\n' });
    const run = await runCli(['--no-config', '-f', 'json', '-o', 'report', 'a.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: cannot write ${JSON.stringify(join(dir, 'report'))}: is a directory\n` });
    expect(listFiles(dir)).toEqual(['a.yaml', 'report/keep.txt']);
    expect(readFileSync(join(dir, 'report', 'keep.txt'), 'utf8')).toBe('kept\n');
  });

  test('a target in a folder that does not exist: exit 2, one line', async () => {
    const dir = tempDir({ 'a.yaml': BODY });
    const run = await runCli(['--no-config', '-f', 'sarif', '-o', 'missing/out.sarif', 'a.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: cannot write ${JSON.stringify(join(dir, 'missing', 'out.sarif'))}: no such file or directory\n` });
    expect(listFiles(dir)).toEqual(['a.yaml']);
  });

  test('a written report replaces the old one whole, keeps its mode, and leaves no temporary file', async () => {
    const dir = tempDir({ 'a.yaml': BODY, 'out/report.json': 'old report\n' });
    chmodSync(join(dir, 'out', 'report.json'), 0o640);
    const run = await runCli(['--no-config', '-f', 'stylish', '-f', 'json', '-o', 'json=out/report.json', 'a.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).summary).toEqual({ files: 1, errors: 1, warnings: 0, infos: 0, fixable: 0 });
    expect(statSync(join(dir, 'out', 'report.json')).mode & 0o777).toBe(0o640);
    expect(listFiles(dir)).toEqual(['a.yaml', 'out/report.json']);
  });

  test.skipIf(process.platform === 'win32')('a target planted as a link (dplint.sarif -> /dev/null, .dplintcache -> /dev/zero) takes nothing of its mode: the umask\'s, as a new file (30.17)', async () => {
    const dir = tempDir({ 'a.yaml': BODY, 'fresh.txt': '' });
    // What the umask gives a new file here (0666 narrowed by it), whatever the machine's umask is.
    const umasked = statSync(join(dir, 'fresh.txt')).mode & 0o777;
    expect(umasked).not.toBe(0o666);
    symlinkSync('/dev/null', join(dir, 'dplint.sarif'));
    symlinkSync('/dev/zero', join(dir, '.dplintcache'));
    const xdg = tempDir();
    const run = await runCli(['--no-config', '--cache', '-f', 'sarif', '-o', 'dplint.sarif', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: xdg } });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `dplint: warning: ignoring the cache ${join(dir, '.dplintcache')}: it is a symbolic link; every file is linted again\n` });
    for (const written of ['dplint.sarif', '.dplintcache']) {
      const stats = lstatSync(join(dir, written));
      expect({ written, file: stats.isFile(), mode: stats.mode & 0o7777 }).toEqual({ written, file: true, mode: umasked });
    }
    // A link to a regular file lends it no mode either; the file it pointed at is left as it was.
    writeFileSync(join(dir, 'shared.txt'), 'kept\n');
    chmodSync(join(dir, 'shared.txt'), 0o666);
    symlinkSync('shared.txt', join(dir, 'report.json'));
    expect((await runCli(['--no-config', '-f', 'json', '-o', 'report.json', 'a.yaml'], { cwd: dir })).code).toBe(1);
    expect(lstatSync(join(dir, 'report.json')).mode & 0o7777).toBe(umasked);
    expect(readFileSync(join(dir, 'shared.txt'), 'utf8')).toBe('kept\n');
  });

  test('writeFileAtomic keeps only the permission bits of a regular file it replaces', () => {
    const dir = tempDir({ 'out.txt': 'old\n' });
    chmodSync(join(dir, 'out.txt'), 0o4755);
    writeFileAtomic(join(dir, 'out.txt'), 'new\n');
    expect(statSync(join(dir, 'out.txt')).mode & 0o7777).toBe(0o755);
  });

  test('writeFileAtomic: a failed write leaves the old text and removes its temporary file', () => {
    const dir = tempDir({ 'keep.txt': 'old\n' });
    mkdirSync(join(dir, 'target'));
    expect(() => writeFileAtomic(join(dir, 'target'), 'new\n')).toThrow(`cannot write ${JSON.stringify(join(dir, 'target'))}: is a directory`);
    writeFileAtomic(join(dir, 'keep.txt'), 'new\n');
    expect(readFileSync(join(dir, 'keep.txt'), 'utf8')).toBe('new\n');
    expect(listFiles(dir)).toEqual(['keep.txt']);
  });

  test('writeFileAtomic writes text given in parts, as they come, in pieces of 64 KB or more', () => {
    const dir = tempDir();
    const parts = ['a'.repeat(40_000), 'b'.repeat(40_000), 'c\n'];
    expect([...inChunks(parts)].map((chunk) => chunk.length)).toEqual([80_000, 2]);
    expect([...inChunks([])]).toEqual([]);
    writeFileAtomic(join(dir, 'out.txt'), parts);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(parts.join(''));
    expect(listFiles(dir)).toEqual(['out.txt']);
  });
});

describe('dplint schema --out', () => {
  test('writes every schema, leaves no temporary file, and writing again gives the same bytes', async () => {
    const dir = tempDir();
    const first = await runCli(['schema', '--out', 'schemas'], { cwd: dir });
    expect(first.code).toBe(0);
    const files = listFiles(dir);
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.every((f) => /^schemas\/[a-z-]+\.schema\.json$/.test(f))).toBe(true);
    const before = files.map((f) => readFileSync(join(dir, f), 'utf8'));
    await runCli(['schema', '--out', 'schemas'], { cwd: dir });
    expect(listFiles(dir)).toEqual(files);
    expect(files.map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(before);
  });

  test('--out naming an existing file: exit 2, one line, the file untouched', async () => {
    const dir = tempDir({ 'schemas': 'not a folder\n' });
    const run = await runCli(['schema', '--out', 'schemas'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: --out "schemas" is a file, not a folder\n' });
    expect(readFileSync(join(dir, 'schemas'), 'utf8')).toBe('not a folder\n');
    expect(listFiles(dir)).toEqual(['schemas']);
  });
});

describe('linting writes nothing', () => {
  test('a lint run in every format leaves every input byte for byte and adds no file', async () => {
    const dir = tempDir();
    const repo = join(dir, 'repo');
    mkdirSync(repo);
    const source = 'fixtures/config-repo';
    for (const file of listFiles(source)) {
      mkdirSync(join(repo, file, '..'), { recursive: true });
      writeFileSync(join(repo, file), readFileSync(join(source, file)));
    }
    const before = listFiles(repo).map((f) => [f, readFileSync(join(repo, f)).toString('base64')]);
    for (const format of ['stylish', 'compact', 'json', 'sarif', 'junit', 'github']) {
      const run = await runCli(['-f', format, 'repo'], { cwd: dir });
      expect(run.code, format).toBe(1);
    }
    expect(listFiles(repo).map((f) => [f, readFileSync(join(repo, f)).toString('base64')])).toEqual(before);
  });
});

describe('--fix loses no byte', () => {
  const NUMBER = '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: "25"\n';
  const FIXED = '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 25\n';

  test('a file changed between lint and write is left as it now is, and reported: exit 2, one line', () => {
    const dir = tempDir({ 'a.yaml': NUMBER + '# appended during the run\n' });
    expect(writeFixedFile(join(dir, 'a.yaml'), NUMBER, FIXED)).toBe('changed');
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(NUMBER + '# appended during the run\n');
    expect(listFiles(dir)).toEqual(['a.yaml']);
  });

  test('a file changed after the check, just before the rename, is not replaced either', () => {
    const dir = tempDir({ 'a.yaml': NUMBER });
    const append = (): void => appendFileSync(join(dir, 'a.yaml'), 'label: [etl]\n');
    expect(writeFixedFile(join(dir, 'a.yaml'), NUMBER, FIXED, { beforeReplace: append })).toBe('changed');
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(NUMBER + 'label: [etl]\n');
    expect(listFiles(dir)).toEqual(['a.yaml']);
  });

  test('the CLI reports a file it could not write and ends with exit 2 after the report', async () => {
    const dir = tempDir({ 'a.yaml': NUMBER });
    chmodSync(join(dir, 'a.yaml'), 0o444);
    const run = await runCli(['--no-config', '--fix', '-f', 'compact', 'a.yaml'], { cwd: dir });
    // The report is of the file as it is on disk: the problem its fix would have fixed is still there.
    expect(run).toEqual({
      code: 2,
      stdout: 'a.yaml:3:14: error node_configuration.max_nodes must be a whole number; got the string "25": write 25 without quotes [body/number-as-string]\n',
      stderr: 'dplint: not fixed "a.yaml": it is read-only; make it writable to fix it\n',
    });
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(NUMBER);
    expect(statSync(join(dir, 'a.yaml')).mode & 0o777).toBe(0o444);
    expect(unwrittenMessage({ file: 'b.yaml', why: 'changed' })).toBe('dplint: not fixed "b.yaml": it changed during the run (nothing was lost); run dplint --fix again\n');
  });

  test('a symbolic link stays a link, and the file it points at is fixed', async () => {
    const dir = tempDir({ 'real/a.yaml': NUMBER });
    symlinkSync('real/a.yaml', join(dir, 'a.yaml'));
    const run = await runCli(['--no-config', '--fix', '-f', 'compact', 'a.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 0, stdout: '', stderr: 'dplint: fixed 1 problem in 1 file\n' });
    expect(lstatSync(join(dir, 'a.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'a.yaml'), 'utf8')).toBe(FIXED);
    expect(listFiles(dir)).toEqual(['a.yaml', 'real/a.yaml']);
  });

  test('hard links stay one file: written in place, every name shows the fix', async () => {
    const dir = tempDir({ 'a.yaml': NUMBER });
    linkSync(join(dir, 'a.yaml'), join(dir, 'b.txt'));
    const inode = statSync(join(dir, 'a.yaml')).ino;
    const run = await runCli(['--no-config', '--fix', '-f', 'compact', 'a.yaml'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(statSync(join(dir, 'a.yaml')).ino).toBe(inode);
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe(FIXED);
    expect(statSync(join(dir, 'a.yaml')).nlink).toBe(2);
  });

  test.runIf(process.getuid?.() === 0)('run as root, a fixed file keeps its owner, group and mode', async () => {
    const dir = tempDir({ 'a.yaml': NUMBER });
    chownSync(join(dir, 'a.yaml'), 1234, 5678);
    chmodSync(join(dir, 'a.yaml'), 0o640);
    const run = await runCli(['--no-config', '--fix', '-f', 'compact', 'a.yaml'], { cwd: dir });
    expect(run.code).toBe(0);
    const stats = statSync(join(dir, 'a.yaml'));
    expect([stats.uid, stats.gid, stats.mode & 0o7777]).toEqual([1234, 5678, 0o640]);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(FIXED);
  });

  test('a SIGTERM in the middle of a write waits for it, leaves no temporary file, and ends the process by SIGTERM', () => {
    const dir = tempDir({ 'a.yaml': NUMBER });
    // The built module, in a process of its own: the signal is real, sent to itself between writing the temporary file and the rename.
    const script = `import { writeFixedFile } from ${JSON.stringify(join(process.cwd(), 'dist', 'src', 'node', 'write-fixed.js'))};
      writeFixedFile(process.argv[1], ${JSON.stringify(NUMBER)}, ${JSON.stringify(FIXED)}, { beforeReplace: () => process.kill(process.pid, 'SIGTERM') });
      process.stdout.write('written\\n');
      // Keeps the process alive until the pending signal is handled (a process with nothing left to do would end first).
      setInterval(() => {}, 1 << 30);`;
    // The timeout only bounds a broken run (a signal never handled); a passing one ends as soon as the signal is handled.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, join(dir, 'a.yaml')], { encoding: 'utf8', timeout: 60_000 });
    expect([child.signal, child.stdout, child.stderr]).toEqual(['SIGTERM', 'written\n', '']);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(FIXED);
    expect(listFiles(dir)).toEqual(['a.yaml']);
  });
});
