import type { OperationId } from './operations.js';

/** Exit codes (DESIGN.md, README "Exit codes"): no error; an error finding or too many warnings; the run itself failed. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_FAILURE = 2;

/** How serious a finding is. `error` fails the run (exit 1); `warning` fails it only past `--max-warnings`. */
export type Severity = 'error' | 'warning' | 'info';

/** A rule's configured level: a severity, or `off` to switch it off. */
export type RuleLevel = Severity | 'off';

/** A rule's configured level, or level and options: `'warning'`, `['error', { maxNodes: 50 }]`. */
export type RuleSetting = RuleLevel | [RuleLevel, Record<string, unknown>?];
/** Rule settings by rule id, as the config file's `rules` holds them. */
export type RuleSettings = Readonly<Record<string, RuleSetting>>;

/** A span of source text. Lines and columns are 1-based; `endColumn` is exclusive (the column after the last character), as in SARIF and ESLint. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Characters [start, end) of a string value, as offsets into the value (not the file's text). */
export interface ValueSpan {
  start: number;
  end: number;
}

/** A text edit: replace the characters from `start` to `end` (0-based offsets into the file text) by `text`. */
export interface Fix {
  range: [number, number];
  text: string;
}

/** An edit a person should choose; never applied by `--fix`. */
export interface Suggestion {
  desc: string;
  fix: Fix;
}

/**
 * An edit a rule asks for in terms of data, which the engine turns into a `Fix` at the node's
 * source range, in the file's own style (JSON stays JSON; YAML keeps quoting and indentation).
 * `path` names the node to edit when it is not the reported one (same frame as the report's path).
 * An edit whose result would not read back as the intended value is dropped, never applied.
 */
export type FixIntent =
  /** Replace the value at the path: a plain scalar where YAML allows one, else double-quoted; a list written as a flow `[a]`. */
  | { kind: 'replaceValue'; value: unknown; path?: ReadonlyArray<string | number> }
  /** Rename the member at the path (its key keeps its quoting); never onto a member that exists. */
  | { kind: 'renameKey'; to: string; path?: ReadonlyArray<string | number> }
  /** Remove the member at the path, with its line(s) in YAML or its comma in JSON. */
  | { kind: 'removeMember'; path?: ReadonlyArray<string | number> }
  /** Move every member of the mapping at the path into a new member `under` (`{a, b}` → `{under: {a, b}}`). */
  | { kind: 'nestMembers'; under: string; path?: ReadonlyArray<string | number> };

/** A suggestion as a rule asks for it: an edit intent and what it does, said briefly ("Rename to vm_settings"). */
export type SuggestionIntent = FixIntent & { desc: string };

/** One problem found in a file: the contract of DESIGN.md ("Findings"). */
export interface Finding extends Range {
  /** Stable, kebab-case, namespaced id, e.g. `schema/enum`, `cluster/spot-block-duration`, `yaml/duplicate-key`. */
  ruleId: string;
  severity: Severity;
  /** Names the field, the actual value (secrets masked) and what is allowed. */
  message: string;
  /** RFC 6901 JSON Pointer into the document as written in the file (`""` is the root). */
  path: string;
  /** Index in a multi-document YAML stream, 0-based; absent for single-document files. */
  document?: number;
  /** A safe, automatic edit. */
  fix?: Fix;
  /** Edits a person should choose between ("did you mean"). */
  suggestions?: Suggestion[];
}

/**
 * Why a finding is not reported: an inline directive silenced it. ESLint's `suppressions` of a
 * suppressed message (`kind: 'directive'`); SARIF writes it as `kind: 'inSource'`.
 */
export interface Suppression {
  kind: 'directive';
  /** The directive's reason, the text after ` -- ` (credentials masked); absent when it gives none. */
  justification?: string;
}

/** A finding an inline directive silenced, with why (`includeSuppressed`, `--include-suppressed`). */
export interface SuppressedFinding extends Finding {
  suppressions: Suppression[];
}

