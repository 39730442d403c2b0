import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'operation/unknown',
  stage: 'operation',
  severity: 'error',
  docs: {
    summary: 'A modeline or request envelope names an operation or route the API does not have.',
    rationale: 'The operations and their paths are listed in spec section 1 ("Endpoint summary").',
    fix: 'Use one of the ids `dplint operations` lists, or the method and path of the spec.',
  },
  messages: {
    unknownModeline: 'unknown operation "{{name}}" in the modeline; run `dplint operations` for the operation ids (e.g. edit-cluster)',
    unknownRoute: 'no operation of the API is {{method}} {{path}}; see `dplint operations` for the methods and paths',
  },
  cases: {
    valid: [
      { name: 'an operation id', yaml: '# dplint: operation=edit-cluster\nlabel: [etl]\n' },
      { name: 'a route of the API', yaml: 'method: PUT\npath: /api/v2.0/clusters/etl/state\nbody:\n  state: start\n' },
    ],
    invalid: [
      {
        name: 'a misspelt operation id',
        example: true,
        yaml: '# dplint: operation=edit-clusters\nlabel: [etl]\n',
        findings: [{ messageId: 'unknownModeline', line: 1, column: 1, data: { name: 'edit-clusters' } }],
      },
      {
        name: 'a route the API does not have',
        yaml: 'method: DELETE\npath: /api/v1.3/clusters/etl\n',
        findings: [{ messageId: 'unknownRoute', line: 2, column: 7, data: { method: 'DELETE', path: '"/api/v1.3/clusters/etl"' } }],
      },
    ],
  },
});
