import { test } from 'vitest';
import { runCli } from '../helpers/cli.js';
test('x', async () => {
  const r = await runCli(['fixtures/config-repo', '--fix-dry-run', '-f', 'compact']);
  console.log(r.code, r.stdout, r.stderr);
});