/** A finding before the locating step: rules and the schema stage report data paths only. */
export interface PathFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Data path segments into the body as written. */
  path: ReadonlyArray<string | number>;
  /** Point at the member's key instead of its value (unknown or misspelt members). */
  target?: 'key' | 'value';
  /** Part of the string value the finding is about (`Report.within`). */
  within?: ValueSpan;
  /** Where a finding is about the whole document rather than a value in it. */
  range?: Range;
  /** The path starts at the document (a request envelope's `headers`, `path`), not at the body. */
  fromDocumentRoot?: boolean;
  /** A text edit (stages that see the source), or an intent the locating step renders. */
  fix?: Fix | FixIntent;
  suggestions?: Array<Suggestion | SuggestionIntent>;
  /** For rule findings: the message's id and data, kept for rule tests. */
  messageId?: string;
  data?: Record<string, string | number>;
}

/** Where an operation came from, in the order DESIGN.md fixes; `none` when it could not be resolved. */
export type OperationSource = 'option' | 'modeline' | 'envelope' | 'config' | 'inferred' | 'none';

/**
 * The operation one document of a stream was checked as, and how that was decided: each document
 * resolves its own (DESIGN.md, "How a document gets its operation"). Listed in a result only for
 * a stream whose documents do not all share the file's operation and source.
 */
export interface DocumentOperation {
  /** 0-based index in the stream. */
  document: number;
  operation: OperationId | undefined;
  operationSource: OperationSource;
}

/** The kind of cluster an edit-cluster body configures, derived once per document. */
export type ClusterKind = 'hadoop1' | 'hadoop2' | 'spark' | 'presto' | 'airflow' | 'unknown';

/** What a rule reports: a data path and a message from its table; the engine locates and renders it. */
export interface Report<MessageId extends string = string> {
  messageId: MessageId;
  /** Data path into the body, as written. */
  path: ReadonlyArray<string | number>;
  /** Values for the message's `{{placeholders}}`. */
  data?: Record<string, string | number>;
  /** Point at the key instead of the value. */
  target?: 'key' | 'value';
  /**
   * Part of a string value: offsets into the value as `body` holds it (0-based, `end` exclusive),
   * such as one line of a `custom_config` block. The finding then points at those characters
   * where the file writes them (a line of a `|` block on its own line), not at the whole value.
   */
  within?: ValueSpan;
  /** The path starts at the document, for a request envelope's own members (`headers`, `path`). */
  fromDocumentRoot?: boolean;
  /** A safe edit `--fix` may apply; the rule must declare `fixable`. */
  fix?: FixIntent;
  /** Edits a person chooses between; the rule must declare `hasSuggestions`. */
  suggestions?: SuggestionIntent[];
}

/** What `check` is given: the body as plain data, facts derived once, and `report`. */
export interface RuleContext<MessageId extends string = string, Options = Record<string, unknown>> {
  /** The request body as the API would receive it (aliases and merge keys resolved); for operations that take none, whatever was written, usually undefined. */
  body: unknown;
  operation: string;
  /** The cluster kind of an edit-cluster body (`unknown` for other operations). */
  clusterKind: ClusterKind;
  /** For a request envelope: the path parameters of its route (`ids`, `id_or_label`, `cluster_id`). */
  pathParameters: Readonly<Record<string, string>>;
  /** For a request envelope: its headers, as written. */
  headers: Readonly<Record<string, unknown>>;
  options: Options;
  report(report: Report<MessageId>): void;
}

/** A test case a rule carries: YAML text, and for invalid ones the findings expected. */
export interface RuleCase {
  name: string;
  yaml: string;
  /** The operation to lint it as; defaults to the rule's first `appliesTo`. */
  operation?: string;
  /** Shown in `dplint explain` and the docs. */
  example?: boolean;
  options?: Record<string, unknown>;
}

export interface InvalidRuleCase extends RuleCase {
  findings: Array<{
    messageId: string;
    line: number;
    column: number;
    data?: Record<string, string | number>;
    /** The text after applying each of this finding's suggestions, in order (ESLint RuleTester's `suggestions`). */
    suggestions?: Array<{ desc: string; output: string }>;
  }>;
  /** The text after applying the rule's fixes once; required when the rule fixes the case, absent when it does not. */
  output?: string;
}

