import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/enum',
  stage: 'schema',
  severity: 'error',
  hasSuggestions: true,
  docs: {
    summary: 'A value is not one of the values the spec lists for that field.',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Change the value to one the message lists.',
  },
  messages: {
    // `allowed` is the one value ("start") or the list ("one of "start", "terminate"").
    notAllowed: '{{field}} must be {{allowed}}; {{got}}',
    didYouMean: '{{field}} must be {{allowed}}; {{got}} (did you mean "{{guess}}"?)',
    placeholderWithText: '{{field}} must be {{allowed}}; {{got}}: a placeholder stands for a whole value, so write it alone (${VAR}) and put the whole value in the variable',
  },
  cases: {
    valid: [
      { name: 'a listed value', yaml: '# dplint: operation=set-cluster-state\nstate: start\n' },
      { name: 'a placeholder alone', yaml: '# dplint: operation=set-cluster-state\nstate: ${STATE}\n' },
    ],
    invalid: [
      { name: 'text beside a placeholder', yaml: '# dplint: operation=set-cluster-state\nstate: ${S}d\n', findings: [{ messageId: 'placeholderWithText', line: 2, column: 8 }] },
      { name: 'a value the spec does not list', yaml: '# dplint: operation=set-cluster-state\nstate: stop\n', findings: [{ messageId: 'notAllowed', line: 2, column: 8 }] },
      {
        name: 'a listed value, capitalised',
        example: true,
        yaml: '# dplint: operation=set-cluster-state\nstate: Start\n',
        findings: [{ messageId: 'didYouMean', line: 2, column: 8, suggestions: [{ desc: 'Change to "start"', output: '# dplint: operation=set-cluster-state\nstate: start\n' }] }],
      },
    ],
  },
});
