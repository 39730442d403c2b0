import type { FileResult } from '../types.js';
import type { OperationId } from '../operations.js';
import { locate } from '../parse/locate.js';
import { formatOf, parseText } from '../parse/parse.js';
import { toPointer } from '../parse/pointer.js';
import type { Finding, RuleLevel, Severity } from '../types.js';
import bootstrapOverride from '../../rules/repository/bootstrap-override.js';
import duplicateAllowListEntry from '../../rules/repository/duplicate-allow-list-entry.js';
import duplicateLabel from '../../rules/repository/duplicate-label.js';
import idleTimeoutOverride from '../../rules/repository/idle-timeout-override.js';
import { applyDirectives, parseDirectives, type Directive } from '../config/directives.js';
import { sortFindings } from './order.js';
import { stageMessage, type StageRule } from '../define-rule.js';
import { getIn, isObject } from '../../rules/support/rule-helpers.js';
import type { BodyOfDocument } from './lint.js';
import type ipaddr from 'ipaddr.js';
import { parseBlock, prefixOf } from '../../rules/support/ip-block.js';

/**
 * Checks that only show across the files of one run. Each file contributes a few small facts as
 * it is linted (its labels, its allow-list entry, its bootstrap settings, its idle timeout), so
 * the bodies themselves need not be kept; the checks then compare the facts, and only files that
 * get a finding are read again to locate it. The rules' ids, docs, messages and cases are their
 * files under rules/repository/.
 */
const REPOSITORY_RULES: ReadonlyMap<string, StageRule> = new Map([duplicateLabel, duplicateAllowListEntry, bootstrapOverride, idleTimeoutOverride].map((rule) => [rule.id, rule]));

interface Located {
  value: string | number;
  document?: number;
  path: ReadonlyArray<string | number>;
}

/** What one file tells the repository checks. */
export interface RepositoryFacts {
  labels?: Located[];
  ipBlock?: Located;
  bootstrap?: { userLevel: boolean; keys: Array<{ key: string; document?: number; path: ReadonlyArray<string | number> }> };
  accountIdleTimeout?: Located;
  clusterIdleTimeout?: Located;
}

export function collectFacts(operation: OperationId | undefined, bodies: readonly BodyOfDocument[]): RepositoryFacts | undefined {
  const facts: RepositoryFacts = {};
  for (const { document, prefix, value } of bodies) {
    // Built without spreading: a stream can hold thousands of bodies.
    const at = (path: ReadonlyArray<string | number>): ReadonlyArray<string | number> => (prefix.length === 0 ? path : [...prefix, ...path]);
    const fact = (found: string | number, path: ReadonlyArray<string | number>): Located =>
      document === undefined ? { value: found, path: at(path) } : { value: found, document, path: at(path) };
    if (operation === 'edit-cluster') {
      const labels = getIn(value, ['label']);
      if (Array.isArray(labels)) {
        for (let i = 0; i < labels.length; i++) {
          const label = labels[i];
          if (typeof label === 'string' && label.trim()) (facts.labels ??= []).push(fact(detached(label.trim()), labelPath(i)));
        }
      }
      const idle = getIn(value, ['node_configuration', 'idle_cluster_timeout']);
      if (typeof idle === 'number') facts.clusterIdleTimeout = fact(idle, CLUSTER_IDLE_TIMEOUT);
    } else if (operation === 'add-whitelist-ip') {
      const block = getIn(value, ['ip_cidr']);
      if (typeof block === 'string') facts.ipBlock = fact(detached(block.trim()), ['ip_cidr']);
    } else if (operation === 'set-bootstrap' && isObject(value) && typeof value.script === 'string') {
      const userLevel = value.is_user_bootstrap === true || value.is_user_bootstrap === 'true';
      facts.bootstrap = { userLevel, keys: hiveSetKeys(value.script).map((key) => (document === undefined ? { key: detached(key), path: at(['script']) } : { key: detached(key), document, path: at(['script']) })) };
    } else if (operation === 'edit-account' || operation === 'create-account') {
      const idle = getIn(value, ['account', 'idle_cluster_timeout']);
      if (typeof idle === 'number') facts.accountIdleTimeout = fact(idle, ['account', 'idle_cluster_timeout']);
    }
  }
  return Object.keys(facts).length ? facts : undefined;
}

