import { sep } from 'node:path';
import type { RepositoryFacts } from '../types.js';
import { lintFileAt, type PlannedRun } from '../node/lint-files.js';

/**
 * What a planned file tells the checks across files, as `dplint` run in the folder gathers it:
 * `lintFileAt`'s facts, from the one lint a file gets (a clean file's is its data and nothing more).
 */
export function factsOfPlannedFile(file: string, run: PlannedRun): { file: string; facts?: RepositoryFacts } {
  const { result, facts } = lintFileAt(file, run, { cwd: run.cwd, keepSource: false });
  return { file: result.file.split(sep).join('/'), ...(facts ? { facts } : {}) };
}
