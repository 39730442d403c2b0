// src/generated/body-types.ts is committed (so tsc and vitest work without a build) and generated
// from schemas/ by scripts/generate-types.mjs: regenerating it must give the same text.
// The compile-time checks of the types themselves are in test/types/body-types.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

test('the committed body types are those the schemas generate', () => {
  const check = spawnSync(process.execPath, ['scripts/generate-types.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});
