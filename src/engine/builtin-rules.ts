import { SCHEMA_RULES } from '../schema/validate-body.js';
import type { Severity } from '../types.js';

/**
 * A rule id the engine itself reports that has no file under rules/ yet (parse/encoding, most of
 * schema/*): no `check`, no cases, just its docs. The other built-in ids are StageRules in rules/.
 */
export interface BuiltinRule {
  id: string;
  severity: Severity;
  /** Its findings may carry a fix `--fix` makes (see docs/fixing.md). */
  fixable?: boolean;
  /** Its findings may carry suggestions for a person to choose from. */
  hasSuggestions?: boolean;
  docs: { summary: string; rationale: string; fix: string };
}

const SCHEMA_RATIONALE =
  'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.';

/** What the schema stage offers: a lone label made a list and a subnet list made one string (fixes); "did you mean" and the nearest valid number (suggestions). */
const SCHEMA_FIXES: Record<string, Pick<BuiltinRule, 'fixable' | 'hasSuggestions'>> = {
  'schema/range': { hasSuggestions: true },
};

export const BUILTIN_RULES: readonly BuiltinRule[] = [
  {
    id: 'parse/encoding',
    severity: 'error',
    docs: {
      summary: 'The file is not text dplint can decode (UTF-8, or UTF-16 with a byte-order mark).',
      rationale: 'JSON is UTF-8 on the wire; a file in another encoding, or binary data, cannot be sent as it is.',
      fix: 'Save the file as UTF-8.',
    },
  },
  ...Object.entries(SCHEMA_RULES).map(([id, meta]) => ({
    id,
    severity: meta.severity,
    ...SCHEMA_FIXES[id],
    docs: {
      summary: meta.summary,
      rationale: SCHEMA_RATIONALE,
      fix: 'Change the value to one the message lists.',
    },
  })),
];
