import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup: every temporary folder a test makes (`mkdtemp(tmpdir())`, in the test
 * process, its workers and the children it starts) goes under one folder of this run, removed at
 * the end, so a run leaves nothing behind in the machine's temporary directory. Node's `tmpdir()`
 * reads TMPDIR on each call, and the workers and children inherit it.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'dplint-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