// Facts are kept for every file until the run ends, so they are kept small: the paths every
// cluster file has are one frozen array each, shared by all files (nothing edits a fact's path).
const CLUSTER_IDLE_TIMEOUT = Object.freeze(['node_configuration', 'idle_cluster_timeout']);
const LABEL_PATHS: Array<ReadonlyArray<string | number>> = [];

function labelPath(index: number): ReadonlyArray<string | number> {
  return (LABEL_PATHS[index] ??= Object.freeze(['label', index]));
}

/**
 * Facts as the lint cache keeps them (a file read whole at the start of each run): a label at its
 * place in the body's list and the idle timeout where every cluster file has it are kept as their
 * bare values, and get their shared paths back when read. Anything else is kept as it is.
 */
export function packFacts(facts: RepositoryFacts): Record<string, unknown> {
  const { labels, clusterIdleTimeout, ...rest } = facts;
  const atHome = (located: Located, path: ReadonlyArray<string | number>): boolean => located.document === undefined && located.path === path;
  return {
    ...rest,
    ...(labels ? { labels: labels.map((label, i) => (atHome(label, labelPath(i)) ? label.value : label)) } : {}),
    ...(clusterIdleTimeout ? { clusterIdleTimeout: atHome(clusterIdleTimeout, CLUSTER_IDLE_TIMEOUT) ? clusterIdleTimeout.value : clusterIdleTimeout } : {}),
  };
}

/** packFacts undone. */
export function unpackFacts(packed: Record<string, unknown>): RepositoryFacts {
  const { labels, clusterIdleTimeout, ...rest } = packed as RepositoryFacts & { labels?: Array<Located | string>; clusterIdleTimeout?: Located | number };
  return {
    ...rest,
    ...(labels ? { labels: labels.map((label, i) => (typeof label === 'string' ? { value: label, path: labelPath(i) } : label)) } : {}),
    ...(clusterIdleTimeout === undefined ? {} : { clusterIdleTimeout: typeof clusterIdleTimeout === 'number' ? { value: clusterIdleTimeout, path: CLUSTER_IDLE_TIMEOUT } : clusterIdleTimeout }),
  };
}

/**
 * A copy of a string from the file's text that is not a slice of it: V8 keeps a whole text alive
 * for any substring of it that lives on (some 3 KB a file).
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** `SET hive.exec.parallel=true;` → `hive.exec.parallel`, in order, each once. */
function hiveSetKeys(script: string): string[] {
  const keys: string[] = [];
  for (const line of script.split('\n')) {
    const match = /^\s*set\s+([^\s=;]+)\s*=/i.exec(line);
    if (match && !keys.includes(match[1])) keys.push(match[1]);
  }
  return keys;
}

/** A finding across files before it is located: its file, its level there, and its message from the rule's table. */
interface RepositoryFinding extends ReturnType<typeof stageMessage<string>> {
  file: string;
  at: Pick<Located, 'document' | 'path'>;
}

/** A rule's level for a file, or undefined where it is off: asked before a finding is built, so a rule switched off costs nothing. */
type LevelOf = (file: string, rule: StageRule) => Severity | undefined;

export interface RepositoryOptions {
  /** Honour `# dplint-disable…` comments (`--no-inline-config` turns them off). Default true. */
  inlineConfig?: boolean;
}

/**
 * Runs the repository checks over the facts of every file and adds their findings, located, to
 * the results. `levelFor` gives the configured level of a rule for a file (its overrides). The
 * file's inline directives silence them as any other finding.
 */
export function lintRepository(
  results: FileResult[],
  facts: ReadonlyMap<string, RepositoryFacts>,
  levelFor: (file: string, ruleId: string) => RuleLevel | undefined = () => undefined,
  sourceOf: (file: string) => string | undefined = () => undefined,
  options: RepositoryOptions = {},
): FileResult[] {
  return repositoryResults(results, facts, levelFor, sourceOf, options, false);
}

/** `lintRepository`, each finding keeping its messageId and data (for the rule tests). */
export function lintRepositoryDetailed(
  results: FileResult[],
  facts: ReadonlyMap<string, RepositoryFacts>,
  levelFor: (file: string, ruleId: string) => RuleLevel | undefined = () => undefined,
  sourceOf: (file: string) => string | undefined = () => undefined,
  options: RepositoryOptions = {},
): FileResult[] {
  return repositoryResults(results, facts, levelFor, sourceOf, options, true);
}

