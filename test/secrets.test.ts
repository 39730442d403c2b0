import { describe, expect, test } from 'vitest';
import { CREDENTIAL_KEYS, maskSecrets } from '../src/schema/secrets.js';

describe('maskSecrets', () => {
  test('the credential members come from the schemas x-secret marks', () => {
    for (const key of ['acc_key', 'secret', 'compute_access_key', 'compute_secret_key', 'storage_access_key', 'storage_secret_key', 'monitor_api_token', 'monitor_app_token', 'fernet_key']) {
      expect(CREDENTIAL_KEYS.has(key), key).toBe(true);
    }
    expect(CREDENTIAL_KEYS.has('ssh_public_key')).toBe(false);
  });

  test.each([
    ['block style', '  compute_secret_key: abcDEF123  # note', '  compute_secret_key: ****  # note'],
    ['double-quoted', '  secret: "s3cr3t"', '  secret: "****"'],
    ['single-quoted', "  secret: 's3cr3t'", "  secret: '****'"],
    ['JSON', '{"storage_secret_key": "zzz", "a": 1}', '{"storage_secret_key": "****", "a": 1}'],
    ['flow mapping', 'flow: {secret: xyz, b: 2}', 'flow: {secret: ****, b: 2}'],
    ['the auth header of an envelope', '  X-AUTH-TOKEN: tok123', '  X-AUTH-TOKEN: ****'],
    ['a placeholder is kept', '  compute_access_key: ${KEY}', '  compute_access_key: ${KEY}'],
    ['an env placeholder is kept', '  secret: "${env:SECRET}"', '  secret: "${env:SECRET}"'],
    ['other members are kept', '  name: ok', '  name: ok'],
  ])('%s', (_, line, masked) => {
    expect(maskSecrets(line)).toBe(masked);
  });

  test('block scalars under a credential and private-key blocks anywhere', () => {
    const text = 'fernet_key: |\n  line1\n  line2\nnext: 1\nkey: |\n  -----BEGIN RSA PRIVATE KEY-----\n  MIIabc\n  -----END RSA PRIVATE KEY-----\nafter: 1\n';
    expect(maskSecrets(text)).toBe('fernet_key: |\n  ****\n  ****\nnext: 1\nkey: |\n  ****\n  ****\n  ****\nafter: 1\n');
  });
});
