import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, test } from 'vitest';
import { lintText, type LintOptions } from '../../src/engine/lint.js';
import { decodeText } from '../../src/node/files.js';
import { parseText } from '../../src/parse/parse.js';
import { bodyValue, modeline, mutatedClusterFile, operationOption, problems, runs, TIMEOUT, tokenSoup } from './invariants.js';

/**
 * Property tests of the whole core pipeline (parse → operation → schema → rules → directives →
 * sort) with `lintText`: for every input, no exception escapes, every finding lies inside the text
 * with its end after its start, the findings are in their documented order, and linting the same
 * text again gives the same result. Fixed seed, bounded runs; `npm run test:props` runs longer.
 */

/** Lints twice and returns what is wrong: a throw, a finding out of place, a second result that differs. */
function check(text: string, options: LintOptions): string[] {
  let first;
  try {
    first = lintText(text, options);
  } catch (error) {
    return [`threw ${error instanceof Error ? error.stack : String(error)}`];
  }
  const found = problems(text, first.findings);
  const second = lintText(text, options);
  if (JSON.stringify(second) !== JSON.stringify(first)) found.push('a second lint of the same text differs');
  return found;
}

function assertClean(text: string, options: LintOptions): void {
  const found = check(text, options);
  if (found.length > 0) throw new Error(`${found.join('\n')}\n--- options ${JSON.stringify(options)}\n--- text ${JSON.stringify(text)}`);
}

describe('lintText over generated documents', () => {
  test(
    'arbitrary bodies written as YAML (block or flow) with or without a modeline',
    () => {
      fc.assert(
        fc.property(bodyValue, modeline, fc.constantFrom('block', 'flow'), operationOption, (value, head, style, operation) => {
          const yaml = stringify(value, { collectionStyle: style === 'flow' ? 'flow' : 'any', lineWidth: 0 });
          assertClean(head + yaml, { operation });
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'arbitrary bodies written as JSON, as a body or as a request envelope',
    () => {
      const envelope = fc.record({ method: fc.constantFrom('PUT', 'POST', 'GET', 'DELETE', 'put', 'PATCH'), path: fc.constantFrom('/api/v2.0/clusters/etl/state', '/api/v1.3/clusters/etl', '/api/v2/accounts/whitelist_ip/1,2', '/api/v2/clusters/12/clone', '/api/v2/accounts/', '/nope', 'https://api.example.com/api/v2/accounts/whitelist_ip'), headers: fc.option(bodyValue, { nil: undefined }), body: bodyValue });
      fc.assert(
        fc.property(fc.oneof(bodyValue, envelope), operationOption, fc.constantFrom(0, 2), (value, operation, indent) => {
          assertClean(JSON.stringify(value, null, indent) ?? 'null', { operation, filename: 'body.json' });
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'multi-document streams, anchors and aliases',
    () => {
      const document = fc.tuple(bodyValue, fc.boolean()).map(([value, anchored]) => {
        const yaml = stringify(value, { lineWidth: 0 });
        return anchored ? `base: &base ${JSON.stringify(value)}\nmerged:\n  <<: *base\ncopy: *base\n${yaml}` : yaml;
      });
      fc.assert(
        fc.property(modeline, fc.array(document, { minLength: 1, maxLength: 4 }), (head, docs) => {
          assertClean(head + docs.join('---\n'), {});
        }),
        runs(150),
      );
    },
    TIMEOUT,
  );
});

describe('lintText over broken and hostile text', () => {
  test(
    'YAML token soup: every lexer state, mixed',
    () => {
      fc.assert(
        fc.property(modeline, tokenSoup, operationOption, fc.constantFrom('a.yaml', 'a.json'), (head, soup, operation, filename) => {
          assertClean(head + soup, { operation, filename });
        }),
        runs(400),
      );
    },
    TIMEOUT,
  );

  test(
    'arbitrary strings: any code point, lone surrogates, control characters',
    () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 200 }), operationOption, (text, operation) => {
          assertClean(text, { operation });
          assertClean(text, { operation, filename: 'x.json' });
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'arbitrary bytes: decoded as a file is (or refused with a reason), then linted',
    () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(new Uint8Array(), Uint8Array.of(0xef, 0xbb, 0xbf), Uint8Array.of(0xff, 0xfe), Uint8Array.of(0xfe, 0xff)), (bytes, mark) => {
          const decoded = decodeText(Uint8Array.from([...mark, ...bytes]));
          if ('error' in decoded) {
            expect(decoded.error).toMatch(/^the file /);
            return;
          }
          assertClean(decoded.text, { operation: 'edit-cluster' });
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'mutations of the sample repository’s cluster files (deletions, inserted syntax, moved and re-indented lines)',
    () => {
      fc.assert(
        fc.property(mutatedClusterFile, (file) => {
          assertClean(file.text, { operation: 'edit-cluster', filename: file.name });
          assertClean(file.text, { filename: file.name });
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'limits: whatever maxDepth and maxAliasCount say, parsing ends with findings inside the text',
    () => {
      const nested = fc.tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom('[', '{a: ', '- ')).map(([depth, open]) => {
        if (open === '- ') return 'x:\n' + '- '.repeat(depth) + '1\n';
        const close = open === '[' ? ']' : '}';
        return 'x: ' + open.repeat(depth) + (open === '[' ? '' : '1') + close.repeat(depth) + '\n';
      });
      fc.assert(
        fc.property(nested, fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 2000 }), (text, maxDepth, maxAliasCount) => {
          const parsed = parseText(text, 'yaml', { maxDepth, maxAliasCount });
          expect(problems(text, parsed.findings)).toEqual([]);
          const limited = parsed.findings.filter((f) => f.ruleId === 'parse/limit');
          expect(limited.length).toBe(parsed.documents[0].usable ? 0 : 1);
          assertClean(text, { maxDepth, maxAliasCount, operation: 'edit-cluster' });
        }),
        runs(150, 0.2),
      );
    },
    TIMEOUT,
  );
});
