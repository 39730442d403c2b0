import { createRequire } from 'node:module';
import * as compiled from '../generated/validators.js';
import { ALL_RULES, findRule } from '../../rules/index.js';
import type { RuleSettings } from '../types.js';
import { RULES } from '../../rules/index.js';
import type { OperationId } from '../operations.js';
import { locate } from '../parse/locate.js';
import { DEFAULT_MAX_ALIAS_COUNT, DEFAULT_MAX_DEPTH, formatOf, parseText } from '../parse/parse.js';
import { fieldName } from '../parse/pointer.js';
import { schemaFindings, type CompiledValidator } from '../schema/validate-body.js';
import { closest } from '../schema/values.js';
import type { RuleLevel } from '../types.js';
import { compileGlobGroups } from './globs.js';
import { compilePolicies, PolicyError, policyPatterns, type CompiledPolicy, type PolicyConfig } from './policies.js';
import { levelOf, PRESETS, type PresetName } from './presets.js';

/** The config file as written (validated). */
export interface DplintConfig {
  extends?: PresetName;
  files?: Array<{ match: string[]; operation: OperationId }>;
  ignore?: string[];
  rules?: RuleSettings;
  overrides?: Array<{ match: string[]; rules: RuleSettings }>;
  policies?: PolicyConfig[];
  limits?: Limits;
  reportUnusedDisableDirectives?: RuleLevel;
  directives?: DirectiveSettings;
  /** In the top config only: what a config file in a folder below may do (NestedMode). Default `merge`. */
  nested?: NestedMode;
}

/**
 * How a config file in a folder below the top one applies (the top config's `nested`). Either way
 * it is layered over the config above it (ESLint's cascade): its `files` entries come first, its
 * `rules` and `overrides` over the parent's, its `policies` beside the parent's, its `limits`
 * member by member.
 * - `merge` (the default): it may add and raise, never take away — a rule the config above sets to
 *   error stays an error, a policy stays, `extends` may not go from strict to recommended, unused
 *   directives and `directives.requireReason` stay required, and it may not `ignore` files. A
 *   pull request's `clusters/prod/.dplint.yml` holding `{}` changes nothing.
 * - `override`: the teams that own folders are trusted with their settings: a nested config may
 *   lower rules, redefine a policy of the same id, and ignore files.
 */
export type NestedMode = 'merge' | 'override';

/** The config file's `directives`: what inline directives must say. */
export interface DirectiveSettings {
  /** A disable directive must give its reason after ` -- ` (else a directive/reason error). Default false. */
  requireReason?: boolean;
}

