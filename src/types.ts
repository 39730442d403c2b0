/** How serious a finding is. `error` fails the run (exit 1); `warning` fails it only past `--max-warnings`. */
export type Severity = 'error' | 'warning' | 'info';

/** A rule's configured level: a severity, or `off` to switch it off. */
export type RuleLevel = Severity | 'off';

/** A span of source text. Lines and columns are 1-based; `endColumn` is exclusive (the column after the last character), as in SARIF and ESLint. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
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

/** A finding before the locating step: rules and the schema stage report data paths only. */
export interface PathFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Data path segments into the body as written. */
  path: ReadonlyArray<string | number>;
  /** Point at the member's key instead of its value (unknown or misspelt members). */
  target?: 'key' | 'value';
  /** Where a finding is about the whole document rather than a value in it. */
  range?: Range;
  /** The path starts at the document (a request envelope's `headers`, `path`), not at the body. */
  fromDocumentRoot?: boolean;
  fix?: Fix;
  suggestions?: Suggestion[];
  /** For rule findings: the message's id and data, kept for rule tests. */
  messageId?: string;
  data?: Record<string, string | number>;
}

/** Where an operation came from, in the order DESIGN.md fixes; `none` when it could not be resolved. */
export type OperationSource = 'option' | 'modeline' | 'envelope' | 'config' | 'inferred' | 'none';

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
  /** The path starts at the document, for a request envelope's own members (`headers`, `path`). */
  fromDocumentRoot?: boolean;
  fix?: Fix;
  suggestions?: Suggestion[];
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
  findings: Array<{ messageId: string; line: number; column: number; data?: Record<string, string | number> }>;
}

/** A cross-field rule: one file under `rules/<namespace>/<name>.ts`, its path being its id. */
export interface Rule<MessageId extends string = string, Options extends Record<string, unknown> = Record<string, unknown>> {
  /** Stable, namespaced, kebab-case: `cluster/spot-block-duration`. */
  id: string;
  /** Operation ids it checks, or `*` for any. */
  appliesTo: readonly string[] | '*';
  severity: Severity;
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
