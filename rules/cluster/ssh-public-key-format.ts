import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

/**
 * The OpenSSH public key types a login key can have (ssh-keygen -t), security-key types included:
 * `sk-ssh-ed25519@openssh.com` and `sk-ecdsa-sha2-nistp256@openssh.com` are OpenSSH login keys
 * kept on a FIDO token (OpenSSH 8.2, PROTOCOL.u2f).
 */
export const KEY_TYPES = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'ssh-rsa',
  'ssh-dss',
];

const PEM_PUBLIC: Record<string, string> = {
  'PUBLIC KEY': 'ssh-keygen -i -m PKCS8 -f key.pem',
  'RSA PUBLIC KEY': 'ssh-keygen -i -m PEM -f key.pem',
  'SSH2 PUBLIC KEY': 'ssh-keygen -i -f key.pub',
};

/** What an ssh_public_key value is, read without regular expressions that could backtrack. */
export type KeyReading =
  | { kind: 'pemPublic'; label: string; command: string }
  | { kind: 'privateKey' }
  | { kind: 'missingType'; hint: string }
  | { kind: 'unknownType'; type: string }
  | { kind: 'missingBody'; type: string }
  | { kind: 'notBase64'; type: string }
  | { kind: 'undecodable'; type: string; length: number }
  | { kind: 'noTypePrefix'; type: string }
  | { kind: 'typeMismatch'; type: string; actual: string }
  | { kind: 'damaged'; type: string; detail: string }
  | { kind: 'ok'; type: string };

export function readOpenSshKey(value: string): KeyReading {
  if (value.includes('PRIVATE KEY-----') || value.includes('PuTTY-User-Key-File')) return { kind: 'privateKey' };
  const begin = value.indexOf('BEGIN ');
  if (begin >= 0 && value.startsWith('---', Math.max(0, begin - 5))) {
    const stop = value.indexOf('-', begin);
    const label = value.slice(begin + 6, stop < 0 ? undefined : stop).trim();
    return { kind: 'pemPublic', label, command: PEM_PUBLIC[label] ?? PEM_PUBLIC['PUBLIC KEY'] };
  }
  const [type = '', body] = value.trim().split(/\s+/);
  if (!KEY_TYPES.includes(type)) {
    if (type.startsWith('AAAA') && isBase64(type)) {
      const embedded = embeddedType(type);
      return { kind: 'missingType', hint: embedded && KEY_TYPES.includes(embedded) ? `"${embedded} "` : 'the key type (for example "ssh-ed25519 ")' };
    }
    return { kind: 'unknownType', type: /^[\w@.-]{1,40}$/.test(type) ? describeValue(type) : 'text that is not a key type' };
  }
  if (body === undefined) return { kind: 'missingBody', type };
  if (!isBase64(body)) return { kind: 'notBase64', type };
  const data = body.replace(/(?<!=)=+$/, '');
  if (data.length % 4 === 1 || (data.length !== body.length && body.length % 4 !== 0)) return { kind: 'undecodable', type, length: body.length };
  const embedded = embeddedType(data);
  if (embedded === undefined) return { kind: 'noTypePrefix', type };
  if (embedded !== type) return { kind: 'typeMismatch', type, actual: embedded };
  const detail = blobProblem(decodeBase64(data), type);
  if (detail !== undefined) return { kind: 'damaged', type, detail };
  return { kind: 'ok', type };
}

/** The bytes of unpadded base64 already checked as such (a last partial group gives its whole bytes). */
function decodeBase64(base64: string): Uint8Array {
  const bytes = new Uint8Array(Math.floor((base64.length * 6) / 8));
  let bits = 0;
  let buffer = 0;
  let length = 0;
  for (let i = 0; i < base64.length; i++) {
    buffer = ((buffer << 6) | ALPHABET.indexOf(base64[i])) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, length);
}

/** The size in bytes of one coordinate of each ECDSA curve's points. */
const CURVE_BYTES: Record<string, number> = { nistp256: 32, nistp384: 48, nistp521: 66 };

/**
 * What is wrong with a key blob in the SSH wire format (RFC 4253 6.6, RFC 5656 3.1, RFC 8709 4):
 * a sequence of uint32-length-prefixed strings, the key type first, then per type ssh-ed25519 one
 * 32-byte key; ssh-rsa the mpints e and n; ecdsa-sha2-* the curve name and the point (an
 * uncompressed point is 0x04 and two coordinates); ssh-dss the mpints p, q, g and y. Undefined for
 * a blob that is whole; else a phrase for the message ("the 32-byte key has 11 bytes").
 */
