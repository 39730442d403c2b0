import { ALL_RULES, type RuleInfo } from '../../rules/index.js';
import type { Finding, Fix, Severity, SuppressedFinding } from '../types.js';
import { REPOSITORY_URL, ruleDocsUrl, VERSION } from '../version.js';
import { sortFindings } from '../engine/order.js';
import { lineStarts, positionAt } from '../parse/lines.js';
import { lineHash } from './fingerprint.js';
import { documentSuffix, encodePath, fileUri, isAbsolutePath, relativePath, shownLines } from './source.js';
import { joined, type FileResult, type FormatStream } from './types.js';

const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** GitHub's bands: 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low; a security rule's default severity picks its band. */
const SECURITY_SEVERITY: Record<Severity, string> = { error: '7.0', warning: '5.0', info: '2.0' };

const SRCROOT = '%SRCROOT%';

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/**
 * SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one run, every rule dplint has in
 * `tool.driver.rules` (GitHub lists a rule's help even before it fires), one result per finding.
 * Paths are URI references relative to `%SRCROOT%` (the working directory, which the CLI runs
 * from the repository root in CI). `informationUri` is the repository, and each rule's `helpUri` its
 * page at this version's tag (src/version.ts, `ruleDocsUrl`).
 * With a baseline (`options.baseline`), the findings it held back (`heldBack`) are results as well,
 * and every result has a `baselineState` (SARIF 2.1.0 §3.27.24): `unchanged` for those, `new` for
 * the others. Baseline entries that no longer occur are not given as `absent` results: they have no
 * location left to show.
 * A finding an inline directive silenced, where the results carry them (the CLI always asks for
 * them for SARIF), is a result too, with `suppressions: [{kind: 'inSource', justification}]`:
 * code scanning shows it as dismissed rather than not at all, and a viewer can list what is silenced.
 */
export const sarifParts: FormatStream = function* (results, options = {}) {
  const catalogue = options.rules ?? ALL_RULES;
  const rules = catalogue.map(ruleDescriptor);
  const ruleIndex = new Map(catalogue.map((rule, index) => [rule.id, index]));
  // The rule list comes before the results: a pass over them first finds the ids outside the
  // catalogue, in the order they first occur, each given a descriptor (GitHub drops results without one).
  for (const result of results) {
    if (!shownAsResults(result)) continue;
    for (const finding of allFindings(result)) {
      if (ruleIndex.has(finding.ruleId)) continue;
      ruleIndex.set(finding.ruleId, rules.length);
      rules.push(unknownRuleDescriptor(finding.ruleId));
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'dplint', version: VERSION, semanticVersion: VERSION, informationUri: REPOSITORY_URL, rules } },
        invocations: [{ executionSuccessful: true }],
        ...(options.cwd === undefined ? {} : { originalUriBaseIds: { [SRCROOT]: { uri: fileUri(options.cwd, true) } } }),
        columnKind: 'utf16CodeUnits',
        results: [],
      },
    ],
  };
  // JSON.stringify(log, null, 2) with the results written where its empty array stands, one file at a time.
  const shell = JSON.stringify(log, null, 2) + '\n';
  const open = shell.lastIndexOf(EMPTY_RESULTS) + EMPTY_RESULTS.length - 1;
  let separator = '\n        ';
  for (const result of results) {
    if (!shownAsResults(result)) continue;
    const artifactLocation = artifactLocationOf(result.file, options.cwd);
    const source = result.source;
    const masked = shownLines(result);
    const starts = source === undefined ? undefined : lineStarts(source);
    const held = new Set<Finding>(result.heldBack ?? []);
    // A hash names the file's URI: its occurrences are counted within the file, and nothing is held from one file to the next.
    const occurrences = new Map<string, number>();
    let part = separator === '\n        ' ? shell.slice(0, open) : '';
    for (const finding of allFindings(result)) {
      const hash = lineHash(finding, artifactLocation.uri, masked);
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      const suppressions = 'suppressions' in finding ? finding.suppressions : undefined;
      const fix = !suppressions && finding.fix && source !== undefined && starts ? sarifFix(finding.fix, source, starts, artifactLocation) : undefined;
      const sarifResult = {
        ruleId: finding.ruleId,
        ruleIndex: ruleIndex.get(finding.ruleId),
        level: LEVELS[finding.severity],
        message: { text: finding.message + documentSuffix(finding) },
        locations: [{ physicalLocation: { artifactLocation, region: regionOf(finding) } }],
        partialFingerprints: { primaryLocationLineHash: `${hash}:${occurrence}` },
        // A silenced finding is judged by its directive, not the baseline: it has no baselineState.
        ...(options.baseline && !suppressions ? { baselineState: held.has(finding) ? 'unchanged' : 'new' } : {}),
        ...(fix ? { fixes: [fix] } : {}),
        // SARIF 2.1.0 §3.27.23: a result an inline directive silenced is "inSource", with the directive's reason as its justification.
        ...(suppressions ? { suppressions: suppressions.map(({ justification }) => ({ kind: 'inSource', ...(justification === undefined ? {} : { justification }) })) } : {}),
      };
      part += separator + JSON.stringify(sarifResult, null, 2).replaceAll('\n', '\n        ');
      separator = ',\n        ';
    }
    yield part;
  }
  yield separator === '\n        ' ? shell : '\n      ' + shell.slice(open);
};

