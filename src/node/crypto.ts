import { closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * node:crypto, loaded the first time it is needed: loading it costs a run some 5 ms, and most runs
 * need none of it (the SHA-1s are for the lint cache, the random names for files written atomically).
 */
let loaded: typeof import('node:crypto') | undefined;

function crypto(): typeof import('node:crypto') {
  if (!loaded) {
    const load = typeof require === 'function' ? require : createRequire(import.meta.url);
    loaded = load('node:crypto') as typeof import('node:crypto');
  }
  return loaded;
}

/** The SHA-1 of the parts, one after another, in hex. */
export function sha1(...parts: Array<string | Uint8Array>): string {
  const hash = crypto().createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** The SHA-1 of `bytes`, as 20 bytes. */
export function sha1Bytes(bytes: Uint8Array): Buffer {
  return crypto().createHash('sha1').update(bytes).digest();
}

/** The SHA-256 of the parts, one after another, in hex. */
export function sha256(...parts: Array<string | Uint8Array>): string {
  const hash = crypto().createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** The HMAC-SHA-256 of the parts, one after another, under `key`, in hex. */
export function hmac(key: Uint8Array, ...parts: Array<string | Uint8Array>): string {
  return hmacOf(key, parts);
}

/** {@link hmac} of parts made as they are taken (the lint cache's lines), none held after it is hashed. */
export function hmacOf(key: Uint8Array, parts: Iterable<string | Uint8Array>): string {
  const mac = crypto().createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
}

/** Whether two hex digests are the same, compared in a time that does not tell how much of them matched. */
export function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && crypto().timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** `bytes` random bytes in hex, for the name of a temporary file. */
export function randomHex(bytes: number): string {
  return crypto().randomBytes(bytes).toString('hex');
}

/**
 * dplint's folder in the user's cache folder: `$XDG_CACHE_HOME/dplint` (an absolute
 * XDG_CACHE_HOME only, as the XDG specification asks), else `~/.cache/dplint`; undefined without
 * a home folder. Never the temporary folder, which every user of the machine can write.
 */
export function userCacheFolder(env: Record<string, string | undefined> = process.env): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'dplint');
  const home = env.HOME || homedir();
  return home && isAbsolute(home) ? join(home, '.cache', 'dplint') : undefined;
}

const KEY_BYTES = 32;

/**
 * The key that signs what dplint caches (the lint cache's entries, V8's code cache of the
 * program): 32 random bytes in `key` in the user's cache folder, made on first use — the folder
 * 0700, the file 0600. What a pull request can write (the work tree, a restored CI cache of the
 * repository) does not hold it, so a cache planted there fails its check. The folder and the key
 * are refused (the string returned says why) when another user owns them or could write them:
 * whoever can write the key can sign anything. Where files have no owner and mode (Windows), the
 * checks that need them are skipped.
 */
export function userKey(folder: string): Buffer | string {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const problem = unsafe(statSync(folder), `${folder}`, 0o022);
    if (problem) return problem;
    const file = join(folder, 'key');
    let key = readKey(file);
    if (key === undefined) {
      // Written whole under another name, then linked into place: a run at the same time sees no key, or all of it.
      const temporary = `${file}.${process.pid}.${randomHex(6)}.tmp`;
      writeFileSync(temporary, crypto().randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
      try {
        linkSync(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        rmSync(temporary, { force: true });
      }
      key = readKey(file);
    }
    return typeof key === 'string' ? key : key ?? `${file} cannot be read`;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

/** The key in `file` (never through a symbolic link); a string saying why it is refused; undefined when there is none. */
function readKey(file: string): Buffer | string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const problem = unsafe(stats, file, 0o077);
    if (problem) return problem;
    if (!stats.isFile() || stats.size !== KEY_BYTES) return `${file} is not a key dplint wrote`;
    const key = Buffer.alloc(KEY_BYTES);
    return readSync(fd, key, 0, KEY_BYTES, 0) === KEY_BYTES ? key : `${file} is not a key dplint wrote`;
  } finally {
    closeSync(fd);
  }
}

/** Why a file or folder cannot be trusted: another user owns it, or the bits of `forbidden` let others in. */
function unsafe(stats: { uid: number; mode: number }, path: string, forbidden: number): string | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  if (stats.uid !== process.getuid()) return `${path} belongs to another user`;
  if (stats.mode & forbidden) return `${path} is ${forbidden === 0o022 ? 'writable' : 'readable or writable'} by others (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}
