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
 * Whether any member name anywhere in the value satisfies `test`: a cheap first look for rules
 * that report only rare keys, before they walk the body with paths and schemas.
 */
export function someKey(value: unknown, test: (key: string) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (test(key)) return true;
        const child = (node as PlainObject)[key];
        if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return false;
}

/** A file, or a document of a stream, as a message across files names it: the output's own ` (document N)`, numbered from 0. */
export function claimant(file: string, document: number | undefined): string {
  return document === undefined ? file : `${file} (document ${document})`;
}
