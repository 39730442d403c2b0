import { Command, CommanderError, Option } from 'commander';
import { explainRule, UnknownRuleError } from './api/explain.js';
import { lspCommand } from './commands/lsp.js';
import { lintCommand, parseRuleOptions, unusedDirectivesLevel, type LintCommandOptions } from './commands/lint.js';
import { impactCommand } from './commands/impact.js';
import { initCommand } from './commands/init.js';
import { printConfig } from './commands/print-config.js';
import { defaultLevel, rulesTable } from './commands/rules-table.js';
import { schemaCommand } from './commands/schema.js';
import { ConfigError } from './config/config.js';
import { ALL_RULES } from '../rules/index.js';
import { FORMAT_NAMES } from './formatters/index.js';
import { printable } from './formatters/source.js';
import { ConfigResolver } from './node/config-file.js';
import { UsageError } from './node/files.js';
import { DEFAULT_BASELINE } from './node/baseline-file.js';
import { OPERATION_IDS, OPERATIONS } from './operations.js';
import { VERSION } from './version.js';
import { EXIT_FAILURE, EXIT_OK } from './types.js';


/** Everything the CLI touches outside the file system, so tests run it in-process. */
export interface CliIo {
  /** Writes to standard output; a return of false (as a Node stream's write) asks the writer to wait for {@link drained}. */
  stdout(text: string): unknown;
  /** Resolves when standard output has taken what it was given: a large output waits, rather than queueing up in memory. */
  drained?(): Promise<void>;
  stderr(text: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours by default). */
  isTTY: boolean;
  /** Standard input, for `--stdin`, refused (a `UsageError`) past `limit` bytes. */
  readStdin?(limit: number): Promise<string>;
  /** The worker module for parallel runs (the bundled CLI has one); without it, one thread. */
  workerScript?: string;
}

interface ProgramOptions extends LintCommandOptions {
  printConfig?: string;
  listFormats?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const REPORT_UNUSED = '--report-unused-disable-directives';
const LEVELS: readonly string[] = ['off', 'info', 'warning', 'error'];

/**
 * `--report-unused-disable-directives` takes an optional level, and commander would take whatever
 * follows it as that level: `--report-unused-disable-directives a.yaml` made the path a bad level.
 * As ESLint's flag reads, the level is taken only in the `--opt=level` form or when the next word is
 * one of the levels; any other word stays a path.
 */
function levelOnlyWhenItIsOne(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return words.concat(argv.slice(i));
    const next = argv[i + 1];
    if (argv[i] === REPORT_UNUSED && next !== undefined && !next.startsWith('-') && !LEVELS.includes(next)) words.push(`${REPORT_UNUSED}=warning`);
    else words.push(argv[i]);
  }
  return words;
}

