import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('names and guesses remembered from one file to the next', () => {
  it('keep no file text alive: 60 files of 1 MB, each with its own misspelt region, leave under 20 MB behind', () => {
    const comments = `# ${'c'.repeat(98)}\n`.repeat(10_000);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 60; i++) {
      const result = lintText(`${comments}vm_settings:\n  cloud_region: eu-west-${String(i).padStart(12, '0')}\n`, { operation: 'edit-cluster', filename: `f${i}.yaml` });
      expect(result.findings.map((f) => f.ruleId)).toContain('schema/enum');
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });

  it('keep no file text alive: 60 files of 1 MB, each with its own credential-like member name, leave under 20 MB behind', () => {
    // secrets.ts remembers whether a name is credential-like (isCredentialLike), for every file's masking.
    const comments = `# ${'c'.repeat(98)}\n`.repeat(10_000);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 60; i++) {
      const result = lintText(`${comments}custom_vm_tags:\n  team_${String(i).padStart(12, '0')}_token: abcdefgh${i}\n`, { operation: 'edit-cluster', filename: `f${i}.yaml` });
      expect(result.shownSource?.endsWith('_token: ****\n')).toBe(true);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });
});
