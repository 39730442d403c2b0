import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

export const LINTED_EXTENSIONS = /\.(ya?ml|json)$/i;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** A run-level failure: the CLI prints its message on one line and exits 2. */
export class UsageError extends Error {}

/**
 * The files to lint: each file named, and under each directory every `*.yaml`, `*.yml` and
 * `*.json` (skipping `node_modules` and `.git`), sorted so output does not depend on the file system.
 * Paths keep the form they were given in, with `/` separators.
 */
export function collectFiles(paths: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    let stats;
    try {
      stats = statSync(absolute);
    } catch (error) {
      throw new UsageError(`cannot read ${JSON.stringify(given)}: ${reason(error)}`);
    }
    if (stats.isDirectory()) {
      const found: string[] = [];
      walk(absolute, found, new Set());
      files.push(...found.sort().map((file) => displayPath(given, relative(absolute, file))));
    } else {
      files.push(given.split(sep).join('/'));
    }
  }
  return [...new Set(files)];
}

function walk(directory: string, out: string[], visited: Set<string>): void {
  let real: string;
  try {
    real = statSync(directory).ino + ':' + statSync(directory).dev;
  } catch {
    return;
  }
  if (visited.has(real)) return;
  visited.add(real);
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(path))) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path, out, visited);
    } else if (LINTED_EXTENSIONS.test(entry.name)) {
      out.push(path);
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function displayPath(given: string, inside: string): string {
  const base = given.split(sep).join('/').replace(/\/+$/, '');
  const rest = inside.split(sep).join('/');
  return base === '.' || base === '' ? rest : `${base}/${rest}`;
}

export type ReadResult = { text: string } | { error: string };

/** Reads a file as text: UTF-8, or UTF-16 where a byte-order mark says so. Undecodable bytes are reported, not thrown. */
export function readText(path: string): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read ${JSON.stringify(path)}: ${reason(error)}`);
  }
  return decodeText(bytes);
}

export function decodeText(bytes: Uint8Array): ReadResult {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { error: 'the file is not UTF-8 text (nor UTF-16 with a byte-order mark)' };
  }
}

function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
