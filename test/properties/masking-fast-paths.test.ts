import fc from 'fast-check';
import { Scalar, stringify } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseText } from '../../src/parse/parse.js';
import { lintText } from '../../src/engine/lint.js';
import { maskSecrets, messageMask, secretsOf, withoutRevealingEdits } from '../../src/schema/secrets.js';
import type { Finding } from '../../src/types.js';
import { referenceMaskSecrets, referenceMessageMask, referenceSecretsOf } from '../helpers/masking-reference.js';
import { bodyValue, mutatedClusterFile, runs, TIMEOUT, tokenSoup } from './invariants.js';

/**
 * The fast paths of src/schema/secrets.ts mask exactly what the code before them masked
 * (test/helpers/masking-reference.ts): the same shown text for any text, parsed or not; the same
 * masked messages; the same test of a fix's text. Texts are drawn to reach every branch of the
 * line-by-line pass — credential names before `:` and `=` in every quoting, block scalars,
 * private keys, URLs, flow collections, anchors an alias names twice (overlapping ranges), CRs,
 * Unicode white space, a byte-order mark — and texts that do not parse.
 */

/** Credentials of every length class maskMessage has: tiny (1–3), short (4–7), runs (8+), name-like runs. */
const secret = fc.oneof(
  fc.array(fc.constantFrom(...'abcXYZ0189+/_-.'), { minLength: 1, maxLength: 24 }).map((chars) => chars.join('')),
  fc.constantFrom('abcdefghij', 'compute_validated', 'zz', 'k3y', 'p4ss', 'Zq1/2+3=4"5\\6', 'ÄÖü😀secret99', 'XY12abcdefgh_ij', '9a.b-c_defghZ'),
);

/** Credentials with runs: 8 to 30 characters. */
const longSecret = fc.array(fc.constantFrom(...'abcXYZ0189+/_-.'), { minLength: 8, maxLength: 30, size: 'max' }).map((chars) => chars.join(''));

const NAMES = ['compute_secret_key', 'db_password', "'fernet_key'", '"x-auth-token"', 'X-AUTH-TOKEN', 'compute_secert_key', 'javax.jdo.option.ConnectionPassword', 'label', 'node_count', 'custom_config', 'a', 'secret'];

/** One line of a text: a name, a separator, a value, in some layout. */
const line = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', '  ', '    ', '- ', '\t', '\u00a0'),
      fc.constantFrom(...NAMES),
      fc.constantFrom(': ', ':', ' : ', '=', ' = ', ':\t', ': |', ': >-', ': &k ', ': *k', ': [', ': {', ': "', ": '", ' ', '\t', '  '),
      fc.oneof(secret, fc.constantFrom('', '${VAR}', '"${VAR}"', 'null', '~', 'x, y]', 'a: b}', '****')),
      fc.constantFrom('', '\r', ' # note', '"', "'", ']', '}', ', b: 1'),
    )
    .map((parts) => parts.join('')),
  fc.tuple(fc.constantFrom('  ', '', '      '), secret).map(([indent, value]) => indent + value),
  secret.map((s) => `conn: postgresql://user:${s}@db.example.com:5432/x`),
  secret.map((s) => `{a: 1, compute_access_key: ${s}, b: {storage_secret_key: [${s}]}}`),
  fc.constantFrom('-----BEGIN RSA PRIVATE KEY-----', '  -----END RSA PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----', 'saved: &k abc123456789', 'other_secret: *k', '---', '', '   ', '# c: d = e://f', '\u2028', 'a:b:c::d'),
  // An anchor two credentials name, and one inside another's value: ranges that overlap.
  secret.map((s) => `compute_secret_key: &k ${s}x1234567\ndb_password: *k`),
  secret.map((s) => `base: &m {fernet_key: ${s}x1234567, x: 1}\nsecret: *m`),
  tokenSoup,
);

/** A text of such lines, maybe with a byte-order mark, maybe ending with a newline. */
const lineText = fc
  .tuple(fc.boolean(), fc.array(line, { maxLength: 24 }), fc.boolean())
  .map(([bom, lines, newline]) => (bom ? '\ufeff' : '') + lines.join('\n') + (newline ? '\n' : ''));

/** A body in any style, with credential lines added at its top level. */
const bodyText = fc
  .tuple(bodyValue, fc.constantFrom(Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL), fc.constantFrom<'any' | 'flow' | 'block'>('any', 'block', 'flow'), fc.array(line, { maxLength: 4 }))
  .map(([value, style, collections, lines]) => {
    const body = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { body: value };
    const written = Object.keys(body).length === 0 ? '' : stringify(body, { defaultStringType: style, defaultKeyType: Scalar.PLAIN, collectionStyle: collections, lineWidth: 0 });
    return written + lines.map((l) => `${l}\n`).join('');
  });

const anyText = fc.oneof(lineText, bodyText, mutatedClusterFile.map((file) => file.text));

