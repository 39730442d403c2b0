import type { Finding } from '../types.js';

/**
 * A finding's fingerprint, which survives lines moving: the one computation behind SARIF's
 * `partialFingerprints.primaryLocationLineHash` (which appends `:N`, the occurrence of the hash in
 * the run) and the baseline's entries (which count the occurrences), so that the two can never
 * disagree on which findings are the same.
 *
 * Like GitHub's own scheme it hashes the text of the line, not its number, so a finding keeps its
 * fingerprint when lines are inserted above it. The hash covers rule id + `uri` (the file as a URI
 * reference) + the offending line, trimmed with inner whitespace collapsed (so a re-indent keeps
 * it) and taken from the masked text only (`masked`: the result's `shownSource` lines), so a
 * fingerprint is no oracle for a secret's value and no secret can enter a baseline. Without the
 * text (a file that was never read), the finding's JSON Pointer stands in for the line: also
 * independent of line numbers. FNV-1a 64-bit in plain JavaScript: stable across platforms and Node
 * versions, and no `node:crypto`, so it runs in a browser as the core does.
 */
export function lineHash(finding: Finding, uri: string, masked: readonly string[] | undefined): string {
  const line = masked?.[finding.line - 1];
  const anchor = line === undefined ? `pointer:${finding.path}` : `line:${line.trim().replace(/\s+/g, ' ')}`;
  return fnv1a64(`${finding.ruleId}\u0000${uri}\u0000${anchor}`);
}

const FNV_PRIME = 0x100000001b3n;
const FNV_OFFSET = 0xcbf29ce484222325n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a 64-bit of the text's UTF-8 bytes, as 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}
