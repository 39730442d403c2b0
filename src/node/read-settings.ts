import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';

/**
 * The one way dplint reads a file of its own settings — a config file, a `.gitignore`, the
 * baseline, the lint cache. Each can come with a pull request, and a pull request can commit a
 * symbolic link to anything (`dplint.config.yaml -> ~/.git-credentials`, `.gitignore -> /dev/zero`,
 * `.dplintcache -> /dev/stdin`) or a named pipe. So the file is opened
 * - without following a link (O_NOFOLLOW: a link is refused, wherever it points, even inside the
 *   repository, as git refuses a linked `.gitignore`),
 * - without blocking (O_NONBLOCK: opening a named pipe returns at once, where a blocking open waits
 *   for a writer that never comes),
 * and then checked on the descriptor itself (fstat, not a stat of the name that could be swapped
 * in between): a regular file only, of at most `maxSize` bytes, read whole, one byte past its size
 * to catch a file that grew meanwhile. Nothing else is read, so nothing of a link's target, a device
 * or a pipe reaches a message.
 */
export type SettingsRead =
  | { kind: 'read'; bytes: Buffer }
  | { kind: 'missing' }
  | { kind: 'refused'; why: SettingsRefusal; size?: number }
  | { kind: 'failed'; error: NodeJS.ErrnoException };

/** Why a settings file was not read: `link`, a symbolic link; `not-file`, a folder, pipe, socket or device; `too-large`, over the cap; `changed`, grew while it was read. */
export type SettingsRefusal = 'link' | 'not-file' | 'too-large' | 'changed';

/**
 * Windows has no O_NOFOLLOW (nor named pipes in the work tree): there, a link is refused by an
 * lstat before the open. Elsewhere the flag refuses it in the open itself, with no window between.
 */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

export function readSettingsFile(path: string, maxSize: number): SettingsRead {
  const opened = openSettingsFile(path, maxSize);
  if (opened.kind !== 'opened') return opened;
  const { fd, size } = opened;
  try {
    const bytes = Buffer.allocUnsafe(size + 1);
    let total = 0;
    for (let read; total < bytes.length && (read = readSync(fd, bytes, total, bytes.length - total, null)) > 0; ) total += read;
    if (total > size) return { kind: 'refused', why: 'changed' };
    return { kind: 'read', bytes: bytes.subarray(0, total) };
  } catch (error) {
    return { kind: 'failed', error: error as NodeJS.ErrnoException };
  } finally {
    closeSync(fd);
  }
}

/**
 * A settings file opened as {@link readSettingsFile} opens it and checked on its descriptor, but
 * not read: for a file read a part at a time (the lint cache). The caller closes `fd`.
 */
export function openSettingsFile(path: string, maxSize: number): { kind: 'opened'; fd: number; size: number } | Exclude<SettingsRead, { kind: 'read' }> {
  let fd: number;
  try {
    if (NOFOLLOW === 0 && lstatSync(path).isSymbolicLink()) return { kind: 'refused', why: 'link' };
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    // ELOOP is what O_NOFOLLOW gives for a link (EMLINK on some BSDs).
    if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'refused', why: 'link' };
    // O_NONBLOCK on a FIFO with no writer opens; on some systems a socket or device says ENXIO.
    if (code === 'ENXIO' || code === 'EOPNOTSUPP') return { kind: 'refused', why: 'not-file' };
    return { kind: 'failed', error: error as NodeJS.ErrnoException };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return closed(fd, { kind: 'refused', why: 'not-file' });
    if (stats.size > maxSize) return closed(fd, { kind: 'refused', why: 'too-large', size: stats.size });
    return { kind: 'opened', fd, size: stats.size };
  } catch (error) {
    return closed(fd, { kind: 'failed', error: error as NodeJS.ErrnoException });
  }
}

function closed<T>(fd: number, outcome: T): T {
  closeSync(fd);
  return outcome;
}

/** A refusal in words, to follow the file's name: `"x" is a symbolic link`. */
export function refusalText(read: { why: SettingsRefusal; size?: number }, maxSize: number): string {
  switch (read.why) {
    case 'link':
      return 'is a symbolic link';
    case 'not-file':
      return 'is not a regular file';
    case 'too-large':
      return `is ${read.size} bytes, over the ${sizeText(maxSize)} it may have`;
    case 'changed':
      return 'changed while it was read';
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/**
 * Whether a settings file is there to be read, by its own name: a link counts (dangling or not), so
 * that the search finds it and refuses it, rather than skipping to a config further up.
 */
export function settingsFileExists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}
