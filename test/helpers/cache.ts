import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A `--cache` file as dplint writes it: a header line, then the entries. */
export interface CacheFileParts {
  header: { dplint: string; run: string; mac: string } & Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entries: Record<string, any>;
}

export function readCacheFile(file: string): CacheFileParts {
  const text = readFileSync(file, 'utf8');
  const newline = text.indexOf('\n');
  return { header: JSON.parse(text.slice(0, newline)), entries: JSON.parse(text.slice(newline + 1)) };
}

/** Writes the cache with its entries signed under the key in `keyFolder` (what dplint itself would write), or with the header's mac as it is. */
export function writeCacheFile(file: string, { header, entries }: CacheFileParts, keyFolder?: string): void {
  const text = JSON.stringify(entries);
  const mac = keyFolder === undefined ? header.mac : signature(readFileSync(join(keyFolder, 'key')), header.dplint, header.run, text);
  writeFileSync(file, `${JSON.stringify({ ...header, mac })}\n${text}`);
}

function signature(key: Buffer, version: string, run: string, entries: string): string {
  return createHmac('sha256', key).update(`dplint-cache\0${version}\0${run}\0`).update(entries).digest('hex');
}
