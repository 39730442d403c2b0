#!/usr/bin/env node
// The corpus "as teams write it" (issue 31): the same cluster bodies as bench/corpus.mjs writes,
// in each shape a team declares an operation with, so that bench/run.mjs can time one body in
// each shape against the others:
//
//   config-mapped YAML   one body a file, the operation from the config's `files`
//   modeline YAML        one body a file, the operation from `# dplint: operation=edit-cluster`
//   JSON                 one body a file (the same data, 2-space JSON), the operation from `files`
//   request envelope     `method: PUT`, `path: /api/v1.3/clusters/<label>`, the body under `body:`
//   stream               ten bodies a file with `---` between them, the operation from `files`
//
// Every shape holds the same bodies, in the same order, so a shape's time per body is comparable
// with another's. Each shape's folder holds a dplint.config.yaml (`files` for the shapes that are
// mapped, none for the others), so that every run reads one config file alike.
//
//   node bench/shapes.mjs <folder> [bodies=2000] [--findings]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { writeCorpus } from './corpus.mjs';

/** How many bodies a stream file holds. */
export const STREAM_BODIES = 10;

export const SHAPES = ['config-mapped YAML', 'modeline YAML', 'JSON', 'request envelope', 'stream'];

const indent = (text) => text.split('\n').map((line) => (line === '' ? line : `  ${line}`)).join('\n');

/**
 * Writes the bodies (the clean corpus's, or the findings-heavy corpus's) in every shape under
 * `folder`/<shape>/: returns each shape's folder, its file count and bytes, and the body count.
 */
/**
 * A folder beside the shapes with a config file and one small file to lint, as each shape's folder
 * has its config: a run over it is dplint's start-up, taken out of each shape's run (bench/run.mjs,
 * bench/instructions.mjs). Returns the folder.
 */
export function writeStartUp(folder) {
  const start = join(folder, 'start');
  mkdirSync(start, { recursive: true });
  writeFileSync(join(start, 'dplint.config.yaml'), 'extends: recommended\n');
  writeFileSync(join(start, 'one.yaml'), '# dplint: operation=set-cluster-state\nstate: start\n');
  return start;
}

export function writeShapes(folder, bodies = 2000, { findings = false } = {}) {
  const source = join(folder, '.source');
  writeCorpus(source, bodies, 1, { findings });
  const texts = readdirSync(source).sort().map((name) => readFileSync(join(source, name), 'utf8'));
  const shapes = {};
  const write = (shape, config, named) => {
    const dir = join(folder, shape.replace(/\W+/g, '-'));
    mkdirSync(join(dir, 'clusters'), { recursive: true });
    writeFileSync(join(dir, 'dplint.config.yaml'), config);
    let bytes = 0;
    for (const [name, text] of named) {
      writeFileSync(join(dir, 'clusters', name), text);
      bytes += Buffer.byteLength(text);
    }
    shapes[shape] = { folder: dir, files: named.length, bytes, bodies: texts.length };
  };
  const mapped = (glob) => `extends: recommended\nfiles:\n  - match: ["${glob}"]\n    operation: edit-cluster\n`;
  const plain = 'extends: recommended\n';
  const name = (i, ext) => `cluster-${String(i).padStart(6, '0')}.${ext}`;
  write('config-mapped YAML', mapped('clusters/**/*.yaml'), texts.map((text, i) => [name(i, 'yaml'), text]));
  write('modeline YAML', plain, texts.map((text, i) => [name(i, 'yaml'), `# dplint: operation=edit-cluster\n${text}`]));
  write('JSON', mapped('clusters/**/*.json'), texts.map((text, i) => [name(i, 'json'), `${JSON.stringify(parse(text), null, 2)}\n`]));
  write('request envelope', plain, texts.map((text, i) => {
    const label = parse(text).label?.[0] ?? `cluster-${i}`;
    return [name(i, 'yaml'), `method: PUT\npath: /api/v1.3/clusters/${label}\nbody:\n${indent(text)}`];
  }));
  const streams = [];
  for (let i = 0; i < texts.length; i += STREAM_BODIES) streams.push([name(i / STREAM_BODIES, 'yaml'), texts.slice(i, i + STREAM_BODIES).join('---\n')]);
  write('stream', mapped('clusters/**/*.yaml'), streams);
  rmSync(source, { recursive: true, force: true });
  return shapes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const [folder, count = '2000'] = args.filter((arg) => arg !== '--findings');
  if (!folder) {
    console.error('usage: node bench/shapes.mjs <folder> [bodies] [--findings]');
    process.exit(2);
  }
  for (const [shape, { files, bytes }] of Object.entries(writeShapes(folder, Number(count), { findings: args.includes('--findings') }))) {
    console.log(`${shape}: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  }
}
