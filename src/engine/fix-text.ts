import { lintText, type LintOptions, type LintResult } from './lint.js';
import type { Finding } from '../types.js';
import { applyFixes } from '../fix/apply.js';

/** ESLint's limit: fixes can enable other fixes, but a pair that undo each other must not loop forever. */
export const MAX_FIX_PASSES = 10;

/** Which fixes {@link fixText} makes, and in how many passes. */
export interface FixOptions {
  /** Only fixes of rules in these namespaces (`schema`, `body`, `yaml`, `directive`, `cluster`, …): `--fix-type`. */
  types?: readonly string[];
  /** Only fixes of findings this accepts (on top of `types`). */
  filter?: (finding: Finding) => boolean;
  /** Most lint-and-fix passes; default 10. */
  maxPasses?: number;
}

/** What {@link fixText} returns: the lint of the fixed text, the fixed text, and the fixes made. */
export interface FixTextResult extends LintResult {
  /** The fixed text (the input itself when nothing was fixed); a byte-order mark is kept. */
  output: string;
  /** Whether `output` differs from the input. */
  fixed: boolean;
  /** The findings whose fixes were made, over all passes. */
  applied: Finding[];
}

/** The namespace of a rule id: `schema` for `schema/enum`. */
export function ruleNamespace(ruleId: string): string {
  return ruleId.split('/', 1)[0];
}

/**
 * Lints the text, makes the safe fixes, and lints again, until nothing is left to fix or ten
 * passes are done (as ESLint's `--fix`). `findings` are those of the fixed text: what remains
 * for a person. Pure, like `lintText`: the caller writes the output where it belongs.
 *
 * @example
 * ```ts
 * import { fixText } from 'dplint';
 *
 * const { output, fixed, findings } = fixText('# dplint: operation=edit-cluster\nec2_settings:\n  cloud_region: us-east-1\n');
 * // output: '# dplint: operation=edit-cluster\nvm_settings:\n  cloud_region: us-east-1\n'; fixed: true; findings: []
 * ```
 */
export function fixText(text: string, options: LintOptions = {}, fix: FixOptions = {}): FixTextResult {
  return fixWith((output) => lintText(output, options), text, fix);
}

/** {@link fixText} with the lint given: the tests fix with a lint that reads everything with `yaml`. */
export function fixWith(lint: (text: string) => LintResult, text: string, fix: FixOptions = {}): FixTextResult {
  const wanted = (finding: Finding): boolean =>
    finding.fix !== undefined && (fix.types === undefined || fix.types.includes(ruleNamespace(finding.ruleId))) && (fix.filter?.(finding) ?? true);
  const maxPasses = fix.maxPasses ?? MAX_FIX_PASSES;
  let output = text;
  let result = lint(output);
  const applied: Finding[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const fixable = result.findings.filter(wanted);
    if (fixable.length === 0) break;
    const next = applyFixes(output, fixable);
    if (next.text === output) break;
    applied.push(...next.applied);
    output = next.text;
    result = lint(output);
  }
  return { ...result, output, fixed: output !== text, applied };
}
