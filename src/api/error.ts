import type { Finding } from '../types.js';

type ListedFinding = Pick<Finding, 'ruleId' | 'severity' | 'message' | 'path'>;

/**
 * Thrown by {@link assertValid}, and the rejection of a fetch wrapped by {@link withValidation},
 * when a body has error findings. `findings` holds them all (warnings and infos too); the message
 * lists them one per line, so a log or a test failure shows what to fix without more code.
 *
 * @example
 * ```ts
 * try {
 *   assertValid('set-cluster-state', { state: 'stop' });
 * } catch (error) {
 *   if (!(error instanceof DplintValidationError)) throw error;
 *   console.error(error.message);
 *   // set-cluster-state body is not valid (1 error):
 *   //   error    state must be one of "start", "terminate"; got "stop" …  [schema/enum]
 * }
 * ```
 */
export class DplintValidationError extends Error {
  override readonly name = 'DplintValidationError';

  constructor(
    /** What was validated, as the message names it: `edit-cluster body`, or a request's method and URL. */
    readonly subject: string,
    /** Every finding, in the order `validate` returns them. */
    readonly findings: readonly ListedFinding[],
  ) {
    super(describe(subject, findings));
  }
}

function describe(subject: string, findings: readonly ListedFinding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const counts = [plural(errors, 'error'), ...(warnings ? [plural(warnings, 'warning')] : [])].join(', ');
  const rank = { error: 0, warning: 1, info: 2 };
  const lines = [...findings].sort((a, b) => rank[a.severity] - rank[b.severity]).map((f) => `  ${f.severity.padEnd(8)} ${f.message}  [${f.ruleId}]`);
  return [`${subject} is not valid (${counts}):`, ...lines].join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