function repositoryResults(
  results: FileResult[],
  facts: ReadonlyMap<string, RepositoryFacts>,
  levelFor: (file: string, ruleId: string) => RuleLevel | undefined,
  sourceOf: (file: string) => string | undefined,
  options: RepositoryOptions,
  detailed: boolean,
): FileResult[] {
  const levelOf: LevelOf = (file, rule) => {
    const level = levelFor(file, rule.id) ?? rule.severity;
    return level === 'off' ? undefined : level;
  };
  const found = [...duplicateLabels(facts, levelOf), ...duplicateBlocks(facts, levelOf), ...bootstrapOverrides(facts, levelOf), ...idleTimeoutOverrides(facts, levelOf)];
  if (found.length === 0) return results;
  const byFile = new Map<string, RepositoryFinding[]>();
  for (const finding of found) {
    const list = byFile.get(finding.file);
    if (list) list.push(finding);
    else byFile.set(finding.file, [finding]);
  }
  return results.map((result) => {
    const extra = byFile.get(result.file);
    const source = extra && (result.source ?? sourceOf(result.file));
    if (!extra || source === undefined) return result;
    const parsed = parseText(source, formatOf(result.file));
    let located = extra.map((finding): Finding => {
      const document = parsed.documents[finding.at.document ?? 0];
      const range = document ? locate(parsed, document.node, finding.at.path) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
      return {
        ruleId: finding.ruleId,
        severity: finding.severity,
        message: finding.message,
        path: toPointer(finding.at.path),
        ...(finding.at.document === undefined ? {} : { document: finding.at.document }),
        ...range,
        ...(detailed ? { messageId: finding.messageId, ...(finding.data ? { data: finding.data } : {}) } : {}),
      };
    });
    // The file's own pass left these ids to this one (see `withoutRepositoryRules`); unknown ids
    // and unused directives it has reported already.
    if (options.inlineConfig !== false) located = applyDirectives(located, parseDirectives(parsed.comments), { reportUnused: 'off', isKnownRule: () => true, text: source });
    if (located.length === 0) return result;
    return { ...result, source, findings: sortFindings([...result.findings, ...located]) };
  });
}

/**
 * The directives as a file's own lint applies them: without the ids of repository rules, whose
 * findings come only once every file is linted (lintRepository applies the directives to them
 * then), so that the file's lint neither counts them as unused nor removes them with `--fix`.
 * A directive that named only such ids is left out altogether (with no ids it would name every rule).
 */
export function withoutRepositoryRules(directives: Directive[]): Directive[] {
  if (!directives.some((directive) => directive.rules.some((id) => REPOSITORY_RULES.has(id)))) return directives;
  const kept: Directive[] = [];
  for (const directive of directives) {
    const rules = directive.rules.filter((id) => !REPOSITORY_RULES.has(id));
    if (rules.length === directive.rules.length) kept.push(directive);
    else if (rules.length > 0) kept.push({ ...directive, rules });
  }
  return kept;
}

/** How many of the other files claiming a label a message names; the rest are counted ("…and 212 more"). */
const NAMED_FILES = 3;

function duplicateLabels(facts: ReadonlyMap<string, RepositoryFacts>, levelOf: LevelOf): RepositoryFinding[] {
  const owners = new Map<string, Array<{ file: string; at: Located }>>();
  for (const [file, fact] of facts) {
    for (const label of fact.labels ?? []) {
      const claims = owners.get(String(label.value));
      if (claims) claims.push({ file, at: label });
      else owners.set(String(label.value), [{ file, at: label }]);
    }
  }
  const findings: RepositoryFinding[] = [];
  for (const [label, claims] of owners) {
    // Most labels have one claim: nothing to compare, and nothing to build for it.
    if (claims.length < 2) continue;
    const files = [...new Set(claims.map((c) => c.file))];
    if (files.length < 2) continue;
    // Each claim's message names a few of the others, not all: with one label on n files, naming
    // them all made n messages of n names each (1.5 GB at 100,000 files).
    for (const claim of claims) {
      const severity = levelOf(claim.file, duplicateLabel);
      if (!severity) continue;
      findings.push({ file: claim.file, ...stageMessage(duplicateLabel, 'claimedElsewhere', { label, others: othersThan(files, claim.file) }), severity, at: claim.at });
    }
  }
  return findings;
}

