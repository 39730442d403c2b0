#!/usr/bin/env node
// How dplint's time grows with hostile input (`npm run bench`, after `npm run build`; not part of
// `npm test`, whose tests assert no time). Two parts, each at three sizes n, 4n and 16n, taken in
// turn, with the median of the runs at each size:
//
//   regular expressions  every one of src/ and rules/ (bench/hostile-inputs.mjs) over runs of one and two
//                        characters, the attacks the tests' static analysis does not cover in full
//   shapes               the hostile inputs of test/hostile/ that have a size, linted through the
//                        library in dist/
//
// Linear work takes 4× as long for 4× the input, quadratic work 16×. The growth shown is per step
// of 4×, over both steps (the square root of 16n's time over n's), so a one-off jump at one size
// (V8's collector starting to promote, say) counts half. A growth of 8× or more is named, and the
// run exits with 1. Work that grows faster than the input but is small beside fixed costs at these
// sizes is not seen.
//
//   node bench/hostile.mjs [--runs 5]
import { performance } from 'node:perf_hooks';
import { formatters, lintText, schemas } from '../dist/src/index.js';
import { parseConfig } from '../dist/src/config/config.js';
import { unifiedDiff } from '../dist/src/formatters/diff.js';
import { attackRuns, everyFieldBody, sourceRegexes } from './hostile-inputs.mjs';
import { inTurn, median } from './in-turn.mjs';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('bench/hostile.mjs: --runs takes a whole number of at least 1');
  process.exit(2);
}
const STEP = 4;
const SIZES = [1, STEP, STEP * STEP];
const SUPER_LINEAR = 8;

const bodyOperations = Object.keys(schemas).filter((id) => id !== 'definitions');
const everyField = (value) => () => {
  for (const operation of bodyOperations) lintText(JSON.stringify(everyFieldBody(schemas[operation], schemas.definitions.definitions, value)), { operation, filename: 'body.json' });
};
const yaml = (text) => () => lintText(text, { filename: 'hostile.yaml' });

