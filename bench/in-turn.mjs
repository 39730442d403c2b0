// The method of BENCHMARKS.md, shared by the scripts that time things against each other
// (bench/run.mjs, bench/floor.mjs, bench/hook-context.mjs, bench/hostile.mjs): each thing once to
// warm up (the code cache, the page cache), then round after round in turn (A B C, A B C, …); a
// figure is a median, and a ratio the median of the per-round ratios, so that a machine that
// drifts slows both sides of it alike.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median over rounds of a's time over b's: the ratio of two things taken in the same rounds. */
export const ratio = (a, b) => median(a.map((time, i) => time / b[i]));

/**
 * What `measure(thing)` returns for each of `things` (name → thing; an array's indexes are its
 * names), round by round, after a warm-up of each unless `warm` is false: name → measures.
 */
export function inTurn(things, rounds, measure, { warm = true } = {}) {
  if (warm) for (const thing of Object.values(things)) measure(thing);
  const measures = Object.fromEntries(Object.keys(things).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) for (const [name, thing] of Object.entries(things)) measures[name].push(measure(thing));
  return measures;
}
