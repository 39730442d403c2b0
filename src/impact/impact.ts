import { isObject } from '../../rules/support/rule-helpers.js';
import type { OperationId } from '../operations.js';
import { isCredentialLike, maskSecrets } from '../schema/secrets.js';
import { MASK } from '../schema/values.js';

/**
 * What applying a change to a configuration repository will do, in the spec's terms (spec 3:
 * "most attribute changes take effect at the next cluster restart; `label` changes take effect
 * immediately and new commands on such labels run on the new cluster"). A pure function of the
 * two sides' bodies and git's list of changed files: src/commands/impact.ts reads them.
 */

/**
 * One file of one side: the operation it is a body for (resolved as the lint resolves it) and its
 * bodies, one per document of a YAML stream, at the document's index (`undefined` where a document
 * has no usable body).
 */
export interface SideFile {
  operation?: OperationId;
  bodies: readonly unknown[];
  /**
   * The file's credentials masked out of a text taken from it (`valueMask` of its text and
   * bodies): the view the lint's outputs give, so a credential an alias brings under an ordinary
   * member (a label, an idle timeout, an allow-list entry) is `****` here as in a lint message.
   */
  mask: (text: string) => string;
}
export type Side = ReadonlyMap<string, SideFile>;

/** A body left unread on one side: larger than its limits.maxFileSize. Its changes are not in the report. */
export interface NotRead {
  file: string;
  /** The side: a ref, or `the work tree`. */
  at: string;
  bytes: number;
  maxFileSize: number;
}

export interface FileChange {
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  path: string;
  oldPath?: string;
}

/** A value as the report shows it: data, with a credential's value replaced by "****". */
export type Shown = unknown;

export interface LabelImpact {
  label: string;
  /** `duplicated`: more than one cluster file claims the label after the change, a conflict (the lint's repository/duplicate-label error). */
  change: 'added' | 'removed' | 'moved' | 'duplicated';
  /** The cluster files that held the label before, and those that hold it after (one each, unless files clash). */
  before: string[];
  after: string[];
  when: 'immediate';
}

export type Effect = 'next restart' | 'after all queries complete';

export type Callout = 'termination protection' | 'idle timeout' | 'node counts' | 'purchasing option';

export interface MemberChange {
  /** Dotted path of the member in the body, e.g. `node_configuration.max_nodes`. */
  member: string;
  /** The document of a multi-document file (0-based, as the lint's JSON output counts); absent for a file of one document on both sides. */
  document?: number;
  /** Absent where the member was not set on that side. */
  before?: Shown;
  after?: Shown;
  /** When the change takes effect, where the spec says: a cluster's at the next restart (spec 3), the account's idle timeout after all queries complete (spec 4.4); absent where the spec is silent. */
  when?: Effect;
  callout?: Callout;
}

export interface ClusterImpact {
  file: string;
  oldFile?: string;
  change: FileChange['status'];
  members: MemberChange[];
}

export interface InheritedIdleTimeout {
  /** The account file whose default changed. */
  file: string;
  /** Its document, in a multi-document file (0-based). */
  document?: number;
  before?: Shown;
  after?: Shown;
  /** Cluster files (head side) that set no idle timeout of their own, and so take the account's. */
  clusters: string[];
}

export interface AllowListImpact {
  added: string[];
  removed: string[];
  /** The entries before the change; `emptyAfter` with a removal leaves the account with none listed. */
  countBefore: number;
  countAfter: number;
}

export interface BootstrapImpact {
  level: 'account' | 'user';
  file: string;
  /** The document, in a multi-document file (0-based). */
  document?: number;
  change: FileChange['status'];
  note: string;
}

export interface ImpactReport {
  base: string;
  head: string;
  /** Label moves first: they take effect the moment the change is applied. A `duplicated` label is a conflict to look at first. */
  labels: LabelImpact[];
  /** The members to look at before anything else, across all files. */
  callouts: Array<MemberChange & { file: string }>;
  clusters: ClusterImpact[];
  account: Array<{ file: string; change: FileChange['status']; members: MemberChange[] }>;
  /** Each account body (of every account file, every document) whose default idle timeout changed. */
  inheritedIdleTimeouts: InheritedIdleTimeout[];
  allowList?: AllowListImpact;
  bootstrap: BootstrapImpact[];
  warnings: string[];
  /** Bodies not read, each on one side, with their size: what they change is not in the report. */
  notRead: NotRead[];
}

