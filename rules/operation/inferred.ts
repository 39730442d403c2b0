import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'operation/inferred',
  stage: 'operation',
  severity: 'info',
  docs: {
    summary: 'The file declares no operation, so dplint inferred it from the body’s shape.',
    rationale:
      'Inference is a last resort: a declared operation cannot be guessed wrong. dplint\'s contract (DESIGN.md, "How a file gets its operation") puts it last: "Inference from the document\'s shape; it is reported as an info finding, so users declare it."',
    fix: 'Declare it: `# dplint: operation=<id>` at the top of the file, or a `files` entry in dplint.config.yaml.',
  },
  messages: {
    inferred: 'no operation declared; checked as {{operation}} from the body\'s shape. Declare it with "# dplint: operation={{operation}}" or in the config file\'s files',
  },
  cases: {
    valid: [{ name: 'a declared operation', yaml: '# dplint: operation=add-whitelist-ip\nip_cidr: 81.2.69.160/28\n' }],
    invalid: [
      {
        name: 'an allow-list entry without a modeline',
        example: true,
        yaml: 'ip_cidr: 81.2.69.160/28\n',
        findings: [{ messageId: 'inferred', line: 1, column: 1, data: { operation: 'add-whitelist-ip' } }],
      },
    ],
  },
});
