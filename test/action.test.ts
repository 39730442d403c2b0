import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';

/**
 * The GitHub Action (action.yml at the root), run as the runner runs a composite action: each
 * step's `run` with `bash --noprofile --norc -eo pipefail`, in the workspace, with the runner's
 * variables (GITHUB_ACTION_PATH, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, RUNNER_TEMP, …) and a
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY file of its own; the steps stop at the first that fails; the
 * action's outputs are its `outputs` expressions over the steps' outputs. The action folder holds
 * what a release tag holds (the sources' manifest, lock file and the built dist/*.cjs), without
 * node_modules: the action installs the runtime dependencies, never the development tree.
 */
const ROOT = join(__dirname, '..');

interface Step {
  name: string;
  id?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
interface StepRun {
  name: string;
  status: number | null;
  stdout: string;
  stderr: string;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** The expressions the action uses, and no others: `inputs.<name>` and `steps.<id>.outputs.<name>`. */
function evaluate(text: string, context: { inputs: Record<string, string>; steps: Record<string, Record<string, string>> }): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return context.inputs[input[1]] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return context.steps[output[1]]?.[output[2]] ?? '';
    throw new Error(`the test runner does not evaluate \${{ ${expression} }}`);
  });
}

/** A GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const block = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (block) {
      const end = lines.indexOf(block[2], i + 1);
      outputs[block[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('=')) {
      outputs[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
    }
  }
  return outputs;
}

interface ActionRun {
  steps: StepRun[];
  outputs: Record<string, string>;
  summary: string;
}

function runAction(actionPath: string, workspace: string, options: { inputs?: Record<string, string>; eventName: string; event: object }): ActionRun {
  const runner = mkdtempSync(join(tmpdir(), 'dplint-runner-'));
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, options.inputs?.[name] ?? input.default ?? '']));
  writeFileSync(join(runner, 'event.json'), JSON.stringify(options.event));
  const steps: Record<string, Record<string, string>> = {};
  const runs: StepRun[] = [];
  let summary = '';
  for (const [index, step] of action.runs.steps.entries()) {
    const output = join(runner, `output-${index}`);
    const stepSummary = join(runner, `summary-${index}`);
    writeFileSync(output, '');
    writeFileSync(stepSummary, '');
    const script = join(runner, `step-${index}.sh`);
    writeFileSync(script, step.run);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // npm's cache of the machine, which `npm ci` filled: the runtime dependencies install from it.
      npm_config_prefer_offline: 'true',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_ACTION_REF: 'v0.1.0',
      GITHUB_EVENT_NAME: options.eventName,
      GITHUB_EVENT_PATH: join(runner, 'event.json'),
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: stepSummary,
      GITHUB_REPOSITORY: 'platform/config',
      RUNNER_OS: 'Linux',
      RUNNER_TEMP: runner,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(String(value), { inputs, steps })])),
    };
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: workspace, env, encoding: 'utf8' });
    runs.push({ name: step.name, status: run.status, stdout: run.stdout, stderr: run.stderr });
    if (step.id) steps[step.id] = readOutputs(readFileSync(output, 'utf8'));
    summary += readFileSync(stepSummary, 'utf8');
    if (run.status !== 0) break;
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value, { inputs, steps })]));
  return { steps: runs, outputs, summary };
}

/** The action's folder as a release tag holds it: no node_modules, no sources to build. */
function releaseTree(withDist = true): string {
  const folder = mkdtempSync(join(tmpdir(), 'dplint-action-'));
  for (const file of ['action.yml', 'package.json', 'package-lock.json', 'LICENSE']) copyFileSync(join(ROOT, file), join(folder, file));
  if (withDist) {
    mkdirSync(join(folder, 'dist'));
    for (const file of ['dplint.cjs', 'cli.cjs', 'worker.cjs', 'lsp.cjs']) copyFileSync(join(ROOT, 'dist', file), join(folder, 'dist', file));
    cpSync(join(ROOT, 'dist', 'chunks'), join(folder, 'dist', 'chunks'), { recursive: true });
  }
  return folder;
}

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=dplint', '-c', 'user.email=dplint@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

