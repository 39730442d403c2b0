// The public API of src/index.ts: validate and lintText agree, validateRequest finds the route,
// assertValid throws a readable error, withValidation guards fetch.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { stringify } from 'yaml';
import * as api from '../src/index.js';
import { OPERATION_IDS, OPERATIONS_WITH_BODY_SCHEMA } from '../src/operations.js';
import { assertValid, DplintValidationError, lintText, validate, validateRequest, withValidation, type OperationId, type ValidationFinding } from '../src/index.js';

const REAL_DIR = '/work/shared/real-bodies';

const byContent = (a: ValidationFinding, b: ValidationFinding) =>
  a.path.localeCompare(b.path) || a.ruleId.localeCompare(b.ruleId) || a.message.localeCompare(b.message);

/** lintText's findings without what only text has, in validate's order. */
function lintedAsText(text: string, operation: OperationId | undefined, format: 'json' | 'yaml'): ValidationFinding[] {
  return lintText(text, { operation, format })
    .findings.map(({ ruleId, severity, message, path }) => ({ ruleId, severity, message, path }))
    .sort(byContent);
}

describe('validate gives the findings lintText gives for the same body as text', () => {
  if (!existsSync(REAL_DIR)) {
    test('the shared corpus of real request bodies is here', () => {
      expect(existsSync(REAL_DIR), `${REAL_DIR} is missing: the shared folder belongs beside this clone`).toBe(true);
    });
    return;
  }
  const files = readdirSync(REAL_DIR).filter((f) => f.endsWith('.json')).sort();

  test('the corpus is there', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  test.each(files)('%s', (file) => {
    const operation = file.split('--')[0] as OperationId;
    const text = readFileSync(join(REAL_DIR, file), 'utf8');
    const body: unknown = JSON.parse(text);
    const { findings } = validate(operation, body);
    expect([...findings].sort(byContent)).toEqual(lintedAsText(text, operation, 'json'));
    expect([...findings].sort(byContent)).toEqual(lintedAsText(stringify(body), operation, 'yaml'));
  });

  test('at least one real body has findings, so the comparison compares something', () => {
    const withErrors = files.filter((file) => !validate(file.split('--')[0] as OperationId, JSON.parse(readFileSync(join(REAL_DIR, file), 'utf8'))).valid);
    expect(withErrors.length).toBeGreaterThanOrEqual(10);
  });
});

describe('validate', () => {
  test('a cross-field error, a warning and a string written for a number', () => {
    const result = validate('edit-cluster', {
      node_configuration: { initial_nodes: 4, max_nodes: 2, blk_volume_count: '2' },
      labels: ['etl'],
    });
    expect(result).toEqual({
      valid: false,
      findings: [
        { ruleId: 'schema/unknown-member', severity: 'warning', message: 'unknown member "labels" in the body: the spec does not list it; did you mean "label"?', path: '/labels' },
        {
          ruleId: 'body/number-as-string',
          severity: 'error',
          message: 'node_configuration.blk_volume_count must be a whole number; got the string "2": write 2 without quotes',
          path: '/node_configuration/blk_volume_count',
        },
        { ruleId: 'cluster/max-nodes-below-initial', severity: 'error', message: 'node_configuration.max_nodes must be at least initial_nodes (4); got 2', path: '/node_configuration/max_nodes' },
      ],
    });
  });

  test('warnings alone leave a body valid; rule levels apply as in the config file', () => {
    expect(validate('set-cluster-state', { state: 'start', force: true }).valid).toBe(true);
    const stricter = validate('set-cluster-state', { state: 'start', force: true }, { rules: { 'schema/unknown-member': 'error' } });
    expect(stricter.valid).toBe(false);
    expect(stricter.findings.map((f) => `${f.severity} ${f.ruleId}`)).toEqual(['error schema/unknown-member']);
    expect(validate('set-cluster-state', { state: 'start', force: true }, { rules: { 'schema/unknown-member': 'off' } }).findings).toEqual([]);
  });

  test('policies from the config file run, compiled once per array', () => {
    const policies = [{ id: 'labels-required', message: 'every cluster edit names its labels', operations: ['edit-cluster'], schema: { required: ['label'] } }];
    const first = validate('edit-cluster', {}, { policies });
    expect(first.findings.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([
      'policy/labels-required: every cluster edit names its labels (the body must have member "label"; it is missing)',
    ]);
    expect(validate('edit-cluster', { label: ['etl'] }, { policies }).valid).toBe(true);
  });

  test('an operation without a body accepts nothing or {}, and warns about anything else', () => {
    expect(validate('view-cluster', undefined)).toEqual({ valid: true, findings: [] });
    expect(validate('view-cluster', {})).toEqual({ valid: true, findings: [] });
    expect(validate('view-cluster', { id: 1 }).findings.map((f) => f.ruleId)).toEqual(['operation/unexpected-body']);
  });

  test('an unknown operation id is a programming error', () => {
    expect(() => validate('edit-clusters' as OperationId, {})).toThrow(new TypeError(`unknown operation "edit-clusters"; did you mean "edit-cluster"? expected one of ${OPERATION_IDS.join(', ')}`));
  });
});

describe('a required member left empty is missing; an optional one is unset', () => {
  const required = (member: string, detail: string) => `the body must have member "${member}" (${detail}); it is null, which leaves it unset`;

  test('validate: state: null', () => {
    expect(validate('set-cluster-state', { state: null })).toEqual({
      valid: false,
      findings: [{ ruleId: 'schema/required', severity: 'error', message: required('state', 'one of "start", "terminate"'), path: '/state' }],
    });
  });

  test.each([
    ['set-cluster-state', 'state:\n', required('state', 'one of "start", "terminate"'), '/state'],
    ['add-whitelist-ip', 'ip_cidr:\n', required('ip_cidr', 'a string'), '/ip_cidr'],
    ['clone-cluster', 'cluster_info:\n', required('cluster_info', 'an object'), '/cluster_info'],
  ] as const)('%s: %j is an error at the key', (operation, text, message, path) => {
    expect(lintText(text, { operation }).findings.map(({ ruleId, severity, message, path, line, column }) => ({ ruleId, severity, message, path, line, column }))).toEqual([
      { ruleId: 'schema/required', severity: 'error', message, path, line: 1, column: 1 },
    ]);
  });

  test('an empty list item is a value of the wrong type, not an unset member', () => {
    expect(lintText('label:\n  - \n', { operation: 'edit-cluster' }).findings.map((f) => `${f.ruleId} ${f.path} ${f.message}`)).toEqual([
      'schema/type /label/0 label[0] must be a string; got null',
    ]);
    expect(validate('clone-cluster', { cluster_info: { label: [null] } }).findings).toEqual([
      { ruleId: 'schema/type', severity: 'error', message: 'cluster_info.label[0] must be a string; got null', path: '/cluster_info/label/0' },
    ]);
  });

  test('an optional member set to null is still unset: no finding', () => {
    expect(validate('edit-cluster', { node_configuration: { max_nodes: null }, label: null })).toEqual({ valid: true, findings: [] });
    expect(validate('clone-cluster', { cluster_info: { label: null } })).toEqual({ valid: true, findings: [] });
  });
});

describe('numbers whose minimum the spec implies', () => {
  test('idle_session_timeout: -5 is out of range (a timeout is at least 1 minute)', () => {
    expect(validate('edit-account', { account: { idle_session_timeout: -5 } }).findings).toEqual([
      { ruleId: 'schema/range', severity: 'error', message: 'account.idle_session_timeout must be a whole number of minutes from 0 to 10800; got -5', path: '/account/idle_session_timeout' },
    ]);
  });

  test('dbtap_id: 0 is no data-store id', () => {
    expect(validate('edit-cluster', { engine_config: { type: 'airflow', dbtap_id: 0 } }).findings.map((f) => `${f.ruleId} ${f.path} ${f.message}`)).toEqual([
      'schema/range /engine_config/dbtap_id engine_config.dbtap_id must be a data-store id, a whole number of 1 or more; got 0',
    ]);
  });
});

describe('validateRequest', () => {
  test('a body given as its JSON text is told to pass the parsed object', () => {
    const message = '(body) must be an object; got string "{\\"label\\":[\\"a\\"]}": pass the parsed object (JSON.parse(text)), not the text';
    expect(validateRequest({ method: 'PUT', path: '/api/v1.3/clusters/etl', body: '{"label":["a"]}' }).findings).toEqual([{ ruleId: 'schema/type', severity: 'error', message, path: '/body' }]);
    expect(validate('edit-cluster', '{"label":["a"]}').findings).toEqual([{ ruleId: 'schema/type', severity: 'error', message, path: '' }]);
  });

  test('the route gives the operation; base URL and query are ignored; paths point into the request', () => {
    expect(validateRequest({ method: 'put', url: 'https://api.example.com/api/v2.0/clusters/etl/state?dry=1', body: { state: 'stop' } })).toEqual({
      valid: false,
      findings: [{ ruleId: 'schema/enum', severity: 'error', message: 'state must be one of "start", "terminate"; got "stop"', path: '/body/state' }],
    });
    expect(validateRequest({ method: 'PUT', path: '/api/v2.0/clusters/etl/state', body: { state: 'start' } })).toEqual({ valid: true, findings: [] });
  });

  test('path parameters are checked by the rules that read them, at the member the caller gave', () => {
    const clone = { cluster_info: { label: ['etl-clone'] } };
    expect(validateRequest({ method: 'POST', url: 'https://alt.example.com/api/v2/clusters/etl-nightly/clone', body: clone }).findings).toEqual([
      {
        ruleId: 'clone/cluster-id-path',
        severity: 'error',
        message: 'the clone path takes a numeric cluster id (/api/v2/clusters/<cluster_id>/clone, spec 4.14), not a label; got "etl-nightly"',
        path: '/url',
      },
    ]);
    expect(validateRequest({ method: 'POST', path: '/api/v2/clusters/4711/clone', body: clone }).valid).toBe(true);
  });

  test('headers are read by the rules that read them', () => {
    const result = validateRequest({ method: 'PUT', path: '/api/v2.0/clusters/etl/state', body: { state: 'start' }, headers: { 'X-AUTH-TOKEN': 'a1b2c3d4e5f6' } });
    expect(result.findings.map((f) => `${f.ruleId} ${f.path}`)).toEqual(['security/plaintext-secret /headers/X-AUTH-TOKEN']);
    expect(result.findings[0].message).not.toContain('a1b2c3d4e5f6');
  });

  test('a route the API does not have is operation/unknown', () => {
    expect(validateRequest({ method: 'PATCH', url: 'https://api.example.com/api/v1.3/clusters/etl', body: {} })).toEqual({
      valid: false,
      findings: [
        {
          ruleId: 'operation/unknown',
          severity: 'error',
          message: 'no operation of the API is PATCH "https://api.example.com/api/v1.3/clusters/etl"; see `dplint operations` for the methods and paths',
          path: '/url',
        },
      ],
    });
  });

  test('gives the findings lintText gives for the same request written as an envelope', () => {
    const request = { method: 'POST', path: '/api/v2/clusters/etl/clone', body: { cluster_info: { label: [], min_nodes: 3, max_nodes: 2 } } };
    expect([...validateRequest(request).findings].sort(byContent)).toEqual(lintedAsText(stringify(request), undefined, 'yaml'));
  });
});

describe('assertValid', () => {
  test('returns the body typed when there is no error finding', () => {
    const body: unknown = JSON.parse('{"state": "terminate"}');
    const state = assertValid('set-cluster-state', body);
    expect(state.state).toBe('terminate');
  });

  test('throws a DplintValidationError that lists the findings, errors first, one per line', () => {
    let thrown: unknown;
    try {
      assertValid('set-cluster-state', { state: 'stop', force: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DplintValidationError);
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as DplintValidationError;
    expect(error.name).toBe('DplintValidationError');
    expect(error.subject).toBe('set-cluster-state body');
    expect(error.findings.map((f) => f.ruleId)).toEqual(['schema/unknown-member', 'schema/enum']);
    expect(error.message).toBe(
      [
        'set-cluster-state body is not valid (1 error, 1 warning):',
        '  error    state must be one of "start", "terminate"; got "stop"  [schema/enum]',
        '  warning  unknown member "force" in the body: the spec does not list it; expected one of state  [schema/unknown-member]',
      ].join('\n'),
    );
    expect(String(error).split('\n')[0]).toBe('DplintValidationError: set-cluster-state body is not valid (1 error, 1 warning):');
    expect(error.stack?.split('\n')[0]).toBe('DplintValidationError: set-cluster-state body is not valid (1 error, 1 warning):');
  });
});

describe('withValidation', () => {
  const ok = () => vi.fn(async (_input: unknown, _init?: unknown) => new Response('{}', { status: 200 }));
  const STATE = 'https://api.example.com/api/v2.0/clusters/etl/state';
  const API = { baseUrl: 'https://api.example.com', altBaseUrl: 'https://alt.example.com/env' };

  test('a valid request is sent as it was given', async () => {
    const fetch = ok();
    const init = { method: 'PUT', body: JSON.stringify({ state: 'start' }) };
    await withValidation(fetch, API)(STATE, init);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(STATE, init);
  });

  test('an invalid request is not sent, and the call rejects with the findings', async () => {
    const fetch = ok();
    const call = withValidation(fetch, API)(STATE, { method: 'PUT', body: JSON.stringify({ state: 'stop' }) });
    await expect(call).rejects.toThrow(DplintValidationError);
    await expect(call).rejects.toMatchObject({
      subject: `PUT ${STATE}`,
      findings: [{ ruleId: 'schema/enum', path: '/body/state' }],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a plain object body, a Request object and a body that is not JSON', async () => {
    const fetch = ok();
    const guarded = withValidation(fetch, API);
    await expect(guarded(STATE, { method: 'PUT', body: { state: 'stop' } })).rejects.toThrow(/state must be one of "start", "terminate"; got "stop"/);
    await expect(guarded(new Request(STATE, { method: 'PUT', body: '{"state":"stop"}' }))).rejects.toThrow(/got "stop"/);
    await expect(guarded(STATE, { method: 'PUT', body: '{"state":' })).rejects.toMatchObject({ findings: [{ ruleId: 'parse/syntax', path: '/body' }] });
    await guarded(new Request(STATE, { method: 'PUT', body: '{"state":"start"}' }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('routes that are not the API pass through untouched, whatever the body', async () => {
    const fetch = ok();
    const init = { method: 'POST', body: 'not json' };
    await withValidation(fetch, API)('https://example.com/upload', init);
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://example.com/upload', init);
  });

  test('only requests to the base URLs are the API: the same path on another host passes untouched', async () => {
    const fetch = ok();
    const guarded = withValidation(fetch, API);
    const elsewhere = ['https://github.com/api/v2.0/clusters/etl/state', 'https://api.example.com.evil.test/api/v2.0/clusters/etl/state', 'https://alt.example.com/api/v2.0/clusters/etl/state'];
    for (const url of elsewhere) await guarded(url, { method: 'PUT', body: '{"state":"stop"}' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(elsewhere);
    // Under the alternate base, with its path: checked.
    await expect(guarded('https://alt.example.com/env/api/v2.0/clusters/etl/state', { method: 'PUT', body: '{"state":"stop"}' })).rejects.toMatchObject({
      subject: 'PUT https://alt.example.com/env/api/v2.0/clusters/etl/state',
      findings: [{ ruleId: 'schema/enum', path: '/body/state' }],
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('the Airflow edit the spec shows, POST /api/v1.3/clusters/<id>, is checked as edit-cluster', async () => {
    const fetch = ok();
    const guarded = withValidation(fetch, API);
    const url = 'https://api.example.com/api/v1.3/clusters/42';
    await expect(guarded(url, { method: 'POST', body: JSON.stringify({ node_configuration: { initial_nodes: 4, max_nodes: 2 } }) })).rejects.toMatchObject({
      findings: [{ ruleId: 'cluster/max-nodes-below-initial', path: '/body/node_configuration/max_nodes' }],
    });
    const airflow = { label: ['airflow'], engine_config: { type: 'airflow', dbtap_id: 9670 } };
    await guarded(url, { method: 'POST', body: JSON.stringify(airflow) });
    expect(fetch).toHaveBeenCalledOnce();
  });

  test('a base URL that is not an absolute http(s) URL is a TypeError at once', () => {
    expect(() => withValidation(ok(), { baseUrl: 'api.example.com' })).toThrow(
      new TypeError('withValidation: baseUrl must be the API\'s address as an absolute http(s) URL, e.g. "https://api.example.com"; got "api.example.com"'),
    );
  });

  test('mode "log" reports to onInvalid and sends the request anyway', async () => {
    const fetch = ok();
    const onInvalid = vi.fn();
    await withValidation(fetch, { ...API, mode: 'log', onInvalid })(STATE, { method: 'PUT', body: '{"state":"stop"}' });
    expect(fetch).toHaveBeenCalledOnce();
    expect(onInvalid).toHaveBeenCalledOnce();
    expect(onInvalid.mock.calls[0][0]).toBeInstanceOf(DplintValidationError);
    expect(onInvalid.mock.calls[0][1]).toEqual({ method: 'PUT', url: STATE });
  });

  test('mode "log" without onInvalid writes the message to console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await withValidation(ok(), { ...API, mode: 'log' })(STATE, { method: 'PUT', body: '{"state":"stop"}' });
      expect(warn).toHaveBeenCalledExactlyOnceWith(`PUT ${STATE} is not valid (1 error):\n  error    state must be one of "start", "terminate"; got "stop"  [schema/enum]`);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the catalogues', () => {
  test('operations, rules, schemas and formatters', () => {
    expect(api.operations.map((o) => o.id)).toEqual([...OPERATION_IDS]);
    expect(api.rules.some((r) => r.id === 'cluster/max-nodes-below-initial')).toBe(true);
    expect(Object.keys(api.schemas).sort()).toEqual([...OPERATIONS_WITH_BODY_SCHEMA, 'definitions'].sort());
    expect(typeof api.formatters.json).toBe('function');
  });

  test('the core entry has no file-reading function', () => {
    expect('lintFiles' in api).toBe(false);
  });
});