/** A message quoting pieces of the text: its words, slices of them, JSON escapes of them. */
function messagesOf(text: string, picks: readonly number[]): string[] {
  const words = text.split(/[\s:=,[\]{}]+/).filter((word) => word !== '');
  if (words.length === 0) return ['no words'];
  return picks.map((pick, i) => {
    const word = words[pick % words.length];
    const piece = i % 3 === 0 ? word : i % 3 === 1 ? word.slice(pick % 3, word.length - (pick % 2)) : JSON.stringify(word).slice(1, -1);
    return [`value "${piece}" is wrong`, `${piece}`, `x${piece}y and '${piece.slice(0, 3)}'`, `${piece} ${piece}`][pick % 4];
  });
}

describe('the fast paths mask what the reference masks', () => {
  test(
    'maskSecrets: the same shown text, from the text alone and from its parse',
    () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const expected = referenceMaskSecrets(text);
          expect(maskSecrets(text)).toBe(expected);
          const parsed = parseText(text, 'yaml');
          expect(maskSecrets(text, parsed)).toBe(referenceMaskSecrets(text, parsed));
        }),
        runs(400),
      );
    },
    TIMEOUT,
  );

  test(
    'messageMask and secretsOf: the same masked messages and the same test of an edit, with the shown text computed or handed in',
    () => {
      fc.assert(
        fc.property(anyText, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (text, picks) => {
          const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
          const values = parseText(text, 'yaml').documents.map((document) => document.value);
          const shown = maskSecrets(source);
          const reference = referenceMessageMask(source, values, shown);
          const computed = messageMask(source, values);
          const handed = messageMask(source, values, () => shown);
          const reveals = secretsOf(source, shown);
          const revealsReference = referenceSecretsOf(source, shown);
          for (const message of messagesOf(text, picks)) {
            expect(computed(message)).toBe(reference(message));
            expect(handed(message)).toBe(reference(message));
            expect(reveals(message)).toBe(revealsReference(message));
          }
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'messageMask with many credentials (their runs looked up, not searched): the same masked messages',
    () => {
      fc.assert(
        fc.property(fc.array(longSecret, { minLength: 17, maxLength: 40 }), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (secrets, picks) => {
          const text = secrets.map((value, i) => `key${i}_password: ${JSON.stringify(value)}\n`).join('');
          const values = parseText(text, 'yaml').documents.map((document) => document.value);
          const reference = referenceMessageMask(text, values, maskSecrets(text));
          const mask = messageMask(text, values);
          for (const message of messagesOf(secrets.join(' '), picks)) expect(mask(message)).toBe(reference(message));
        }),
        runs(100),
      );
    },
    TIMEOUT,
  );

  test('overlapping ranges (an anchor named by two credentials, a credential inside another) are masked as before', () => {
    const text = 'compute_secret_key: &k abcdefgh12345\ndb_password: *k\nbase: &m {fernet_key: zyxwvut98765, x: 1}\nsecret: *m\n';
    expect(maskSecrets(text)).toBe(referenceMaskSecrets(text));
    expect(maskSecrets(text)).toBe('compute_secret_key: ****\ndb_password: ****\nbase: &m ****\nsecret: ****\n');
  });

  test('a message quoting a credential the line pass masks, a run of one, and a short one as a word are masked', () => {
    const text = 'hadoop_settings:\n  custom_config: |\n    javax.jdo.option.ConnectionPassword=Hunter2Hunter2\n    a=1\nmonitor_api_token: p4ss\n';
    const mask = messageMask(text, parseText(text, 'yaml').documents.map((document) => document.value));
    expect(mask('password Hunter2Hunter2 is weak')).toBe('password **** is weak');
    expect(mask('starts with "nter2Hun…"')).toBe('starts with "****…"');
    expect(mask('token p4ss, not p4ssword')).toBe('token ****, not p4ssword');
  });
});

/**
 * Texts the block reader reads and notes (ParsedFile.notes), member a line: credential and other
 * names, values the node pass masks or keeps or leaves (`null`, `~`, `""`), and comments holding
 * what only the line pass finds. The line pass passes over a credential member the notes explain
 * whole (maskLines, explainsMember), not over the rest of its line.
 */
const blockValue = fc.oneof(
  fc.array(fc.constantFrom(...'abcXYZ0189+/_-.='), { minLength: 1, maxLength: 16 }).map((chars) => `s${chars.join('')}`),
  fc.constantFrom('${VAR}', '"${VAR}"', "'${VAR}'", '${A}${B}', '"${A} x"', 'null', '~', '""', "''", '"a b c"', "'it''s'", 'http://u:pw1@h', 'x:y', '"k: v"', '"a=b"', '[a, b]', '[]', '{}', '1.50', 'true'),
);
const blockComment = fc.constantFrom('', ' # note', ' # was: db_password=Old-Pw-991', ' # see postgresql://u:pg-Pass-7731@db/x', ' # token: Tok-9981', ' # sse_key=Sse-42-x', ' # fs.s3a.secret.key Key-x-77', ' # a: b = c');
const blockLine = fc
  .tuple(fc.constantFrom('', '  ', '  - '), fc.constantFrom('compute_secret_key', 'compute_access_key', 'db_password', 'sse_key', 'api_token', 'label', 'custom_config', 'compute_secert_key', 'fs.s3a.secret.key'), blockValue, blockComment)
  .map(([lead, name, value, comment]) => ({ lead, line: `${name}: ${value}${comment}` }));
const blockText = fc.array(blockLine, { minLength: 1, maxLength: 8 }).map((lines) => {
  // Each line under a mapping of its own, so that any lead stays in the block reader's subset.
  return lines.map(({ lead, line }, i) => (lead === '' ? `${line}\n` : `group${i}:\n${lead}${line}\n`)).join('');
});

describe('block-read texts: the line pass passes over what the notes explain, and masks the same', () => {
  test(
    'the same shown text and masked messages as the reference',
    () => {
      let noted = 0;
      fc.assert(
        fc.property(blockText, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (text, picks) => {
          const parsed = parseText(text, 'yaml');
          if (parsed.notes) noted++;
          const shown = maskSecrets(text, parsed);
          expect(shown).toBe(referenceMaskSecrets(text, parsed));
          const values = parsed.documents.map((document) => document.value);
          const reference = referenceMessageMask(text, values, shown);
          const mask = messageMask(text, values);
          for (const message of messagesOf(text, picks)) expect(mask(message)).toBe(reference(message));
        }),
        runs(300),
      );
      // The property is about the notes: most of its texts are read by the block reader.
      expect(noted).toBeGreaterThan(150);
    },
    TIMEOUT,
  );
});

describe('withoutRevealingEdits keeps a finding whose edits are all kept as it is', () => {
  const source = 'compute_secret_key: s3cr3t-value-1234\nlabel: x\n';
  const finding = (fix: string, extra: Partial<Finding> = {}): Finding => ({
    ruleId: 'r/x',
    severity: 'warning',
    message: 'm',
    path: '/label',
    line: 2,
    column: 8,
    endLine: 2,
    endColumn: 9,
    ...extra,
    fix: { range: [45, 46], text: fix },
  });

  test('nothing revealed: the very finding', () => {
    const kept = finding('y');
    expect(withoutRevealingEdits([kept], source)[0]).toBe(kept);
  });

  test('its fix revealing the credential: a copy without the fix, other keys in order', () => {
    const [screened] = withoutRevealingEdits([finding('s3cr3t-value-1234')], source);
    expect(Object.keys(screened)).toEqual(['ruleId', 'severity', 'message', 'path', 'line', 'column', 'endLine', 'endColumn']);
  });

  test('a fix before other keys: rebuilt with the fix last, as before', () => {
    const { fix, ...rest } = finding('y');
    const reordered = { fix, ...rest } as Finding;
    const [screened] = withoutRevealingEdits([reordered], source);
    expect(screened).not.toBe(reordered);
    expect(Object.keys(screened)).toEqual(['ruleId', 'severity', 'message', 'path', 'line', 'column', 'endLine', 'endColumn', 'fix']);
  });

  test('an empty suggestion list: dropped, as before', () => {
    const [screened] = withoutRevealingEdits([{ ...finding('y'), suggestions: [] }], source);
    expect(Object.keys(screened)).toEqual(['ruleId', 'severity', 'message', 'path', 'line', 'column', 'endLine', 'endColumn', 'fix']);
  });
});

describe('keys YAML reads as more than the name right before their `:`', () => {
  // The text the engine hands outputs once skipped masking a text that "proved" to hold no
  // credential by the name before each `:`: a key of several words, a misspelt one with a space,
  // or an explicit key showed its value in a code frame. Every shown text is masked now.
  test('a credential under such a key is masked in the shown text of a file with findings', () => {
    const shown = (text: string): string | undefined => lintText(text, { operation: 'edit-cluster' }).shownSource;
    expect(shown('label: [a]\npassword for db: hunter2xyz\nmax_nodes: 0\n')).toBe('label: [a]\npassword for db: ****\nmax_nodes: 0\n');
    expect(shown('label: [a]\nsse key: hunter2xyz\nmax_nodes: 0\n')).toBe('label: [a]\nsse key: ****\nmax_nodes: 0\n');
    expect(shown('label: [a]\n? password\n: hunter2xyz\nmax_nodes: 0\n')).toBe('label: [a]\n? password\n: ****\nmax_nodes: 0\n');
    expect(shown('password for db:\n  hunter2xyz\nmax_nodes: 0\n')).toBe('password for db:\n  ****\nmax_nodes: 0\n');
  });
});
