import type { Finding } from '../types.js';

/** Findings in the order of DESIGN.md: document, line, column, rule id (then message, for a total order). */
export function sortFindings<F extends Finding>(findings: F[]): F[] {
  return findings.sort(
    (a, b) =>
      (a.document ?? 0) - (b.document ?? 0) ||
      a.line - b.line ||
      a.column - b.column ||
      compare(a.ruleId, b.ruleId) ||
      compare(a.path, b.path) ||
      compare(a.message, b.message),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
