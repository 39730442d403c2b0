// The package as a user gets it: `npm pack`, installed into a fresh project, used from TypeScript
// (compiled with this project's tsc against the installed types) and from plain JavaScript.
// `npm test` builds first, so dist/ is the code under test (as in bin.test.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let tarball: string;
let project: string;

function npm(args: string[], cwd: string): string {
  return execFileSync(NPM, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
}

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist/src/index.js')) && existsSync(join(ROOT, 'dist/browser/dplint.js')), 'run `npm run build` first').toBe(true);
  work = mkdtempSync(join(tmpdir(), 'dplint-package-'));
  // --ignore-scripts: pack the dist/ that `npm test` just built instead of rebuilding it under the other tests' feet.
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT)) as Array<{ filename: string }>;
  tarball = join(work, packed.filename);
  project = join(work, 'consumer');
  npm(['init', '-y'], (execFileSync('mkdir', ['-p', project]), project));
  npm(['pkg', 'set', 'type=module'], project);
  npm(['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], project);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  test('publint finds nothing, not even a suggestion', async () => {
    const data = readFileSync(tarball);
    const { messages } = await publint({ pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) }, level: 'suggestion', strict: true });
    expect(messages).toEqual([]);
  });

  test('holds the built code and the schemas, and no sources, tests or fixtures', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    const leaked = files.filter((f) => /^package\/(src|rules|test|fixtures|playground|bench)\/|\.test\.|(?<!\.d)\.ts$/.test(f));
    expect(leaked).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package/dist/browser/dplint.js', 'package/dist/src/index.d.ts', 'package/dist/src/node.d.ts', 'package/schemas/edit-cluster.schema.json']));
    // The packages the program requires on first use (scripts/build-cli.mjs, CHUNKS): a run with a config's globs needs picomatch's.
    expect(files).toEqual(expect.arrayContaining(readdirSync(join(ROOT, 'dist', 'chunks')).map((chunk) => `package/dist/chunks/${chunk}`)));
    expect(readdirSync(join(ROOT, 'dist', 'chunks')).length).toBeGreaterThan(0);
  });

  test('packs only what an export reaches: every module of dist/src and dist/rules is imported from an entry, and every import resolves in the package', () => {
    const installed = join(project, 'node_modules/dplint');
    const reached = new Set<string>();
    const bare = new Set<string>();
    const unresolved: string[] = [];
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      // Import and export specifiers of tsc's output (ES modules, one statement a line) and of its declarations.
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/^(?:import|export)\s[^'"\n]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
      for (const specifier of specifiers) {
        // A declaration file's `./x.js` names the declarations beside it, x.d.ts.
        const target = resolve(dirname(file), file.endsWith('.d.ts') ? specifier.replace(/\.js$/, '.d.ts') : specifier);
        if (!specifier.startsWith('.')) bare.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
        else if (existsSync(target)) visit(target);
        else unresolved.push(`${relative(installed, file)} -> ${specifier}`);
      }
    };
    for (const entry of ['index.js', 'index.d.ts', 'node.js', 'node.d.ts']) visit(join(installed, 'dist/src', entry));
    const modules = (folder: string): string[] => readdirSync(join(installed, folder), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|d\.ts)$/.test(f)).map((f) => join(installed, folder, f));
    // A module is reached through its code or its declarations (a module of types only, or code whose types no export names).
    const stem = (file: string): string => file.replace(/\.(js|d\.ts)$/, '');
    const reachedModules = new Set([...reached].map(stem));
    const unreached = [...modules('dist/src'), ...modules('dist/rules')].filter((file) => !reachedModules.has(stem(file))).map((file) => relative(installed, file));
    expect(unresolved).toEqual([]);
    expect(unreached).toEqual([]);
    // The runtime dependencies are exactly what that code imports, and what the bundles leave out
    // of themselves (scripts/build-cli.mjs: piscina and scslre); commander and the language server's
    // packages live inside the bundles.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const imported = [...bare].filter((name) => !name.startsWith('node:')).concat(['piscina', 'scslre']);
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...new Set(imported)].sort());
  });

  test('@arethetypeswrong/cli finds no problem for ESM consumers (its esm-only profile: node16 from ESM, bundler)', () => {
    const attw = spawnSync(process.execPath, [join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only', '--format', 'json'], { encoding: 'utf8' });
    const { problems } = JSON.parse(attw.stdout) as { problems: Record<string, Array<{ resolutionKind?: string }>> };
    const counted = Object.values(problems).flat().filter((problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs');
    expect(counted).toEqual([]);
    expect(attw.status).toBe(0);
  });

  test('the installed bin lints a file; require() takes both entries (Node 20.19+, 22.12+: require of an ES module)', () => {
    writeFileSync(join(project, 'bin-cluster.yaml'), '# dplint: operation=edit-cluster\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n');
    const cli = spawnSync(join(project, 'node_modules/.bin/dplint'), ['--no-config', '--format', 'compact', 'bin-cluster.yaml'], { cwd: project, encoding: 'utf8' });
    expect({ status: cli.status, stdout: cli.stdout, stderr: cli.stderr }).toEqual({
      status: 1,
      stdout: 'bin-cluster.yaml:4:14: error node_configuration.max_nodes must be at least initial_nodes (4); got 2 [cluster/max-nodes-below-initial]\n',
      stderr: '',
    });
    writeFileSync(join(project, 'required.cjs'), "const { validate } = require('dplint');\nconst { lintFiles } = require('dplint/node');\nconsole.log(JSON.stringify([validate('set-cluster-state', { state: 'start' }).valid, typeof lintFiles]));\n");
    const required = spawnSync(process.execPath, [join(project, 'required.cjs')], { cwd: project, encoding: 'utf8' });
    expect({ stdout: required.stdout, stderr: required.stderr.replace(/^.*ExperimentalWarning.*\n(.*--trace-warnings.*\n)?/m, '') }).toEqual({ stdout: '[true,"function"]\n', stderr: '' });
  });

  test('installs without install scripts, which npm would run and warn about in every consumer', () => {
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/dplint/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => installed.scripts && Object.hasOwn(installed.scripts, name));
    expect(lifecycle).toEqual([]);
    // The build step of a clone is the `dependencies` script, which npm runs only in the package's own folder.
    expect(installed.scripts?.dependencies).toBe('node scripts/build-from-source.mjs');
  });

  test("the README's first command in a clone runs the built bin, not npx, which would install the clone as a package and build it again", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## From a clone'));
    expect(/```sh\n(.*)\n```/.exec(quickStart)?.[1]).toBe('npm ci && node dist/dplint.cjs fixtures/config-repo');
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin.dplint).toBe('dist/dplint.cjs');
  });

  test('carries the MIT licence that package.json names', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string; files: string[] };
    expect(manifest.license).toBe('MIT');
    expect(manifest.files).toContain('LICENSE');
    const license = readFileSync(join(project, 'node_modules/dplint/LICENSE'), 'utf8');
    expect(license.split('\n')[0]).toBe('MIT License');
    expect(license).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy');
  });

  test('TypeScript: the entries and their types, narrowing, and no internals', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], types: [], strict: true, skipLibCheck: false, outDir: 'out' },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { assertValid, validate, DplintValidationError, type EditClusterRequest, type ValidationResult } from 'dplint';",
        "import { lintFiles } from 'dplint/node';",
        "import * as bundle from 'dplint/browser';",
        '// @ts-expect-error -- internals are not exported',
        "import type { CheckBodyOptions } from 'dplint/dist/src/engine/check-body.js';",
        '',
        '// No DOM and no @types/node: the types must not need either.',
        'declare const console: { log(text: string): void };',
        "const body: unknown = JSON.parse('{\"node_configuration\": {\"initial_nodes\": 4, \"max_nodes\": 2}}');",
        "const result: ValidationResult = validate('edit-cluster', body);",
        "const fromBundle: ValidationResult = bundle.validate('edit-cluster', body);",
        'let message = "";',
        "try { assertValid('edit-cluster', body); } catch (error) { if (error instanceof DplintValidationError) message = error.message; }",
        "const typed: EditClusterRequest = assertValid('edit-cluster', { label: ['etl'] });",
        '// @ts-expect-error -- not a member of EditClusterRequest',
        'typed.labels;',
        'export type Internal = CheckBodyOptions;',
        "console.log(JSON.stringify({ valid: result.valid, rules: result.findings.map((f) => f.ruleId), same: JSON.stringify(fromBundle) === JSON.stringify(result), first: message.split('\\n')[0], label: typed.label, lintFiles: typeof lintFiles }));",
      ].join('\n'),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    // A bundler's resolution reads the same exports and types.
    const bundler = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit', '--module', 'preserve', '--moduleResolution', 'bundler'], { encoding: 'utf8' });
    expect(bundler.stdout + bundler.stderr).toBe('');
    expect(bundler.status).toBe(0);
    const run = spawnSync(process.execPath, [join(project, 'out/consumer.js')], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      valid: false,
      rules: ['cluster/max-nodes-below-initial'],
      same: true,
      first: 'edit-cluster body is not valid (1 error):',
      label: ['etl'],
      lintFiles: 'function',
    });
  });

  test('every function and value docs/library.md and docs/baseline.md document is exported from the entry it names', () => {
    const readme = ['library.md', 'baseline.md'].map((page) => readFileSync(join(ROOT, 'docs', page), 'utf8')).join('\n');
    const row = (entry: string) => new RegExp(`^\\| \`${entry}\` \\|(.*)$`, 'm').exec(readme)?.[1] ?? '';
    const named = (text: string) => [...text.matchAll(/`([A-Za-z][A-Za-z0-9]*)(?:\(|`)/g)].map((m) => m[1]);
    // The entry table's names, and every `name(…)` the pages call anywhere (applyFixes, fixText, …).
    // ("all of `dplint`" names the other entry, not an export.)
    const node = [...new Set(named(row('dplint/node')))].filter((name) => name !== 'dplint').sort();
    // The baseline's functions (docs/baseline.md) are dplint/node's, as lintFiles and lintRun are.
    const nodeOnly = [...node, 'baselineKeys', 'baselineRoot', 'formatBaseline', 'parseBaseline', 'pruneBaseline'];
    const core = [...new Set([...named(row('dplint')), ...[...readme.matchAll(/`([a-z][A-Za-z0-9]*)\(/g)].map((m) => m[1]).filter((n) => !nodeOnly.includes(n))])].sort();
    expect(core).toEqual(expect.arrayContaining(['applyFixes', 'fixText', 'validate', 'withValidation']));
    expect(node).toEqual(['applyBaseline', 'buildBaseline', 'lintFiles', 'lintRun', 'readBaseline', 'writeBaseline']);
    writeFileSync(
      join(project, 'documented.mjs'),
      [
        "const core = await import('dplint');",
        "const node = await import('dplint/node');",
        `const missing = [...${JSON.stringify(core)}.filter((name) => core[name] === undefined || node[name] === undefined), ...${JSON.stringify(nodeOnly)}.filter((name) => node[name] === undefined).map((name) => 'dplint/node ' + name)];`,
        'console.log(JSON.stringify(missing));',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [join(project, 'documented.mjs')], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  test('JavaScript: every entry works in Node, the schemas are importable, internals are not', () => {
    writeFileSync(join(project, 'cluster.yaml'), '# dplint: operation=edit-cluster\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n');
    writeFileSync(
      join(project, 'consumer.mjs'),
      [
        "import { validateRequest, lintText, operations } from 'dplint';",
        "import { lintFiles } from 'dplint/node';",
        "import { validate } from 'dplint/browser';",
        "import schema from 'dplint/schemas/set-cluster-state.schema.json' with { type: 'json' };",
        "const request = validateRequest({ method: 'PUT', url: 'https://api.example.com/api/v2.0/clusters/etl/state', body: { state: 'stop' } });",
        "const [file] = lintFiles(['cluster.yaml']);",
        "let internal = 'reachable';",
        "try { await import('dplint/dist/src/engine/lint.js'); } catch (error) { internal = error.code; }",
        'console.log(JSON.stringify({',
        '  request: request.findings.map((f) => f.path),',
        "  text: lintText('state: stop\\n', { operation: 'set-cluster-state' }).findings.map((f) => `${f.line}:${f.column} ${f.ruleId}`),",
        '  file: file.findings.map((f) => `${file.file}:${f.line}:${f.column} ${f.ruleId}`),',
        "  bundle: validate('set-cluster-state', { state: 'start' }).valid,",
        '  operations: operations.length,',
        '  schema: schema.required,',
        '  internal,',
        '}));',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [join(project, 'consumer.mjs')], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      request: ['/body/state'],
      text: ['1:8 schema/enum'],
      file: ['cluster.yaml:4:14 cluster/max-nodes-below-initial'],
      bundle: true,
      operations: 14,
      schema: ['state'],
      internal: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
  });
});

describe("the README's install, in a repository of YAML only (no package.json, no node_modules)", () => {
  test('names the tarball npm pack writes, and the commands: --global now, and from the registry once published', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
    const blocks = [...install.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) => block.split('\n').filter(Boolean).map((line) => line.replace(/\s+#.*$/, '')));
    expect(blocks).toEqual([
      [`npm install --global ./${tarball.slice(work.length + 1)}`, `npm install --save-dev ./${tarball.slice(work.length + 1)}`],
      ['npm install --global dplint', 'npm install --save-dev dplint'],
      ['npm install --global git+https://github.com/dplint/dplint.git#v0.1.0'],
    ]);
  });

  test('`npm install --global` of the tarball, then `dplint init` and `dplint` at the root of the repository, as "Thirty seconds" shows', () => {
    const prefix = join(work, 'global');
    npm(['install', '--global', '--prefix', prefix, tarball, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], work);
    const bin = join(prefix, 'bin', 'dplint');
    const repo = join(work, 'configs');
    execFileSync('mkdir', ['-p', join(repo, 'clusters'), join(repo, '.github/workflows')]);
    execFileSync('git', ['init', '-q', repo]);
    writeFileSync(join(repo, 'clusters/etl.yaml'), 'label: [etl]\nnode_configuration:\n  initial_nodes: 4\n  max_nodes: 2\n');
    writeFileSync(join(repo, 'clusters/adhoc.yaml'), 'label: [adhoc]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 8\n');
    writeFileSync(join(repo, '.github/workflows/ci.yml'), 'on: push\njobs: {}\n');
    const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined };
    const init = spawnSync(bin, ['init'], { cwd: repo, encoding: 'utf8', env });
    expect({ status: init.status, stdout: init.stdout, stderr: init.stderr }).toEqual({
      status: 0,
      stdout: 'wrote dplint.config.yaml: 2 files mapped to 1 operation, 1 path ignored\nwrote the baseline dplint-baseline.json, 1 problem in 1 file\n',
      stderr: '',
    });
    const lint = spawnSync(bin, [], { cwd: repo, encoding: 'utf8', env });
    expect({ status: lint.status, stdout: lint.stdout }).toEqual({ status: 0, stdout: '✔ 2 files checked, no problems\n' });
    writeFileSync(join(repo, 'clusters/adhoc.yaml'), 'label: [adhoc]\nnode_configuration:\n  initial_nodes: 9\n  max_nodes: 8\n');
    const failing = spawnSync(bin, ['--format', 'compact'], { cwd: repo, encoding: 'utf8', env });
    expect({ status: failing.status, stdout: failing.stdout }).toEqual({
      status: 1,
      stdout: 'clusters/adhoc.yaml:4:14: error node_configuration.max_nodes must be at least initial_nodes (9); got 8 [cluster/max-nodes-below-initial]\n',
    });
  });
});
