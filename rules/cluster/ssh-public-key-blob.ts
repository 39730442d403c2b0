import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';
import { readOpenSshKey } from './ssh-public-key-format.js';

export default defineRule({
  id: 'cluster/ssh-public-key-blob',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'The base64 body of security_settings.ssh_public_key cannot be confirmed as a key of the stated type: it is cut short, damaged, or does not start with the key type.',
    rationale:
      'Spec 4.11.4: `ssh_public_key` is the "login key in OpenSSH format (not PEM/PKCS)". In that format the base64 body decodes to a blob that starts with the key type again (for "ssh-rsa", the length-prefixed string "ssh-rsa"), followed by the key\'s parts, each with its length (SSH wire format, RFC 4253 6.6): an ed25519 key is 32 bytes, an ECDSA point twice its curve\'s size plus one, an RSA key its exponent and modulus. A body of impossible length, or one whose parts end early, is usually a key cut short when copied; a body without the type is not a key the cluster can install. A warning rather than an error: SDK tests send placeholder keys such as "ssh-rsa Blah1/Blah2+BLAH3==", and dplint does not fail bodies real clients send as examples. Broken formats (PEM, private keys, non-base64 bodies, a body of another type) are errors of cluster/ssh-public-key-format.',
    fix: 'Copy the whole single line of the .pub file (for example with `cat ~/.ssh/id_ed25519.pub`), without line breaks inside the base64 part.',
  },
  messages: {
    undecodable: 'security_settings.ssh_public_key: the base64 body of the "{{type}}" key has an impossible length ({{length}} characters), so it was probably cut short; copy the whole line of the .pub file',
    noTypePrefix: 'security_settings.ssh_public_key: the base64 body does not start with the key type "{{type}}" as an OpenSSH key does, so it is probably not a real key; copy the whole line of the .pub file',
    damaged: 'security_settings.ssh_public_key: the "{{type}}" key is cut short or damaged ({{detail}}), so it is not a key the cluster can install; copy the whole line of the .pub file',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['security_settings', 'ssh_public_key'];
    const value = getIn(body, path);
    if (typeof value !== 'string' || !isKnown(value) || value.trim() === '') return;
    const reading = readOpenSshKey(value);
    if (reading.kind === 'undecodable') report({ messageId: 'undecodable', path, data: { type: reading.type, length: reading.length } });
    if (reading.kind === 'noTypePrefix') report({ messageId: 'noTypePrefix', path, data: { type: reading.type } });
    if (reading.kind === 'damaged') report({ messageId: 'damaged', path, data: { type: reading.type, detail: reading.detail } });
  },
  cases: {
    valid: [
      {
        name: 'a whole ed25519 key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr ops@example.com\n',
      },
      {
        name: 'a whole RSA key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDGBvuSSAsVZXz8rm0vK5spxl+gHrRqoDUv6+ocG6e8PbpTbpSNJeVgFjV1rT7UygTu/mQ/sJqGUkBwLGpu+AxFjjC56XpmKGxrwEm8lStCE0M2jIeQR+VTeQhTH7wdfZ0rNleeVd0erw0jq1tdHcaWp4bAAoU0Anv/Y3K9+jnrPmuraP05kfHxFR1rOSyAcrXYQhGGZYfjaaSXFQ1+BxmKBKmwNn6dKTaU7xlk0HkN89eDiZuTse+QXTZ7RxsCAMgK+Xl0wqk4xcL+R9ylNsprxTObd3pbUm2cnGAsilSWk0vPUJTlB18E/yZ0wmmmAkHQkoKFvac0v8FtM4o2zI9l ops@example.com\n',
      },
      {
        name: 'whole ECDSA keys on the three curves',
        yaml: 'security_settings:\n  ssh_public_key: ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCY7+ZhnjRl66mDMLIPwt0qHC7mG83aV9CyulHSF1reqn/e0bmZudnXKgRIbLnUdPA+1yCSY9HGmgMP0Trwlz1g=\n---\nsecurity_settings:\n  ssh_public_key: ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBP2Lbz+WyNuCHyKXi12BW3RVCXe27F9NrFDxbaHIkJj1wzmgVmqSQKOO7l2lqeOcf/vUdXbfTCK7lTgFycNT4lK1/H+sYGecfLoL9zRw+rwhS83bWgh/PqWtgePw2x33qw==\n---\nsecurity_settings:\n  ssh_public_key: ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBABW1VsIkEc7PriLabZtksO7q0ogSw1k+5j0GACD2hGYov5yZ3tpb+nTZ96/c6Ij+DnTk4dzxpqqGoos2s+c2WWdZwEaZzq1ScgwJjdqIfdnTupGqg26ebkCBUuTsOirqRhnxGV/NIIeKfmmebmyF9smihTkRe+SjgfHhEiT/gmlvDdwEg==\n',
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
      {
        name: 'an ed25519 key cut short',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAw\n',
        findings: [{ messageId: 'damaged', line: 2, column: 19, data: { type: 'ssh-ed25519', detail: 'the key should have 32 bytes and has 11' } }],
      },
      {
        name: 'an RSA key cut short inside its modulus',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDGBvuSSAsVZXz8rm0vK5spxl+gHrRqoDUv6+ocG6e8PbpTbpSNJeVgFjV1rT7UygTu ops@example.com\n',
        findings: [{ messageId: 'damaged', line: 2, column: 19, data: { type: 'ssh-rsa', detail: 'the modulus n should have 257 bytes and has 50' } }],
      },
      {
        name: 'an RSA key without its modulus',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB\n',
        findings: [{ messageId: 'damaged', line: 2, column: 19, data: { type: 'ssh-rsa', detail: 'the blob ends before the modulus n' } }],
      },
      {
        name: 'an ECDSA key whose point is cut short',
        yaml: 'security_settings:\n  ssh_public_key: ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAAAhBCY7+ZhnjRl66mDMLIPwt0qHC7mG83aV9CyulHSF1req\n',
        findings: [{ messageId: 'damaged', line: 2, column: 19, data: { type: 'ecdsa-sha2-nistp256', detail: 'the 65-byte point has 33 bytes' } }],
      },
      {
        name: 'bytes after the key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTrAAAA\n',
        findings: [{ messageId: 'damaged', line: 2, column: 19, data: { type: 'ssh-ed25519', detail: '3 bytes follow the key' } }],
      },
    ],
  },
});
