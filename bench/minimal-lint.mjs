#!/usr/bin/env node
// The minimal linter of issue #7, for comparison: read each file, yaml.parseDocument with a
// LineCounter (positions), toJS, one Ajv validator compiled once, locate each error.
//
//   node bench/minimal-lint.mjs <schema.json> <folder>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { LineCounter, parseDocument } from 'yaml';

const [schemaFile, folder] = process.argv.slice(2);
const ajv = new Ajv.default({ allErrors: true, strict: false });
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
let errors = 0;
for (const name of readdirSync(folder).sort()) {
  const text = readFileSync(join(folder, name), 'utf8');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (validate(doc.toJS())) continue;
  for (const error of validate.errors ?? []) {
    const path = error.instancePath.split('/').slice(1);
    const node = doc.getIn(path, true);
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    console.log(`${name}:${line}:${col} ${error.message}`);
    errors++;
  }
}
process.exitCode = errors ? 1 : 0;
