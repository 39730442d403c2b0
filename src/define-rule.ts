import type { FactPlace, InvalidRuleCase, RepositoryFacts, Report, Rule, RuleCase, RuleLevel, Severity } from './types.js';

/**
 * The stage of the engine that reports a built-in rule's findings. Such a rule has no `check`:
 * its stage computes the findings (the parser, ajv, the directive pass) and takes the rule's id,
 * severity and message table from its file under `rules/`. Where a stage's findings come from plain
 * data, the check is in the rule's file: a request envelope's (`checkEnvelope`), the facts of every
 * file for a `repository/*` rule (`checkFacts`); the stage reads the data and places the findings.
 */
export type Stage = 'parse' | 'operation' | 'schema' | 'yaml' | 'body' | 'directive' | 'repository';

/** A case of a built-in rule: a whole file, linted as the CLI lints it (its operation from the file itself unless `operation` says). */
export interface StageRuleCase extends RuleCase {
  /** The file's name (default `case.yaml`): `.json` lints it as JSON; `repository/*` messages name files. */
  filename?: string;
  /** For `repository/*` rules: the other files of the repository, by name; each declares its operation in a modeline. */
  otherFiles?: Record<string, string>;
  /** The file's bytes as read from disk, base64 (`parse/encoding`: the encoding is judged before there is text); `yaml` is then empty. */
  bytes?: string;
  /** Lint options beyond the defaults (a limit, reporting unused directives). */
  lint?: { reportUnusedDisableDirectives?: RuleLevel; directives?: { requireReason?: boolean }; maxAliasCount?: number; maxAliasExpansion?: number; maxDepth?: number; maxDocuments?: number; maxScalars?: number };
}

export type StageInvalidCase = StageRuleCase & Omit<InvalidRuleCase, keyof RuleCase>;

/** A rule id a stage of the engine reports: the same shape as a cross-field rule, less `check`, `appliesTo` and options. */
export interface StageRule<MessageId extends string = string> {
  id: string;
  stage: Stage;
  severity: Severity;
  fixable?: boolean;
  hasSuggestions?: boolean;
  docs: Rule['docs'];
  messages: Record<MessageId, string>;
  /** An `operation/*` rule's check of a request envelope, as data: its paths start at the document. */
  checkEnvelope?: (envelope: Record<string, unknown>, report: (report: Report<MessageId>) => void) => void;
  /**
   * A `repository/*` rule's check over the facts each file of the run left, made once a run (as an
   * ESLint rule's `create` makes its visitors): told each file's facts in the run's order, then asked
   * for its findings, each reported in its file.
   */
  checkFacts?: (report: FactReport<MessageId>) => FactsCheck;
  cases: { valid: StageRuleCase[]; invalid: StageInvalidCase[] };
}

/**
 * A check across files, for one run. The facts are read once for every check (each read unpacks a
 * file's facts from the run's packed results): `file` is told each file's in turn; `end` reports,
 * and may read them again (`facts`, keyed by file, in the run's order) where a finding needs it.
 */
export interface FactsCheck {
  file(name: string, facts: RepositoryFacts): void;
  end(facts: ReadonlyMap<string, RepositoryFacts>): void;
}

/**
 * Reports a finding across files in `file`, about the fact at `at`, at the rule's level for the
 * file; none where the rule is off there. `data` is asked for only then, so a rule switched off builds no message.
 */
export type FactReport<MessageId extends string = string> = (file: string, messageId: MessageId, data: () => Record<string, string | number>, at: FactPlace) => void;

/** Declares a rule; typed so that every `report` names a messageId of the rule's own table. */
export function defineRule<MessageId extends string, Options extends Record<string, unknown> = Record<string, never>>(
  rule: Rule<MessageId, Options>,
): Rule<MessageId, Options>;
/** Declares a rule a stage of the engine reports; its stage renders its messages with {@link stageMessage}. */
export function defineRule<MessageId extends string>(rule: StageRule<MessageId>): StageRule<MessageId>;
export function defineRule(rule: Rule | StageRule): Rule | StageRule {
  return rule;
}

/** Renders `{{name}}` placeholders of a message template. */
export function renderMessage(template: string, data: Record<string, string | number> = {}): string {
  const parts = partsOf(template);
  let message = parts[0];
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i];
    message += (Object.hasOwn(data, name) ? String(data[name]) : parts[i + 1]) + parts[i + 2];
  }
  return message;
}

/**
 * A template cut at its placeholders: text, then for each placeholder its name, its own text
 * (kept where the data has no such name) and the text after it. Cut once per template: a CI gate
 * renders the same few hundred templates hundreds of thousands of times.
 */
function partsOf(template: string): readonly string[] {
  const known = TEMPLATE_PARTS.get(template);
  if (known) return known;
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(TEMPLATE_FIELD)) {
    parts.push(template.slice(last, match.index), match[1], match[0]);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  // Rules' and policies' templates are a few hundred; the bound only keeps an odd caller's from growing without end.
  if (TEMPLATE_PARTS.size < 10_000) TEMPLATE_PARTS.set(template, parts);
  return parts;
}

/** A field of a message template: `{{name}}`. */
const TEMPLATE_FIELD = /\{\{\s*(\w+)\s*\}\}/g;
const TEMPLATE_PARTS = new Map<string, readonly string[]>();

/**
 * What a stage puts in a finding of a built-in rule: its id, default severity and the message
 * rendered from the rule's table, with the messageId and data the rule tests assert (and the
 * output drops).
 */
export function stageMessage<MessageId extends string>(
  rule: StageRule<MessageId>,
  // NoInfer<MessageId> written the way TypeScript before 5.4 reads it: the public declarations reach
  // this file (rules/index.d.ts), and a consumer on an older compiler would fail on NoInfer.
  messageId: [MessageId][MessageId extends unknown ? 0 : never],
  data?: Record<string, string | number>,
): { ruleId: string; severity: Severity; message: string; messageId: MessageId; data?: Record<string, string | number> } {
  return { ruleId: rule.id, severity: rule.severity, message: renderMessage(rule.messages[messageId], data), messageId, ...(data ? { data } : {}) };
}
