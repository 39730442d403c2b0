import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';

// The bin as installed: `npm test` builds first, so dist/ is the code under test.
test('the built dplint bin lints the sample repository as a child process', () => {
  expect(existsSync('dist/dplint.cjs'), 'run `npm run build` first').toBe(true);
  const result = spawnSync(process.execPath, ['dist/dplint.cjs', 'fixtures/config-repo', '--format', 'json'], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(1);
  const output = JSON.parse(result.stdout);
  expect(output.summary.files).toBe(11);
  expect(output.results.find((r: { file: string }) => r.file === 'fixtures/config-repo/clusters/presto-adhoc.yaml').findings[0]).toEqual({
    ruleId: 'yaml/unquoted-string',
    severity: 'error',
    message: 'presto_version must be a string; YAML reads the unquoted 0.180 as the number 0.18: quote it as "0.180"',
    path: '/presto_version',
    line: 3,
    column: 17,
    endLine: 3,
    endColumn: 22,
    fix: { range: [62, 67], text: '"0.180"' },
  });
});

test('the bin exits 2 with one line for a bad argument', () => {
  const result = spawnSync(process.execPath, ['dist/dplint.cjs', '--operation', 'nope', '.'], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
});

test('a reader that closes standard output early ends the run with exit 2 and one line, not a stack trace', async () => {
  // The reader is gone before dplint writes anything (as `| head` is, once it has its lines).
  const child = spawn(process.execPath, ['dist/dplint.cjs', 'fixtures/config-repo', '--format', 'json']);
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect({ code, stderr }).toEqual({ code: 2, stderr: 'dplint: cannot write to standard output: the reader closed it\n' });
});