function blobProblem(blob: Uint8Array, type: string): string | undefined {
  let offset = 0;
  /** The next string, or the phrase saying where the blob ends. */
  const read = (name: string): Uint8Array | string => {
    if (offset + 4 > blob.length) return `the blob ends before the ${name}`;
    const length = ((blob[offset] << 24) | (blob[offset + 1] << 16) | (blob[offset + 2] << 8) | blob[offset + 3]) >>> 0;
    offset += 4;
    const available = blob.length - offset;
    if (length > available) return `the ${name} should have ${length} bytes and has ${available}`;
    const part = blob.subarray(offset, offset + length);
    offset += length;
    return part;
  };
  const parts: Record<string, string[]> = {
    'ssh-ed25519': ['key'],
    // A security key's blob ends with its application string (PROTOCOL.u2f), usually "ssh:".
    'sk-ssh-ed25519@openssh.com': ['key', 'application'],
    'sk-ecdsa-sha2-nistp256@openssh.com': ['curve name', 'point', 'application'],
    'ssh-rsa': ['exponent e', 'modulus n'],
    'ssh-dss': ['prime p', 'subprime q', 'generator g', 'public key y'],
  };
  const names = type.startsWith('ecdsa-sha2-') ? ['curve name', 'point'] : (parts[type] ?? []);
  const ecdsaCurve = type.startsWith('ecdsa-sha2-') ? type.slice('ecdsa-sha2-'.length) : type.startsWith('sk-ecdsa-sha2-') ? type.slice('sk-ecdsa-sha2-'.length, type.indexOf('@')) : undefined;
  read('key type');
  const values: Uint8Array[] = [];
  for (const name of names) {
    const part = read(name);
    if (typeof part === 'string') return part;
    if (part.length === 0) return `the ${name} is empty`;
    values.push(part);
  }
  if ((type === 'ssh-ed25519' || type === 'sk-ssh-ed25519@openssh.com') && values[0].length !== 32) return `the 32-byte key has ${values[0].length} bytes`;
  if (ecdsaCurve !== undefined) {
    const curve = String.fromCharCode(...values[0].subarray(0, 16));
    const size = CURVE_BYTES[curve];
    if (curve !== ecdsaCurve || size === undefined) return `the curve name "${curve.replace(/[^\w-]/g, '?')}" does not match the key type`;
    const point = values[1];
    if (point[0] === 4 && point.length !== 1 + 2 * size) return `the ${1 + 2 * size}-byte point has ${point.length} bytes`;
    if (point[0] !== 4) return 'the point is not an uncompressed curve point (it does not start with 0x04)';
  }
  if (offset < blob.length) return `${blob.length - offset} byte${blob.length - offset === 1 ? '' : 's'} follow the key`;
  return undefined;
}

function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The length-prefixed name an OpenSSH key blob starts with (uint32 length, then the type), if any. */
function embeddedType(base64: string): string | undefined {
  const bytes: number[] = [];
  let bits = 0;
  let buffer = 0;
  for (const char of base64.slice(0, 88)) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) break;
    buffer = (buffer << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  if (bytes.length < 5 || bytes[0] !== 0 || bytes[1] !== 0 || bytes[2] !== 0) return undefined;
  const length = bytes[3];
  if (length === 0 || bytes.length < 4 + length) return undefined;
  const name = String.fromCharCode(...bytes.slice(4, 4 + length));
  return /^[a-z0-9@.-]+$/.test(name) ? name : undefined;
}

const FIELD = 'security_settings.ssh_public_key';

