import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'parse/line-break',
  stage: 'parse',
  severity: 'error',
  docs: {
    summary: 'A line break that YAML readers disagree on: U+0085 (NEL), U+2028 (line separator) or U+2029 (paragraph separator).',
    rationale:
      'YAML 1.2 (dplint, `yaml`, js-yaml) reads these as ordinary characters; YAML 1.1 (PyYAML, the SDK\'s language) reads them as line breaks. After a comment, the rest of the line is hidden from one reader and read by the other (`# sizes<U+2028>node_configuration: …`); inside quotes, PyYAML folds them into spaces. "All payloads are JSON" (spec, introduction): the API receives what the deploy tool\'s reader made of the file, so a file whose data depends on the reader cannot be judged. (A lone CR is a line break to every YAML reader, dplint included.)',
    fix: 'Break the line with a line feed, or write the character as an escape inside double quotes ("\\u2028").',
  },
  messages: {
    outside: '{{name}} is a line break to YAML 1.1 readers (PyYAML) and an ordinary character to YAML 1.2 (dplint, js-yaml): they read this line differently; end the line with a line feed, or write it inside double quotes as "{{escape}}"',
    quoted: '{{name}} in a quoted string is kept by YAML 1.2 (dplint, js-yaml) and folded by YAML 1.1 readers (PyYAML) with the white space around it; write it as the escape "{{escape}}"',
  },
  cases: {
    valid: [
      { name: 'a lone CR ends a line as LF does', yaml: '# dplint: operation=edit-cluster\r# sizes\rlabel: [etl]\r' },
      { name: 'an escape in double quotes', yaml: '# dplint: operation=edit-cluster\nlabel: ["a\\u2028b"]\n' },
    ],
    invalid: [
      {
        name: 'a line separator after a comment',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nlabel: [etl] # sizes\u2028node_configuration: {max_nodes: -5}\n',
        findings: [{ messageId: 'outside', line: 2, column: 21 }],
      },
      {
        name: 'a NEL in a quoted string',
        yaml: '# dplint: operation=edit-cluster\nlabel: ["a\u0085b"]\n',
        findings: [{ messageId: 'quoted', line: 2, column: 11 }],
      },
    ],
  },
});
