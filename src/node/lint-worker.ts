import { lintFileAt, planRun, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';

/** One batch of files for a worker thread: the run's options and the files, as the main thread planned them. */
export interface LintBatch {
  options: LintFilesOptions;
  files: string[];
}

let planned: { key: string; run: PlannedRun } | undefined;

/**
 * The worker thread's task: lint a batch of files. Each worker resolves config files itself
 * (they hold compiled policies and glob matchers, which do not cross threads), once per run.
 */
export default function lintBatch(batch: LintBatch): LintedFile[] {
  const key = JSON.stringify(batch.options);
  if (planned?.key !== key) planned = { key, run: { ...planRun([], { ...batch.options }), files: [] } };
  return batch.files.map((file) => lintFileAt(file, planned!.run, batch.options));
}
