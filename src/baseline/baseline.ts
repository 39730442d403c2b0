import { lineHash } from '../formatters/fingerprint.js';
import { encodePath, shownLines } from '../formatters/source.js';
import type { FileResult } from '../types.js';
import type { Finding } from '../types.js';

/**
 * A baseline: the findings a repository already has, which a run holds back so that only new
 * ones fail it (ESLint's suppressions file, Checkov's baseline). As written to
 * `dplint-baseline.json`:
 *
 * ```json
 * {
 *   "version": 1,
 *   "files": {
 *     "clusters/etl.yaml": {
 *       "cluster/max-nodes-below-initial": { "5c0f1e0b7a2d9c4e": 1 }
 *     }
 *   }
 * }
 * ```
 *
 * `files` maps a file's path (relative to the repository root, `baselineRoot`, `/`-separated) to rule ids,
 * each to the fingerprints of its findings ({@link lineHash}: the hash part of SARIF's
 * `primaryLocationLineHash`) with how many findings have it. Nothing else: no message, no value,
 * no line number, so no secret and no churn when lines move.
 */
export interface Baseline {
  version: 1;
  files: Record<string, Record<string, Record<string, number>>>;
}

/** A baseline entry that no longer occurs: `count` findings of `ruleId` with `fingerprint` in `file` that the run did not find. */
export interface StaleEntry {
  file: string;
  ruleId: string;
  fingerprint: string;
  count: number;
}

/** What {@link applyBaseline} returns. */
export interface BaselineOutcome {
  /** The results with the findings the baseline holds moved from `findings` to `heldBack`. */
  results: FileResult[];
  /** How many findings were held back. */
  heldBack: number;
  /** Entries of the files in `results` that matched no finding, sorted by file, rule and fingerprint. */
  stale: StaleEntry[];
}

/**
 * A file's path as a baseline names it: relative to the repository root and `/`-separated, or
 * undefined for a file the baseline cannot name (outside the repository, or standard input): its findings are never
 * held back, and no entry of it is written.
 */
export type BaselineKey = (file: string) => string | undefined;

export const BASELINE_VERSION = 1;

/** A malformed baseline: the whole file is refused, never used in part. */
export class BaselineError extends Error {}

/**
 * Whether a baseline may hold a finding back. A `parse/*` finding may not: the file it is on was
 * not read, or not read whole, so no other check ran on it, and a baseline must not hide that a
 * file escapes every check.
 */
export function canHold(finding: Finding): boolean {
  return !finding.ruleId.startsWith('parse/');
}

/** The fingerprint of each finding of a result, in order, for the file as the baseline names it ({@link lineHash}). */
export function fingerprintsOf(result: FileResult, key: string, findings: readonly Finding[] = result.findings): string[] {
  const masked = shownLines(result);
  const uri = encodePath(key);
  return findings.map((finding) => lineHash(finding, uri, masked));
}

/**
 * Holds back the findings the baseline holds. Each entry holds as many findings as its count: 3
 * held and 4 occurring leaves 1 reported, the last in the file's order (the SARIF occurrences
 * `:1`–`:3` stay unchanged). A finding is held only by an entry of its own file, rule id and
 * fingerprint; `parse/*` findings never are ({@link canHold}). What a baseline holds and no finding
 * of the results' files took is stale. Pure: the caller names the files ({@link BaselineKey}).
 */
export function applyBaseline(results: readonly FileResult[], baseline: Baseline, keyOf: BaselineKey): BaselineOutcome {
  let heldBack = 0;
  const stale: StaleEntry[] = [];
  const out = results.map((result) => {
    const key = keyOf(result.file);
    const entries = key === undefined ? undefined : own(baseline.files, key);
    if (key === undefined || entries === undefined) return result;
    const left = new Map<string, Map<string, number>>();
    for (const [ruleId, counts] of Object.entries(entries)) left.set(ruleId, new Map(Object.entries(counts)));
    const fingerprints = fingerprintsOf(result, key);
    const findings: Finding[] = [];
    const held: Finding[] = [];
    result.findings.forEach((finding, index) => {
      const counts = left.get(finding.ruleId);
      const count = counts?.get(fingerprints[index]) ?? 0;
      if (count > 0 && canHold(finding)) {
        counts!.set(fingerprints[index], count - 1);
        held.push(finding);
      } else {
        findings.push(finding);
      }
    });
    for (const [ruleId, counts] of left) for (const [fingerprint, count] of counts) if (count > 0) stale.push({ file: key, ruleId, fingerprint, count });
    heldBack += held.length;
    return held.length === 0 ? result : { ...result, findings, heldBack: [...(result.heldBack ?? []), ...held] };
  });
  return { results: out, heldBack, stale: sortStale(stale) };
}

