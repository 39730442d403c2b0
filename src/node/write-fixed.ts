import { accessSync, closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, readSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { decodeText } from './files.js';
import { randomHex } from './crypto.js';
import { syncFolder, trackTemporary } from './write-file.js';

/** What became of one file's fixes: written, or left alone because it changed since it was linted, or because it is read-only. */
export type FixWrite = 'written' | 'changed' | 'read-only';

/** For tests: runs after the fixed text is ready and the file checked, just before the file is replaced. */
export interface FixWriteHooks {
  beforeReplace?(): void;
}

/**
 * Node only (the CLI's `--fix`); the core never writes files.
 *
 * Writes fixed text back to the file it came from, in the file's own encoding: UTF-8 with or
 * without a byte-order mark, or UTF-16 with its mark — but only if the file still holds the text
 * that was linted (`linted`): a line someone appended during the run is not lost, the file is left
 * alone and reported `changed`. The check is made again just before the file is replaced.
 *
 * The file keeps what it was: a symbolic link stays a link and its target is fixed; the owner,
 * group and mode (permission bits) are kept; a file with several hard links is written in place,
 * so that every name still shows the same file. Otherwise the write is atomic — a temporary file in
 * the same folder, flushed to disk, renamed over the original — so an editor or a concurrent reader
 * sees the old text or the new, never half. A file without write permission (mode 0444, or one the
 * user may not write) is not fixed: `read-only`.
 */
export function writeFixedFile(path: string, linted: string, output: string, hooks: FixWriteHooks = {}): FixWrite {
  let target: string;
  let stats: Stats;
  let before: Buffer;
  try {
    target = realpathSync(path);
    stats = statSync(target);
    if (!stats.isFile()) return 'changed';
    if (!writable(target, stats)) return 'read-only';
    before = readFileSync(target);
  } catch {
    return 'changed';
  }
  const decoded = decodeText(before);
  if ('error' in decoded || decoded.text !== linted) return 'changed';
  const bytes = encode(stripBom(output), encodingOf(before));
  if (stats.nlink > 1) return writeInPlace(target, before, bytes, hooks);
  const temporary = join(dirname(target), `.${basename(target)}.dplint-${randomHex(6)}.tmp`);
  const untrack = trackTemporary(temporary);
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    let ownerKept = true;
    try {
      writeAll(fd, bytes);
      // The mode is set after creation, so the umask does not take bits away; the owner is set back
      // (a run as root would otherwise hand the file to root).
      fchmodSync(fd, stats.mode & 0o7777);
      const made = fstatSync(fd);
      if (made.uid !== stats.uid || made.gid !== stats.gid) {
        try {
          fchownSync(fd, stats.uid, stats.gid);
        } catch {
          ownerKept = false;
        }
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // A user who may not give the file back to its owner writes it in place instead, which keeps owner and group.
    if (!ownerKept) {
      rmSync(temporary, { force: true });
      return writeInPlace(target, before, bytes, hooks);
    }
    hooks.beforeReplace?.();
    if (!readFileSync(target).equals(before)) {
      rmSync(temporary, { force: true });
      return 'changed';
    }
    renameSync(temporary, target);
    syncFolder(dirname(target));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    untrack();
  }
  return 'written';
}

/** A file whose mode lets nobody write it, or that this user may not write, is read-only, even to root. */
function writable(path: string, stats: Stats): boolean {
  if ((stats.mode & 0o222) === 0) return false;
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The new bytes over the old, in the same file (same inode): hard links, owner and mode all stay. Not atomic. */
function writeInPlace(path: string, before: Buffer, bytes: Buffer, hooks: FixWriteHooks): FixWrite {
  const fd = openSync(path, 'r+');
  try {
    hooks.beforeReplace?.();
    const now = Buffer.alloc(before.length + 1);
    let total = 0;
    for (let read; total < now.length && (read = readSync(fd, now, total, now.length - total, total)) > 0; ) total += read;
    if (total !== before.length || !now.subarray(0, total).equals(before)) return 'changed';
    writeAll(fd, bytes, 0);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return 'written';
}

function writeAll(fd: number, bytes: Buffer, position: number | null = null): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position === null ? null : position + done);
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