/** Each shape: a name, and for a size factor k (1, 4 or 16), the work to time on k times the text. */
const shapes = [
  ...[
    ['a run of one letter', (n) => 'a'.repeat(n)],
    ['spaces, then a letter', (n) => ' '.repeat(n) + 'x'],
    ['equals signs, then a bang', (n) => '='.repeat(n) + '!'],
    ['XML tags', (n) => '<a>'.repeat(n / 3)],
    ['an unclosed XML tag run', (n) => '<a '.repeat(n / 3)],
    ['an SSH key', (n) => 'ssh-rsa ' + 'A'.repeat(n)],
    ['a PEM header run', (n) => '-----BEGIN ' + 'A '.repeat(n / 2)],
    ['an e-mail address', (n) => 'x@' + 'a.'.repeat(n / 2) + '!'],
    ['a dotted number', (n) => '1.'.repeat(n / 2)],
    ['a subnet list', (n) => 'subnet-' + 'a,'.repeat(n / 2)],
    ['override lines', (n) => 'k=v\n'.repeat(n / 4) + 'x'],
  ].map(([name, value]) => [`every field of every body: ${name}`, (k) => everyField(value(1024 * k))]),
  ['a long key, JSON and YAML', (k) => () => {
    const key = 'compute_secret_key' + '_'.repeat(64 * 1024 * k);
    lintText(`{"${key}": 1, "vm_settings": {"compute_secret_key": "abc"}}`, { operation: 'edit-cluster', filename: 'a.json' });
    lintText(`# dplint: operation=edit-cluster\n${key}: 1\n`);
  }],
  ['unknown members in one mapping', (k) => {
    const members = Array.from({ length: 500 * k }, (_, i) => `  member_${i}: "${i}"`).join('\n');
    return yaml(`# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n${members}\n  max_nodes: "7"\n`);
  }],
  ['one long JSON line, stylish with code frames', (k) => {
    const text = `{"label": ["etl"], "node_configuration": {"max_nodes": "9"}, "cluster_name": "${'x'.repeat(256 * 1024 * k)}"}`;
    return () => formatters.stylish([{ file: 'long.json', operation: 'edit-cluster', operationSource: 'option', findings: lintText(text, { operation: 'edit-cluster', filename: 'long.json' }).findings, source: text }]);
  }],
  // Free-text credentials (src/schema/secrets.ts maskFreeText): settings each judged and passed, URL users with no `@`, `name value` settings.
  ['free-text settings of placeholders on one line', (k) => yaml(`# dplint: operation=edit-cluster\nlabel: 3\ncustom_config: "${'a.password=\${A} '.repeat(4096 * k)}"\nother: ${'password=\${A} # '.repeat(4096 * k)}\n`)],
  ['URL users and dotted credential names on one line', (k) => yaml(`# dplint: operation=edit-cluster\nlabel: 3\nurls: ${'a://b:'.repeat(10_000 * k)}\nnames: "${'a.secret.key \\n'.repeat(4096 * k)}"\n`)],
  ['a bootstrap script', (k) => yaml(`# dplint: operation=set-bootstrap\nis_user_bootstrap: 1\nscript: |\n${'  set hive.exec.parallel.thread.number=8;\n'.repeat(25_000 * k)}`)],
  // Line i is indented i spaces, so the text grows with the square of the depth: twice the depth is 4× the text.
  ['block mappings nested past the depth limit', (k) => yaml('# dplint: operation=edit-cluster\n' + Array.from({ length: 1000 * Math.sqrt(k) }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n')],
  ['flow collections nested past the depth limit', (k) => yaml(`# dplint: operation=edit-cluster\nlabel: ${'['.repeat(2000 * k)}${']'.repeat(2000 * k)}\n`)],
  ['a stream of cluster bodies', (k) => yaml('# dplint: operation=edit-cluster\n' + 'label: [etl]\nnode_configuration:\n  max_nodes: "7"\n  # a comment\n---\n'.repeat(250 * k))],
  ['a label list of numbers, a finding for each item', (k) => yaml(`# dplint: operation=edit-cluster\nlabel: [${Array(5000 * k).fill('1').join(',')}]\n`)],
  ['the same list under an alias, each finding located through it', (k) => yaml(`# dplint: operation=edit-cluster\nshared: &labels [${Array(5000 * k).fill('1').join(',')}]\nlabel: *labels\n`)],
  // Each fix is looked at for a comment in its own range: a search for the next `#` to the end of the text made this quadratic.
  ['fixable label items before a long value with no `#` after them', (k) => () => lintText(`label:\n${Array.from({ length: 5000 * k }, (_, i) => `  - ${i}\n`).join('')}cluster_name: "${'a'.repeat(1024 * 1024 * k)}"\n`, { operation: 'edit-cluster' })],
  ['duplicate keys, a finding for each', (k) => yaml('# dplint: operation=set-cluster-state\n' + 'state: start\n'.repeat(10_000 * k))],
  ['an anchor named by 998 tags (refused past maxAliasExpansion)', (k) => yaml(`# dplint: operation=edit-cluster\nshared: &big "${'x'.repeat(64 * 1024 * k)}"\nnode_configuration:\n  custom_vm_tags:\n${Array.from({ length: 998 }, (_, i) => `    t${i}: *big`).join('\n')}\n`)],
  ['tiny documents, a finding each (read up to maxDocuments)', (k) => yaml('# dplint: operation=set-cluster-state\n' + 'state: bad\n---\n'.repeat(2500 * k))],
  // Issue 30.12: every glob a config may hold (1,000), over files 20 folders deep, as the walk asks (each folder, then each file).
  ['1,000 config globs over files 20 folders deep', (k) => () => {
    const ignore = [...Array.from({ length: 996 }, (_, i) => `legacy-${i}/**`), `**/f${k}.yaml`, '**/*.yml', '*/x*/**'];
    const config = parseConfig(JSON.stringify({ ignore, files: [{ match: ['d0/**/*.yaml'], operation: 'edit-cluster' }] }), 'dplint.config.json');
    const folders = Array.from({ length: 20 }, (_, i) => `d${i}`);
    for (let i = 1; i <= folders.length; i++) config.isIgnored(folders.slice(0, i).join('/'));
    for (let f = 0; f < 500 * k; f++) config.isIgnored(`${folders.join('/')}/f${f}.yaml`) || config.settingsFor(`${folders.join('/')}/f${f}.yaml`);
  }],
  // Issue 30.13: a directive for each finding, each looked up by its line.
  ['disable-next-line directives, each silencing a finding', (k) => yaml(`# dplint: operation=edit-cluster\nlabel:\n${'  # dplint-disable-next-line yaml/unquoted-string\n  - 1\n'.repeat(2500 * k)}`)],
  ['disable/enable pairs, each around a finding', (k) => yaml(`# dplint: operation=edit-cluster\nlabel:\n${'  # dplint-disable yaml/unquoted-string\n  - 1\n  # dplint-enable yaml/unquoted-string\n  - "x"\n'.repeat(1250 * k)}`)],
  // Issue 30.16: --fix-dry-run's diff of a file fixed at its top and its bottom, and of one changed on every other line (past the edit budget).
  ['a diff with two fixes far apart', (k) => {
    const middle = '  - x\n'.repeat(25_000 * k);
    return () => unifiedDiff(`a: 1\nlabel:\n${middle}b: 2\n`, `a: "1"\nlabel:\n${middle}b: "2"\n`, 'f.yaml');
  }],
  ['a diff of every other line changed', (k) => {
    const lines = (changed) => Array.from({ length: 5000 * k }, (_, i) => `k${i}: ${i % 2 && changed ? `"${i}"` : i}\n`).join('');
    return () => unifiedDiff(lines(false), lines(true), 'f.yaml');
  }],
  ['a secret among many lines (masked in every fix)', (k) => yaml(`# dplint: operation=edit-cluster\n${'# filler line\n'.repeat(5000 * k)}vm_settings:\n  compute_secret_key: abcdefgh\nnode_configuration:\n  max_nodes: "7"\n`)],
];

const time = (work) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/** The median time of each work, the works taken in turn `runs` times after one warm-up each. */
function medians(works) {
  return Object.values(inTurn(works, runs, time)).map(median);
}
const growthOf = ([first, , last]) => Math.sqrt(last / first);
const column = (text) => text.padStart(10);
const row = (name, times, growth, flagged) => `${name.padEnd(62)}${times.map((ms) => column(`${ms.toFixed(1)} ms`)).join('')}  ${growth.toFixed(1)}×${flagged ? '  super-linear' : ''}`;
let failed = 0;

console.log(`median of ${runs} runs at each size, sizes taken in turn; linear ≈ ${STEP}× a step, quadratic ≈ ${STEP * STEP}×\n`);
console.log(`${'regular expression, all its runs of one and two characters'.padEnd(62)}${['4 KB', '16 KB', '64 KB'].map(column).join('')}  growth`);
const regexes = sourceRegexes().found.map(({ file, line, regex }) => {
  const attacks = SIZES.map((k) => attackRuns(regex, 4 * 1024 * k));
  const times = medians(attacks.map((inputs) => () => {
    for (const input of inputs) {
      regex.lastIndex = 0;
      if (regex.global || regex.sticky) input.replace(regex, '');
      else regex.test(input);
    }
  }));
  return { name: `${file}:${line}`, times, growth: growthOf(times) };
});
// Under a millisecond at 64 KB, a regular expression's growth is the clock's noise.
const counted = regexes.filter(({ times }) => times[2] >= 1).sort((a, b) => b.growth - a.growth);
const slow = counted.filter(({ growth }) => growth >= SUPER_LINEAR);
failed += slow.length;
for (const { name, times, growth } of counted.slice(0, Math.max(3, slow.length))) console.log(row(name, times, growth, growth >= SUPER_LINEAR));
console.log(`(${regexes.length} in all, ${counted.length} taking a millisecond or more at 64 KB; those that grew most are shown)\n`);

console.log(`${'shape'.padEnd(62)}${SIZES.map((k) => column(k === 1 ? 'n' : `${k}n`)).join('')}  growth`);
for (const [name, make] of shapes) {
  const times = medians(SIZES.map((k) => make(k)));
  const growth = growthOf(times);
  if (growth >= SUPER_LINEAR) failed++;
  console.log(row(name, times, growth, growth >= SUPER_LINEAR));
}
if (failed > 0) {
  console.log(`\n${failed} grew ${SUPER_LINEAR}× or more a step of ${STEP}× the input`);
  process.exitCode = 1;
}
