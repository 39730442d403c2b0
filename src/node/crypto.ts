import { createRequire } from 'node:module';

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

/** `bytes` random bytes in hex, for the name of a temporary file. */
export function randomHex(bytes: number): string {
  return crypto().randomBytes(bytes).toString('hex');
}
