import { defineRule } from '../../src/define-rule.js';

const CLUSTER = '# dplint: operation=edit-cluster\n';
const REPORT = { reportUnusedDisableDirectives: 'warning' } as const;

export default defineRule({
  id: 'directive/unused',
  stage: 'directive',
  fixable: true,
  severity: 'warning',
  docs: {
    summary: 'An inline dplint-disable directive silences nothing (reported with --report-unused-disable-directives, or in the strict preset).',
    rationale:
      'dplint\'s contract (DESIGN.md, "Inline directives"): "An unused directive is reported (`--report-unused-disable-directives`, on in `strict`)." A directive that no longer silences anything hides the next real finding on that line; ESLint reports these for the same reason.',
    fix: 'Remove the directive, or the rule ids in it that report nothing. `dplint --fix` removes a wholly unused directive.',
  },
  messages: {
    unusedDirective: 'unused dplint-{{kind}} directive: {{rules}} reported nothing {{scope}}; remove the directive',
    unusedRules: 'unused dplint-{{kind}} directive: {{rules}} reported nothing {{scope}}; remove those rule ids',
  },
  cases: {
    valid: [
      {
        name: 'the directive silences a finding',
        yaml: `${CLUSTER}node_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast\n  idle_cluster_timeout: 0\n`,
        lint: REPORT,
      },
      { name: 'not reported unless asked for', yaml: `${CLUSTER}# dplint-disable-next-line cluster/idle-timeout-zero\nlabel: [etl]\n` },
    ],
    invalid: [
      {
        name: 'a directive over a line with nothing to silence',
        example: true,
        yaml: `${CLUSTER}# dplint-disable-next-line cluster/idle-timeout-zero\nlabel: [etl]\n`,
        lint: REPORT,
        output: `${CLUSTER}label: [etl]\n`,
        findings: [{ messageId: 'unusedDirective', line: 2, column: 1, data: { kind: 'disable-next-line', rules: 'cluster/idle-timeout-zero', scope: 'on line 3' } }],
      },
      {
        name: 'one of two rule ids silences nothing',
        yaml: `${CLUSTER}node_configuration:\n  idle_cluster_timeout: 0  # dplint-disable-line cluster/idle-timeout-zero, schema/range\n`,
        lint: REPORT,
        findings: [{ messageId: 'unusedRules', line: 3, column: 28, data: { kind: 'disable-line', rules: 'schema/range', scope: 'on line 3' } }],
      },
    ],
  },
});
