import { run } from '../../src/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process, as a terminal-less CI job would, and captures what it prints. */
export async function runCli(argv: string[], options: { cwd?: string; env?: Record<string, string | undefined>; isTTY?: boolean } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
  });
  return { code, stdout, stderr };
}
