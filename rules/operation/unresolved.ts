import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'operation/unresolved',
  stage: 'operation',
  severity: 'warning',
  docs: {
    summary: 'dplint cannot tell which API operation the file is a body for, so it checks only its syntax.',
    rationale:
      'Every check depends on the operation: the same member is valid in one body and unknown in another. dplint\'s contract (DESIGN.md, "How a file gets its operation"): "A file whose operation cannot be resolved gets one clear finding saying how to declare it."',
    // Off in every preset (src/config/presets.ts): such a file is skipped as no API body, and listed under --verbose.
    fix: 'The rule is off by default: a file nothing declares and whose shape matches no operation is skipped as no API body (`--verbose` lists it). To require every file to resolve, set `rules: {operation/unresolved: error}`. To declare a file: add `# dplint: operation=<id>` (or a `yaml-language-server: $schema=…/<id>.schema.json` modeline), wrap it in a request envelope with `method` and `path`, or map it in the config file’s `files`.',
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
