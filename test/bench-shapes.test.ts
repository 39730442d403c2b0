// The premise of the benchmark's corpus "as teams write it" (bench/shapes.mjs): every shape holds
// the same bodies, resolved to the same operation, with the same findings, so that one shape's
// time per body compares with another's. And the profile's stages (bench/profile.mjs): a sample
// counts in the outermost stage on its stack. No time is asserted here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { SHAPES, STREAM_BODIES, writeShapes } from '../bench/shapes.mjs';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { stageShares } from '../bench/profile.mjs';
import { runCli } from './helpers/cli.js';

const work = mkdtempSync(join(tmpdir(), 'dplint-bench-shapes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Result = { file: string; operation: string; operationSource: string; findings: Array<{ ruleId: string; message: string; document?: number }> };

/** Each body's findings (a label two bodies claim aside: a stream holds both in one file) as `ruleId message` lines, bodies in corpus order (a stream's documents in turn). */
async function bodies(folder: string): Promise<{ sources: string[]; operations: string[]; findings: string[][] }> {
  const run = await runCli(['.', '-f', 'json'], { cwd: folder });
  const results = (JSON.parse(run.stdout) as { results: Result[] }).results;
  const findings: string[][] = [];
  // An envelope's messages name a member under `body.`; the same finding otherwise.
  const envelope = /request-envelope/.test(folder);
  for (const result of results) {
    const documents = /[\\/]stream$/.test(folder) ? STREAM_BODIES : 1;
    for (let d = 0; d < documents; d++) {
      findings.push(result.findings.filter((f) => (f.document ?? 0) === d && f.ruleId !== 'repository/duplicate-label').map((f) => `${f.ruleId} ${envelope ? f.message.replace(/^body\./, '') : f.message}`));
    }
  }
  return { sources: [...new Set(results.map((r) => r.operationSource))], operations: [...new Set(results.map((r) => r.operation))], findings };
}

describe('bench/shapes.mjs', () => {
  test('every shape of the findings-heavy bodies resolves to edit-cluster, in its own way, with the same findings per body', async () => {
    const shapes = writeShapes(work, 40, { findings: true });
    expect(SHAPES).toEqual(['config-mapped YAML', 'modeline YAML', 'JSON', 'request envelope', 'stream']);
    expect(Object.values(shapes).map((s) => (s as { files: number }).files)).toEqual([40, 40, 40, 40, 4]);
    const read = Object.fromEntries(await Promise.all(SHAPES.map(async (shape: string) => [shape, await bodies(shapes[shape].folder)])));
    expect(Object.fromEntries(SHAPES.map((shape: string) => [shape, [read[shape].sources, read[shape].operations]]))).toEqual({
      'config-mapped YAML': [['config'], ['edit-cluster']],
      'modeline YAML': [['modeline'], ['edit-cluster']],
      JSON: [['config'], ['edit-cluster']],
      'request envelope': [['envelope'], ['edit-cluster']],
      stream: [['config'], ['edit-cluster']],
    });
    const reference = read['config-mapped YAML'].findings;
    expect(reference).toHaveLength(40);
    // Findings-heavy: most bodies have some.
    expect(reference.filter((f: string[]) => f.length > 0).length).toBeGreaterThan(30);
    for (const shape of SHAPES) expect([shape, read[shape].findings]).toEqual([shape, reference]);
  });
});

describe('bench/profile.mjs', () => {
  // A profile of one thread: the root, a lint calling parse (whose yaml code is not dplint's), and
  // masking calling parse: the outermost stage takes each sample.
  const frame = (functionName: string, file?: string) => ({ functionName, url: file ? `file:///x/dist/${file}` : '' });
  const profile = {
    startTime: 0,
    endTime: 8000,
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 7, 8] },
      { id: 2, callFrame: frame('lintText', 'src/engine/lint.js'), children: [3, 5, 9] },
      { id: 3, callFrame: frame('parseText', 'src/parse/parse.js'), children: [4] },
      { id: 4, callFrame: frame('composeNode', 'node_modules/yaml/compose.js'), children: [] },
      { id: 5, callFrame: frame('maskSecrets', 'src/schema/secrets.js'), children: [6] },
      { id: 6, callFrame: frame('parseText', 'src/parse/parse.js'), children: [] },
      { id: 7, callFrame: frame('(garbage collector)'), children: [] },
      { id: 8, callFrame: frame('(program)'), children: [] },
      { id: 9, callFrame: frame('sortFindings', 'src/engine/order.js'), children: [] },
    ],
    samples: [4, 4, 6, 7, 8, 9, 3, 2],
  };
  test('a sample counts in the outermost stage on its stack; glue and start-up apart', () => {
    const shares = Object.fromEntries(stageShares(profile).filter(([, share]: [string, number]) => share > 0).map(([label, share, ms]: [string, number, number]) => [label, [share, ms]]));
    expect(shares).toEqual({
      parse: [3 / 8, 3],
      'mask (shown text, messages, fixes)': [1 / 8, 1],
      'garbage collection': [1 / 8, 1],
      'the rest of a run (the lint glue, options, sorting, exit)': [2 / 8, 2],
      "start-up, loading, V8's own work (no stage and no lint on the stack)": [1 / 8, 1],
    });
  });
});