/** A cross-field rule: one file under `rules/<namespace>/<name>.ts`, its path being its id. */
export interface Rule<MessageId extends string = string, Options extends Record<string, unknown> = Record<string, unknown>> {
  /** Stable, namespaced, kebab-case: `cluster/spot-block-duration`. */
  id: string;
  /** Operation ids it checks, or `*` for any. */
  appliesTo: readonly string[] | '*';
  severity: Severity;
  /** Its reports may carry a `fix` that `--fix` applies (only where the result is certain). */
  fixable?: boolean;
  /** Its reports may carry `suggestions` for a person to choose from. */
  hasSuggestions?: boolean;
  docs: {
    /** One sentence: what it catches. */
    summary: string;
    /** Why, in the spec's words (quoted, with the section). */
    rationale: string;
    /** How to fix it. */
    fix: string;
  };
  /** Message templates by id, with `{{placeholders}}`. */
  messages: Record<MessageId, string>;
  /** Defaults of the rule's options. */
  defaultOptions: Options;
  check(context: RuleContext<MessageId, Options>): void;
  cases: { valid: RuleCase[]; invalid: InvalidRuleCase[] };
}

/** One linted file as formatters see it. */
export interface FileResult {
  /** The path as given on the command line, `/`-separated. */
  file: string;
  /** The first document's operation that resolved (of a stream whose documents differ, `documents` has each one's). */
  operation: OperationId | undefined;
  operationSource: OperationSource;
  /** For a stream whose documents do not all share `operation` and `operationSource`: each document's; absent otherwise. */
  documents?: DocumentOperation[];
  findings: Finding[];
  /**
   * The findings inline directives silenced, with their reasons, when the run asked for them
   * (`--include-suppressed`, or a SARIF output): the JSON output lists them under that flag, SARIF
   * as results with `suppressions`. They count towards nothing: not the summary, not the exit code.
   */
  suppressed?: SuppressedFinding[];
  /** The file's text, for writing fixes and for the line and column of a fix's offsets (SARIF); never shown. */
  source?: string;
  /**
   * The file's text as outputs may show it, every credential masked (`****`): the engine's
   * (`LintResult.shownSource`). Code frames and SARIF fingerprints take their lines from here
   * only; formatters mask nothing themselves, so without it there is no code frame.
   */
  shownSource?: string;
  /**
   * Its fixes and suggestions were screened for credentials (`withoutRevealingEdits`): a fix whose
   * text would show one is left out. Formatters print the fixes a result holds as they are, so
   * whoever makes results for output screens them (lintFiles, lintRun and the cache do).
   */
  screened?: boolean;
  /** Set when `--fix` or `--fix-dry-run` changed the text: the text as read (`source` and the findings are then those of the fixed text). */
  originalSource?: string;
  /** With `originalSource`: how many problems the fixes made in `source` fixed (what `--fix` reports as "fixed N problems"). */
  fixedCount?: number;
  /**
   * The findings a baseline held back (`applyBaseline`), in order: not in `findings`, so not
   * counted, shown or failing the run; only SARIF lists them, with `baselineState: "unchanged"`.
   */
  heldBack?: Finding[];
}

/** Where a fact is: its document in a stream, its data path, and the characters of a string value it is about. */
export interface FactPlace {
  document?: number;
  path: ReadonlyArray<string | number>;
  within?: ValueSpan;
  /**
   * Where the value is in the file's text, once a check across files has located it there (the
   * lint cache keeps it, so that a file unchanged since is neither read nor parsed again for it).
   */
  range?: Range;
}

export interface Located extends FactPlace {
  value: string | number;
}

/** A Hive bootstrap script's `SET` keys, each with its line in the script (`within`). */
export interface BootstrapFact {
  userLevel: boolean;
  /** The document of a stream the script is in. */
  document?: number;
  keys: Array<FactPlace & { key: string }>;
}

/**
 * What one file tells the checks across files (the `repository/*` rules): a list of each fact, one
 * entry a document, since a stream sends each of its documents as a request of its own (DESIGN.md:
 * each document resolves its own). src/engine/repository.ts collects them.
 */
export interface RepositoryFacts {
  labels?: Located[];
  ipBlocks?: Located[];
  bootstraps?: BootstrapFact[];
  accountIdleTimeouts?: Located[];
  clusterIdleTimeouts?: Located[];
  /** The text may hold inline directives (`dplint-`): a finding across files is then checked against them, which needs the file parsed. */
  directives?: true;
}