/**
 * The baseline of the results: every finding a baseline may hold ({@link canHold}), of every file
 * it can name, counted per file, rule id and fingerprint. Errors are held as well as warnings
 * (as ESLint's suppressions do): adopting dplint on a repository with errors is the point. The
 * entries of `keep` for files not among the results (another shard's, files not linted this time)
 * are kept as they are.
 */
export function buildBaseline(results: readonly FileResult[], keyOf: BaselineKey, keep?: Baseline, keepRules: (ruleId: string) => boolean = () => false): Baseline {
  const files: Baseline['files'] = record();
  const linted = new Set<string>();
  for (const result of results) {
    const key = keyOf(result.file);
    if (key === undefined) continue;
    linted.add(key);
    const findings = [...result.findings, ...(result.heldBack ?? [])].filter(canHold);
    const fingerprints = fingerprintsOf(result, key, findings);
    findings.forEach((finding, index) => {
      const rules = (files[key] ??= record());
      const counts = (rules[finding.ruleId] ??= record());
      counts[fingerprints[index]] = (own(counts, fingerprints[index]) ?? 0) + 1;
    });
  }
  for (const [key, rules] of Object.entries(keep?.files ?? {})) {
    if (!linted.has(key) && !Object.hasOwn(files, key)) {
      files[key] = rules;
      continue;
    }
    // Rules this run could not judge (the checks across files, in a run that saw part of the
    // repository) keep their entries for the files it linted: the larger count of the two.
    for (const [ruleId, counts] of Object.entries(rules)) {
      if (!keepRules(ruleId)) continue;
      const mine = ((files[key] ??= record())[ruleId] ??= record());
      for (const [fingerprint, count] of Object.entries(counts)) mine[fingerprint] = Math.max(own(mine, fingerprint) ?? 0, count);
    }
  }
  return sortedBaseline(files);
}

/** The baseline without the stale entries (their counts taken off; nothing added). */
export function pruneBaseline(baseline: Baseline, stale: readonly StaleEntry[]): Baseline {
  const files: Baseline['files'] = record();
  for (const [key, rules] of Object.entries(baseline.files)) {
    files[key] = record();
    for (const [ruleId, counts] of Object.entries(rules)) files[key][ruleId] = Object.assign(record<number>(), counts);
  }
  for (const entry of stale) {
    const counts = own(files, entry.file)?.[entry.ruleId];
    const count = counts && own(counts, entry.fingerprint);
    if (count === undefined) continue;
    if (count > entry.count) counts![entry.fingerprint] = count - entry.count;
    else delete counts![entry.fingerprint];
  }
  return sortedBaseline(files);
}

/** How many findings a baseline holds in all. */
export function baselineSize(baseline: Baseline): number {
  let total = 0;
  for (const rules of Object.values(baseline.files)) for (const counts of Object.values(rules)) for (const count of Object.values(counts)) total += count;
  return total;
}

/** The file's text: keys sorted (by code unit), two-space indents, a final newline; the same baseline always gives the same bytes. */
export function formatBaseline(baseline: Baseline): string {
  return JSON.stringify(sortedBaseline(baseline.files), null, 2) + '\n';
}

