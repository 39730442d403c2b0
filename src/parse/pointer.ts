/** RFC 6901 JSON Pointers and the dotted field names used in messages. */

export type DataPath = ReadonlyArray<string | number>;

export function toPointer(path: DataPath): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
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
