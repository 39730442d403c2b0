/** Small, safe readers of plain data for rules: a rule never assumes the shape the schema wants. */

export type PlainObject = Record<string, unknown>;

export function isObject(value: unknown): value is PlainObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at a data path, or undefined when any step is missing or not a container. */
export function getIn(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value;
  // (Indexed, not `for…of`: some sixty rules call this on every body.)
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== 'number') return undefined;
      current = current[segment];
    } else if (Object.hasOwn(current, segment)) {
      current = (current as PlainObject)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/**
 * Whether any member name anywhere in the value is one of `names`: a cheap first look for rules
 * that report only rare keys, before they walk the body with paths and schemas. The names are a
 * set looked up in place, not a test called per key: this reads every key of every body.
 */
export function someKey(value: unknown, names: ReadonlySet<string>): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') stack.push(item);
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      if (names.has(key)) return true;
      const child: unknown = (node as PlainObject)[key];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return false;
}

/** A file, or a document of a stream, as a message across files names it: the output's own ` (document N)`, numbered from 0. */
export function claimant(file: string, document: number | undefined): string {
  return document === undefined ? file : `${file} (document ${document})`;
}