/** The most files, rules of a file and fingerprints of a rule in one baseline, and the longest name: a bound on what a hostile file makes dplint hold. */
const MAX_COUNT = 1_000_000;
const MAX_NAME = 4096;
const FINGERPRINT = /^[0-9a-f]{16}$/;
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/**
 * Reads a baseline file's text, checking all of it: a version this dplint writes, nothing but
 * `version` and `files`, relative `/`-separated paths without `.` or `..` segments, rule ids,
 * 16-hex-digit fingerprints, counts from 1 to 1,000,000. Anything else is a {@link BaselineError}
 * naming the first fault: a baseline is used whole or not at all. Linear in the text's size.
 */
export function parseBaseline(text: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    // V8's message words differ from one Node version to the next: the verdict alone.
    throw new BaselineError('it is not JSON');
  }
  if (!isRecord(data)) throw new BaselineError('it is not a JSON object');
  for (const key of Object.keys(data)) if (key !== 'version' && key !== 'files') throw new BaselineError(`it has a member ${quote(key)}; a baseline has only "version" and "files"`);
  if (data.version !== BASELINE_VERSION) throw new BaselineError(`its "version" is ${quote(data.version)}; this dplint reads version ${BASELINE_VERSION}`);
  if (!isRecord(data.files)) throw new BaselineError('its "files" is not an object');
  const files: Baseline['files'] = record();
  for (const [file, rules] of Object.entries(data.files)) {
    if (!isBaselinePath(file)) throw new BaselineError(`it names the file ${quote(file)}; a baseline names files by relative "/"-separated paths from the repository root`);
    if (!isRecord(rules)) throw new BaselineError(`the entry of ${quote(file)} is not an object`);
    files[file] = record();
    for (const [ruleId, counts] of Object.entries(rules)) {
      if (ruleId.length > MAX_NAME || !RULE_ID.test(ruleId)) throw new BaselineError(`the entry of ${quote(file)} names the rule ${quote(ruleId)}, which is no rule id`);
      if (!isRecord(counts)) throw new BaselineError(`the entry of ${quote(file)}, ${quote(ruleId)} is not an object`);
      files[file][ruleId] = record();
      for (const [fingerprint, count] of Object.entries(counts)) {
        if (!FINGERPRINT.test(fingerprint)) throw new BaselineError(`the entry of ${quote(file)}, ${quote(ruleId)} has the fingerprint ${quote(fingerprint)}; a fingerprint is 16 hexadecimal digits`);
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
          throw new BaselineError(`the entry of ${quote(file)}, ${quote(ruleId)}, ${quote(fingerprint)} counts ${quote(count)}; a count is a whole number from 1 to ${MAX_COUNT}`);
        }
        files[file][ruleId][fingerprint] = count;
      }
    }
  }
  return { version: BASELINE_VERSION, files };
}

/** A path a baseline may name: relative, `/`-separated, no empty, `.` or `..` segment, no control character. */
function isBaselinePath(path: string): boolean {
  if (path === '' || path.length > MAX_NAME || path.includes('\\') || /^[A-Za-z]:/.test(path)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function sortedBaseline(files: Baseline['files']): Baseline {
  const sorted: Baseline['files'] = record();
  for (const file of sortedKeys(files)) {
    const rules: Record<string, Record<string, number>> = record();
    for (const ruleId of sortedKeys(files[file])) {
      const counts: Record<string, number> = record();
      for (const fingerprint of sortedKeys(files[file][ruleId])) counts[fingerprint] = files[file][ruleId][fingerprint];
      if (Object.keys(counts).length > 0) rules[ruleId] = counts;
    }
    if (Object.keys(rules).length > 0) sorted[file] = rules;
  }
  return { version: BASELINE_VERSION, files: sorted };
}

/** Keys in code-unit order, the same on every machine and locale. */
function sortedKeys(record: object): string[] {
  return Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function sortStale(stale: StaleEntry[]): StaleEntry[] {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return stale.sort((a, b) => compare(a.file, b.file) || compare(a.ruleId, b.ruleId) || compare(a.fingerprint, b.fingerprint));
}

/**
 * An empty record without a prototype: a file named `__proto__` (a pull request may commit one)
 * is a member like any other, never the record's prototype.
 */
function record<T = never>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A member of a record parsed from a file, never one it inherits (`__proto__`, `constructor`). */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a message may quote it: JSON, cut short. */
function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
