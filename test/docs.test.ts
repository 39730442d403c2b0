import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The README's long sections are kept in docs/ (where their own tests read them); the README
// must carry each as it is, so the two cannot drift.
const ROOT = join(__dirname, '..');

test.each(['security.md', 'fixing.md'])('the README carries docs/%s as it is', (name) => {
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(readFileSync(join(ROOT, 'docs', name), 'utf8').trim());
});
