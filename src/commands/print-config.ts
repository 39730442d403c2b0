import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { DEFAULT_LIMITS, type FileSettings } from '../config/config.js';
import { levelOf } from '../config/presets.js';
import { ALL_RULES } from '../../rules/index.js';
import type { RuleSettings } from '../types.js';
import { ConfigResolver } from '../node/config-file.js';
import type { DocumentOperation, OperationSource, RuleLevel } from '../types.js';
import type { OperationId } from '../operations.js';
import { readText } from '../node/files.js';
import { lintTextAs } from '../node/lint-files.js';

/**
 * `--print-config <file>`: the settings that apply to one file, as JSON — which config file, whether
 * it is ignored, its operation as the lint resolves it (the file's modeline or envelope, else `files`,
 * else its shape; each document's where a stream's differ), every rule's level after presets and overrides, the
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
    ...operationOf(file, cwd, config, settings),
    rules: Object.fromEntries(ALL_RULES.map((rule) => [rule.id, levelOf(rules[rule.id]) ?? rule.severity])),
    ruleOptions: Object.fromEntries(Object.entries(rules).flatMap(([id, s]) => (Array.isArray(s) && s[1] ? [[id, s[1]]] : []))),
    policies: (settings?.policies ?? []).map((p) => ({ id: p.ruleId, severity: p.severity, operations: p.operations, message: p.message })),
    reportUnusedDisableDirectives: unused ?? settings?.reportUnusedDisableDirectives ?? 'off',
    directives: { requireReason: settings?.directives?.requireReason ?? false },
    limits: settings?.limits ?? DEFAULT_LIMITS,
  };
  return JSON.stringify(output, null, 2) + '\n';
}

/**
 * The file's operation as the lint resolves it: the file read through the lint's own reading (its
 * size limit, its decoding) and linted as `dplint <file>` would, so that a modeline or envelope
 * counts as it does there. A file that is not there (or not a regular file, or cannot be read or
 * decoded, or is ignored) has the operation the config's `files` gives, if any.
 */
function operationOf(
  file: string,
  cwd: string,
  config: string | false | undefined,
  settings: FileSettings | undefined,
): { operation: OperationId | null; operationSource: OperationSource; documents?: Array<{ document: number; operation: OperationId | null; operationSource: OperationSource }> } {
  const fromConfig = { operation: settings?.operation ?? null, operationSource: settings?.operation ? ('config' as const) : ('none' as const) };
  const absolute = resolve(cwd, file);
  let regular = false;
  try {
    // Not a pipe or a device: reading one could wait for ever, or never end.
    regular = statSync(absolute).isFile();
  } catch {
    return fromConfig;
  }
  if (!regular) return fromConfig;
  let read;
  try {
    read = readText(absolute, settings?.limits.maxFileSize ?? DEFAULT_LIMITS.maxFileSize);
  } catch {
    return fromConfig;
  }
  if ('error' in read) return fromConfig;
  const [result] = lintTextAs(read.text, file, { cwd, ...(config === undefined ? {} : { config }) });
  if (!result) return fromConfig;
  const listed = (documents: DocumentOperation[]) => documents.map((d) => ({ document: d.document, operation: d.operation ?? null, operationSource: d.operationSource }));
  return { operation: result.operation ?? null, operationSource: result.operationSource, ...(result.documents ? { documents: listed(result.documents) } : {}) };
}
