import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { unifiedDiff } from '../../src/formatters/diff.js';
import { impactMarkdown } from '../../src/impact/format.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

/**
 * Output injection: a key, a policy message or a file name holding ESC, BEL (an OSC sequence) or
 * a line break reaches no output as such. A terminal would run the sequence; a line break would
 * put `::error file=…::Forged` on a line of its own, which GitHub Actions reads as a workflow
 * command. Every output replaces control characters (U+FFFD), keeps a finding on one line, and
 * the github format escapes properties and data as GitHub documents.
 */

const FORGED_KEY = '"k\\e]0;t\\a\\n::error file=x::Forged": 1';
const FORGED_FILE = 'x\n::error file=y::Forged\u001b[2J.yaml';

async function lintStdin(format: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { run } = await import('../../src/cli.js');
  let stdout = '';
  let stderr = '';
  const code = await run(['--no-config', '--operation', 'edit-cluster', '--stdin', '--stdin-filename', FORGED_FILE, '-f', format], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd: process.cwd(),
    env: {},
    isTTY: false,
    readStdin: async () => `label: [a]\n${FORGED_KEY}\n`,
  });
  return { code, stdout, stderr };
}

/** A line an Actions runner would take for a workflow command, or a control character other than a line break. */
const FORGED = /^::|[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/m;

describe('a key and a file name holding escape sequences and line breaks', () => {
  test('github: properties and data escaped as GitHub documents, control characters replaced', async () => {
    const { code, stdout } = await lintStdin('github');
    expect(code).toBe(0);
    expect(stdout).toBe(
      '::warning file=x%0A%3A%3Aerror file=y%3A%3AForged\ufffd[2J.yaml,line=2,endLine=2,col=1,endColumn=36,title=schema/unknown-member::unknown member "k\ufffd]0;t\ufffd%0A::error file=x::Forged" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes\n' +
        'dplint: 1 problem (0 errors, 1 warning, 0 info) in 1 file\n',
    );
  });

  test.each(['stylish', 'compact'])('%s: one line per finding, no line an Actions runner takes for a command, no control character', async (format) => {
    const { stdout } = await lintStdin(format);
    const file = 'x\ufffd::error file=y::Forged\ufffd[2J.yaml';
    expect(stdout).toContain(format === 'compact' ? `${file}:2:1: warning unknown member "k\ufffd]0;t\ufffd ::error file=x::Forged" in the body` : `  ${file}:2:1  warning  unknown member "k\ufffd]0;t\ufffd ::error file=x::Forged" in the body`);
    expect(FORGED.exec(stdout)).toBe(null);
  });

  test('a config key that holds them: one line on standard error, exit 2', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'rules:\n  "a\\n::error file=x::Forged\\e]0;t\\a": off\n', 'c.yaml': 'label: [a]\n' });
    const run = await runCli(['c.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('dplint: dplint.config.yaml:2:3: unknown rule "a ::error file=x::Forged\ufffd]0;t\ufffd"; `dplint rules` lists them\n');
  });

  test('a policy message that holds them', async () => {
    const config = 'policies:\n  - id: p\n    message: "bad\\e]8;;https://evil\\a\\n::error file=x::Forged"\n    operations: [edit-cluster]\n    schema: {required: [node_configuration]}\n';
    const dir = tempDir({ 'dplint.config.yaml': config, 'c.yaml': 'label: [a]\n' });
    for (const format of ['stylish', 'compact', 'github']) {
      const run = await runCli(['--operation', 'edit-cluster', '-f', format, 'c.yaml'], { cwd: dir });
      expect(run.code, format).toBe(1);
      // The github format's own lines are commands; none is the forged one.
      expect((format === 'github' ? /^::error file=x::Forged|[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/m : FORGED).exec(run.stdout), format).toBe(null);
      expect(run.stdout, format).toContain('bad\ufffd]8;;https://evil\ufffd');
    }
  });
});

describe('the --fix-dry-run diff', () => {
  test('a file name and lines holding escape sequences and line breaks: replaced, a CRLF line end kept', () => {
    expect(unifiedDiff('a: 1\r\n"k\u001b]0;t\u0007": 1\r\n', 'a: 2\r\n"k\u001b]0;t\u0007": 1\r\n', 'x\n::error file=y::F\u001b[2J.yaml')).toBe(
      '--- a/x\ufffd::error file=y::F\ufffd[2J.yaml\n+++ b/x\ufffd::error file=y::F\ufffd[2J.yaml\n@@ -1,2 +1,2 @@\n-a: 1\r\n+a: 2\r\n "k\ufffd]0;t\ufffd": 1\r\n',
    );
  });
});

describe('code frames are cut around the finding', () => {
  test('a 330 KB one-line JSON file: each frame shows at most 100 columns of the line, with … where text was left out, the marker aligned', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'big.json'), JSON.stringify({ label: 3, disallowed: 'a'.repeat(330_000), use_spot_instances: 'yes' }) + '\n');
    const run = await runCli(['--no-config', '--operation', 'edit-cluster', 'big.json'], { cwd: dir });
    const a = (n: number): string => 'a'.repeat(n);
    expect(run.stdout).toBe(
      [
        'big.json',
        '  big.json:1:10  error    label must be a list; got integer 3  schema/type',
        `  > 1 | {"label":3,"disallowed":"${a(75)}…`,
        '      |          ^',
        '',
        '  big.json:1:12  warning  unknown member "disallowed" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes  schema/unknown-member',
        `  > 1 | {"label":3,"disallowed":"${a(75)}…`,
        '      |            ^^^^^^^^^^^^',
        '',
        '  big.json:1:330028  warning  unknown member "use_spot_instances" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes  schema/unknown-member',
        `  > 1 | …${a(71)}","use_spot_instances":"yes"}`,
        `      | ${' '.repeat(74)}${'^'.repeat(20)}`,
        '',
        '✖ 3 problems (1 error, 2 warnings, 0 info) in 1 file',
        '',
      ].join('\n'),
    );
  });
});

