import { existsSync, lstatSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BaselineError, formatBaseline, parseBaseline, type Baseline, type BaselineKey } from '../baseline/baseline.js';
import { decodeText, reason, UsageError } from './files.js';
import { writeFileAtomic } from './write-file.js';
import { readSettingsFile, refusalText } from './read-settings.js';

/** The baseline a run reads when none is named (`--baseline`), at the repository root ({@link baselineRoot}). */
export const DEFAULT_BASELINE = 'dplint-baseline.json';

/**
 * The largest baseline read: an entry is some 60 bytes, so 16 MiB holds well over 200,000
 * findings; a larger file (a hostile pull request's) is refused before it is parsed.
 */
export const MAX_BASELINE_SIZE = 16 * 1024 * 1024;

/**
 * Reads and checks a baseline file (src/baseline/baseline.ts `parseBaseline`). A file that does not
 * exist is no baseline (`undefined`) unless `required` (one named on the command line), then a
 * `UsageError`. A symbolic link (which a pull request may point anywhere, `/dev/zero` included), a
 * folder, a pipe or a device, a file over {@link MAX_BASELINE_SIZE}, text that is not UTF-8 and a
 * malformed baseline are each a `UsageError` naming the file: never read in part, never trusted in part.
 */
export function readBaseline(path: string, options: { required?: boolean; shown?: string } = {}): Baseline | undefined {
  const shown = JSON.stringify(options.shown ?? path);
  const read = readSettingsFile(path, MAX_BASELINE_SIZE);
  if (read.kind === 'missing') {
    if (!options.required) return undefined;
    throw new UsageError(`cannot read the baseline ${shown}: no such file or directory`);
  }
  if (read.kind === 'failed') throw new UsageError(`cannot read the baseline ${shown}: ${reason(read.error)}`);
  if (read.kind === 'refused') {
    if (read.why === 'link') throw new UsageError(`the baseline ${shown} is a symbolic link; dplint reads a baseline only from a file of its own`);
    if (read.why === 'too-large') throw new UsageError(`the baseline ${shown} is ${read.size} bytes, over the ${MAX_BASELINE_SIZE / 1024 / 1024} MiB a baseline may have`);
    throw new UsageError(`the baseline ${shown} ${refusalText(read, MAX_BASELINE_SIZE)}`);
  }
  const bytes = read.bytes;
  const decoded = decodeText(bytes);
  if ('error' in decoded) throw new UsageError(`the baseline ${shown} is not a dplint baseline: ${decoded.error}`);
  try {
    return parseBaseline(decoded.text);
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(`the baseline ${shown} is not a dplint baseline: ${error.message}; fix it, or delete it and run --baseline-update`);
    throw error;
  }
}

/**
 * Writes a baseline (sorted, stable: the same baseline gives the same bytes) atomically, and only
 * when its text changes. A target that is a symbolic link is refused (the write would replace the
 * link, wherever it pointed): a `UsageError`. The caller refuses, before linting, a target that is
 * one of the files linted (`writeTargets` of lintRun). Returns whether the file was written.
 */
export function writeBaseline(path: string, baseline: Baseline, options: { shown?: string } = {}): boolean {
  const shown = JSON.stringify(options.shown ?? path);
  const text = formatBaseline(baseline);
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw new UsageError(`the baseline ${shown} is a symbolic link; dplint writes a baseline only as a file of its own`);
  let previous: string | undefined;
  try {
    const read = readBaseline(path, { shown: options.shown });
    previous = read && formatBaseline(read);
  } catch {
    previous = undefined;
  }
  if (previous === text) return false;
  writeFileAtomic(path, text);
  return true;
}

/**
 * The folder a baseline names files from: the repository root, the nearest folder above `cwd`
 * (or `cwd` itself) that holds `.git`; outside a repository, `cwd`. The default baseline lives
 * there too, so a run from a subfolder uses the repository's baseline, with the same names.
 */
export function baselineRoot(cwd: string): string {
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return resolve(cwd);
  }
}

/**
 * How a baseline names the files of a run from `cwd`: their path relative to `root`
 * ({@link baselineRoot}), `/`-separated; a file outside it has no name there (`undefined`), so
 * its findings are never held back.
 */
export function baselineKeys(root: string, cwd: string): BaselineKey {
  return (file) => {
    const path = relative(root, resolve(cwd, file));
    if (path === '' || isAbsolute(path) || path === '..' || path.startsWith(`..${sep}`)) return undefined;
    return path.split(sep).join('/');
  };
}

/** Whether the file a baseline names is gone from the disk (its entries then no longer occur, whatever part of the files a run lints). */
export function isGone(root: string, key: string): boolean {
  return lstatSync(resolve(root, ...key.split('/')), { throwIfNoEntry: false }) === undefined;
}
