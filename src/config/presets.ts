import type { RuleSettings } from '../engine/run-rules.js';
import type { RuleLevel } from '../types.js';

export type PresetName = 'recommended' | 'strict';

/**
 * `recommended` is every rule at its default level. `strict` is what a CI gate wants: findings
 * that are "probably a mistake" in a pre-commit hook become errors once a repository means to be
 * clean — unlisted members, vendor spellings, literal secrets, files whose operation is not
 * declared, and directives that silence nothing.
 */
export const PRESETS: Readonly<Record<PresetName, { rules: RuleSettings; reportUnusedDisableDirectives: RuleLevel }>> = {
  recommended: { rules: {}, reportUnusedDisableDirectives: 'off' },
  strict: {
    rules: {
      'schema/unknown-member': 'error',
      'body/vendor-spelling': 'error',
      'security/plaintext-secret': 'error',
      'operation/unresolved': 'error',
      'operation/inferred': 'warning',
    },
    reportUnusedDisableDirectives: 'error',
  },
};
