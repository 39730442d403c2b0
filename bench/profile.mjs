#!/usr/bin/env node
// Where a CI gate's time goes, by the stages of one file's lint (`npm run bench:profile`, after
// `npm run build`; not part of `npm test`): parse, resolve, check body, locate, directives, mask,
// format, and what a run does around them (reading files, the walk, the checks across files, the
// cache, holding results, garbage collection, start-up). It writes the benchmark's two corpora
// (bench/corpus.mjs: mostly clean, and findings-heavy), runs the gate over each under V8's
// sampling profiler (`node --cpu-prof`) on the unbundled build (dist/src/bin.js: the same code as
// the bundle, with its functions' own names), and prints each stage's share of the samples as a
// markdown table. A sample counts once, in the OUTERMOST stage on its stack: `yaml`'s code run by
// masking is "mask", positions computed by a formatter are "format", and a helper of src/parse
// called by locate is "locate". Shares, and the milliseconds the profiler saw (under the profiler,
// and stretched by a busy machine: compare shares, or builds profiled in turn).
//
//   node bench/profile.mjs [--files 10000] [--only clean|findings] [--formats json,stylish]
//                          [--keep DIR] [--before CHECKOUT]
//
// --formats: the output formats to profile the findings-heavy corpus in (the clean corpus in the
// first only). --before also profiles another checkout's build (its dist/src/bin.js, built), in
// turn with this one on each corpus: a column before and one after a change.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const files = Number(option('--files', 10000));
const only = option('--only', undefined);
const keep = option('--keep', undefined);
const before = option('--before', undefined);
const formats = option('--formats', 'json,stylish').split(',');

/**
 * The stages, by the functions that run them: a `name@file` or a bare function name first (where a
 * stage is a function in a file of another stage), then a file (dist/src/…, dist/rules/… as tsc
 * writes them) or a folder (`folder/`). Named by files as well as names, so that a function renamed
 * or split by a change of the core stays in its stage.
 */
export const STAGES = [
  ['parse', ['parse/', 'engine/yaml11.js', 'readBlockYaml']],
  ['resolve operation', ['engine/resolve-operation.js', 'engine/infer-operation.js', 'rules/operation/envelope-member.js', 'rules/operation/content-type.js', 'resolveDocuments', 'fileOperation']],
  ['check body (schema, rules, policies)', ['engine/check-body.js', 'engine/run-rules.js', 'engine/source-types.js', 'schema/validate-body.js', 'schema/ajv.js', 'schema/values.js', 'schema/schema-at.js', 'schema/did-you-mean.js', 'generated/', 'rules/', 'config/policies.js', 'config/policy-paths.js', 'lintDocument', 'checkBody']],
  ['locate (positions, fixes, suggestions)', ['parse/locate.js', 'fix/', 'locateFinding']],
  ['levels and directives', ['config/directives.js', 'applyLevels', 'applyDirectives', 'parseDirectives']],
  ['mask (shown text, messages, fixes)', ['schema/secrets.js', 'withoutSecrets', 'secretMask', 'maskable', 'withMaskedReason']],
  ['format', ['formatters/']],
  ['reading files', ['readText', 'decodeText']],
  ['walking folders', ['collectFiles', 'planRun']],
  ['checks across files', ['engine/repository.js', ...['bootstrap-override', 'duplicate-allow-list-entry', 'duplicate-label', 'idle-timeout-override'].map((rule) => `rules/repository/${rule}.js`)]],
  ['cache', ['node/cache.js']],
  ['holding results', ['node/compact.js']],
  ['garbage collection', ['(garbage collector)']],
  ['idle (waiting on reads, writes, a worker)', ['(idle)']],
];
/** Where no stage is on a sample's stack: a frame of these files means the glue of a file's lint (or a run's), else start-up. */
const GLUE = ['engine/lint.js', 'node/lint-files.js', 'node/lint-worker.js', 'commands/lint.js', 'cli.js'];
const GLUE_LABEL = 'the rest of a run (the lint glue, options, sorting, exit)';
const REST = "start-up, loading, V8's own work (no stage and no lint on the stack)";

