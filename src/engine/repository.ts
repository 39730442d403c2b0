import type { FileResult } from '../formatters/types.js';
import type { OperationId } from '../operations.js';
import { locate } from '../parse/locate.js';
import { formatOf, parseText } from '../parse/parse.js';
import { toPointer } from '../parse/pointer.js';
import type { Finding, RuleLevel, Severity } from '../types.js';
import { getIn, isObject } from './rule-helpers.js';
import type { BodyOfDocument } from './lint.js';
import type ipaddr from 'ipaddr.js';
import { parseBlock, prefixOf } from './ip-block.js';

/**
 * Checks that only show across the files of one run. Each file contributes a few small facts as
 * it is linted (its labels, its allow-list entry, its bootstrap settings, its idle timeout), so
 * the bodies themselves need not be kept; the checks then compare the facts, and only files that
 * get a finding are read again to locate it.
 */
export const REPOSITORY_RULES = {
  'repository/duplicate-label': {
    severity: 'error',
    summary: 'Two cluster files claim the same label, so commands on it run on whichever cluster was edited last.',
    rationale: 'Spec 3: "label changes take effect immediately and new commands on such labels run on the new cluster". Two clusters given one label steal it from each other on every edit.',
    fix: 'Give each cluster its own labels; move a label deliberately by removing it from the other file in the same change.',
  },
  'repository/duplicate-allow-list-entry': {
    severity: 'warning',
    summary: 'An allow-list entry repeats another file’s entry, or lies inside another entry’s CIDR block.',
    rationale: 'Spec 4.1 adds one address or block per request; an entry inside another block allows nothing new, and removing one of them later will not revoke the access it seems to.',
    fix: 'Remove the entry that is covered, or narrow the wider block.',
  },
  'repository/bootstrap-override': {
    severity: 'info',
    summary: 'The user-level Hive bootstrap sets keys the account-level bootstrap also sets; the user-level values win.',
    rationale: 'Spec 1: "The user-level bootstrap loads after the account-level one; on duplicate entries the user-level one wins."',
    fix: 'Nothing to fix if intended; otherwise remove the key from one of the two scripts.',
  },
  'repository/idle-timeout-override': {
    severity: 'info',
    summary: 'A cluster’s idle_cluster_timeout differs from the account default set in this repository.',
    rationale: 'Spec 4.4: idle_cluster_timeout is "account-level, overridable per cluster".',
    fix: 'Nothing to fix if intended; otherwise remove the cluster-level value to use the account default.',
  },
} as const satisfies Record<string, { severity: Severity; summary: string; rationale: string; fix: string }>;

type RepositoryRuleId = keyof typeof REPOSITORY_RULES;

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

interface RepositoryFinding {
  file: string;
  ruleId: RepositoryRuleId;
  message: string;
  at: Pick<Located, 'document' | 'path'>;
}

/**
 * Runs the repository checks over the facts of every file and adds their findings, located, to
 * the results. `levelFor` gives the configured level of a rule for a file (its overrides).
 */
export function lintRepository(
  results: FileResult[],
  facts: ReadonlyMap<string, RepositoryFacts>,
  levelFor: (file: string, ruleId: string) => RuleLevel | undefined = () => undefined,
  sourceOf: (file: string) => string | undefined = () => undefined,
): FileResult[] {
  const found = [...duplicateLabels(facts), ...duplicateBlocks(facts), ...bootstrapOverrides(facts), ...idleTimeoutOverrides(facts)];
  if (found.length === 0) return results;
  const byFile = new Map<string, RepositoryFinding[]>();
  for (const finding of found) {
    const level = levelFor(finding.file, finding.ruleId) ?? REPOSITORY_RULES[finding.ruleId].severity;
    if (level === 'off') continue;
    byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  }
  return results.map((result) => {
    const extra = byFile.get(result.file);
    const source = extra && (result.source ?? sourceOf(result.file));
    if (!extra || source === undefined) return result;
    const parsed = parseText(source, formatOf(result.file));
    const located = extra.map((finding): Finding => {
      const document = parsed.documents[finding.at.document ?? 0];
      const range = document ? locate(parsed, document.node, finding.at.path) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
      return {
        ruleId: finding.ruleId,
        severity: (levelFor(result.file, finding.ruleId) as Severity | undefined) ?? REPOSITORY_RULES[finding.ruleId].severity,
        message: finding.message,
        path: toPointer(finding.at.path),
        ...(finding.at.document === undefined ? {} : { document: finding.at.document }),
        ...range,
      };
    });
    return { ...result, source, findings: [...result.findings, ...located].sort(byPosition) };
  });
}