const CALLOUTS: Record<string, Callout> = {
  disallow_cluster_termination: 'termination protection',
  idle_cluster_timeout: 'idle timeout',
  idle_cluster_timeout_in_secs: 'idle timeout',
  initial_nodes: 'node counts',
  max_nodes: 'node counts',
  min_nodes: 'node counts',
  slave_request_type: 'purchasing option',
  spot_instance_settings: 'purchasing option',
  stable_spot_instance_settings: 'purchasing option',
  spot_block_settings: 'purchasing option',
};

/** The account members whose effect the spec states (spec 4.4: idle_cluster_timeout is "effective after all queries complete"); of the others it says nothing. */
const ACCOUNT_EFFECTS: Record<string, Effect> = {
  idle_cluster_timeout: 'after all queries complete',
};

const clusterEffect = (): Effect => 'next restart';
const accountEffect = (path: readonly string[]): Effect | undefined => ACCOUNT_EFFECTS[path[path.length - 1]];

const BOOTSTRAP_NOTE = {
  account: 'account-level bootstrap: the user-level one loads after it and wins on duplicate entries (spec 1)',
  user: 'user-level bootstrap: it loads after the account-level one and wins on duplicate entries (spec 1)',
};

export function computeImpact(input: { base: Side; head: Side; changes: readonly FileChange[]; baseName: string; headName: string; notRead?: readonly NotRead[] }): ImpactReport {
  const { base, head, changes } = input;
  // A renamed file is the same cluster: its labels have not moved.
  const renamedTo = new Map(changes.filter((c) => c.oldPath !== undefined).map((c) => [c.oldPath!, c.path]));
  const report: ImpactReport = { base: input.baseName, head: input.headName, labels: labelImpact(base, head, renamedTo), callouts: [], clusters: [], account: [], inheritedIdleTimeouts: [], bootstrap: [], warnings: [], notRead: [...(input.notRead ?? [])] };

  for (const change of changes) {
    const before = base.get(change.oldPath ?? change.path);
    const after = head.get(change.path);
    const operation = after?.operation ?? before?.operation;
    // No body on either side (a workflow, a notes file, a file the config ignores, a file not read:
    // too large, not text): not in the report.
    if (operation === undefined) continue;
    const beforeBodies = before?.operation === operation ? before.bodies : [];
    const afterBodies = after?.operation === operation ? after.bodies : [];
    const masks: Masks = [before?.mask ?? unmasked, after?.mask ?? unmasked];
    // Every document of a stream, compared with the document at the same index on the other side.
    const count = Math.max(beforeBodies.length, afterBodies.length);
    const documents = Array.from({ length: count }, (_, index) => ({ index, beforeBody: beforeBodies[index], afterBody: afterBodies[index], ...(count > 1 ? { document: index } : {}) }));
    if (operation === 'edit-cluster') {
      const members = documents.flatMap(({ beforeBody, afterBody, document }) => memberChanges(beforeBody, afterBody, ['label'], clusterEffect, masks, document));
      if (members.length > 0 || change.status !== 'modified') report.clusters.push({ file: change.path, ...(change.oldPath ? { oldFile: change.oldPath } : {}), change: change.status, members });
      for (const member of members) if (member.callout) report.callouts.push({ file: change.path, ...member });
    } else if (operation === 'edit-account') {
      const members = documents.flatMap(({ beforeBody, afterBody, document }) => memberChanges(beforeBody, afterBody, [], accountEffect, masks, document));
      if (members.length > 0) report.account.push({ file: change.path, change: change.status, members });
      for (const member of members) if (member.callout) report.callouts.push({ file: change.path, ...member });
      for (const { beforeBody, afterBody, document } of documents) {
        const [was, is] = [accountIdleTimeout(beforeBody), accountIdleTimeout(afterBody)];
        if (sameValue(was, is)) continue;
        report.inheritedIdleTimeouts.push({
          file: change.path,
          ...(document !== undefined ? { document } : {}),
          ...(was !== undefined ? { before: shown(was, false, masks[0]) } : {}),
          ...(is !== undefined ? { after: shown(is, false, masks[1]) } : {}),
          clusters: clustersWithoutIdleTimeout(head),
        });
      }
    } else if (operation === 'set-bootstrap') {
      for (const { beforeBody, afterBody, document } of documents) {
        if (sameValue(beforeBody, afterBody)) continue;
        const level = isUserBootstrap(afterBody ?? beforeBody) ? 'user' : 'account';
        report.bootstrap.push({ level, file: change.path, ...(document !== undefined ? { document } : {}), change: change.status, note: BOOTSTRAP_NOTE[level] });
      }
    }
  }
  // Several account files: in the order of the files, then of their documents.
  report.inheritedIdleTimeouts.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.document ?? 0) - (b.document ?? 0)));

  const allowList = allowListImpact(base, head);
  if (allowList) {
    report.allowList = allowList;
    if (allowList.removed.length > 0 && allowList.countAfter === 0) {
      report.warnings.push(`the change removes every allow-list entry (${allowList.removed.join(', ')}): the repository then lists no address, while an enabled allow-list lets users log in only from listed addresses (spec 1)`);
    }
  }
  return report;
}