export interface Limits {
  /** Largest file read, in bytes. */
  maxFileSize: number;
  /** Most alias expansions one YAML document may cause. */
  maxAliasCount: number;
  /** Deepest nesting of collections. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: Limits = { maxFileSize: 10 * 1024 * 1024, maxAliasCount: DEFAULT_MAX_ALIAS_COUNT, maxDepth: DEFAULT_MAX_DEPTH };

/** A config file's problem: the CLI prints it on one line and exits 2. */
export class ConfigError extends Error {
  /**
   * @param file the config file at fault, as the caller named it to be read, when the message does
   *   not begin with its place (`x.yaml:2:3: …`): the language server puts its diagnostic there.
   */
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

/** A config ready to use: globs compiled, policies compiled. */
export interface LoadedConfig {
  /** Where it came from (a path, or `(none)`), for messages and `--print-config`. */
  source: string;
  config: DplintConfig;
  policies: CompiledPolicy[];
  isIgnored(relativePath: string): boolean;
  settingsFor(relativePath: string): FileSettings;
  /** The preset in effect (the top config's, or a nested config's raising it). */
  preset: PresetName;
  /** The config files this one is layered over, the top first (`[]` for a top config). */
  layeredOver: readonly string[];
  /** The top config's `nested`: how configs below it apply. */
  nestedMode: NestedMode;
  /** Every level the config sets outside its overrides (its preset's included): what a nested config may not lower under `merge`. */
  baseRules: Readonly<RuleSettings>;
}

/** Where a nested config sits under the config above it: that config, and the nested config's folder from there (`clusters/prod/`). */
export interface ParentConfig {
  config: LoadedConfig;
  prefix: string;
}

/** What applies to one file. */
export interface FileSettings {
  /** The operation the `files` entries give it, if any. */
  operation?: OperationId;
  rules: RuleSettings;
  reportUnusedDisableDirectives: RuleLevel;
  /** The config file's `directives`, when it has them. */
  directives?: Readonly<DirectiveSettings>;
  limits: Limits;
  /** The policies that apply to it. */
  policies: readonly CompiledPolicy[];
}

/** The config file's schema, compiled at build time (scripts/generate-validators.mjs). */
const validateConfig: CompiledValidator = compiled.config;

/**
 * Reads a config file's text. Throws `ConfigError` naming the file, line, column and key of the
 * first problem: a syntax error, a key or value the config schema does not allow, an unknown rule
 * id, rule options of the wrong shape, a policy that does not compile.
 */
export function parseConfig(text: string, filename: string, parent?: ParentConfig): LoadedConfig {
  const file = parseText(text, formatOf(filename));
  const fail = (path: ReadonlyArray<string | number>, message: string, target: 'key' | 'value' = 'value'): never => {
    const document = file.documents[0];
    const at = document ? locate(file, document.node, path, target) : { line: 1, column: 1 };
    throw new ConfigError(`${filename}:${at.line}:${at.column}: ${message}`);
  };
  const syntax = file.findings.find((f) => f.severity === 'error');
  if (syntax) throw new ConfigError(`${filename}:${syntax.line}:${syntax.column}: ${syntax.message}`);
  if (file.documents.length > 1) fail([], 'a config file holds one YAML document');
  const value = file.documents[0]?.value ?? {};

  if (!validateConfig(value)) {
    const [first] = schemaFindings(validateConfig.errors ?? []);
    // Body findings pass a `${VAR}` placeholder as any type; a config file has no placeholders.
    if (!first) {
      const error = validateConfig.errors![0];
      const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
      fail(path, `${path.length > 0 ? fieldName(path) : 'the config'} ${error.message ?? 'does not match its schema'}`);
    }
    // The messages are the body checks' own; a config file is not a request body, and its schema is dplint's, not the spec's.
    const message = first.message
      .replace(/^\(body\)/, 'the config')
      .replace(' in the body:', ' at the top of the config file:')
      .replace('the spec does not list it', 'the config file takes no such member')
      // A config that is one scalar is named by its type, never quoted: it is no setting of dplint's
      // at all (once, a link to a credential file), and would otherwise be printed whole on standard
      // error. A member's value is quoted, as what needs changing (`requireReason: yes` is a string).
      .replace(/^(the config must be an object); got (string|integer|number|boolean) [\s\S]*$/, (_, head: string, type: string) => `${head}; got ${SCALAR_TYPES[type]}`);
    fail(first.path, message, first.target);
  }
  const config = value as DplintConfig;

  const checkRules = (rules: RuleSettings | undefined, at: Array<string | number>): void => {
    for (const [id, setting] of Object.entries(rules ?? {})) {
      const isPolicy = id.startsWith('policy/') && ((config.policies ?? []).some((p) => `policy/${p.id}` === id) || (parent?.config.policies ?? []).some((p) => p.ruleId === id));
      if (!findRule(id) && !isPolicy) {
        const guess = closest(id, ALL_RULES.map((r) => r.id));
        fail([...at, id], `unknown rule "${id}"${guess ? `; did you mean "${guess}"?` : '; `dplint rules` lists them'}`, 'key');
      }
      const options = Array.isArray(setting) ? setting[1] : undefined;
      if (options === undefined) continue;
      const problem = optionsProblem(id, options);
      if (problem) fail([...at, id, 1, ...problem.path], problem.message, problem.target);
    }
  };
  checkRules(config.rules, ['rules']);
  (config.overrides ?? []).forEach((override, i) => checkRules(override.rules, ['overrides', i, 'rules']));

  let globCount = 0;
  const checkGlobs = (globs: readonly string[], at: Array<string | number>, name: string): void => {
    globs.forEach((glob, i) => {
      if (++globCount > MAX_GLOBS) {
        fail(
          [...at, i],
          `${name}[${i}] ${JSON.stringify(glob)}: the config file holds more than ${MAX_GLOBS} globs (ignore, files and overrides together), more than dplint matches each path against in bounded time; match folders instead of listing files (a folder's glob covers what is in it)`,
        );
      }
      const problem = globProblem(glob);
      if (problem) fail([...at, i], `${name}[${i}] ${JSON.stringify(glob)} ${problem}`);
    });
  };
  checkGlobs(config.ignore ?? [], ['ignore'], 'ignore');
  (config.files ?? []).forEach((entry, i) => checkGlobs(entry.match, ['files', i, 'match'], `files[${i}].match`));
  (config.overrides ?? []).forEach((entry, i) => checkGlobs(entry.match, ['overrides', i, 'match'], `overrides[${i}].match`));

  (config.policies ?? []).forEach((policy, index) => {
    for (const pattern of policyPatterns(policy.schema)) {
      const problem = backtracking(pattern.source);
      if (problem) fail(['policies', index, ...pattern.path], `policy "${policy.id}": pattern ${JSON.stringify(pattern.source)} ${problem}`, pattern.path.at(-2) === 'patternProperties' ? 'key' : 'value');
    }
  });

  if (parent) checkNested(config, parent.config, fail);

  let policies: CompiledPolicy[];
  try {
    policies = compilePolicies(config.policies ?? []);
  } catch (error) {
    if (error instanceof PolicyError) return fail(['policies', error.index, ...error.path], `policies[${error.index}].schema: ${error.message}`, error.target);
    throw error;
  }
  return parent ? layeredOver(parent, filename, config, policies) : loaded(filename, config, policies);
}

const LEVEL_RANK: Record<RuleLevel, number> = { off: 0, info: 1, warning: 2, error: 3 };
const PRESET_RANK: Record<PresetName, number> = { recommended: 0, strict: 1 };

/** A rule's level where nothing sets it: its own severity; a policy's, its own. */
function defaultLevel(id: string, policies: readonly CompiledPolicy[]): RuleLevel | undefined {
  return findRule(id)?.severity ?? policies.find((p) => p.ruleId === id)?.severity;
}

/**
 * What a nested config may not do under its top config's `nested: merge` (NestedMode): each a
 * config error at the member, naming the config above and the opt-in. Levels are checked against
 * what the config above sets outside its overrides; a rule that one of its overrides makes an
 * error for some files is held there when the settings are laid out (layeredOver).
 */
function checkNested(config: DplintConfig, parent: LoadedConfig, fail: (path: ReadonlyArray<string | number>, message: string, target?: 'key' | 'value') => never): void {
  const top = parent.layeredOver[0] ?? parent.source;
  if (config.nested !== undefined) fail(['nested'], `nested is a setting of the top config (${top}) only: a config in a folder below cannot choose how it applies`, 'key');
  if (parent.nestedMode === 'override') return;
  const unless = `unless the top config (${top}) says nested: override`;
  const allow = `; a nested config adds to the config above it and takes nothing away, ${unless}`;
  if (config.extends && PRESET_RANK[config.extends] < PRESET_RANK[parent.preset]) fail(['extends'], `extends: ${config.extends} would lower the ${parent.preset} preset of ${parent.source}${allow}`);
  if (config.ignore?.length) fail(['ignore'], `ignore in a nested config would hide files from the gate${allow}`, 'key');
  const checkLevels = (rules: RuleSettings | undefined, at: Array<string | number>): void => {
    for (const [id, setting] of Object.entries(rules ?? {})) {
      const above = levelOf(parent.baseRules[id]) ?? defaultLevel(id, parent.policies);
      const level = levelOf(setting);
      if (above === 'error' && level !== undefined && LEVEL_RANK[level] < LEVEL_RANK.error) fail([...at, id], `${id} is an error in ${parent.source}; ${level} would lower it${allow}`);
    }
  };
  checkLevels(config.rules, ['rules']);
  (config.overrides ?? []).forEach((override, i) => checkLevels(override.rules, ['overrides', i, 'rules']));
  (config.policies ?? []).forEach((policy, i) => {
    if (parent.policies.some((p) => p.ruleId === `policy/${policy.id}`)) fail(['policies', i, 'id'], `policy "${policy.id}" is defined in ${parent.source} already; a nested config may add policies, not redefine them, ${unless}`);
  });
  const unused = parent.settingsFor('').reportUnusedDisableDirectives;
  if (unused === 'error' && config.reportUnusedDisableDirectives !== undefined && config.reportUnusedDisableDirectives !== 'error') {
    fail(['reportUnusedDisableDirectives'], `reportUnusedDisableDirectives is error in ${parent.source}; ${config.reportUnusedDisableDirectives} would lower it${allow}`);
  }
  if (parent.settingsFor('').directives?.requireReason && config.directives?.requireReason === false) {
    fail(['directives', 'requireReason'], `directives.requireReason is true in ${parent.source}; false would drop it${allow}`);
  }
}

const SCALAR_TYPES: Record<string, string> = { string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'a boolean' };

/** The settings when there is no config file: the recommended preset. */
export function defaultConfig(): LoadedConfig {
  return loaded('(none)', {}, []);
}

function loaded(source: string, config: DplintConfig, policies: CompiledPolicy[]): LoadedConfig {
  // Compiled on first use: most runs of one file never match a glob of a config without them.
  let ignore: ReturnType<typeof compileGlobGroups> | undefined;
  let files: ReturnType<typeof compileGlobGroups> | undefined;
  let overrides: ReturnType<typeof compileGlobGroups> | undefined;
  const ignored = (path: string): boolean => (config.ignore?.length ? (ignore ??= compileGlobGroups([config.ignore])).matches(path) : false);
  const preset = PRESETS[config.extends ?? 'recommended'];
  const limits = Object.freeze({ ...DEFAULT_LIMITS, ...config.limits });
  const directives = config.directives && Object.freeze({ ...config.directives });
  const shared = new Map<string, FileSettings>();
  return {
    source,
    config,
    policies,
    preset: config.extends ?? 'recommended',
    layeredOver: [],
    nestedMode: config.nested ?? 'merge',
    baseRules: Object.freeze({ ...preset.rules, ...config.rules }),
    isIgnored: config.ignore?.length ? ignoredWithFolders(ignored) : () => false,
    settingsFor(path) {
      // Files share their settings: one frozen set for each combination of overrides and operation,
      // so that a repository of thousands of files lays the rules out a few times, not per file.
      const fileEntry = config.files?.length ? ((files ??= compileGlobGroups(config.files.map((entry) => entry.match))).matching(path)[0] ?? -1) : -1;
      const matched = config.overrides?.length ? (overrides ??= compileGlobGroups(config.overrides.map((entry) => entry.match))).matching(path) : [];
      const key = [fileEntry, ...matched].join(',');
      let settings = shared.get(key);
      if (!settings) {
        const rules: Record<string, RuleSettings[string]> = { ...preset.rules, ...config.rules };
        for (const override of matched) Object.assign(rules, config.overrides![override].rules);
        const operation = config.files?.[fileEntry]?.operation;
        settings = Object.freeze({
          ...(operation ? { operation } : {}),
          rules: Object.freeze(rules),
          reportUnusedDisableDirectives: config.reportUnusedDisableDirectives ?? preset.reportUnusedDisableDirectives,
          ...(directives ? { directives } : {}),
          limits,
          policies,
        });
        shared.set(key, settings);
      }
      return settings;
    },
  };
}

/**
 * A nested config layered over the config above it (NestedMode; ESLint's cascade): what applies to
 * a file is the parent's settings for it (its path from the parent's folder), then this config's
 * preset (when it names one), rules and overrides, its `files` entries before the parent's, its
 * policies beside the parent's, its limits member by member. Under `merge` a level the parent's
 * settings make an error for the file stays an error, whatever this config says.
 */
function layeredOver(parent: ParentConfig, source: string, config: DplintConfig, policies: CompiledPolicy[]): LoadedConfig {
  const above = parent.config;
  const merge = above.nestedMode === 'merge';
  // One matcher a list, as the top config's (src/config/globs.ts): linear in the globs that could match.
  const matcher = (globs: readonly string[]) => {
    const compiled = compileGlobGroups([globs]);
    return (path: string): boolean => compiled.matches(path);
  };
  const ownIgnored = config.ignore?.length ? ignoredWithFolders(matcher(config.ignore)) : () => false;
  const files = (config.files ?? []).map((entry) => ({ test: matcher(entry.match), operation: entry.operation }));
  const overrides = (config.overrides ?? []).map((entry) => ({ test: matcher(entry.match), rules: entry.rules }));
  const own = config.extends ? PRESETS[config.extends].rules : {};
  const ids = new Set(policies.map((p) => p.ruleId));
  // Under override a policy of the same id replaces the parent's; under merge there is none (checkNested).
  const allPolicies = Object.freeze([...above.policies.filter((p) => !ids.has(p.ruleId)), ...policies]);
  const shared = new Map<string, FileSettings>();
  // The parent's settings object stands for itself in a key (the parent shares them in the same way): a number per object, as first seen.
  const parentIds = new Map<FileSettings, number>();
  const preset = config.extends && PRESET_RANK[config.extends] > PRESET_RANK[above.preset] ? config.extends : merge ? above.preset : (config.extends ?? above.preset);
  return {
    source,
    config,
    policies: [...allPolicies],
    preset,
    layeredOver: [...above.layeredOver, above.source],
    nestedMode: above.nestedMode,
    baseRules: Object.freeze({ ...above.baseRules, ...own, ...config.rules }),
    isIgnored: (path) => above.isIgnored(parent.prefix + path) || ownIgnored(path),
    settingsFor(path) {
      const before = above.settingsFor(parent.prefix + path);
      const fileEntry = files.findIndex((entry) => entry.test(path));
      const matched = overrides.filter((override) => override.test(path));
      if (!parentIds.has(before)) parentIds.set(before, parentIds.size);
      const key = [parentIds.get(before), fileEntry, ...matched.map((override) => overrides.indexOf(override))].join(',');
      let settings = shared.get(key);
      if (!settings) {
        const rules: Record<string, RuleSettings[string]> = { ...before.rules, ...own, ...config.rules };
        for (const override of matched) Object.assign(rules, override.rules);
        if (merge) {
          for (const [id, setting] of Object.entries(before.rules)) if (levelOf(setting) === 'error' && levelOf(rules[id]) !== 'error') rules[id] = setting;
        }
        const operation = files[fileEntry]?.operation ?? before.operation;
        const ownUnused = config.reportUnusedDisableDirectives ?? (config.extends ? PRESETS[config.extends].reportUnusedDisableDirectives : undefined);
        const unused = ownUnused === undefined || (merge && LEVEL_RANK[ownUnused] < LEVEL_RANK[before.reportUnusedDisableDirectives]) ? before.reportUnusedDisableDirectives : ownUnused;
        const requireReason = config.directives?.requireReason === undefined ? before.directives?.requireReason : merge ? before.directives?.requireReason || config.directives.requireReason : config.directives.requireReason;
        settings = Object.freeze({
          ...(operation ? { operation } : {}),
          rules: Object.freeze(rules),
          reportUnusedDisableDirectives: unused,
          ...(requireReason !== undefined ? { directives: Object.freeze({ ...before.directives, ...config.directives, requireReason }) } : {}),
          limits: config.limits ? Object.freeze({ ...before.limits, ...config.limits }) : before.limits,
          policies: allPolicies,
        });
        shared.set(key, settings);
      }
      return settings;
    },
  };
}

/**
 * How many `*` wildcards a glob may hold. picomatch matches with a backtracking regular
 * expression, in which wildcards that can take the same characters multiply each other's work: n
 * wildcards in one path segment cost up to (its length)^n steps, n `**` up to (the path's length)^n,
 * and isIgnored tries every folder of a path too — `*a*a*a*a*a*a*a*a*b` took half a minute for a
 * 40-character name, two `**` seconds for a path 2,000 folders deep, and a pull request names its
 * own files. Two in a segment (a segment is at most 255 characters), one `**` and three in all keep
 * the worst path a pull request can make (4,096 characters) under a second, and still allow the
 * usual globs: YAML files at any depth, `*-prod-*.yaml` under `clusters/**`, a `legacy` folder
 * anywhere (`**` then `/legacy`: a folder's glob covers what is in it).
 */
const MAX_SEGMENT_STARS = 2;
/**
 * How many globs a config file may hold. A path is matched only against the globs that can match
 * it (src/config/globs.ts), but a pull request can write thousands that all can; 1,000 costs a
 * walk of 10,000 files some seconds at worst, and lists more globs than a repository writes.
 */
const MAX_GLOBS = 1000;
const MAX_GLOBSTARS = 1;
const MAX_GLOB_STARS = 3;

/** Why a glob of the config is refused; undefined when it is not. A run of `*` counts as one wildcard. */
function globProblem(glob: string): string | undefined {
  // An extglob nests quantifiers (`+(a|aa)`): exponential, whatever the count.
  if (/[@!+*?]\(/.test(glob)) return 'holds an extglob (@(…), *(…), +(…), ?(…), !(…)), which dplint does not allow: write a literal parenthesis as [(]';
  let stars = 0;
  let globstars = 0;
  for (const segment of glob.split('/')) {
    const runs = segment.match(/\*+/g)?.length ?? 0;
    if (runs > MAX_SEGMENT_STARS) return `has ${runs} \`*\` wildcards in one path segment; at most ${MAX_SEGMENT_STARS} are allowed (more can take minutes to match a crafted file name)`;
    if (segment === '**') globstars++;
    stars += runs;
  }
  if (globstars > MAX_GLOBSTARS) return `has ${globstars} \`**\` segments; at most ${MAX_GLOBSTARS} is allowed (more can take minutes to match a crafted path; a folder's glob covers what is in it: **/legacy, not **/legacy/**)`;
  if (stars > MAX_GLOB_STARS) return `has ${stars} \`*\` wildcards; at most ${MAX_GLOB_STARS} are allowed (more can take minutes to match a crafted path)`;
  return undefined;
}

type Analyse = typeof import('scslre').analyse;
let analyse: Analyse | undefined;

/**
 * Why a policy's regular expression is refused: one that can backtrack super-linearly. A config
 * file comes with the pull request it gates, so its patterns get the static analysis dplint's own
 * regular expressions get (scslre, test/hostile/regex.test.ts), with the flags Ajv compiles them
 * with (`u`). scslre is loaded only for a config that has patterns (it is some hundreds of KB).
 */
function backtracking(source: string): string | undefined {
  if (!analyse) {
    const load = typeof require === 'function' ? require : createRequire(import.meta.url);
    analyse = (load('scslre') as typeof import('scslre')).analyse;
  }
  let report: ReturnType<Analyse>['reports'][number] | undefined;
  try {
    // Parsed by the analysis, never compiled here: nothing is matched against it.
    [report] = analyse({ source, flags: 'u' }).reports;
  } catch {
    return undefined; // not a regular expression at all: compiling the policy says so
  }
  if (!report) return undefined;
  return `can backtrack super-linearly${report.exponential ? ' (exponentially)' : ''} on a run of ${JSON.stringify(report.character.pick)}: a crafted value would stall the run; rewrite it so that no two parts can match the same characters`;
}

/**
 * A path is ignored when a glob matches it or one of its folders: `legacy/**`, or `legacy/` written
 * as a folder, covers `legacy/x.yaml`. Each folder is matched once, however many paths lie in it.
 */
function ignoredWithFolders(ignored: (path: string) => boolean): (path: string) => boolean {
  const folders = new Map<string, boolean>();
  const folderIgnored = (folder: string): boolean => {
    let known = folders.get(folder);
    if (known === undefined) {
      const slash = folder.lastIndexOf('/');
      known = ignored(folder) || (slash > 0 && folderIgnored(folder.slice(0, slash)));
      folders.set(folder, known);
    }
    return known;
  };
  return (path) => {
    const slash = path.lastIndexOf('/');
    return ignored(path) || (slash > 0 && folderIgnored(path.slice(0, slash)));
  };
}

/**
 * A rule's options are checked against a schema derived from its defaults: the same members,
 * each of its default's JSON type (lists of strings stay lists of strings), nothing else.
 */
function optionsProblem(id: string, options: Record<string, unknown>): { path: string[]; message: string; target: 'key' | 'value' } | undefined {
  const rule = RULES.find((r) => r.id === id);
  const defaults = rule?.defaultOptions ?? {};
  for (const [name, value] of Object.entries(options)) {
    if (!Object.hasOwn(defaults, name)) {
      const known = Object.keys(defaults);
      return { path: [name], target: 'key', message: `${id} has no option "${name}"${known.length ? `; its options are ${known.join(', ')}` : '; it takes no options'}` };
    }
    const expected = jsonType(defaults[name]);
    if (jsonType(value) !== expected) return { path: [name], target: 'value', message: `${fieldName([id, name])} must be ${expected}; got ${jsonType(value)}` };
    if (Array.isArray(value) && Array.isArray(defaults[name]) && (defaults[name] as unknown[]).length > 0) {
      const itemType = jsonType((defaults[name] as unknown[])[0]);
      const bad = value.findIndex((item) => jsonType(item) !== itemType);
      if (bad >= 0) return { path: [name, String(bad)], target: 'value', message: `${fieldName([id, name, bad])} must be ${itemType}; got ${jsonType(value[bad])}` };
    }
  }
  return undefined;
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return 'a number';
  return `a ${typeof value}`;
}
