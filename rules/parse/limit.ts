import { defineRule } from '../../src/define-rule.js';

const CLUSTER = '# dplint: operation=edit-cluster\n';

export default defineRule({
  id: 'parse/limit',
  stage: 'parse',
  severity: 'error',
  docs: {
    summary: 'A document was not read because it exceeds a safety limit (alias expansions, size or depth).',
    rationale: 'A "billion laughs" alias bomb expands a few lines into gigabytes; dplint refuses it rather than hang.',
    fix: 'Write the data out instead of through aliases, or raise the limit if the file is legitimate.',
  },
  // A file over limits.maxFileSize is refused before it is read, by the CLI (src/node/files.ts, src/node/lint-files.ts), with its own message.
  messages: {
    // `remedy`: raising limits.maxDepth for a file; validate() has no config file (src/api/validate.ts).
    tooDeep: 'document not read: its collections nest more than {{maxDepth}} deep (limit maxDepth = {{maxDepth}}); {{remedy}}',
    tooDeepExpanded:
      'document not read: with its aliases expanded, its collections nest more than {{maxDepth}} deep (limit maxDepth = {{maxDepth}}); raise limits.maxDepth in the config file to read it',
    aliasCycle: 'document not read: an alias sits inside the collection it names, so the data nests without end (limit maxDepth = {{maxDepth}})',
    // `reason` is the parser's.
    aliasCount: 'document not read: {{reason}} (limit maxAliasCount = {{maxAliasCount}})',
    aliasesHeld: 'document not read: it holds more than {{maxAliasCount}} aliases (limit maxAliasCount = {{maxAliasCount}})',
    aliasExpansion: 'document not read: its aliases stand for more than {{maxAliasExpansion}} characters of text (limit maxAliasExpansion = {{maxAliasExpansion}})',
    tooManyScalars: 'file not read: it holds more than {{maxScalars}} keys and values (limit maxScalars = {{maxScalars}}), more than a request body has and more than dplint reads in bounded memory',
    tooManyDocuments: 'stream not read past its first {{maxDocuments}} documents (limit maxDocuments = {{maxDocuments}}); split the file to lint the rest',
  },
  cases: {
    valid: [{ name: 'within the limits', yaml: `${CLUSTER}x: &a [etl]\nlabel: *a\n`, lint: { maxAliasCount: 2, maxDepth: 3 } }],
    invalid: [
      {
        name: 'nested too deep',
        yaml: `${CLUSTER}node_configuration:\n  spot_settings:\n    fallback: {a: [1]}\n`,
        lint: { maxDepth: 2 },
        findings: [{ messageId: 'tooDeep', line: 4, column: 5 }],
      },
      { name: 'nested too deep through an alias', yaml: `${CLUSTER}x: &a [[etl]]\nlabel: [*a]\n`, lint: { maxDepth: 3 }, findings: [{ messageId: 'tooDeepExpanded', line: 2, column: 1 }] },
      { name: 'an alias inside what it names', yaml: `${CLUSTER}label: &a [*a]\n`, findings: [{ messageId: 'aliasCycle', line: 2, column: 1 }] },
      { name: 'too many aliases', example: true, yaml: `${CLUSTER}x: &a [etl]\nlabel: [*a, *a, *a]\n`, lint: { maxAliasCount: 2 }, findings: [{ messageId: 'aliasesHeld', line: 3, column: 17 }] },
      {
        name: 'aliases that expand past the count as the parser counts them',
        yaml: `${CLUSTER}a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nlabel: [*c]\n`,
        lint: { maxAliasCount: 5 },
        findings: [{ messageId: 'aliasCount', line: 2, column: 1 }],
      },
      { name: 'aliases that stand for too much text', yaml: `${CLUSTER}x: &a [etl, etl]\nlabel: [*a, *a]\n`, lint: { maxAliasExpansion: 15 }, findings: [{ messageId: 'aliasExpansion', line: 3, column: 13 }] },
      // With an anchor, which sends the text to `yaml` rather than the block reader (by default only a text over 1 MiB is counted).
      { name: 'a text of more scalars than dplint reads', yaml: `${CLUSTER}x: &a 1\nlabel: [a, b, c]\n`, lint: { maxScalars: 3 }, findings: [{ messageId: 'tooManyScalars', line: 1, column: 1 }] },
      { name: 'a stream of too many documents', yaml: `${CLUSTER}label: [a]\n---\nlabel: [b]\n`, lint: { maxDocuments: 1 }, findings: [{ messageId: 'tooManyDocuments', line: 3, column: 1 }] },
    ],
  },
});