function labelImpact(base: Side, head: Side, renamedTo: ReadonlyMap<string, string>): LabelImpact[] {
  const [was, is] = [labelOwners(base), labelOwners(head)];
  const samePlace = (before: string[], after: string[]) => before.map((path) => renamedTo.get(path) ?? path).sort().join('\0') === after.join('\0');
  const labels = [...new Set([...was.keys(), ...is.keys()])].sort();
  const impacts: LabelImpact[] = [];
  for (const label of labels) {
    const before = was.get(label) ?? [];
    const after = is.get(label) ?? [];
    if (samePlace(before, after)) continue;
    // Two files claiming one label is no move but a conflict: commands on it run on whichever cluster was edited last.
    const change = after.length > 1 ? 'duplicated' : before.length === 0 ? 'added' : after.length === 0 ? 'removed' : 'moved';
    // Shown as each file that holds it would show it: a label an alias fills with a credential is `****`.
    const masks = [...before.map((path) => base.get(path)!.mask), ...after.map((path) => head.get(path)!.mask)];
    impacts.push({ label: maskedBy(label, masks), change, before, after, when: 'immediate' });
  }
  return impacts;
}

/** A text through the masks of every file it was taken from. */
function maskedBy(text: string, masks: ReadonlyArray<(text: string) => string>): string {
  return masks.reduce((shown, mask) => mask(shown), text);
}

/** The masks of the two sides of a file (base, head). */
type Masks = readonly [(text: string) => string, (text: string) => string];

function unmasked(text: string): string {
  return text;
}

function labelOwners(side: Side): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const [path, file] of [...side].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (file.operation !== 'edit-cluster') continue;
    for (const body of file.bodies) {
      const labels = isObject(body) && Array.isArray(body.label) ? body.label : [];
      for (const label of labels) {
        if (typeof label !== 'string' || !label.trim()) continue;
        const list = owners.get(label.trim()) ?? [];
        if (!list.includes(path)) list.push(path);
        owners.set(label.trim(), list);
      }
    }
  }
  return owners;
}

/** The members that differ, as leaves (lists compared whole), in the order they are written. */
function memberChanges(before: unknown, after: unknown, skipped: readonly string[], effectOf: (path: readonly string[]) => Effect | undefined, masks: Masks, document?: number): MemberChange[] {
  const was = leaves(before);
  const is = leaves(after);
  const changes: MemberChange[] = [];
  for (const key of [...new Set([...was.keys(), ...is.keys()])]) {
    const path = key.split('\0');
    if (skipped.includes(path[0])) continue;
    const [old, now] = [was.get(key), is.get(key)];
    if (sameValue(old, now)) continue;
    const secret = path.some(isCredentialLike);
    const callout = path.map((segment) => CALLOUTS[segment]).find(Boolean);
    const when = effectOf(path);
    changes.push({
      // A path names keys, and a key an alias brings from under a credential is part of its value.
      member: maskedBy(path.join('.'), masks),
      ...(document !== undefined ? { document } : {}),
      ...(old !== undefined ? { before: shown(old, secret, masks[0]) } : {}),
      ...(now !== undefined ? { after: shown(now, secret, masks[1]) } : {}),
      ...(when ? { when } : {}),
      ...(callout ? { callout } : {}),
    });
  }
  return changes;
}

