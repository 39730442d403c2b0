import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readText } from '../src/node/files.js';

// Issue 31: a run without a cache stat'ed every file for a size and times nothing kept. Read
// without a stat, a file gives the same text, and the same refusal past the limit.
describe('readText without a stat', () => {
  const folder = mkdtempSync(join(tmpdir(), 'dplint-read-text-'));
  const small = join(folder, 'small.yaml');
  writeFileSync(small, 'label: [etl]\n');
  const large = join(folder, 'large.yaml');
  // Past the buffer kept from file to file (64 KiB), so that it grows.
  writeFileSync(large, `notes: "${'x'.repeat(200_000)}"\n`);

  test('reads the text, and no stat', () => {
    expect(readText(small, 100, false)).toEqual({ text: 'label: [etl]\n', bytes: Buffer.from('label: [etl]\n') });
    const read = readText(large, Infinity, false);
    expect('text' in read && read.text.length).toBe(200_010);
  });

  test('refuses a file past the limit with its size, as the read with a stat does', () => {
    const message = 'the file is 200010 bytes, over the limit maxFileSize = 1000; raise limits.maxFileSize in the config file to lint it';
    expect(readText(large, 1000, false)).toEqual({ error: message });
    expect(readText(large, 1000)).toEqual({ error: message });
    expect(readText(small, 13, false)).toEqual({ text: 'label: [etl]\n', bytes: Buffer.from('label: [etl]\n') });
    expect(readText(small, 12, false)).toEqual({ error: 'the file is 13 bytes, over the limit maxFileSize = 12; raise limits.maxFileSize in the config file to lint it' });
  });

  test('the read with a stat keeps the stat', () => {
    const read = readText(small, 100);
    expect('stat' in read && read.stat?.[0]).toBe(13);
  });
});
