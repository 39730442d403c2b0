import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'operation/unresolved',
  stage: 'operation',
  severity: 'warning',
  docs: {
    summary: 'dplint cannot tell which API operation the file is a body for, so it checks only its syntax.',
    rationale:
      'Every check depends on the operation: the same member is valid in one body and unknown in another. dplint\'s contract (DESIGN.md, "How a file gets its operation"): "A file whose operation cannot be resolved gets one clear finding saying how to declare it."',
    // A warning in `recommended` and an error in `strict` (src/config/presets.ts); a walk counts the files it finds that resolve to nothing as skipped unless the rule is an error.
    fix: 'A file named on the command line gets this finding (a warning; an error under `strict`). A file a folder walk finds is counted as skipped in the summary line instead (`--verbose` lists it), unless the rule is an error for it, as under `strict`: list YAML that is no API body under the config file’s `ignore`. To declare a file: add `# dplint: operation=<id>` (or a `yaml-language-server: $schema=…/<id>.schema.json` modeline), wrap it in a request envelope with `method` and `path`, or map it in the config file’s `files`.',
  },
  messages: {
    unresolved:
      'cannot tell which API operation this file is a body for, so only its syntax was checked; add "# dplint: operation=<id>" (ids: `dplint operations`), a request envelope with method and path, or a files entry in dplint.config.yaml',
  },
  cases: {
    valid: [
      { name: 'a modeline', yaml: '# dplint: operation=set-cluster-state\nstate: start\n' },
      { name: 'an empty file has nothing to check', yaml: '# notes only\n' },
    ],
    invalid: [{ name: 'a body of no known shape', example: true, yaml: 'owner: data-platform\n', findings: [{ messageId: 'unresolved', line: 1, column: 1 }] }],
  },
});
