/** A regular expression of dplint's code and where it is written. */
export interface SourceRegex {
  file: string;
  line: number;
  regex: RegExp;
}

export function sourceRegexes(): { found: SourceRegex[]; dynamic: string[] };
export function schemaPatterns(): Array<{ file: string; source: string }>;
export function attackRuns(regex: RegExp, size: number): string[];
export function everyFieldBody(schema: object, definitions: Record<string, object>, value: string): unknown;