/**
 * A credential's value is "****", at any depth (a list of objects holding a `password`); free text (a
 * Hadoop override, a script) has its credential lines masked; and any text or number is shown through
 * the file's mask (`mask`), which knows the credentials an alias brings under an ordinary member.
 */
function shown(value: unknown, secret: boolean, mask: (text: string) => string): Shown {
  if (secret) return MASK;
  if (typeof value === 'string') return mask(maskSecrets(value));
  if (Array.isArray(value)) return value.map((item) => shown(item, false, mask));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, member]) => [mask(key), shown(member, isCredentialLike(key), mask)]));
  // A number or a boolean an alias brings from a credential (`compute_secret_key: &s 12345`).
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return mask(String(value)) === String(value) ? value : MASK;
  return value;
}

/**
 * The members of a body as leaves (lists whole). A credential member's value is one leaf, whatever
 * it holds: its keys could be the secret (`compute_secret_key: {AKIA…: 1}`), and a path shows keys.
 */
function leaves(value: unknown, path: string[] = [], out = new Map<string, unknown>()): Map<string, unknown> {
  if (isObject(value) && !(path.length > 0 && isCredentialLike(path[path.length - 1]))) {
    for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], out);
  } else if (path.length > 0 && value !== undefined) {
    out.set(path.join('\0'), value);
  }
  return out;
}

function accountIdleTimeout(body: unknown): unknown {
  if (!isObject(body)) return undefined;
  const account = isObject(body.account) ? body.account : body;
  return account.idle_cluster_timeout ?? undefined;
}

function clustersWithoutIdleTimeout(side: Side): string[] {
  const files: string[] = [];
  for (const [path, file] of side) {
    if (file.operation !== 'edit-cluster') continue;
    // A file of several clusters (documents) is listed when any of them sets no idle timeout.
    const inherits = file.bodies.some((body) => {
      if (!isObject(body)) return false;
      const node = isObject(body.node_configuration) ? body.node_configuration : {};
      return node.idle_cluster_timeout == null && node.idle_cluster_timeout_in_secs == null;
    });
    if (inherits) files.push(path);
  }
  return files.sort();
}

function allowListImpact(base: Side, head: Side): AllowListImpact | undefined {
  const [was, is] = [allowListEntries(base), allowListEntries(head)];
  // Each entry shown as the files that hold it would show it.
  const show = (entry: string, side: Map<string, Array<(text: string) => string>>) => maskedBy(entry, side.get(entry)!);
  const added = [...is.keys()].filter((entry) => !was.has(entry)).sort().map((entry) => show(entry, is));
  const removed = [...was.keys()].filter((entry) => !is.has(entry)).sort().map((entry) => show(entry, was));
  if (added.length === 0 && removed.length === 0) return undefined;
  return { added, removed, countBefore: was.size, countAfter: is.size };
}

/** The entries of a side, each with the masks of the files that list it. */
function allowListEntries(side: Side): Map<string, Array<(text: string) => string>> {
  const entries = new Map<string, Array<(text: string) => string>>();
  for (const file of side.values()) {
    if (file.operation !== 'add-whitelist-ip') continue;
    for (const body of file.bodies) {
      if (!isObject(body) || typeof body.ip_cidr !== 'string') continue;
      const entry = body.ip_cidr.trim();
      entries.set(entry, [...(entries.get(entry) ?? []), file.mask]);
    }
  }
  return entries;
}

function isUserBootstrap(body: unknown): boolean {
  return isObject(body) && (body.is_user_bootstrap === true || body.is_user_bootstrap === 'true');
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
