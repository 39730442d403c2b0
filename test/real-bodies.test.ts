import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintText } from '../src/engine/lint.js';
import { isOperationId } from '../src/operations.js';

/**
 * The 71 request bodies real clients sent (SDK tests, vendor docs), with the verdicts of
 * ../shared/real-bodies/SOURCES.md. Where an issue decided otherwise (`spotblock` is accepted;
 * `cloud_preferred_availability_zone: Any` beside `vpc_id` is the default, no error; unlisted
 * members are warnings), the decision stands: the "strict" verdicts are about those, so
 * they get a warning but no error; a "conditional" one depends on a reading of the spec and must
 * get at least a warning.
 */
// Beside the clone (../shared), or at the shared folder's own place when the clone is a worktree elsewhere.
const REAL = [join(__dirname, '..', '..', 'shared', 'real-bodies'), '/work/shared/real-bodies'].find((dir) => existsSync(dir)) ?? join(__dirname, '..', '..', 'shared', 'real-bodies');

function verdicts(): Array<{ file: string; verdict: string }> {
  const rows: Array<{ file: string; verdict: string }> = [];
  for (const line of readFileSync(join(REAL, 'SOURCES.md'), 'utf8').split('\n')) {
    const file = /^\| `([^`]+\.json)` \|/.exec(line)?.[1];
    const verdict = /\*\*(VALID\*?|ERROR(?: \([^)]*\))?|EDGE)[^*]*\*\*/.exec(line.slice(line.lastIndexOf(' | ')))?.[1];
    if (file && verdict) rows.push({ file, verdict });
  }
  return rows;
}

/** What real clients send that the spec writes differently, and is accepted by decision. */
const ACCEPTED_SPELLINGS = new Set(['edit-cluster--qds-sdk-py-5.json', 'edit-cluster--qds-sdk-py-19.json']);

if (!existsSync(REAL)) {
  test('real bodies: the shared corpus is here', () => {
    expect(existsSync(REAL), `${REAL} is missing: the shared folder belongs beside this clone`).toBe(true);
  });
} else {
  const rows = verdicts();

  test('every body in the folder has a verdict', () => {
    const files = readdirSync(REAL).filter((f) => f.endsWith('.json')).sort();
    expect(rows.map((r) => r.file).sort()).toEqual(files);
    expect(files).toHaveLength(71);
  });

  describe.each(rows.map((r) => [r.file, r.verdict] as const))('%s (%s)', (file, verdict) => {
    const operation = file.split('--')[0];
    test('dplint agrees with the verdict', () => {
      expect(isOperationId(operation)).toBe(true);
      const result = lintText(readFileSync(join(REAL, file), 'utf8'), { filename: file, operation: operation as never });
      const errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.path}: ${f.message}`);
      const warnings = result.findings.filter((f) => f.severity === 'warning');
      if (verdict === 'VALID' || verdict === 'VALID*' || verdict === 'EDGE' || ACCEPTED_SPELLINGS.has(file)) {
        expect(errors).toEqual([]);
        if (verdict === 'VALID*') expect(warnings.length, 'an unlisted member is a warning').toBeGreaterThan(0);
      } else if (verdict === 'ERROR (strict)') {
        expect(errors).toEqual([]);
        expect(warnings.length).toBeGreaterThan(0);
      } else if (verdict === 'ERROR (conditional)') {
        expect(errors.length + warnings.length, 'a conditional error is at least a warning').toBeGreaterThan(0);
      } else {
        expect(errors.length, 'an invalid body gets an error').toBeGreaterThan(0);
      }
    });
  });
}
