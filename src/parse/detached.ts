/**
 * A copy of a string that is one string of its own: not a slice of a larger one (V8 keeps a
 * whole file's text alive for any substring of it that lives on) nor a pair joined. For strings
 * cut from a text and kept past its lint: a cache's keys, the facts and results a run holds.
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
