/** How values are read and shown: placeholders, unset values, and masking of secrets. */

/** `${VAR}` or `${env:VAR}`, anywhere in a string. */
const ENV_PLACEHOLDER = /\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*\}/;
/** The placeholder pattern as JSON Schema writes it (the editor schemas). */
export const PLACEHOLDER_SOURCE = ENV_PLACEHOLDER.source;

/** `${VAR}` or `${env:VAR}` anywhere in a string: filled in at deploy time, so never range- or format-checked. */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === 'string' && ENV_PLACEHOLDER.test(value);
}

/**
 * The literal text of a value with placeholders: what stays whatever the variables hold
 * (`${IP}/33` keeps `/33`), for the checks that still judge it.
 */
export function withoutPlaceholders(value: string): string {
  return value.replace(EVERY_PLACEHOLDER, '');
}

/** ENV_PLACEHOLDER, every one (written out: test/hostile/regex.test.ts scans literals only). */
const EVERY_PLACEHOLDER = /\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*\}/g;

/** ENV_PLACEHOLDER once or more, and nothing else (written out: test/hostile/regex.test.ts scans literals only). */
const ONLY_PLACEHOLDERS = /^(?:\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*\})+$/;

/**
 * A string of placeholders and nothing else (`${KEY}`, `${env:USER}${env:PASS}`), white space
 * around them aside (a block scalar's value ends in a line break): a credential's value that is
 * one is shown as it is. Any literal part beside a placeholder (`hunter2${SUFFIX}`) may be, or
 * hold, the secret: such a value is masked whole.
 */
export function isOnlyPlaceholders(value: unknown): value is string {
  return typeof value === 'string' && ONLY_PLACEHOLDERS.test(value.trim());
}

/** isOnlyPlaceholders of a text as written, in double or single quotes or none (a masked span). */
export function isOnlyPlaceholdersQuoted(text: string): boolean {
  const quote = text[0];
  const quoted = (quote === '"' || quote === "'") && text.length >= 2 && text.endsWith(quote);
  return isOnlyPlaceholders(quoted ? text.slice(1, -1) : text);
}

/** `null` means "unset" (the default applies), as does an absent member. */
export function isUnset(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** A value a check can judge: set, and not a placeholder. */
export function isKnown(value: unknown): boolean {
  return !isUnset(value) && !isPlaceholder(value);
}

/** What every output shows in place of a credential: the one mask of dplint. */
export const MASK = '****';

/** A value as a message shows it: strings quoted, long ones cut, secrets masked. */
export function describeValue(value: unknown, secret = false): string {
  if (secret && !isUnset(value) && !isOnlyPlaceholders(value)) return JSON.stringify(MASK);
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list (${value.length} item${value.length === 1 ? '' : 's'})`;
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

/** The JSON type of a value as a message names it. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/** Ajv's type names as a person reads them. */
export function schemaTypeName(type: string): string {
  return (
    { object: 'an object', array: 'a list', string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'a boolean (true or false)', null: 'null' }[type] ??
    type
  );
}

export { closest } from './did-you-mean.js';
