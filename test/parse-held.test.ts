import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { visit } from 'yaml';
import { seededRandom } from './helpers/random.js';
import { parseText, type ParsedFile } from '../src/parse/parse.js';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { clusterFile } from '../bench/corpus.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const texts = Array.from({ length: 300 }, (_, i) => clusterFile(i, seededRandom(i + 1)) as string);

/** The heap a parse of each text takes while it is held, a file on average. */
function heldPerFile(parse: (text: string) => ParsedFile): number {
  let held: ParsedFile[] = [];
  let size = 0;
  for (let round = 0; round < 3; round++) {
    held = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const text of texts) held.push(parse(text));
    gc();
    size = (process.memoryUsage().heapUsed - before) / texts.length;
  }
  expect(held.length).toBe(texts.length);
  return size;
}

// Issue 31: the block reader noted every node of a file (offsets, styles, sources: some 11 KB for a
// 3 KB cluster file) as it read the data, for the positions and masking that only a file with
// findings asks for. It notes them by reading the text again, the same way, when first asked.
describe('a clean file parsed holds its data and its comments, not notes of nodes no one asked for', () => {
  // Measured: 10.7 KB a file when the notes were made with the data, 3.2 KB without them.
  test('300 cluster files parsed and held take under 5 KB each (their texts aside)', () => {
    expect(heldPerFile((text) => parseText(text, 'yaml'))).toBeLessThan(5 * 1024);
  });

  test('asked for, the notes are there: the nodes of the same file, read again', () => {
    const file = parseText(texts[0], 'yaml');
    expect(file.reader).toBe('block');
    expect(file.notes).toBeTypeOf('function');
    const yaml = parseText(texts[0], 'yaml', { reader: 'yaml' });
    const ranges = (document: ParsedFile['documents'][number]): number[][] => {
      const found: number[][] = [];
      visit(document.node, { Node: (_, node) => void found.push([...node.range!]) });
      return found;
    };
    expect(file.documents[0].node.toJSON()).toEqual(yaml.documents[0].node.toJSON());
    expect(ranges(file.documents[0])).toEqual(ranges(yaml.documents[0]));
    expect(ranges(file.documents[0]).length).toBe(86);
  });
});
