import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { expect, test } from 'vitest';
import { repo } from './helpers/repo.js';

test('temporary folders of the tests are made under the run\'s own folder, which the run removes', () => {
  expect(basename(tmpdir())).toMatch(/^dplint-tests-[A-Za-z0-9]{6}$/);
  expect(dirname(repo({}))).toBe(tmpdir());
});
