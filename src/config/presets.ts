import type { RuleSettings } from '../engine/run-rules.js';
import type { RuleLevel } from '../types.js';

export type PresetName = 'recommended' | 'strict';

/**
 * `recommended` is every rule at its default level, except `cluster/edit-effect`: it reminds a
 * reviewer that label changes act at once, which is worth saying in a review bot but fires on
 * every cluster file with a label, so it is opted into (`rules: {cluster/edit-effect: info}`).
 * `strict` is what a CI gate wants: findings
 * that are "probably a mistake" in a pre-commit hook become errors once a repository means to be
 * clean — unlisted members, vendor spellings, literal secrets, files whose operation is not
 * declared, and directives that silence nothing.
 */
export const PRESETS: Readonly<Record<PresetName, { rules: RuleSettings; reportUnusedDisableDirectives: RuleLevel }>> = {
  recommended: { rules: { 'cluster/edit-effect': 'off' }, reportUnusedDisableDirectives: 'off' },
  strict: {
    rules: {
      'schema/unknown-member': 'error',
      'body/vendor-spelling': 'error',
      'security/plaintext-secret': 'error',
      'operation/unresolved': 'error',
      'operation/inferred': 'warning',
      'cluster/edit-effect': 'off',
    },
    reportUnusedDisableDirectives: 'error',
  },
};

/** Rule settings with the recommended preset beneath them: what every entry point (CLI, lintText, validate) starts from. */
export function withRecommended(settings: RuleSettings = {}): RuleSettings {
  return { ...PRESETS.recommended.rules, ...settings };
}
