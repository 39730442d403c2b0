import type { RuleLevel, RuleSettings } from '../types.js';

export type PresetName = 'recommended' | 'strict';

/**
 * `recommended` is every rule at its default level, except `cluster/edit-effect`: it reminds a
 * reviewer that label changes act at once, which is worth saying in a review bot but fires on
 * every cluster file with a label, so it is opted into (`rules: {cluster/edit-effect: info}`);
 * `operation/unresolved` stays on in both: a file named on the command line that resolves to no
 * operation is never dropped in silence (a warning; an error under `strict`). A walk counts the
 * files it found that resolve to nothing as skipped, unless the rule is an error (README "Which
 * operation a file is for").
 * `strict` is what a CI gate wants: findings
 * that are "probably a mistake" in a pre-commit hook become errors once a repository means to be
 * clean — unlisted members, vendor spellings, literal secrets, files whose operation is only
 * inferred, files that resolve to no operation, and directives that silence nothing.
 */
export const PRESETS: Readonly<Record<PresetName, { rules: RuleSettings; reportUnusedDisableDirectives: RuleLevel }>> = {
  recommended: { rules: Object.freeze({ 'cluster/edit-effect': 'off' }), reportUnusedDisableDirectives: 'off' },
  strict: {
    rules: Object.freeze({
      'schema/unknown-member': 'error',
      'body/vendor-spelling': 'error',
      'security/plaintext-secret': 'error',
      'operation/unresolved': 'error',
      'operation/inferred': 'warning',
      'cluster/edit-effect': 'off',
    }),
    reportUnusedDisableDirectives: 'error',
  },
};

/** A rule setting's level: the setting itself, or the first item of `[level, options]`. */
export function levelOf(setting: RuleSettings[string] | undefined): RuleLevel | undefined {
  return Array.isArray(setting) ? setting[0] : setting;
}

/** Rule settings with the recommended preset beneath them: what every entry point (CLI, lintText, validate) starts from. */
export function withRecommended(settings?: RuleSettings): RuleSettings {
  return layered(PRESETS.recommended.rules, settings);
}

const NONE: RuleSettings = Object.freeze({});
const LAYERED = new WeakMap<RuleSettings, WeakMap<RuleSettings, RuleSettings>>();

/**
 * `top`'s rule settings laid over `base`'s. The result is frozen. Frozen settings are laid over
 * each other once and the result is kept: a CI gate lints thousands of files with the same few
 * (the config's, one set per combination of overrides), and the rules' plans are kept by settings
 * (src/engine/run-rules.ts). Settings that are not frozen may change between calls, so they are
 * laid anew each time.
 */
export function layered(base: RuleSettings = NONE, top: RuleSettings = NONE): RuleSettings {
  const keep = Object.isFrozen(base) && Object.isFrozen(top);
  let overBase = keep ? LAYERED.get(base) : undefined;
  const known = overBase?.get(top);
  if (known) return known;
  const result = Object.freeze({ ...base, ...top });
  if (keep) {
    if (!overBase) LAYERED.set(base, (overBase = new WeakMap()));
    overBase.set(top, result);
  }
  return result;
}
