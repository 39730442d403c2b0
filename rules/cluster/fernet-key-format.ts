import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/fernet-key-format',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'engine_config.fernet_key is not a Fernet key: 32 bytes in url-safe base64 (44 characters).',
    rationale:
      'Spec 2.6: Airflow\'s `engine_config` carries "`fernet_key` (string secret)", the key Airflow encrypts connection passwords with. A Fernet key is 32 random bytes written in url-safe base64 (A-Z, a-z, 0-9, - and _, 44 characters with one = at the end); Airflow cannot start with any other value. The message never shows the key. ${VAR} placeholders, blank values and masked values (spec 2.6: "Secret values in the response may be blank or partly masked") are not judged.',
    fix: 'Generate a key with `python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"`, keep it in a secret store, and reference it with a placeholder such as ${FERNET_KEY}.',
  },
  messages: {
    notUrlSafeBase64: 'engine_config.fernet_key is not url-safe base64 (only A-Z, a-z, 0-9, - and _, with = padding at the end); the key is not shown. Generate one with Fernet.generate_key()',
    wrongLength: 'engine_config.fernet_key decodes to {{bytes}} bytes, but a Fernet key is exactly 32 bytes (44 base64 characters); the key is not shown. Generate one with Fernet.generate_key()',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['engine_config', 'fernet_key'];
    const key = getIn(body, path);
    // Blank and masked values (spec 2.6: secrets "may be blank or partly masked") are not keys to judge.
    if (typeof key !== 'string' || !isKnown(key) || key.trim() === '' || key.includes('*')) return;
    // Python's decoder also takes the standard alphabet's + and /, so those are let through.
    if (!/^[A-Za-z0-9_+/-]+={0,2}$/.test(key)) return report({ messageId: 'notUrlSafeBase64', path });
    const digits = key.replace(/(?<!=)=+$/, '').length;
    const bytes = Math.floor((digits * 6) / 8);
    if (digits % 4 === 1 || bytes !== 32) report({ messageId: 'wrongLength', path, data: { bytes } });
  },
  cases: {
    valid: [
      { name: 'a generated key', yaml: 'engine_config:\n  type: airflow\n  fernet_key: ZmDfcTF7_60GrrY167zsiPd67pEvs0aGOv2oasOM1Pg=\n' },
      { name: 'a placeholder', yaml: 'engine_config:\n  type: airflow\n  fernet_key: ${FERNET_KEY}\n' },
      { name: 'a masked value copied from a response', yaml: 'engine_config:\n  type: airflow\n  fernet_key: "ZmDf********"\n' },
    ],
    invalid: [
      {
        name: 'a docs placeholder',
        example: true,
        yaml: 'engine_config:\n  type: airflow\n  fernet_key: <your-fernet-key>\n',
        findings: [{ messageId: 'notUrlSafeBase64', line: 3, column: 15 }],
      },
      {
        name: 'a 16-byte key',
        yaml: 'engine_config:\n  type: airflow\n  fernet_key: c2l4dGVlbi1ieXRlLWtleQ==\n',
        findings: [{ messageId: 'wrongLength', line: 3, column: 15, data: { bytes: 16 } }],
      },
    ],
  },
});
