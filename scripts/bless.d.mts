/** One golden case: the command's arguments, relative to the repository root, and the file its output must equal. */
export interface GoldenCase {
  name: string;
  out: string;
  args: string[];
}

export const ROOT: string;
export const CASES: string;
export function goldenCases(): GoldenCase[];
export function runGolden(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
