import type { ClusterImpact, Effect, ImpactReport, MemberChange } from './impact.js';

/**
 * The impact report as Markdown, for a pull-request comment or `$GITHUB_STEP_SUMMARY`. Everything
 * taken from the files is data: shown in code spans, with table pipes escaped, control characters
 * replaced and long values cut, so a file cannot forge the report's own text.
 */
export function impactMarkdown(report: ImpactReport): string {
  const lines: string[] = [`## dplint impact: ${code(report.base)} → ${code(report.head)}`, ''];
  const nothing = report.labels.length === 0 && report.clusters.length === 0 && report.account.length === 0 && !report.allowList && report.bootstrap.length === 0;
  for (const skipped of report.notRead) {
    lines.push(`> **Note:** ${code(skipped.file)} at ${code(skipped.at)} was not read: ${skipped.bytes} bytes, more than limits.maxFileSize (${skipped.maxFileSize}); what it changes is not in this report.`, '');
  }
  if (nothing) return [...lines, `No change to cluster, account, allow-list or bootstrap bodies${report.notRead.length > 0 ? ' among those read' : ''}.`, ''].join('\n');

  for (const warning of report.warnings) lines.push(`> **Warning:** ${text(warning)}`, '');

  if (report.labels.length > 0) {
    lines.push('### Immediately: labels', '', 'Label changes take effect when the change is applied; new commands on a label run on the cluster that now holds it (spec 3).', '');
    lines.push('| label | change | held by before | runs its commands after |', '|---|---|---|---|');
    for (const label of report.labels) lines.push(`| ${code(label.label)} | ${label.change} | ${files(label.before)} | ${files(label.after)} |`);
    lines.push('');
  }

  const duplicated = report.labels.filter((label) => label.change === 'duplicated');
  if (duplicated.length > 0 || report.callouts.length > 0 || report.inheritedIdleTimeouts.length > 0) {
    lines.push('### Look at these first', '');
    // A label two files claim is a conflict, not a change to review: before everything else.
    for (const label of duplicated) {
      lines.push(`- label ${code(label.label)}: duplicated: claimed by ${files(label.after)}; commands on it would run on whichever cluster was edited last (dplint reports repository/duplicate-label, an error)`);
    }
    for (const member of report.callouts) lines.push(`- ${code(member.file)}${documentOf(member)}: ${member.callout}: ${code(member.member)} ${transition(member)}${effect(member)}`);
    for (const inherited of report.inheritedIdleTimeouts) {
      const clusters = inherited.clusters.length > 0 ? `; clusters that take it: ${inherited.clusters.map(code).join(', ')}` : '; no cluster file takes it (each sets its own)';
      lines.push(`- ${code(inherited.file)}${documentOf(inherited)}: the account's default idle timeout ${transition(inherited)}${clusters}`);
    }
    lines.push('');
  }

  if (report.clusters.length > 0) {
    lines.push('### At the next restart: clusters', '', 'Other attribute changes take effect at the next cluster restart (spec 3).', '');
    for (const cluster of report.clusters) lines.push(...clusterSection(cluster));
  }

  for (const account of report.account) {
    lines.push(`### Account: ${code(account.file)} (${account.change})`, '', ...memberTable(account.members));
  }

  if (report.allowList) {
    const { added, removed, countBefore, countAfter } = report.allowList;
    lines.push('### Allow-list', '');
    for (const entry of added) lines.push(`- added ${code(entry)}`);
    for (const entry of removed) lines.push(`- removed ${code(entry)}`);
    lines.push(`- entries: ${countBefore} → ${countAfter}`, '');
  }

  if (report.bootstrap.length > 0) {
    lines.push('### Hive bootstrap', '');
    for (const bootstrap of report.bootstrap) lines.push(`- ${code(bootstrap.file)}${documentOf(bootstrap)} (${bootstrap.change}): ${text(bootstrap.note)}`);
    lines.push('');
  }
  return lines.join('\n');
}

function clusterSection(cluster: ClusterImpact): string[] {
  const renamed = cluster.oldFile ? `, was ${code(cluster.oldFile)}` : '';
  const lines = [`#### ${code(cluster.file)} (${cluster.change}${renamed})`, ''];
  if (cluster.change === 'deleted') return [...lines, 'The cluster file is gone: dplint no longer checks this cluster, and the API is not told to change it.', ''];
  if (cluster.members.length === 0) return [...lines, 'No member changed.', ''];
  return [...lines, ...memberTable(cluster.members)];
}

function memberTable(members: readonly MemberChange[]): string[] {
  const lines = ['| member | before | after |', '|---|---|---|'];
  for (const member of members) lines.push(`| ${code(member.member)}${documentOf(member)} | ${value(member, 'before')} | ${value(member, 'after')} |`);
  return [...lines, ''];
}

/** ` (document 1)` for a change in a multi-document file, numbered from 0 as the lint's outputs do. */
function documentOf(change: { document?: number }): string {
  return change.document === undefined ? '' : ` (document ${change.document})`;
}

const EFFECT_NOTES: Record<Effect, string> = {
  'next restart': ' (at next restart)',
  'after all queries complete': ' (after all queries complete, spec 4.4)',
};

/** When the change takes effect, where the spec says it; nothing where it is silent. */
function effect(member: MemberChange): string {
  return member.when ? EFFECT_NOTES[member.when] : '';
}

function transition(change: { before?: unknown; after?: unknown }): string {
  return `${value(change, 'before')} → ${value(change, 'after')}`;
}

function value(change: { before?: unknown; after?: unknown }, side: 'before' | 'after'): string {
  return side in change ? code(JSON.stringify(change[side])) : '(unset)';
}

function files(list: readonly string[]): string {
  return list.length === 0 ? '(none)' : list.map(code).join(', ');
}

const LONGEST_VALUE = 120;

/** A code span that holds any text: control characters (bidirectional ones too) shown as escapes, cut when long, pipes escaped for tables. */
function code(raw: string): string {
  let shown = raw.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (shown.length > LONGEST_VALUE) shown = `${shown.slice(0, LONGEST_VALUE)}…`;
  const fence = '`'.repeat(longestRun(shown) + 1);
  const padded = shown.startsWith('`') || shown.endsWith('`') ? ` ${shown} ` : shown;
  return `${fence}${padded}${fence}`.replace(/\|/g, '\\|');
}

function text(raw: string): string {
  return raw.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/[|<>`*_[\]]/g, (c) => `\\${c}`);
}

function longestRun(value: string): number {
  let longest = 0;
  for (const run of value.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}
