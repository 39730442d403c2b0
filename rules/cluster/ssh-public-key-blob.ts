import { defineRule } from '../../src/engine/define-rule.js';
import { getIn } from '../../src/engine/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';
import { readOpenSshKey } from './ssh-public-key-format.js';

export default defineRule({
  id: 'cluster/ssh-public-key-blob',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'The base64 body of security_settings.ssh_public_key cannot be confirmed as a key of the stated type: it is cut short or does not start with the key type.',
    rationale:
      'Spec 4.11.4: `ssh_public_key` is the "login key in OpenSSH format (not PEM/PKCS)". In that format the base64 body decodes to a blob that starts with the key type again (for "ssh-rsa", the length-prefixed string "ssh-rsa"). A body of impossible length is usually a key cut short when copied; a body without the type is not a key the cluster can install. A warning rather than an error: SDK tests send placeholder keys such as "ssh-rsa Blah1/Blah2+BLAH3==", and dplint does not fail bodies real clients send as examples. Broken formats (PEM, private keys, non-base64 bodies, a body of another type) are errors of cluster/ssh-public-key-format.',
    fix: 'Copy the whole single line of the .pub file (for example with `cat ~/.ssh/id_ed25519.pub`), without line breaks inside the base64 part.',
  },
  messages: {
    undecodable: 'security_settings.ssh_public_key: the base64 body of the "{{type}}" key has an impossible length ({{length}} characters), so it was probably cut short; copy the whole line of the .pub file',
    noTypePrefix: 'security_settings.ssh_public_key: the base64 body does not start with the key type "{{type}}" as an OpenSSH key does, so it is probably not a real key; copy the whole line of the .pub file',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['security_settings', 'ssh_public_key'];
    const value = getIn(body, path);
    if (typeof value !== 'string' || !isKnown(value) || value.trim() === '') return;
    const reading = readOpenSshKey(value);
    if (reading.kind === 'undecodable') report({ messageId: 'undecodable', path, data: { type: reading.type, length: reading.length } });
    if (reading.kind === 'noTypePrefix') report({ messageId: 'noTypePrefix', path, data: { type: reading.type } });
  },
  cases: {
    valid: [
      {
        name: 'a whole ed25519 key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr ops@example.com\n',
      },
    ],
    invalid: [
      {
        name: 'the SDK test placeholder',
        example: true,
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa Blah1/Blah2+BLAH3==\n',
        findings: [{ messageId: 'undecodable', line: 2, column: 19, data: { type: 'ssh-rsa', length: 19 } }],
      },
      {
        name: 'base64 that is not a key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 bm90IGEga2V5IGF0IGFsbA== ops@example.com\n',
        findings: [{ messageId: 'noTypePrefix', line: 2, column: 19, data: { type: 'ssh-ed25519' } }],
      },
    ],
  },
});
