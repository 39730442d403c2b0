import { Command, CommanderError, Option } from 'commander';
import { ALL_RULES } from './engine/registry.js';
import { FORMATTERS } from './formatters/index.js';
import { summarize, type FileResult } from './formatters/types.js';
import { UsageError } from './node/files.js';
import { lintFiles } from './node/lint-files.js';
import { isOperationId, OPERATION_IDS, OPERATIONS, type OperationId } from './operations.js';
import { VERSION } from './version.js';

/** Exit codes (README "Exit codes"). */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_FAILURE = 2;

/** Everything the CLI touches outside the file system, so tests run it in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours by default). */
  isTTY: boolean;
}

interface LintCommandOptions {
  operation?: string;
  format: string;
  config: boolean;
  color?: boolean;
  maxWarnings?: string;
  quiet?: boolean;
}

/** Runs dplint with `argv` (without `node` and the script) and returns the exit code; never throws. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('dplint')
    .description('Lint request bodies of the Account and Cluster Management API (YAML or JSON) before they are sent.')
    .version(VERSION, '-v, --version')
    .argument('[paths...]', 'files, and directories searched for *.yaml, *.yml, *.json', ['.'])
    .addOption(new Option('--operation <id>', 'lint every file as the body of this operation (see `dplint operations`)'))
    .addOption(new Option('-f, --format <name>', `output format: ${Object.keys(FORMATTERS).join(', ')}`).default('stylish'))
    .option('--no-config', 'ignore dplint.config.yaml / .dplint.yaml')
    .option('--color', 'colour the output (default: when stdout is a terminal and NO_COLOR is unset)')
    .option('--no-color', 'never colour the output')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this (-1: no limit)')
    .option('--quiet', 'report errors only')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text), outputError: () => {} })
    .action((paths: string[], options: LintCommandOptions) => {
      exitCode = lintCommand(paths, options, io);
    });

  program
    .command('operations')
    .description('list the 14 operations: id, method and path')
    .action(() => {
      const width = Math.max(...OPERATION_IDS.map((id) => id.length));
      for (const operation of OPERATIONS) {
        const notes = [operation.alternateEnvironment ? 'alternate environment' : '', operation.deprecation ? 'deprecated' : ''].filter(Boolean);
        io.stdout(`${operation.id.padEnd(width)}  ${operation.method.padEnd(6)} ${operation.path}${notes.length ? `  (${notes.join(', ')})` : ''}\n`);
      }
    });

  program
    .command('rules')
    .description('list every rule: id, default severity, summary')
    .action(() => {
      const width = Math.max(...ALL_RULES.map((rule) => rule.id.length));
      for (const rule of ALL_RULES) io.stdout(`${rule.id.padEnd(width)}  ${rule.severity.padEnd(7)}  ${rule.docs.summary}\n`);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      io.stderr(`dplint: ${error.message.replace(/^error: /, '')}\n`);
      return EXIT_FAILURE;
    }
    if (error instanceof UsageError) {
      io.stderr(`dplint: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`dplint: internal error: ${message}\n`);
    return EXIT_FAILURE;
  }
}

function lintCommand(paths: string[], options: LintCommandOptions, io: CliIo): number {
  const formatter = FORMATTERS[options.format];
  if (!formatter) throw new UsageError(`unknown format "${options.format}"; expected one of ${Object.keys(FORMATTERS).join(', ')}`);
  let operation: OperationId | undefined;
  if (options.operation !== undefined) {
    if (!isOperationId(options.operation)) throw new UsageError(`unknown operation "${options.operation}"; expected one of ${OPERATION_IDS.join(', ')}`);
    operation = options.operation;
  }
  const maxWarnings = options.maxWarnings === undefined ? -1 : Number(options.maxWarnings);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings takes a whole number (-1 for no limit); got "${options.maxWarnings}"`);

  let results: FileResult[] = lintFiles(paths, { cwd: io.cwd, operation });
  if (results.length === 0) throw new UsageError(`no YAML or JSON files found in ${paths.map((p) => JSON.stringify(p)).join(', ')}`);
  if (options.quiet) results = results.map((result) => ({ ...result, findings: result.findings.filter((f) => f.severity === 'error') }));

  const color = options.color ?? (io.isTTY && io.env.NO_COLOR === undefined);
  io.stdout(formatter(results, { color, cwd: io.cwd }));

  const summary = summarize(results);
  if (summary.errors > 0) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && summary.warnings > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}
