import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Annotation keywords our schemas carry for editors (yaml-language-server, VS Code) and for
 * dplint itself. Ajv's strict mode rejects unknown keywords, so they are declared here
 * (`deprecated`, which editors also read in draft-07 documents, Ajv knows already).
 * - `markdownDescription`, `deprecationMessage`, `enumDescriptions`: editor hover and completion.
 * - `x-secret`: the value is a credential; dplint never prints it.
 * - `x-unit`: the unit a number is in ("GB", "minutes", ...), for messages and fixes.
 * - `errorMessage`: a predicate phrase ("must be ...") replacing the generic message for a failed
 *   constraint; yaml-language-server honours it, dplint prints `<field> <errorMessage>; got <value>`.
 */
export const ANNOTATION_KEYWORDS = [
  'markdownDescription',
  'deprecationMessage',
  'enumDescriptions',
  'x-secret',
  'x-unit',
  'errorMessage',
] as const;

/**
 * One Ajv set-up for body schemas, the config schema and user policies, so all behave alike.
 * Policies are written by users as fragments (`required: [cost-center]` without `type: object`),
 * so for them strict mode does not insist on types; every other strict check stays on.
 */
export function createAjv(options: { forPolicies?: boolean } = {}): Ajv.default {
  const ajv = new Ajv.default({
    allErrors: true,
    strict: true,
    verbose: true,
    allowUnionTypes: false,
    // Policies are checked against the meta-schema before they are compiled (src/config/policies.ts).
    // A policy may name any member (`required: [constructor]`): only own properties count, never
    // what a body inherits from Object.prototype.
    ...(options.forPolicies ? { strictTypes: false, strictRequired: false, validateSchema: false, ownProperties: true } : {}),
  });
  addFormats.default(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}
