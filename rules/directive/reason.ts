import { defineRule } from '../../src/define-rule.js';

const CLUSTER = '# dplint: operation=edit-cluster\n';
const REQUIRE = { directives: { requireReason: true } } as const;

export default defineRule({
  id: 'directive/reason',
  stage: 'directive',
  severity: 'error',
  docs: {
    summary:
      "An inline dplint-disable directive writes its reason without ' -- ' before it, or gives none where the config requires one (`directives: {requireReason: true}`).",
    rationale:
      'dplint\'s contract (DESIGN.md, "Inline directives"): "`# dplint-disable-next-line <ruleId>[, <ruleId>] -- reason`". Without the ` -- `, the words of a reason are read as rule ids: each would be an unknown rule, and the reason would be lost from the JSON and SARIF outputs, which show it as the finding\'s justification. A repository may require every directive to say why the finding does not apply (ESLint\'s eslint-comments/require-description), so that a reviewer sees it and code scanning records it.',
    fix: "Write the reason after ' -- ': `# dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast`.",
  },
  messages: {
    // `written` is the directive as it should be written: the same rule ids, then ` -- ` and the reason.
    noSeparator: "dplint-{{kind}} gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': {{written}}",
    missingReason:
      "dplint-{{kind}} gives no reason, which this repository's config requires (directives.requireReason); write the reason after ' -- ': {{written}}",
  },
  cases: {
    valid: [
      {
        name: 'a reason after " -- "',
        yaml: `${CLUSTER}node_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast\n  idle_cluster_timeout: 0\n`,
        lint: REQUIRE,
      },
      { name: 'no reason, where the config does not require one', yaml: `${CLUSTER}node_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zero\n  idle_cluster_timeout: 0\n` },
      {
        name: 'dplint-enable needs no reason',
        yaml: `${CLUSTER}# dplint-disable cluster/idle-timeout-zero -- sandboxes stop fast\nnode_configuration:\n  idle_cluster_timeout: 0\n# dplint-enable cluster/idle-timeout-zero\n`,
        lint: REQUIRE,
      },
    ],
    invalid: [
      {
        name: "a reason written without ' -- ' is one error, not an unknown rule for each word",
        example: true,
        yaml: `${CLUSTER}node_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zero because the sandbox must stop fast\n  idle_cluster_timeout: 0\n`,
        findings: [
          {
            messageId: 'noSeparator',
            line: 3,
            column: 3,
            data: { kind: 'disable-next-line', written: '# dplint-disable-next-line cluster/idle-timeout-zero -- because the sandbox must stop fast' },
          },
        ],
      },
      {
        name: 'a one-word reason that is no rule id',
        yaml: `${CLUSTER}node_configuration:\n  idle_cluster_timeout: 0  # dplint-disable-line cluster/idle-timeout-zero temporary\n`,
        findings: [{ messageId: 'noSeparator', line: 3, column: 28, data: { kind: 'disable-line', written: '# dplint-disable-line cluster/idle-timeout-zero -- temporary' } }],
      },
      {
        name: 'no reason where the config requires one',
        example: true,
        yaml: `${CLUSTER}node_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zero\n  idle_cluster_timeout: 0\n`,
        lint: REQUIRE,
        findings: [
          {
            messageId: 'missingReason',
            line: 3,
            column: 3,
            data: { kind: 'disable-next-line', written: '# dplint-disable-next-line cluster/idle-timeout-zero -- <why the finding does not apply here>' },
          },
        ],
      },
    ],
  },
});
