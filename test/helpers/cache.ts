import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A `--cache` file as dplint writes it (format 9, src/node/cache.ts): a header line, a line per
 * file — its name as JSON, a tab, its entry, an array; a later line for a file replaces an earlier
 * one —, then the table of strings as the last line, given to tests as an object with named
 * members (findings as the file packs them: rows of string indices and numbers), and written back
 * as lines.
 */
export interface CacheFileParts {
  header: { dplint: string; run: string; mac: string } & Record<string, unknown>;
  strings?: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entries: Record<string, any>;
}

export function readCacheFile(file: string): CacheFileParts {
  const [head, ...lines] = readFileSync(file, 'utf8').split('\n');
  const table = lines.pop();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const entries: Record<string, any> = Object.create(null);
  for (const line of lines) {
    const tab = line.indexOf('\t');
    entries[JSON.parse(line.slice(0, tab))] = named(JSON.parse(line.slice(tab + 1)));
  }
  return { header: JSON.parse(head), strings: JSON.parse(table ?? '[]'), entries };
}

/** Writes the cache with its entries signed under the key in `keyFolder` (what dplint itself would write), or with the header's mac as it is. */
export function writeCacheFile(file: string, { header, strings = [], entries }: CacheFileParts, keyFolder?: string): void {
  const lines = entries !== null && typeof entries === 'object' && !Array.isArray(entries) ? Object.entries(entries).map(([name, entry]) => `${JSON.stringify(name)}\t${JSON.stringify(asArray(entry))}`) : [JSON.stringify(entries)];
  const text = [...lines, JSON.stringify(strings)].join('\n');
  const mac = keyFolder === undefined ? header.mac : signature(readFileSync(join(keyFolder, 'key')), header.dplint, header.run, text);
  writeFileSync(file, `${JSON.stringify({ ...header, mac })}\n${text}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function named(entry: any): Record<string, unknown> {
  if (!Array.isArray(entry)) return entry;
  const [key, hash, size, mtimeMs, ctimeMs, ino, dev, checkedAt, operation, operationSource, facts, findings, suppressed] = entry;
  return {
    key,
    hash,
    ...(checkedAt === null ? {} : { stat: [size, mtimeMs, ctimeMs, ino, dev], checkedAt }),
    operation,
    operationSource,
    ...(facts ? { facts } : {}),
    ...(findings ? { findings } : {}),
    ...(suppressed ? { suppressed } : {}),
  };
}

/** An entry as dplint lays it out; what is no entry at all (a test's spoilt one) is left as it is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function asArray(entry: any): unknown {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const { key, hash, stat, checkedAt, operation, operationSource, facts, findings, suppressed } = entry;
  const numbers = stat === undefined ? [0, 0, 0, 0, 0] : Array.isArray(stat) ? stat : [stat, 0, 0, 0, 0];
  const laidOut: unknown[] = [key, hash, ...numbers, checkedAt ?? null, operation, operationSource, facts ?? 0];
  if (findings !== undefined || suppressed !== undefined) laidOut.push(findings ?? 0);
  if (suppressed !== undefined) laidOut.push(suppressed);
  return laidOut;
}

function signature(key: Buffer, version: string, run: string, entries: string): string {
  return createHmac('sha256', key).update(`dplint-cache\0${version}\0${run}\0`).update(entries).digest('hex');
}