/** The stage of one frame of dplint's own code: its `name@file`, its name, its file, its folder. */
function stageMatcher() {
  const byKey = new Map();
  for (const [label, keys] of STAGES) for (const key of keys) if (!byKey.has(key)) byKey.set(key, label);
  return (frame) => {
    if (frame.functionName === '(garbage collector)' || frame.functionName === '(idle)') return byKey.get(frame.functionName);
    const match = /[\\/]dist[\\/]((?:src|rules)[\\/].*)$/.exec(frame.url);
    if (!match) return undefined;
    // Files as `folder/file.js` under dist/src; rules as `rules/…`.
    const file = match[1].replace(/\\/g, '/').replace(/^src\//, '');
    const folder = file.startsWith('rules/') ? 'rules/' : `${file.split('/')[0]}/`;
    return byKey.get(`${frame.functionName}@${file}`) ?? (frame.functionName ? byKey.get(frame.functionName) : undefined) ?? byKey.get(file) ?? byKey.get(folder);
  };
}

function isGlue(frame) {
  const url = frame.url.replace(/\\/g, '/');
  return GLUE.some((file) => url.endsWith(`/dist/src/${file}`));
}

/** Each stage's share of the profiles' samples and its milliseconds, in STAGES' order, then the rest. */
export function stageShares(profiles) {
  const stageOf = stageMatcher();
  const counts = new Map();
  let total = 0;
  let span = 0;
  for (const profile of [profiles].flat()) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    // A node's stage: the outermost stage on its path from the root, found once per node.
    const memo = new Map();
    const stageAt = (id) => {
      if (memo.has(id)) return memo.get(id);
      const up = parent.get(id);
      const outer = up === undefined ? undefined : stageAt(up);
      const frame = byId.get(id).callFrame;
      // A stage outside wins; glue outside gives way to a stage inside it.
      const stage = outer && outer !== GLUE_LABEL ? outer : stageOf(frame) ?? outer ?? (isGlue(frame) ? GLUE_LABEL : undefined);
      memo.set(id, stage);
      return stage;
    };
    for (const sample of profile.samples) {
      const stage = stageAt(sample) ?? REST;
      counts.set(stage, (counts.get(stage) ?? 0) + 1);
    }
    total += profile.samples.length;
    span += profile.endTime - profile.startTime;
  }
  // The profiles' span (µs) shared out by samples: a stage's time, as the profiler saw it.
  const ms = span / 1000 / total;
  return [...STAGES.map(([label]) => label), GLUE_LABEL, REST].map((label) => [label, (counts.get(label) ?? 0) / total, (counts.get(label) ?? 0) * ms]);
}

function profileGate(build, corpus, format, out) {
  // A folder of its own each time: V8 names the profiles, and those just written are those read.
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const bin = join(build, 'dist', 'src', 'bin.js');
  try {
    execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', out, '--cpu-prof-interval', '250', bin, corpus, '--operation', 'edit-cluster', '--no-config', '--format', format], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    // Exit 1 means findings, which the findings-heavy corpus has.
    if (error.status !== 1) throw error;
  }
  // Every thread's profile (a worker thread writes its own): the samples of all are counted.
  return readdirSync(out).filter((name) => name.endsWith('.cpuprofile')).map((file) => JSON.parse(readFileSync(join(out, file), 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = keep ?? mkdtempSync(join(tmpdir(), 'dplint-profile-'));
  const corpora = [
    ['clean', 'clean', {}, formats.slice(0, 1)],
    ['findings', 'findings-heavy', { findings: true }, formats],
  ].filter(([name]) => !only || only === name);
  const builds = before ? [['before', before], ['after', root]] : [['', root]];
  const columns = [];
  for (const [name, title, options, inFormats] of corpora) {
    const corpus = join(work, name);
    writeCorpus(corpus, files, 1, options);
    for (const format of inFormats) {
      for (const [label, build] of builds) columns.push([`${title}, ${format}${label ? `, ${label}` : ''}`, stageShares(profileGate(build, corpus, format, join(work, `${name}-profile`)))]);
    }
  }
  for (const [title, shares] of columns) console.error(`${title}: ${Math.round(shares.reduce((sum, [, , ms]) => sum + ms, 0))} ms profiled`);
  console.log(`| stage (${files.toLocaleString('en')} files) | ${columns.map(([title]) => title).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (let row = 0; row < columns[0][1].length; row++) {
    console.log(`| ${columns[0][1][row][0]} | ${columns.map(([, shares]) => `${(100 * shares[row][1]).toFixed(1)} % (${Math.round(shares[row][2])} ms)`).join(' | ')} |`);
  }
  console.log(`| all samples | ${columns.map(([, shares]) => `${Math.round(shares.reduce((sum, [, , ms]) => sum + ms, 0))} ms`).join(' | ')} |`);
  if (!keep) rmSync(work, { recursive: true, force: true });
}
