import { join } from 'node:path';
import { run } from './cli.js';

/**
 * The launcher (scripts/cli-launcher.cjs) found no V8 code cache for this program: it leaves the
 * function that makes one under this symbol, for the program to call when it has compiled what the
 * cache should hold. V8 puts in the cache every function compiled so far, so that point is one a
 * run's own work cannot move: a lint of the sample file beside the program (a cluster body of the
 * benchmark's corpus, clean) with fixed options, an empty environment and no output, before the
 * run's own work. A first run over a large repository, `dplint --version` and a pre-commit run all
 * write the same cache: the program's start and a one-file lint, which every later start reads
 * whole (test/code-cache.test.ts).
 */
const CODE_CACHE_POINT = Symbol.for('dplint.codeCachePoint');
const CODE_CACHE_SAMPLE = 'chunks/code-cache-sample.yaml';

/** The sample's lint, then the launcher's function; undefined where the launcher left none (a cache was read, or is off) or the program is not the bundle. */
export function codeCacheWarmUp(bundleFolder: string | undefined): Promise<void> | undefined {
  const shared = globalThis as Record<symbol, unknown>;
  const point = shared[CODE_CACHE_POINT];
  delete shared[CODE_CACHE_POINT];
  if (typeof point !== 'function' || bundleFolder === undefined) return undefined;
  const io = { stdout: () => true, stderr: () => undefined, cwd: bundleFolder, env: {}, isTTY: false };
  // run() never throws, nor does the launcher's function: the run's own work follows whatever happens here.
  return run(['--operation', 'edit-cluster', '--no-config', '--no-baseline', join(bundleFolder, CODE_CACHE_SAMPLE)], io).then(() => point());
}