function byPosition(a: Finding, b: Finding): number {
  return (a.document ?? 0) - (b.document ?? 0) || a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}

function duplicateLabels(facts: ReadonlyMap<string, RepositoryFacts>): RepositoryFinding[] {
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
    for (const claim of claims) {
      const others = files.filter((f) => f !== claim.file);
      findings.push({
        file: claim.file,
        ruleId: 'repository/duplicate-label',
        message: `label "${label}" is also claimed by ${others.join(', ')}; commands on "${label}" would run on whichever cluster was edited last. Give each cluster its own labels`,
        at: claim.at,
      });
    }
  }
  return findings;
}

function duplicateBlocks(facts: ReadonlyMap<string, RepositoryFacts>): RepositoryFinding[] {
  const blocks: Array<{ file: string; at: Located; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }> = [];
  for (const [file, fact] of facts) {
    if (!fact.ipBlock) continue;
    const block = parseBlock(String(fact.ipBlock.value));
    if (block) blocks.push({ file, at: fact.ipBlock, range: [block.address, prefixOf(block)] });
  }
  const findings: RepositoryFinding[] = [];
  for (const entry of blocks) {
    for (const other of blocks) {
      if (other === entry || other.file === entry.file) continue;
      const [address, bits] = entry.range;
      const [otherAddress, otherBits] = other.range;
      if (address.kind() !== otherAddress.kind() || bits < otherBits || !address.match(otherAddress, otherBits)) continue;
      const same = bits === otherBits;
      // Two identical entries: report the later file only, so one removal resolves it.
      if (same && entry.file < other.file) continue;
      findings.push({
        file: entry.file,
        ruleId: 'repository/duplicate-allow-list-entry',
        message: same
          ? `ip_cidr ${JSON.stringify(entry.at.value)} repeats the entry in ${other.file}; remove one of them`
          : `ip_cidr ${JSON.stringify(entry.at.value)} lies inside ${JSON.stringify(other.at.value)} from ${other.file}, which already allows it`,
        at: entry.at,
      });
      break;
    }
  }
  return findings;
}


function bootstrapOverrides(facts: ReadonlyMap<string, RepositoryFacts>): RepositoryFinding[] {
  const scripts: Array<[string, RepositoryFacts]> = [];
  for (const entry of facts) if (entry[1].bootstrap) scripts.push(entry);
  const accountKeys = new Set(scripts.filter(([, f]) => !f.bootstrap!.userLevel).flatMap(([, f]) => f.bootstrap!.keys.map((k) => k.key)));
  const findings: RepositoryFinding[] = [];
  for (const [file, fact] of scripts) {
    if (!fact.bootstrap!.userLevel) continue;
    const overridden = fact.bootstrap!.keys.filter((k) => accountKeys.has(k.key));
    if (overridden.length === 0) continue;
    const accountFiles = scripts.filter(([, f]) => !f.bootstrap!.userLevel).map(([name]) => name);
    findings.push({
      file,
      ruleId: 'repository/bootstrap-override',
      message: `this user-level bootstrap sets ${overridden.map((k) => k.key).join(', ')}, also set by the account-level bootstrap in ${accountFiles.join(', ')}; the user-level values win`,
      at: overridden[0],
    });
  }
  return findings;
}

function idleTimeoutOverrides(facts: ReadonlyMap<string, RepositoryFacts>): RepositoryFinding[] {
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
    findings.push({
      file,
      ruleId: 'repository/idle-timeout-override',
      message: `node_configuration.idle_cluster_timeout ${cluster.value} overrides the account default of ${accountIdleTimeout!.value} hours set in ${accountFile}`,
      at: cluster,
    });
  }
  return findings;
}
