import { describe, expect, test } from 'vitest';
import { CREDENTIAL_KEYS } from '../src/schema/secrets.js';
import { lintTextDetailed } from '../src/engine/lint.js';

const RULE = 'security/plaintext-secret';

describe(RULE, () => {
  test('the credential members include exactly the schemas\' x-secret properties', () => {
    const fromSchemas = ['acc_key', 'compute_access_key', 'compute_secret_key', 'fernet_key', 'monitor_api_token', 'monitor_app_token', 'secret', 'storage_access_key', 'storage_secret_key'];
    for (const key of fromSchemas) expect(CREDENTIAL_KEYS.has(key), key).toBe(true);
  });

  const envelope = (token: string) =>
    ['method: PUT', 'path: /api/v2/accounts/', 'headers:', `  X-AUTH-TOKEN: ${token}`, 'body:', '  account:', '    idle_session_timeout: 60', ''].join('\n');

  test('a literal X-AUTH-TOKEN header in a request envelope is reported at the header', () => {
    const result = lintTextDetailed(envelope('9f8e7d6c5b4a39281706f5e4d3c2b1a0'));
    expect(result.operationSource).toBe('envelope');
    expect(result.findings.filter((f) => f.ruleId === RULE).map((f) => ({ path: f.path, line: f.line, message: f.message }))).toEqual([
      {
        path: '/headers/X-AUTH-TOKEN',
        line: 4,
        message: 'header X-AUTH-TOKEN holds a literal credential; use a placeholder such as ${AUTH_TOKEN} and inject it at deploy time',
      },
    ]);
  });

  test.each(['${AUTH_TOKEN}', '"<AUTH_TOKEN>"', '""'])('an X-AUTH-TOKEN header of %s is not reported', (token) => {
    expect(lintTextDetailed(envelope(token)).findings.filter((f) => f.ruleId === RULE)).toEqual([]);
  });

  test('no finding of any rule echoes a credential, even a mistyped one', () => {
    const yaml = 'vm_settings:\n  compute_secret_key: wJalrXUtnFEMI\n  compute_access_key: [AKIAEXAMPLE7Q]\n';
    const findings = lintTextDetailed(yaml, { operation: 'edit-cluster' }).findings;
    expect(findings.map((f) => f.ruleId).sort()).toEqual(['schema/type', RULE]);
    for (const finding of findings) expect(finding.message).not.toMatch(/wJalrXUtnFEMI|AKIAEXAMPLE7Q/);
  });
});
