import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'parse/encoding',
  stage: 'parse',
  severity: 'error',
  docs: {
    summary: 'The file is not text dplint can decode (UTF-8, or UTF-16 with a byte-order mark).',
    rationale: '"All payloads are JSON" (spec, introduction): JSON is UTF-8 on the wire, so a file in another encoding, or binary data, cannot be sent as it is.',
    fix: 'Save the file as UTF-8.',
  },
  messages: {
    utf16WithoutMark: 'the file looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with a byte-order mark)',
    nulByte: 'the file holds a NUL byte (at byte {{offset}}), so it is not text',
    notUtf8: 'the file is not UTF-8 text (nor UTF-16 with a byte-order mark)',
  },
  cases: {
    // `bytes` (base64) is the file as read from disk: the encoding is judged before there is text.
    valid: [{ name: 'UTF-16 with its byte-order mark', yaml: '', bytes: '//4jACAAZABwAGwAaQBuAHQAOgAgAG8AcABlAHIAYQB0AGkAbwBuAD0AcwBlAHQALQBjAGwAdQBzAHQAZQByAC0AcwB0AGEAdABlAAoAcwB0AGEAdABlADoAIABzAHQAYQByAHQACgA=' }],
    invalid: [
      { name: 'UTF-16 without its mark', example: true, yaml: '', bytes: 'cwB0AGEAdABlADoAIABzAHQAYQByAHQACgA=', findings: [{ messageId: 'utf16WithoutMark', line: 1, column: 1 }] },
      { name: 'binary data', yaml: '', bytes: 'c3RhdGU6IHN0YXJ0CgAB', findings: [{ messageId: 'nulByte', line: 1, column: 1 }] },
      { name: 'Latin-1 text', yaml: '', bytes: 'bGFiZWw6IFtjYWbpXQo=', findings: [{ messageId: 'notUtf8', line: 1, column: 1 }] },
    ],
  },
});