/** A clone of the sample repository as actions/checkout leaves it: a git work tree at a commit. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-workspace-'));
  cpSync(join(ROOT, 'fixtures', 'config-repo'), dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--message', 'base');
  return dir;
}

function dplint(cwd: string, ...args: string[]): { stdout: string; stderr: string; status: number | null } {
  return spawnSync(process.execPath, [join(ROOT, 'dist', 'dplint.cjs'), ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_ACTIONS: 'true' }, encoding: 'utf8' });
}

const STEPS = ['Set up dplint (the bundled CLI and its runtime dependencies)', 'Impact of the pull request (step summary)', 'Lint'];

test('a composite action of three bash steps whose scripts hold no ${{ }} expression (inputs come in as environment variables)', () => {
  expect(action.runs.using).toBe('composite');
  expect(action.runs.steps.map((step) => [step.name, step.shell])).toEqual(STEPS.map((name) => [name, 'bash']));
  expect(action.runs.steps.filter((step) => step.run.includes('${{')).map((step) => step.name)).toEqual([]);
  expect(Object.keys(action.inputs)).toEqual(['paths', 'format', 'config', 'baseline', 'sarif-file', 'impact']);
  expect(Object.keys(action.outputs)).toEqual(['errors', 'warnings', 'infos', 'files', 'fixable', 'sarif-file', 'exit-code']);
});

describe('run as the runner runs it', () => {
  let actionPath: string;
  beforeAll(() => {
    actionPath = releaseTree();
  });

  test('on a push: annotations, a SARIF file, the outputs, the runtime dependencies only, no summary; the step fails on errors', () => {
    const repo = workspace();
    const run = runAction(actionPath, repo, { eventName: 'push', event: { ref: 'refs/heads/main' } });
    expect(run.steps.map((step) => [step.name, step.status])).toEqual([
      [STEPS[0], 0],
      [STEPS[1], 0],
      [STEPS[2], 1],
    ]);
    const installed = readdirSync(join(actionPath, 'node_modules'));
    expect(installed).toEqual(expect.arrayContaining(['piscina', 'scslre', 'yaml', 'ajv']));
    expect(installed.filter((name) => ['typescript', 'vitest', 'esbuild', 'commander', 'postject', 'vscode-languageserver', '@types'].includes(name))).toEqual([]);
    const lint = run.steps[2];
    expect(lint.stdout.split('\n')[0]).toBe(
      '::error file=clusters/presto-adhoc.yaml,line=3,endLine=3,col=17,endColumn=22,title=yaml/unquoted-string::presto_version must be a string; YAML reads the unquoted 0.180 as the number 0.18: quote it as "0.180"',
    );
    expect(lint.stdout).toBe(dplint(repo, '.', '--format', 'github').stdout);
    expect(lint.stderr).toBe('');
    expect(run.outputs).toEqual({ errors: '7', warnings: '1', infos: '1', files: '11', fixable: '3', 'sarif-file': 'dplint.sarif', 'exit-code': '1' });
    const sarif = JSON.parse(readFileSync(join(repo, 'dplint.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    // The 9 findings reported, and the one an inline directive silenced (SARIF keeps it, suppressed).
    expect(sarif.runs[0].results.length).toBe(10);
    expect(readFileSync(join(repo, 'dplint.sarif'), 'utf8')).toBe(dplint(repo, '.', '--format', 'sarif').stdout);
    expect(run.summary).toBe('');
  });

  test('on a pull request: the impact on the step summary, the paths and format asked for, no SARIF when sarif-file is empty', () => {
    const repo = workspace();
    const base = git(repo, 'rev-parse', 'HEAD');
    const cluster = join(repo, 'clusters', 'sandbox-dev.yaml');
    writeFileSync(cluster, readFileSync(cluster, 'utf8').replace('label: [sandbox-dev]', 'label: [sandbox-dev, sandbox]').replace('max_nodes: 4', 'max_nodes: 6'));
    git(repo, 'commit', '--quiet', '--all', '--message', 'head');
    const run = runAction(actionPath, repo, {
      eventName: 'pull_request',
      event: { pull_request: { number: 7, base: { ref: 'main', sha: base } } },
      inputs: { paths: 'clusters\naccount', format: 'compact', 'sarif-file': '' },
    });
    expect(run.steps.map((step) => step.status)).toEqual([0, 0, 1]);
    expect(run.summary.split('\n')[0]).toBe(`## dplint impact: \`${base}\` → \`the work tree\``);
    expect(run.summary).toContain('| `sandbox` | added | (none) | `clusters/sandbox-dev.yaml` |\n');
    expect(run.summary).toContain('| `node_configuration.max_nodes` | `4` | `6` |\n');
    expect(run.summary).toBe(dplint(repo, 'impact', base).stdout);
    expect(run.steps[2].stdout).toBe(dplint(repo, 'clusters', 'account', '--format', 'compact').stdout);
    expect(run.steps[2].stdout.split('\n')[0]).toBe('clusters/presto-adhoc.yaml:3:17: error presto_version must be a string; YAML reads the unquoted 0.180 as the number 0.18: quote it as "0.180" [yaml/unquoted-string]');
    expect(run.outputs).toEqual({ errors: '7', warnings: '1', infos: '1', files: '7', fixable: '3', 'sarif-file': '', 'exit-code': '1' });
    expect(existsSync(join(repo, 'dplint.sarif'))).toBe(false);
  });

  test('on a pull request whose base commit cannot be had: a warning, no summary, and the lint goes on', () => {
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const run = runAction(actionPath, workspace(), { eventName: 'pull_request', event: { pull_request: { number: 9, base: { ref: 'main', sha: missing } } } });
    expect(run.steps.map((step) => step.status)).toEqual([0, 0, 1]);
    expect(run.steps[1].stdout).toBe(`::warning title=dplint impact::cannot fetch the base commit ${missing}: no impact summary\n`);
    expect(run.summary).toBe('');
    expect(run.outputs['exit-code']).toBe('1');
  });

  test('a config and a baseline named by the inputs: every finding held back, the action passes; impact off', () => {
    const repo = workspace();
    renameSync(join(repo, 'dplint.config.yaml'), join(repo, 'ci-dplint.yaml'));
    mkdirSync(join(repo, 'ci'));
    expect(dplint(repo, '.', '--config', 'ci-dplint.yaml', '--baseline', 'ci/baseline.json', '--baseline-update').status).toBe(0);
    const run = runAction(actionPath, repo, {
      eventName: 'pull_request',
      event: { pull_request: { number: 8, base: { ref: 'main', sha: git(repo, 'rev-parse', 'HEAD') } } },
      inputs: { config: 'ci-dplint.yaml', baseline: 'ci/baseline.json', impact: 'false' },
    });
    expect(run.steps.map((step) => step.status)).toEqual([0, 0, 0]);
    expect(run.outputs).toEqual({ errors: '0', warnings: '0', infos: '0', files: '11', fixable: '0', 'sarif-file': 'dplint.sarif', 'exit-code': '0' });
    expect(run.summary).toBe('');
  });

  test('a large run, and its worker threads from the runtime dependencies the action installed (piscina)', () => {
    const repo = workspace();
    for (let i = 0; i < 240; i++) writeFileSync(join(repo, 'clusters', `many-${i}.yaml`), `label: [many-${i}]\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n  custom_vm_tags:\n    cost-center: cc-${i}\n`);
    git(repo, 'add', '--all');
    git(repo, 'commit', '--quiet', '--message', 'many');
    const run = runAction(actionPath, repo, { eventName: 'push', event: {}, inputs: { format: 'json', 'sarif-file': '', paths: 'clusters' } });
    expect(run.steps[2].stderr).toBe('');
    expect(run.steps[2].status).toBe(1);
    expect(run.outputs).toEqual({ errors: '247', warnings: '1', infos: '0', files: '246', fixable: '3', 'sarif-file': '', 'exit-code': '1' });
    const oneThread = dplint(repo, 'clusters', '--format', 'json', '--jobs', '1').stdout;
    expect(run.steps[2].stdout).toBe(oneThread);
    // The action has no --jobs input: --jobs auto is one thread on a runner of two processors. Its
    // folder's dist/ with the dependencies it installed runs worker threads all the same (200 files
    // or more, --jobs 2), with the output of one thread.
    const threads = spawnSync(process.execPath, [join(actionPath, 'dist', 'dplint.cjs'), 'clusters', '--format', 'json', '--jobs', '2'], { cwd: repo, env: { PATH: process.env.PATH, HOME: process.env.HOME }, encoding: 'utf8' });
    expect(threads.stderr).toBe('');
    expect(threads.stdout).toBe(oneThread);
  });

  test('a path that starts with a dash is a path, never an option (here it would have fixed files)', () => {
    const repo = workspace();
    const run = runAction(actionPath, repo, { eventName: 'push', event: {}, inputs: { paths: '--fix' } });
    expect(run.steps[2].stderr).toBe('dplint: cannot read "--fix": no such file or directory\n');
    expect(run.outputs['exit-code']).toBe('2');
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });

  test('a run that fails (a format that does not exist): exit code 2 its only output', () => {
    const run = runAction(actionPath, workspace(), { eventName: 'push', event: {}, inputs: { format: 'nope' } });
    expect(run.steps[2].status).toBe(2);
    expect(run.steps[2].stderr).toBe('dplint: unknown format "nope"; expected one of stylish, compact, json, sarif, junit, github, github-actions, gitlab (see --list-formats)\n');
    expect(run.outputs).toEqual({ errors: '', warnings: '', infos: '', files: '', fixable: '', 'sarif-file': '', 'exit-code': '2' });
  });
});

test('at a ref without the built dist/: the first step fails and says what to use', () => {
  const actionPath = releaseTree(false);
  const run = runAction(actionPath, workspace(), { eventName: 'push', event: {} });
  expect(run.steps.map((step) => [step.status, step.stdout])).toEqual([[1, '::error title=dplint::this ref of dplint (v0.1.0) has no built dist/dplint.cjs: use the action at a release tag\n']]);
  expect(existsSync(join(actionPath, 'node_modules'))).toBe(false);
  rmSync(actionPath, { recursive: true, force: true });
});
