import { DEFINITIONS, type JsonSchema } from '../../src/schema/body-schemas.js';

/** The numbers a definition of schemas/definitions.schema.json holds (the spec's limits and default). */
export interface SpecNumbers {
  minimum?: number;
  maximum?: number;
  default?: number;
}

/**
 * A definition's numbers, for rule docs and messages that quote them: the schema is their one
 * source, so a range changed there (spec 0 to 6 becoming 0 to 8) changes every text that states
 * it, and no prose copy is left behind (test/spec-values.test.ts).
 */
export function specNumbers(name: string): SpecNumbers {
  const found = ((DEFINITIONS.definitions ?? {}) as Record<string, JsonSchema>)[name];
  if (!found) throw new Error(`schemas/definitions.schema.json has no definition "${name}"`);
  const number = (key: string) => (typeof found[key] === 'number' ? (found[key] as number) : undefined);
  return { minimum: number('minimum'), maximum: number('maximum'), default: number('default') };
}