/** `files` but `file` (which it holds once), the first few by name and the rest as a count. */
function othersThan(files: readonly string[], file: string): string {
  const named: string[] = [];
  for (const other of files) {
    if (named.length === NAMED_FILES) break;
    if (other !== file) named.push(other);
  }
  const more = files.length - 1 - named.length;
  return more > 0 ? `${named.join(', ')} …and ${more} more` : named.join(', ');
}

function duplicateBlocks(facts: ReadonlyMap<string, RepositoryFacts>, levelOf: LevelOf): RepositoryFinding[] {
  const blocks: Array<{ file: string; at: Located; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }> = [];
  for (const [file, fact] of facts) {
    if (!fact.ipBlock) continue;
    const block = parseBlock(String(fact.ipBlock.value));
    if (block) blocks.push({ file, at: fact.ipBlock, range: [block.address, prefixOf(block)] });
  }
  const findings: RepositoryFinding[] = [];
  for (const entry of blocks) {
    const severity = levelOf(entry.file, duplicateAllowListEntry);
    if (!severity) continue;
    for (const other of blocks) {
      if (other === entry || other.file === entry.file) continue;
      const [address, bits] = entry.range;
      const [otherAddress, otherBits] = other.range;
      if (address.kind() !== otherAddress.kind() || bits < otherBits || !address.match(otherAddress, otherBits)) continue;
      const same = bits === otherBits;
      // Two identical entries: report the later file only, so one removal resolves it.
      if (same && entry.file < other.file) continue;
      const value = JSON.stringify(entry.at.value);
      findings.push({
        file: entry.file,
        ...(same
          ? stageMessage(duplicateAllowListEntry, 'repeats', { value, file: other.file })
          : stageMessage(duplicateAllowListEntry, 'inside', { value, block: JSON.stringify(other.at.value), file: other.file })),
        severity,
        at: entry.at,
      });
      break;
    }
  }
  return findings;
}

function bootstrapOverrides(facts: ReadonlyMap<string, RepositoryFacts>, levelOf: LevelOf): RepositoryFinding[] {
  const scripts: Array<[string, RepositoryFacts]> = [];
  for (const entry of facts) if (entry[1].bootstrap) scripts.push(entry);
  const accountKeys = new Set(scripts.filter(([, f]) => !f.bootstrap!.userLevel).flatMap(([, f]) => f.bootstrap!.keys.map((k) => k.key)));
  const accountFiles = scripts.filter(([, f]) => !f.bootstrap!.userLevel).map(([name]) => name);
  const findings: RepositoryFinding[] = [];
  for (const [file, fact] of scripts) {
    if (!fact.bootstrap!.userLevel) continue;
    const overridden = fact.bootstrap!.keys.filter((k) => accountKeys.has(k.key));
    if (overridden.length === 0) continue;
    const severity = levelOf(file, bootstrapOverride);
    if (!severity) continue;
    findings.push({
      file,
      ...stageMessage(bootstrapOverride, 'overrides', { keys: overridden.map((k) => k.key).join(', '), files: accountFiles.join(', ') }),
      severity,
      at: overridden[0],
    });
  }
  return findings;
}

function idleTimeoutOverrides(facts: ReadonlyMap<string, RepositoryFacts>, levelOf: LevelOf): RepositoryFinding[] {
  let account: [string, RepositoryFacts] | undefined;
  for (const entry of facts) {
    if (!entry[1].accountIdleTimeout) continue;
    account = entry;
    break;
  }
  if (!account) return [];
  const [accountFile, { accountIdleTimeout }] = account;
  const findings: RepositoryFinding[] = [];
  for (const [file, fact] of facts) {
    const cluster = fact.clusterIdleTimeout;
    if (!cluster || cluster.value === accountIdleTimeout!.value) continue;
    const severity = levelOf(file, idleTimeoutOverride);
    if (!severity) continue;
    findings.push({
      file,
      ...stageMessage(idleTimeoutOverride, 'overrides', { value: cluster.value, accountValue: accountIdleTimeout!.value, file: accountFile }),
      severity,
      at: cluster,
    });
  }
  return findings;
}
