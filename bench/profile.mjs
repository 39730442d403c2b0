#!/usr/bin/env node
// Where a CI gate's time goes (`npm run bench:profile`, after `npm run build`; not part of `npm test`).
// It writes the benchmark's two corpora (bench/corpus.mjs: mostly clean, and findings-heavy),
// runs the gate over each under V8's sampling profiler (`node --cpu-prof`) on the unbundled build
// (dist/src/bin.js: the same code as the bundle, with its functions' own names), and prints each
// stage's share of the samples. A sample counts once, in the first stage found on its stack from
// the innermost call outwards: schema checking inside the quick look is "schema", not "quick
// look". Shares, and the milliseconds the profiler saw (under the profiler, and stretched by a
// busy machine: compare shares, or builds profiled in turn).
//
//   node bench/profile.mjs [--files 10000] [--only clean|findings] [--keep DIR] [--before CHECKOUT]
//
// --before also profiles another checkout's build (its dist/src/bin.js, built), in turn with this
// one on each corpus: a column before and one after a change.
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

/**
 * The stages of the pipeline, by the functions that run them (src/…, as tsc names them; `name@file`
 * where the name alone is too common). The first stage found on a sample's stack from the
 * innermost call outwards takes the sample.
 */
export const STAGES = [
  ['garbage collection', ['(garbage collector)']],
  ['reading files (open, stat, read, decode)', ['readText']],
  ['walking folders', ['collectFiles']],
  ['schema', ['validateBody']],
  ['rules', ['runRules']],
  ['policies', ['runPolicies']],
  // The masks of a file's lines are made once (FileSecrets), by whichever asks first (most often a message).
  ['masking: the masks of the lines masking changes', ['lineMasks']],
  ['masking the text outputs show', ['maskSecrets', 'joinedMasks']],
  ['masking messages', ['withoutSecrets', 'messageMask', 'message@schema/secrets.js', 'credentials@schema/secrets.js']],
  ['screening fixes for credentials', ['withoutRevealingEdits']],
  ['nodes for locating (parseText)', ['parseText']],
  ['locating findings, rendering fixes', ['locateFinding', 'renderFix', 'renderSuggestions']],
  ['quick look: reading the data', ['readData', 'readBlockYaml']],
  ['checks across files', ['collectFacts', 'lintRepository', 'lintRepositoryDetailed', 'repositoryResults']],
  ['holding results', ['finding@node/compact.js', 'findings@node/compact.js', 'result@node/compact.js', 'pack@node/compact.js', 'at@node/compact.js']],
  ['output', ['jsonParts', 'json', 'stylish', 'sarif', 'junit', 'github', 'compact']],
  ['the rest of linting a file (operation, levels, directives, glue)', ['lintText', 'lintFile', 'lintSource', 'lintFileAt']],
];

/** Each stage's share of the profile's samples and its milliseconds, in STAGES' order, then the rest (start-up, loading). */
export function stageShares(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOf = new Map();
  for (const [label, names] of STAGES) for (const name of names) if (!stageOf.has(name)) stageOf.set(name, label);
  const stageAt = (frame) => {
    const file = frame.url.replace(/^.*[\\/]dist[\\/](src|rules)[\\/]/, '');
    return stageOf.get(`${frame.functionName}@${file.replace(/\\/g, '/')}`) ?? stageOf.get(frame.functionName);
  };
  const counts = new Map();
  for (const sample of profile.samples) {
    let stage = 'start-up, loading, the rest';
    for (let id = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id).callFrame;
      // Only dplint's own functions name a stage (a dependency may have a `json` too), and V8's collector.
      const own = frame.functionName === '(garbage collector)' || /[\\/]dist[\\/](src|rules)[\\/]/.test(frame.url);
      const found = own ? stageAt(frame) : undefined;
      if (found) {
        stage = found;
        break;
      }
    }
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  const total = profile.samples.length;
  // The profile's span (µs) shared out by samples: a stage's time, as the profiler saw it.
  const ms = (profile.endTime - profile.startTime) / 1000 / total;
  return [...STAGES.map(([label]) => label), 'start-up, loading, the rest'].map((label) => [label, (counts.get(label) ?? 0) / total, (counts.get(label) ?? 0) * ms]);
}

function profileGate(build, corpus, out) {
  // A folder of its own each time: V8 names the profile, and the one just written is the one read.
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const bin = join(build, 'dist', 'src', 'bin.js');
  try {
    execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', out, '--cpu-prof-interval', '250', bin, corpus, '--operation', 'edit-cluster', '--no-config', '--format', 'json'], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    // Exit 1 means findings, which the findings-heavy corpus has.
    if (error.status !== 1) throw error;
  }
  const [file] = readdirSync(out).filter((name) => name.endsWith('.cpuprofile'));
  return JSON.parse(readFileSync(join(out, file), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = keep ?? mkdtempSync(join(tmpdir(), 'dplint-profile-'));
  const corpora = [
    ['clean', 'mostly clean corpus', {}],
    ['findings', 'findings-heavy corpus', { findings: true }],
  ].filter(([name]) => !only || only === name);
  const builds = before ? [['before', before], ['after', root]] : [['', root]];
  const columns = [];
  for (const [name, title, options] of corpora) {
    const corpus = join(work, name);
    writeCorpus(corpus, files, 1, options);
    for (const [label, build] of builds) columns.push([label ? `${title}, ${label}` : title, stageShares(profileGate(build, corpus, join(work, `${name}-profile`)))]);
  }
  for (const [title, shares] of columns) console.log(`${title}: ${Math.round(shares.reduce((sum, [, , ms]) => sum + ms, 0))} ms profiled`);
  console.log(`| stage (${files.toLocaleString('en')} files, JSON) | ${columns.map(([title]) => title).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (let row = 0; row < columns[0][1].length; row++) {
    console.log(`| ${columns[0][1][row][0]} | ${columns.map(([, shares]) => `${(100 * shares[row][1]).toFixed(1)} % (${Math.round(shares[row][2])} ms)`).join(' | ')} |`);
  }
  if (!keep) rmSync(work, { recursive: true, force: true });
}