describe('bidirectional controls (Trojan Source)', () => {
  // U+202A–U+202E (embeddings, overrides, their pop) and U+2066–U+2069 (isolates): a viewer that
  // applies the bidi algorithm shows the text around them reordered, so a key may read as another.
  const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
  const KEY = `k${BIDI}x`;

  async function lintBidi(format: string): Promise<string> {
    const { run } = await import('../../src/cli.js');
    let stdout = '';
    await run(['--no-config', '--operation', 'edit-cluster', '--stdin', '--stdin-filename', `f${BIDI}.yaml`, '-f', format], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stdout += t),
      cwd: process.cwd(),
      env: {},
      isTTY: false,
      readStdin: async () => `label: [a]\n"${KEY}": 1\n`,
    });
    return stdout;
  }

  test.each(['stylish', 'compact', 'github'])('%s: each is replaced in the key, the code frame and the file name', async (format) => {
    const stdout = await lintBidi(format);
    const replaced = `k${'\ufffd'.repeat(9)}x`;
    expect(stdout).toContain(`unknown member "${replaced}" in the body`);
    expect(/[\u202a-\u202e\u2066-\u2069]/.exec(stdout)).toBe(null);
    if (format === 'stylish') expect(stdout).toContain(`  > 2 | "${replaced}": 1\n`);
    expect(stdout).toContain(`f${'\ufffd'.repeat(9)}.yaml`);
  });

  test('impact Markdown: shown as escapes in a code span', () => {
    const report = { base: 'main', head: 'the work tree', labels: [{ label: KEY, change: 'added' as const, before: [], after: ['c.yaml'], when: 'immediate' as const }], callouts: [], clusters: [], account: [], inheritedIdleTimeouts: [], bootstrap: [], warnings: [], notRead: [] };
    expect(impactMarkdown(report)).toContain('| `k\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069x` | added | (none) | `c.yaml` |');
  });
});
