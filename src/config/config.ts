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
import { PRESETS, type PresetName } from './presets.js';

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
}

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
export class ConfigError extends Error {}

/** A config ready to use: globs compiled, policies compiled. */
export interface LoadedConfig {
  /** Where it came from (a path, or `(none)`), for messages and `--print-config`. */
  source: string;
  config: DplintConfig;
  policies: CompiledPolicy[];
  isIgnored(relativePath: string): boolean;
  settingsFor(relativePath: string): FileSettings;
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
export function parseConfig(text: string, filename: string): LoadedConfig {
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
    const message = first.message.replace(/^\(body\)/, 'the config').replace(' in the body:', ' at the top of the config file:').replace('the spec does not list it', 'the config file takes no such member');
    fail(first.path, message, first.target);
  }
  const config = value as DplintConfig;

  const checkRules = (rules: RuleSettings | undefined, at: Array<string | number>): void => {
    for (const [id, setting] of Object.entries(rules ?? {})) {
      const isPolicy = id.startsWith('policy/') && (config.policies ?? []).some((p) => `policy/${p.id}` === id);
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

  let policies: CompiledPolicy[];
  try {
    policies = compilePolicies(config.policies ?? []);
  } catch (error) {
    if (error instanceof PolicyError) return fail(['policies', error.index, ...error.path], `policies[${error.index}].schema: ${error.message}`, error.target);
    throw error;
  }
  return loaded(filename, config, policies);
}

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
  // A folder is matched once, however many paths lie in it (isIgnored tries every folder of a path).
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
  const preset = PRESETS[config.extends ?? 'recommended'];
  const limits = Object.freeze({ ...DEFAULT_LIMITS, ...config.limits });
  const directives = config.directives && Object.freeze({ ...config.directives });
  const shared = new Map<string, FileSettings>();
  return {
    source,
    config,
    policies,
    isIgnored(path) {
      if (!config.ignore?.length) return false;
      const slash = path.lastIndexOf('/');
      // `legacy/**` should also skip `legacy/x.yaml` when written as `legacy/`: a folder glob covers what is in it.
      return ignored(path) || (slash > 0 && folderIgnored(path.slice(0, slash)));
    },
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
