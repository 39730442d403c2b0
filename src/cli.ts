import { Command, CommanderError, Option } from 'commander';
import { relative, resolve, sep } from 'node:path';
import { ConfigError, DEFAULT_LIMITS } from './config/config.js';
import { ALL_RULES, findRule } from './engine/registry.js';
import type { RuleSettings } from './engine/run-rules.js';
import { ConfigResolver } from './node/config-file.js';
import type { RuleLevel } from './types.js';
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
  /** A path with `--config`, false with `--no-config`, true otherwise. */
  config: string | boolean;
  printConfig?: string;
  inlineConfig: boolean;
  reportUnusedDisableDirectives?: string | true;
  rule: string[];
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
    .option('-c, --config <file>', 'use this config file instead of the dplint.config.yaml / .dplint.yaml found from here upwards')
    .option('--no-config', 'use no config file')
    .option('--print-config <file>', 'print the settings that apply to a file, as JSON, and exit')
    .option('--rule <id: level>', 'set a rule\'s level, e.g. --rule "schema/unknown-member: error" (repeatable)', collect, [])
    .option('--no-inline-config', 'ignore # dplint-disable directives in files')
    .option('--report-unused-disable-directives [level]', 'report directives that silence nothing (level: error, warning or info; default warning)')
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
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.stderr(`dplint: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`dplint: internal error: ${message}\n`);
    return EXIT_FAILURE;
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseRuleOptions(specs: readonly string[]): RuleSettings {
  const settings: Record<string, RuleLevel> = {};
  for (const spec of specs) {
    const match = /^\s*([\w./-]+)\s*:\s*(off|info|warning|error)\s*$/.exec(spec);
    if (!match) throw new UsageError(`--rule takes "<rule-id>: <off|info|warning|error>"; got ${JSON.stringify(spec)}`);
    if (!findRule(match[1]) && !match[1].startsWith('policy/')) throw new UsageError(`--rule names "${match[1]}", which is not a rule; \`dplint rules\` lists them`);
    settings[match[1]] = match[2] as RuleLevel;
  }
  return settings;
}

function unusedDirectivesLevel(option: string | true | undefined): RuleLevel | undefined {
  if (option === undefined) return undefined;
  if (option === true) return 'warning';
  if (option === 'error' || option === 'warning' || option === 'info' || option === 'off') return option;
  throw new UsageError(`--report-unused-disable-directives takes error, warning, info or off; got "${option}"`);
}

function printConfig(file: string, options: LintCommandOptions, io: CliIo): number {
  const absolute = resolve(io.cwd, file);
  const location = options.config === false ? undefined : new ConfigResolver(io.cwd, typeof options.config === 'string' ? options.config : undefined).forFile(absolute);
  const relativePath = location ? relative(location.directory, absolute).split(sep).join('/') : file;
  const settings = location?.config.settingsFor(relativePath);
  const output = {
    file,
    configFile: location?.config.source ?? null,
    ignored: location?.config.isIgnored(relativePath) ?? false,
    extends: location?.config.config.extends ?? 'recommended',
    operation: settings?.operation ?? null,
    rules: Object.fromEntries(ALL_RULES.map((rule) => [rule.id, levelOf(settings?.rules[rule.id]) ?? rule.severity])),
    ruleOptions: Object.fromEntries(Object.entries(settings?.rules ?? {}).filter(([, s]) => Array.isArray(s) && s[1]).map(([id, s]) => [id, (s as [RuleLevel, object])[1]])),
    policies: (settings?.policies ?? []).map((policy) => ({ id: policy.ruleId, severity: policy.severity, operations: policy.operations, message: policy.message })),
    reportUnusedDisableDirectives: unusedDirectivesLevel(options.reportUnusedDisableDirectives) ?? settings?.reportUnusedDisableDirectives ?? 'off',
    limits: settings?.limits ?? DEFAULT_LIMITS,
  };
  io.stdout(JSON.stringify(output, null, 2) + '\n');
  return EXIT_OK;
}

function levelOf(setting: RuleSettings[string] | undefined): RuleLevel | undefined {
  return Array.isArray(setting) ? setting[0] : setting;
}

function lintCommand(paths: string[], options: LintCommandOptions, io: CliIo): number {
  if (options.printConfig !== undefined) return printConfig(options.printConfig, options, io);
  const formatter = FORMATTERS[options.format];
  if (!formatter) throw new UsageError(`unknown format "${options.format}"; expected one of ${Object.keys(FORMATTERS).join(', ')}`);
  let operation: OperationId | undefined;
  if (options.operation !== undefined) {
    if (!isOperationId(options.operation)) throw new UsageError(`unknown operation "${options.operation}"; expected one of ${OPERATION_IDS.join(', ')}`);
    operation = options.operation;
  }
  const maxWarnings = options.maxWarnings === undefined ? -1 : Number(options.maxWarnings);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings takes a whole number (-1 for no limit); got "${options.maxWarnings}"`);

  let results: FileResult[] = lintFiles(paths, {
    cwd: io.cwd,
    operation,
    config: options.config === false ? false : typeof options.config === 'string' ? options.config : undefined,
    rules: parseRuleOptions(options.rule),
    inlineConfig: options.inlineConfig,
    reportUnusedDisableDirectives: unusedDirectivesLevel(options.reportUnusedDisableDirectives),
  });
  if (options.quiet) results = results.map((result) => ({ ...result, findings: result.findings.filter((f) => f.severity === 'error') }));

  const color = options.color ?? (io.isTTY && io.env.NO_COLOR === undefined);
  io.stdout(formatter(results, { color, cwd: io.cwd }));

  const summary = summarize(results);
  if (summary.errors > 0) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && summary.warnings > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}
