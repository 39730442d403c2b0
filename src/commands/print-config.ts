import { relative, resolve, sep } from 'node:path';
import { DEFAULT_LIMITS } from '../config/config.js';
import { ALL_RULES } from '../../rules/index.js';
import type { RuleSettings } from '../types.js';
import { ConfigResolver } from '../node/config-file.js';
import type { RuleLevel } from '../types.js';

/**
 * `--print-config <file>`: the settings that apply to one file, as JSON — which config file, whether
 * it is ignored, its operation from `files`, every rule's level after presets and overrides, the
 * options set, the policies, what directives must say. A config file is data and holds no secrets, so nothing is masked.
 */
export function printConfig(file: string, cwd: string, config: string | false | undefined, extraRules: RuleSettings, unused: RuleLevel | undefined): string {
  const absolute = resolve(cwd, file);
  const location = config === false ? undefined : new ConfigResolver(cwd, config).forFile(absolute);
  const path = location ? relative(location.directory, absolute).split(sep).join('/') : file;
  const settings = location?.config.settingsFor(path);
  const rules: RuleSettings = { ...settings?.rules, ...extraRules };
  const output = {
    file,
    configFile: location?.config.source ?? null,
    ignored: location?.config.isIgnored(path) ?? false,
    extends: location?.config.preset ?? 'recommended',
    operation: settings?.operation ?? null,
    rules: Object.fromEntries(ALL_RULES.map((rule) => [rule.id, levelOf(rules[rule.id]) ?? rule.severity])),
    ruleOptions: Object.fromEntries(Object.entries(rules).flatMap(([id, s]) => (Array.isArray(s) && s[1] ? [[id, s[1]]] : []))),
    policies: (settings?.policies ?? []).map((p) => ({ id: p.ruleId, severity: p.severity, operations: p.operations, message: p.message })),
    reportUnusedDisableDirectives: unused ?? settings?.reportUnusedDisableDirectives ?? 'off',
    directives: { requireReason: settings?.directives?.requireReason ?? false },
    limits: settings?.limits ?? DEFAULT_LIMITS,
  };
  return JSON.stringify(output, null, 2) + '\n';
}

function levelOf(setting: RuleSettings[string] | undefined): RuleLevel | undefined {
  return Array.isArray(setting) ? setting[0] : setting;
}
