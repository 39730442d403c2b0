import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { decodeText } from '../node/files.js';
import { randomHex } from '../node/crypto.js';

/**
 * Node only (the CLI's `--fix`); the core never writes files.
 *
 * Writes fixed text back to the file it came from, in the file's own encoding: UTF-8 with or
 * without a byte-order mark, or UTF-16 with its mark. The write is atomic — a temporary file in the
 * same folder, renamed over the original — so an editor or a concurrent reader sees the old text or
 * the new, never half; the file's mode (permission bits) is kept. The file is read again first for
 * its encoding and left alone (returns false) if it is no longer text dplint can decode.
 */
export function writeFixedFile(path: string, output: string): boolean {
  const bytes = readFileSync(path);
  const encoding = encodingOf(bytes);
  if ('error' in decodeText(bytes)) return false;
  const mode = statSync(path).mode & 0o7777;
  const temporary = join(dirname(path), `.${basename(path)}.dplint-${randomHex(6)}.tmp`);
  try {
    writeFileSync(temporary, encode(stripBom(output), encoding), { mode });
    // writeFileSync's mode passes through the umask; the file keeps exactly the bits it had.
    chmodSync(temporary, mode);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return true;
}

type Encoding = 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be';

function encodingOf(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf8bom';
  return 'utf8';
}

function encode(text: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8bom':
      return Buffer.from('\uFEFF' + text, 'utf8');
    case 'utf16le':
      return Buffer.from('\uFEFF' + text, 'utf16le');
    case 'utf16be':
      return Buffer.from('\uFEFF' + text, 'utf16le').swap16();
  }
}

function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
