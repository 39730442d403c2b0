/** RFC 6901 JSON Pointers and the dotted field names used in messages. */

export type DataPath = ReadonlyArray<string | number>;

export function toPointer(path: DataPath): string {
  let pointer = '';
  for (const segment of path) {
    const text = String(segment);
    // Escaped only where needed: most member names hold neither `~` nor `/`, and the engine makes a pointer per finding.
    pointer += '/' + (text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text);
  }
  return pointer;
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  const segments = pointer.slice(1).split('/');
  // Unescaped only where needed: Ajv gives a pointer per error, and few hold a `~`.
  return pointer.includes('~') ? segments.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')) : segments;
}

/** `node_configuration.spot_block_settings.duration`, `label[0]`; the root is `(body)`. */
export function fieldName(path: DataPath): string {
  let name = '';
  for (const segment of path) {
    if (typeof segment === 'number' || /^\d+$/.test(segment)) name += `[${segment}]`;
    else name += (name === '' ? '' : '.') + segment;
  }
  return name === '' ? '(body)' : name;
}

/**
 * The value at a data path as findings carry it (an array index may be the string "0"), own
 * members only; undefined where a step is missing or not a container.
 */
export function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}