/** Runs dplint with `argv` (without `node` and the script) and returns the exit code; never throws. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('dplint')
    // A subcommand's own options (impact's --format) are its own, not the lint's.
    .enablePositionalOptions()
    .description('Lint request bodies of the Account and Cluster Management API (YAML or JSON) before they are sent.')
    .version(VERSION, '-v, --version')
    .argument('[paths...]', 'files, and folders searched for *.yaml, *.yml, *.json (default: .)')
    .addOption(new Option('--operation <id>', 'lint every file as the body of this operation (see `dplint operations`)'))
    .addOption(new Option('-f, --format <name>', 'output format (repeatable; see --list-formats)').argParser(collect).default([], 'stylish, or github inside GitHub Actions'))
    .addOption(new Option('-o, --output-file <[format=]path>', 'write a format\'s output to a file instead of standard output (repeatable)').argParser(collect).default([], 'none'))
    .option('--list-formats', 'list the output formats and exit')
    .option('-c, --config <file>', 'use this config file instead of the nearest dplint.config.yaml / .dplint.yaml')
    .option('--no-config', 'use no config file')
    .option('--print-config <file>', 'print the settings that apply to a file, as JSON, and exit')
    .addOption(new Option('--rule <id: level>', 'set a rule\'s level, e.g. --rule "schema/unknown-member: error" (repeatable)').argParser(collect).default([], 'none'))
    .option('--no-inline-config', 'ignore # dplint-disable directives in files')
    .option('--report-unused-disable-directives [level]', 'report directives that silence nothing (error, warning or info; default warning)')
    .option('--include-suppressed', 'list the findings inline directives silenced, with their reasons, under "suppressed" (json; sarif always has them)')
    .option('--stdin', 'lint the text on standard input')
    .option('--stdin-filename <path>', 'the file name to report (and match in the config) for --stdin')
    .option('--fix', 'make the safe fixes and write the files back, then report what remains')
    .option('--fix-dry-run', 'make the safe fixes in memory: print a unified diff, then what would remain; write nothing')
    .option('--fix-type <namespaces>', 'fix only rules of these namespaces, comma-separated (schema, body, yaml, directive, cluster, ...)')
    .option('-j, --jobs <n>', 'threads that lint a large run (200 files or more), this one included: a number, or auto for one per processor but one', 'auto')
    .option('--cache', 'reuse the results of files unchanged since the last run (same content, config, options and dplint version)')
    .option('--cache-location <file>', 'where --cache keeps its results (default: .dplintcache)')
    .option('--repository-context', 'report only the files named, after linting the whole repository for the checks across files (the pre-commit hook; with --cache, the cache lives in the git directory)')
    .option('--changed-since <git-ref>', 'report only the files changed since this git ref (added, modified, renamed; checks across files still see every file)')
    .option('--baseline <file>', `hold back the findings this baseline holds: only new ones are reported and fail the run (default: ${DEFAULT_BASELINE} at the repository root, if it exists)`)
    .option('--no-baseline', 'use no baseline: report every finding')
    .option('--baseline-update', 'write the baseline: every finding of the files linted (parse errors aside), counted per file, rule and fingerprint')
    .option('--baseline-prune', 'drop from the baseline what no longer occurs (never adds)')
    .option('--shard <index/count>', 'lint only one part of the files, e.g. 2/4 on the second of four CI machines')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this (-1: no limit)')
    .option('--quiet', 'report errors only')
    .option('--verbose', 'say on standard error which config file applied, and list links a folder walk did not follow')
    .option('--color', 'colour the output (default: when stdout is a terminal and NO_COLOR is unset)')
    .option('--no-color', 'never colour the output')
    .option('--no-code-frame', 'show no source lines under findings (stylish)')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text), outputError: () => {} })
    .action(async (paths: string[], options: ProgramOptions) => {
      if (options.listFormats) {
        const width = Math.max(...Object.keys(FORMAT_NAMES).map((name) => name.length));
        for (const [name, description] of Object.entries(FORMAT_NAMES)) io.stdout(`${name.padEnd(width)}  ${description}\n`);
        return;
      }
      if (options.printConfig !== undefined) {
        const config = options.config === false ? false : typeof options.config === 'string' ? options.config : undefined;
        io.stdout(printConfig(options.printConfig, io.cwd, config, parseRuleOptions(options.rule), unusedDirectivesLevel(options.reportUnusedDisableDirectives)));
        return;
      }
      exitCode = await lintCommand(paths, options, {
        cwd: io.cwd,
        env: io.env,
        isTTY: io.isTTY,
        stdout: io.stdout,
        drained: io.drained,
        stderr: io.stderr,
        readStdin: io.readStdin ?? (async () => ''),
        workerScript: io.workerScript,
      });
    });

  program
    .command('operations')
    .description('list the operations: id, method and path')
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
    .option('--markdown', 'as a Markdown table (the one in docs/rules.md, linking each rule\'s page)')
    .action((options: { markdown?: boolean }) => {
      if (options.markdown) {
        io.stdout(rulesTable(ALL_RULES));
        return;
      }
      const width = Math.max(...ALL_RULES.map((rule) => rule.id.length));
      for (const rule of ALL_RULES) io.stdout(`${rule.id.padEnd(width)}  ${defaultLevel(rule).padEnd(7)}  ${rule.docs.summary}\n`);
    });

  program
    .command('explain <rule-id>')
    .description('print a rule\'s docs: what it catches, the spec\'s words, how to fix it, examples, how to silence it')
    .action((id: string) => {
      // A policy id is explained from the config file that applies in this folder, as the lint would find it.
      const policies = id.startsWith('policy/') ? new ConfigResolver(io.cwd).base.config.policies : [];
      io.stdout(explainRule(id, policies));
    });

  program
    .command('impact <base-ref> [head-ref]')
    .description('what applying the change from base-ref to head-ref (default: the work tree) will do: labels moved (immediately), members changed (at next restart), allow-list and bootstrap changes')
    .option('-f, --format <name>', 'markdown or json', 'markdown')
    .action((base: string, head: string | undefined, options: { format: string }) => {
      io.stdout(impactCommand(base, head, options.format, io.cwd));
    });

  program
    .command('init')
    .description('write a dplint.config.yaml for this folder: each folder mapped to the operation its files look like, files that are no body ignored, a baseline for what it finds today')
    .action(async () => {
      exitCode = await initCommand({ cwd: io.cwd, stdout: io.stdout, stderr: io.stderr, workerScript: io.workerScript });
    });

  program
    .command('schema [operation]')
    .description('print the JSON Schema of an operation\'s body (self-contained), or write them all with --out')
    .option('--out <dir>', 'write <operation>.schema.json for every operation with a body into this folder')
    .action((operation: string | undefined, options: { out?: string }) => {
      const { stdout, stderr } = schemaCommand(operation, options.out, io.cwd);
      io.stdout(stdout);
      io.stderr(stderr);
    });

  program
    .command('lsp')
    .description('start the language server for editors (Language Server Protocol over standard input and output)')
    .option('--stdio', 'talk over standard input and output (the only transport; editors pass it)')
    // Clients add options of their own (vscode-languageclient: --clientProcessId=<pid>).
    .allowUnknownOption()
    .action(async () => {
      exitCode = await lspCommand();
    });

  try {
    await program.parseAsync(levelOnlyWhenItIsOne(argv), { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      io.stderr(`dplint: ${oneLine(error.message.replace(/^error: /, ''))}\n`);
      return EXIT_FAILURE;
    }
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof UnknownRuleError) {
      io.stderr(`dplint: ${oneLine(error.message)}\n`);
      return EXIT_FAILURE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`dplint: internal error: ${oneLine(message.split('\n')[0])}\n`);
    return EXIT_FAILURE;
  }
}

/** An error as one line of standard error: a config key or path that holds a line break or an escape sequence cannot forge a line or drive the terminal. */
function oneLine(message: string): string {
  return printable(message.replace(/\r?\n|\r/g, ' '));
}
