import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A `--cache` file as dplint writes it: a header line, then the entries — each an array (formats 5 and 6,
 * src/node/cache.ts), given to tests as an object with named members, and written back as an array.
 */
export interface CacheFileParts {
  header: { dplint: string; run: string; mac: string } & Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entries: Record<string, any>;
}

export function readCacheFile(file: string): CacheFileParts {
  const text = readFileSync(file, 'utf8');
  const newline = text.indexOf('\n');
  const entries = JSON.parse(text.slice(newline + 1));
  for (const name of Object.keys(entries)) entries[name] = named(entries[name]);
  return { header: JSON.parse(text.slice(0, newline)), entries };
}

/** Writes the cache with its entries signed under the key in `keyFolder` (what dplint itself would write), or with the header's mac as it is. */
export function writeCacheFile(file: string, { header, entries }: CacheFileParts, keyFolder?: string): void {
  const laidOut = entries !== null && typeof entries === 'object' && !Array.isArray(entries) ? Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, asArray(entry)])) : entries;
  const text = JSON.stringify(laidOut);
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
