import type { Finding } from '../types.js';
import type { FileResult } from './types.js';

/**
 * The lines of a file as output may show them: those of the text the engine masked
 * (`shownSource`), `\r` of CRLF endings dropped. Formatters mask nothing themselves: a result
 * without a shown text has no lines to show.
 */
export function shownLines(result: FileResult): string[] | undefined {
  return result.shownSource?.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * Control characters of a file (in a key, a value, a file name) must not reach a terminal or a CI
 * log as such: ESC and BEL would start escape sequences (colours, titles, OSC 8 links), a line
 * break would start a line of its own (`::error …::Forged`). Bidirectional controls (the
 * embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the marks U+200E, U+200F,
 * U+061C) would have a viewer that applies the bidi algorithm show a key reordered, as another
 * (Trojan Source). One replacement each keeps a code frame's marker aligned; a tab stays.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, '\ufffd');
}

/** ` (document 1)` for a finding in the second document of a YAML stream. */
export function documentSuffix(finding: Finding): string {
  // Numbered from 0 in every output, as the JSON output's `document` is (README "JSON output").
  return finding.document === undefined ? '' : ` (document ${finding.document})`;
}

const ABSOLUTE = /^(?:\/|[A-Za-z]:\/)/;

export function isAbsolutePath(path: string): boolean {
  return ABSOLUTE.test(path.replace(/\\/g, '/'));
}

/**
 * A result's path as CI services want it: `/`-separated, relative to `cwd` when it was given
 * absolute and lies under `cwd`, without a leading `./`. Anything else stays as given.
 */
export function relativePath(file: string, cwd: string | undefined): string {
  const path = file.replace(/\\/g, '/');
  if (!ABSOLUTE.test(path)) return path.replace(/^(?:\.\/)+/, '');
  if (cwd === undefined) return path;
  const base = cwd.replace(/\\/g, '/').replace(/(?<!\/)\/*$/, '/');
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/** A `/`-separated path as a URI reference: every segment percent-encoded. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment, index) => (index === 0 && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** `file:///work/repo/` for `/work/repo`, `file:///C:/repo/` for `C:\repo` (with a trailing `/` when `directory`). */
export function fileUri(absolutePath: string, directory = false): string {
  let path = absolutePath.replace(/\\/g, '/');
  if (directory && !path.endsWith('/')) path += '/';
  return `file://${path.startsWith('/') ? '' : '/'}${encodePath(path)}`;
}