export default defineRule({
  id: 'cluster/ssh-public-key-format',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'security_settings.ssh_public_key is not an OpenSSH public key: a PEM block, a private key, an unknown key type, or a key body that is not base64 or is of another type.',
    rationale:
      'Spec 4.11.4: `ssh_public_key` is the "login key in OpenSSH format (not PEM/PKCS)". Every OpenSSH login key type is taken, the security-key types (sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com) included: the spec names the format, not a list of types. The OpenSSH form is one line, "<type> <base64 key> [comment]", and the base64 key itself starts with its type. A PEM or RFC 4716 block is the wrong format; a private key must never be sent (the message never repeats it); a key whose body says another type than its first word is damaged. Key bodies that are valid base64 but carry no type (such as the placeholder keys in SDK tests) are left to cluster/ssh-public-key-blob, a warning.',
    fix: 'Send the one line of the .pub file, for example "ssh-ed25519 AAAAC3Nza... user@host". Convert a PEM public key with `ssh-keygen -i -m PKCS8 -f key.pem`, an RFC 4716 one with `ssh-keygen -i -f key.pub`, and derive the public key of a private key with `ssh-keygen -y -f private.pem`.',
  },
  messages: {
    pemPublic: `${FIELD} is a PEM block ("BEGIN {{label}}"), not the OpenSSH format the API takes; convert it to one "ssh-... AAAA..." line with \`{{command}}\``,
    privateKey: `${FIELD} holds a private key; never send it. Send the public key instead (\`ssh-keygen -y -f private.pem\` prints it), and treat this private key as exposed`,
    missingType: `${FIELD} starts with the base64 key but has no key type; write {{hint}} in front of it`,
    unknownType: `${FIELD} starts with {{type}}, which is not an OpenSSH key type; expected ssh-ed25519, ecdsa-sha2-nistp256/384/521, sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com or ssh-rsa followed by the base64 key`,
    missingBody: `${FIELD} has the key type "{{type}}" but no base64 key after it; copy the whole line of the .pub file`,
    notBase64: `${FIELD}: the "{{type}}" key body is not base64 (only A-Z, a-z, 0-9, + and / with up to two = at the end); copy the whole line of the .pub file`,
    typeMismatch: `${FIELD} says "{{type}}" but the key inside is "{{actual}}"; write "{{actual}}" as the type, or copy the right key`,
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['security_settings', 'ssh_public_key'];
    const value = getIn(body, path);
    if (typeof value !== 'string' || !isKnown(value) || value.trim() === '') return;
    const reading = readOpenSshKey(value);
    switch (reading.kind) {
      case 'pemPublic':
        return report({ messageId: 'pemPublic', path, data: { label: reading.label, command: reading.command } });
      case 'privateKey':
        return report({ messageId: 'privateKey', path });
      case 'missingType':
        return report({ messageId: 'missingType', path, data: { hint: reading.hint } });
      case 'unknownType':
        return report({ messageId: 'unknownType', path, data: { type: reading.type } });
      case 'missingBody':
      case 'notBase64':
        return report({ messageId: reading.kind, path, data: { type: reading.type } });
      case 'typeMismatch':
        return report({ messageId: 'typeMismatch', path, data: { type: reading.type, actual: reading.actual } });
      default:
        return;
    }
  },
  cases: {
    valid: [
      {
        name: 'a security-key ed25519 key (OpenSSH login key on a FIDO token)',
        yaml: 'security_settings:\n  ssh_public_key: sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gAAAABHNzaDo= ops@example.com\n',
      },
      {
        name: 'a security-key ECDSA key',
        yaml: 'security_settings:\n  ssh_public_key: sk-ecdsa-sha2-nistp256@openssh.com AAAAInNrLWVjZHNhLXNoYTItbmlzdHAyNTZAb3BlbnNzaC5jb20AAAAIbmlzdHAyNTYAAABBBAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8AAAAEc3NoOg==\n',
      },
      {
        name: 'an ed25519 key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr ops@example.com\n',
      },
      {
        name: 'an ECDSA key without comment',
        yaml: 'security_settings:\n  ssh_public_key: ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCY7+ZhnjRl66mDMLIPwt0qHC7mG83aV9CyulHSF1reqn/e0bmZudnXKgRIbLnUdPA+1yCSY9HGmgMP0Trwlz1g=\n',
      },
      { name: 'an SDK test placeholder (left to ssh-public-key-blob)', yaml: 'security_settings:\n  ssh_public_key: ssh-rsa Blah1/Blah2+BLAH3==\n' },
      { name: 'a placeholder', yaml: 'security_settings:\n  ssh_public_key: ${CLUSTER_SSH_KEY}\n' },
    ],
    invalid: [
      {
        name: 'a PEM public key',
        example: true,
        yaml: 'security_settings:\n  ssh_public_key: |\n    -----BEGIN PUBLIC KEY-----\n    MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEJjv5mGeNGXrqYMwsg/C3SocLuYbz\n    dpX0LK6UdIXWt6qf97RuZm52dcqBEhsudR08D7XIJJj0caaAw/ROvCXPWA==\n    -----END PUBLIC KEY-----\n',
        findings: [{ messageId: 'pemPublic', line: 2, column: 19, data: { label: 'PUBLIC KEY', command: 'ssh-keygen -i -m PKCS8 -f key.pem' } }],
      },
      {
        name: 'an RFC 4716 public key',
        yaml: 'security_settings:\n  ssh_public_key: |\n    ---- BEGIN SSH2 PUBLIC KEY ----\n    AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr\n    ---- END SSH2 PUBLIC KEY ----\n',
        findings: [{ messageId: 'pemPublic', line: 2, column: 19, data: { label: 'SSH2 PUBLIC KEY', command: 'ssh-keygen -i -f key.pub' } }],
      },
      {
        name: 'a private key, never echoed',
        example: true,
        yaml: 'security_settings:\n  ssh_public_key: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n    b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n    -----END OPENSSH PRIVATE KEY-----\n',
        findings: [{ messageId: 'privateKey', line: 2, column: 19 }],
      },
      {
        name: 'the key without its type',
        yaml: 'security_settings:\n  ssh_public_key: AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr\n',
        findings: [{ messageId: 'missingType', line: 2, column: 19, data: { hint: '"ssh-ed25519 "' } }],
      },
      {
        name: 'an unknown type',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed448 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr\n',
        findings: [{ messageId: 'unknownType', line: 2, column: 19, data: { type: '"ssh-ed448"' } }],
      },
      {
        name: 'a type alone',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa\n',
        findings: [{ messageId: 'missingBody', line: 2, column: 19, data: { type: 'ssh-rsa' } }],
      },
      {
        name: 'a body that is not base64',
        yaml: 'security_settings:\n  ssh_public_key: "ssh-rsa SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"\n',
        findings: [{ messageId: 'notBase64', line: 2, column: 19, data: { type: 'ssh-rsa' } }],
      },
      {
        name: 'an ed25519 key labelled ssh-rsa',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr ops@example.com\n',
        findings: [{ messageId: 'typeMismatch', line: 2, column: 19, data: { type: 'ssh-rsa', actual: 'ssh-ed25519' } }],
      },
    ],
  },
});
