import { accessSync, closeSync, constants as fsConstants, fstatSync, fsyncSync, lstatSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeSync, fchmodSync, type Stats } from 'node:fs';
import { constants, hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileStat, reason, STAT_NUMBERS, UsageError } from './files.js';
import { randomHex, sha1 } from './crypto.js';

/**
 * Writes a file so that a reader sees either the old text or the new, never half of it: the text
 * goes to a temporary file in the same folder, which then replaces the target in one rename. A
 * write that fails leaves the target as it was and no temporary file behind, and is a `UsageError`
 * naming the path (the CLI prints one line and exits 2). The text may come in parts (a large
 * output, see formatParts), written as they come. An existing file's mode is kept only when it is
 * a regular file the run may write (keptMode). The text is flushed to disk before the rename, so a
 * crash after it does not leave an empty file in the old one's place.
 */
export function writeFileAtomic(path: string, text: string | Iterable<string>): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomHex(6)}.tmp`);
  const untrack = trackTemporary(temporary);
  const mode = keptMode(path);
  try {
    const fd = openSync(temporary, 'w', mode);
    try {
      // openSync's mode is narrowed by the umask: the file's own mode is set again, as it was.
      if (mode !== undefined) fchmodSync(fd, mode);
      for (const chunk of inChunks(typeof text === 'string' ? [text] : text)) writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    syncFolder(dirname(path));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`cannot write ${JSON.stringify(path)}: ${reason(error)}`, { cause: error });
  } finally {
    untrack();
  }
}

/**
 * A file written over a whole run, as its parts come, and put in place at the end as
 * writeFileAtomic puts a text: the parts go to a temporary file beside the target, which replaces
 * it in one rename once it is whole ({@link commit}), so that what a run makes is never held in
 * memory to be written at its end (the lint cache of 100,000 files: issue 31). Until then the
 * target is as it was, and the temporary file is removed on every way out but the one nothing can
 * catch: {@link discard}, a failed write (a `UsageError` naming the target), the exit of the process
 * (an uncaught error, `process.exit`), SIGINT, SIGTERM and SIGHUP (trackTemporary). A process
 * killed outright (SIGKILL, a crash of the machine) leaves it: its name holds the process's id and
 * the machine's, so that a later run removes those of processes of this machine that are gone
 * ({@link removeStaleSpools}). Nothing reads a temporary file as the target.
 *
 * The file is 0600 while it is written (it holds what the run found before that is done); once in
 * place it has the mode writeFileAtomic would give it: that of the regular file it replaces, else a
 * new file's (0666 narrowed by the umask).
 */
export class SpooledFile {
  readonly temporary: string;
  private fd: number | undefined;
  /** Bytes in the file, those still in `pending` included. */
  private size = 0;
  private pending = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** The mode a new file gets here, read from the temporary file as the umask made it. */
  private readonly newFileMode: number;
  private readonly untrack: () => void;

  /** `sign`: the spool's mark of its name's stem (see removeStaleSpools). */
  constructor(
    readonly path: string,
    sign: SpoolSigner,
  ) {
    const stem = `${machineTag()}-${process.pid}-${randomHex(6)}`;
    this.temporary = join(dirname(path), `.${basename(path)}.spool-${stem}-${sign(stem)}.tmp`);
    this.untrack = trackTemporary(this.temporary);
    try {
      // 'wx+': created here (never a link or a file already there), read back as well as written.
      this.fd = openSync(this.temporary, 'wx+', 0o666);
      this.newFileMode = fstatSync(this.fd).mode & 0o777;
      fchmodSync(this.fd, 0o600);
    } catch (error) {
      this.fail(error);
    }
  }

  /** Adds a part at the end; where it starts in the file. */
  append(part: string | Uint8Array): number {
    const at = this.size;
    const bytes = typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    if (this.used + bytes > this.pending.length) this.flush();
    if (bytes > this.pending.length) this.write(typeof part === 'string' ? Buffer.from(part) : part, at);
    else {
      if (typeof part === 'string') this.pending.write(part, this.used);
      else this.pending.set(part, this.used);
      this.used += bytes;
    }
    this.size += bytes;
    return at;
  }

  /** `length` bytes from `offset`, as written. */
  read(offset: number, length: number): Uint8Array {
    this.flush();
    return this.readInto(Buffer.allocUnsafe(length), offset);
  }

  /**
   * The file from `offset` to its end, in parts of 1 MiB, each valid until the next is taken: all
   * read into one buffer. A new buffer a part is outside V8's heap, freed only when a collection
   * finds it: the 47 parts of a 47 MB cache were all held at once, the run's peak (issue 31).
   */
  *chunks(offset: number): Generator<Uint8Array> {
    this.flush();
    const part = Buffer.allocUnsafe(Math.min(1 << 20, Math.max(0, this.size - offset)));
    for (let at = offset; at < this.size; at += part.length) yield this.readInto(part.subarray(0, Math.min(part.length, this.size - at)), at);
  }

  /** Fills `bytes` from `offset` on; the part filled (short only at the end of the file). */
  private readInto(bytes: Buffer, offset: number): Buffer {
    let total = 0;
    try {
      while (total < bytes.length) {
        const read = readSync(this.fd!, bytes, total, bytes.length - total, offset + total);
        if (read === 0) break;
        total += read;
      }
    } catch (error) {
      this.fail(error);
    }
    return bytes.subarray(0, total);
  }

  /** Writes over bytes already written (a header made before what it covers was known), of the same length. */
  writeAt(position: number, part: string): void {
    this.flush();
    this.write(Buffer.from(part), position);
  }

  /** Puts the file in place of the target: flushed to disk, given its mode, renamed over the target. */
  commit(): void {
    try {
      this.flush();
      const fd = this.fd!;
      fchmodSync(fd, keptMode(this.path) ?? this.newFileMode);
      fsyncSync(fd);
      this.fd = undefined;
      closeSync(fd);
      renameSync(this.temporary, this.path);
      syncFolder(dirname(this.path));
    } catch (error) {
      this.fail(error);
    }
    this.untrack();
  }

  /** Removes the temporary file, the target left as it was; nothing once committed or discarded. */
  discard(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.temporary, { force: true });
    this.untrack();
  }

  private flush(): void {
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    this.write(this.pending.subarray(0, used), this.size - used);
  }

  private write(bytes: Uint8Array, position: number): void {
    if (this.fd === undefined) throw new Error(`${this.temporary} was closed`);
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done, position + done);
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): never {
    try {
      this.discard();
    } catch {
      // The error that counts is the write's.
    }
    throw new UsageError(`cannot write ${JSON.stringify(this.path)}: ${reason(error)}`, { cause: error });
  }
}

/** The machine, in the names of spooled files: a process id says whether its spool is stale only on the machine it ran on (a folder may be shared). */
let tag: string | undefined;
const machineTag = (): string => (tag ??= sha1(hostname()).slice(0, 8));

/**
 * The mark a spool's name carries after its stem (machine, process, random digits): 16 hex digits
 * only its user's key can make (the cache's HMAC key), so that a file of that name which the run did
 * not write — one a pull request planted in the repository — is never taken for a stale spool.
 */
export type SpoolSigner = (stem: string) => string;

/**
 * Removes the spooled files of `path` left beside it by processes of this machine that are gone
 * (killed outright). Only files of the name a spool takes whose mark `sign` made, regular files of
 * this user; one of a process still running, of another machine, another user's, or one of that
 * name that no run of this user's spooled (a file the repository holds) is left alone.
 */
export function removeStaleSpools(path: string, sign: SpoolSigner): void {
  const folder = dirname(path);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // A write there says why, if the folder is not there.
  }
  const prefix = `.${basename(path)}.spool-${machineTag()}-`;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^((\d+)-[0-9a-f]{12})-([0-9a-f]{16})\.tmp$/.exec(name.slice(prefix.length));
    if (!match || match[3] !== sign(`${machineTag()}-${match[1]}`) || isRunning(Number(match[2]))) continue;
    const path = join(folder, name);
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats?.isFile() || (typeof process.getuid === 'function' && stats.uid !== process.getuid())) continue;
    rmSync(path, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: there is such a process, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The mode the new file keeps from the one it replaces: only that of a regular file (by its own
 * name, not through a link) that this run may write, and only its permission bits. A target that
 * is a link takes nothing from what it points at — a committed `dplint.sarif -> /dev/null` would
 * otherwise make the report 0666, writable by anyone — nor does a device, a folder, or a file the
 * run may not write (whose mode is no choice of the user running it): those, like a new file, get
 * 0666 narrowed by the umask.
 */
function keptMode(path: string): number | undefined {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  try {
    accessSync(path, fsConstants.W_OK);
  } catch {
    return undefined;
  }
  return stats.mode & 0o777;
}

/** Flushes a folder's entries (a rename) to disk, where the system allows it; a folder that cannot be opened so is left to the system. */
export function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Windows opens no folder for reading; some file systems refuse to sync one.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Temporary files being written, removed if the run is interrupted. Writes are synchronous, so
 * once a handler is in place a SIGINT or SIGTERM waits for the write under way to finish (or fail
 * and remove its file); the handler then removes anything still left and ends the process by the
 * same signal, so that its exit status is the conventional one (130 for SIGINT, 143 for SIGTERM).
 * A spool (SpooledFile) is open while files are linted: the run lets the handler in between its
 * batches (lint-run.ts), so a SIGINT then ends it within one batch.
 */
const temporaries = new Set<string>();
const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let handlersInstalled = false;

export function trackTemporary(path: string): () => void {
  if (!handlersInstalled) {
    handlersInstalled = true;
    // An uncaught error, or process.exit, during a write that spans the run (SpooledFile).
    process.on('exit', () => {
      for (const temporary of temporaries) rmSync(temporary, { force: true });
    });
    for (const signal of INTERRUPTS) {
      const handler = (): void => {
        for (const temporary of temporaries) rmSync(temporary, { force: true });
        temporaries.clear();
        process.off(signal, handler);
        // With no other handler the signal ends the process as if dplint had none; with one, exit by its number.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        else process.exit(128 + constants.signals[signal]);
      };
      process.on(signal, handler);
    }
  }
  temporaries.add(path);
  return () => temporaries.delete(path);
}

/** Parts joined into pieces of some 64 KB: one write each, however small the parts. */
export function* inChunks(parts: Iterable<string>, size = 1 << 16): Generator<string> {
  let pending = '';
  for (const part of parts) {
    pending += part;
    if (pending.length >= size) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
}

/** A file dplint is about to write, and how to name it in a refusal: `--output-file "report.json"`. */
export interface WriteTarget {
  path: string;
  named: string;
}

/**
 * Refuses (a `UsageError`, before anything is written) to write any target over a file being
 * linted. Files are compared as the file system knows them — device and inode — not by name:
 * `-o real/etl.yaml` while `alias/etl.yaml` (a linked folder) is linted, a hard link, `./a.yaml`
 * for `a.yaml` are all the same file. A target that is itself a link is compared both as the link
 * (which an atomic write replaces) and as what it points at. Every path dplint writes besides
 * `--fix` (output files, the cache) comes through here; `--fix` writes the files it linted, by design.
 */
export function refuseWritingOverInputs(targets: readonly WriteTarget[], inputs: readonly string[]): void {
  const byIdentity = targetIdentities(targets);
  // A target that does not exist yet is no file being linted: nothing to look up, file by file.
  if (byIdentity.size === 0) return;
  for (const input of inputs) refuseIfTarget(byIdentity, identityOf(input, statSync));
}

/**
 * {@link refuseWritingOverInputs} for a run that keeps a cache, which needs every input's stat
 * anyway: one `stat` a file serves both. The refusal stays where it was: every input is stat'ed,
 * and refused if it is a target, before the caller reads the cache or any input's bytes — a
 * `--cache-location` that names a linted file is refused before a byte of it is read. A stat says
 * nothing of a file's content, so taking them all first reveals nothing.
 *
 * The stats come back as {@link STAT_NUMBERS} numbers an input, in FileStat's order, in one
 * Float64Array (NaN where the input is not there or not a regular file): held while the cache is
 * read, 10,000 arrays of numbers were as many objects for the garbage collector to copy.
 */
export function statInputsRefusingTargets(targets: readonly WriteTarget[], inputs: readonly string[]): Float64Array {
  const byIdentity = targetIdentities(targets);
  const stats = new Float64Array(inputs.length * STAT_NUMBERS).fill(Number.NaN);
  for (let i = 0; i < inputs.length; i++) {
    let found: Stats;
    try {
      found = statSync(inputs[i]);
    } catch {
      // Not there, or not to be looked at: no target, and linted as any other (which reports why).
      continue;
    }
    if (byIdentity.size > 0) refuseIfTarget(byIdentity, identity(found));
    if (found.isFile()) stats.set(fileStat(found), i * STAT_NUMBERS);
  }
  return stats;
}

/** The targets by the identity of the file they would replace: as a link, and as what it points at. */
function targetIdentities(targets: readonly WriteTarget[]): Map<string, WriteTarget> {
  const byIdentity = new Map<string, WriteTarget>();
  for (const target of targets) {
    for (const stat of [lstatSync, statSync]) {
      const identity = identityOf(target.path, stat);
      if (identity) byIdentity.set(identity, target);
    }
  }
  return byIdentity;
}

function refuseIfTarget(byIdentity: ReadonlyMap<string, WriteTarget>, identity: string | undefined): void {
  const target = byIdentity.get(identity ?? '');
  if (target) throw new UsageError(`${target.named} is one of the files being linted; dplint never writes over its input`);
}

/** A file's identity: its device and inode, the same through any name or link. */
const identity = (stats: { dev: number; ino: number }): string => `${stats.dev}:${stats.ino}`;

function identityOf(path: string, stat: typeof statSync): string | undefined {
  try {
    return identity(stat(path));
  } catch {
    return undefined;
  }
}