/** {@link sarifParts} as one text. */
export const sarif = joined(sarifParts);

const EMPTY_RESULTS = '"results": []';

/** Whether a file's findings are SARIF results: those reported, held back by a baseline or silenced by a directive. */
function shownAsResults(result: FileResult): boolean {
  return result.findings.length > 0 || (result.heldBack?.length ?? 0) > 0 || (result.suppressed?.length ?? 0) > 0;
}

/**
 * A result's findings, the findings a baseline held back and those its directives silenced, in one
 * order (document, line, column, rule id): every finding keeps the fingerprint occurrence it would
 * have had in a run without the baseline or the directive, so an alert a new directive silences is
 * the same alert, now suppressed (GitHub closes it), and a held one is the same, `unchanged`.
 */
function allFindings(result: FileResult): Array<Finding | SuppressedFinding> {
  const heldBack = result.heldBack ?? [];
  const suppressed = result.suppressed ?? [];
  if (heldBack.length === 0 && suppressed.length === 0) return result.findings;
  return sortFindings<Finding | SuppressedFinding>([...result.findings, ...heldBack, ...suppressed]);
}

/** `cluster/max-nodes-below-initial` → `ClusterMaxNodesBelowInitial`. */
export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/** Tags: the id's namespace (`security/*` rules carry `security`, which makes GitHub list them as security alerts). */
function ruleDescriptor(rule: RuleInfo): object {
  const namespace = rule.id.split('/')[0];
  const security = namespace === 'security';
  const { summary, rationale, fix } = rule.docs;
  return {
    id: rule.id,
    name: pascalCase(rule.id),
    shortDescription: { text: summary },
    fullDescription: { text: `${summary} ${rationale}` },
    helpUri: ruleDocsUrl(rule.id),
    help: { text: `${rationale}\n\nHow to fix: ${fix}`, markdown: `${rationale}\n\n**How to fix:** ${fix}` },
    defaultConfiguration: { level: LEVELS[rule.severity] },
    properties: security ? { tags: ['security'], 'security-severity': SECURITY_SEVERITY[rule.severity] } : { tags: [namespace] },
  };
}

/** For ids outside the catalogue: `policy/*` from the config file's `policies` (pass them in `options.rules` to describe them), or anything else. */
function unknownRuleDescriptor(id: string): object {
  const text = id.startsWith('policy/') ? `${id}: a policy from the project's dplint config file.` : `${id} is not in dplint's rule catalogue.`;
  return { id, name: pascalCase(id), shortDescription: { text }, fullDescription: { text }, help: { text, markdown: text }, properties: { tags: [id.split('/')[0]] } };
}

function artifactLocationOf(file: string, cwd: string | undefined): ArtifactLocation {
  const path = relativePath(file, cwd);
  // A file outside the working directory cannot be expressed against %SRCROOT%: give its own URI.
  return isAbsolutePath(path) ? { uri: fileUri(path) } : { uri: encodePath(path), uriBaseId: SRCROOT };
}

/** SARIF requires 1-based positions and a region that does not end before it starts. */
function regionOf(finding: Finding): Region {
  const startLine = Math.max(1, finding.line);
  const startColumn = Math.max(1, finding.column);
  const endLine = Math.max(startLine, finding.endLine);
  const endColumn = endLine === startLine ? Math.max(startColumn, finding.endColumn) : Math.max(1, finding.endColumn);
  return { startLine, startColumn, endLine, endColumn };
}


/**
 * The finding's fix as a SARIF `fix`: its 0-based offsets turned into a line/column region of the
 * file (the text is read for its line starts only). The fix is the result's: one whose text would
 * carry a credential was left out where the result was made (`withoutRevealingEdits`). The
 * deleted region names positions, not text.
 */
function sarifFix(fix: Fix, source: string, starts: readonly number[], artifactLocation: ArtifactLocation): object | undefined {
  const [start, end] = fix.range;
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= source.length)) return undefined;
  const from = positionAt(starts, start);
  const to = positionAt(starts, end);
  return {
    artifactChanges: [
      {
        artifactLocation,
        replacements: [
          {
            deletedRegion: { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column },
            insertedContent: { text: fix.text },
          },
        ],
      },
    ],
  };
}
