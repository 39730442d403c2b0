import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';

/** A node's source range as `yaml` gives it: where the value starts and ends, and where the node ends. */
type NodeRange = [number, number, number];

/** The settings `yaml` composes with (see parseText); a Document carries them in its `options`. */
// logLevel 'error': `yaml` would otherwise print a warning on standard error (process.emitWarning)
// that quotes a collection used as a key, which may be a credential; such keys are dplint's to report.
export const COMPOSE_OPTIONS = { uniqueKeys: false, merge: true, prettyErrors: false, strict: true, schema: 'core', resolveKnownTags: false, logLevel: 'error' } as const;

/**
 * A Document as the full parse makes one, with nothing in it: the documents the block reader and
 * the JSON reader read are made from it (Object.create; it is made on first use), sharing its
 * options, schema and directives, which nothing changes after a parse. `yaml`'s constructor builds
 * a schema's tag list and directives for each, a third of the cost of placing a file's findings.
 */
let blankDocument: Document | undefined;

/** A Document holding `contents`, over `range`, as `yaml` would compose it. */
export function composedDocument(contents: unknown, range: NodeRange): Document.Parsed {
  const document: Document.Parsed = Object.create((blankDocument ??= new Document(undefined, COMPOSE_OPTIONS)));
  // Its own members, in the constructor's order: what a finding or a caller may add to stays the document's own.
  document.commentBefore = null;
  document.comment = null;
  document.errors = [];
  document.warnings = [];
  document.contents = contents as Document.Parsed['contents'];
  document.range = range;
  return document;
}

/**
 * Blank nodes of each class, to make the block reader's and the JSON reader's nodes from: `yaml`'s
 * constructors mark every node with its kind by `Object.defineProperty`, which costs some ten times
 * the rest of making the node (a file with findings has hundreds). A node made with `Object.create`
 * of a blank inherits the mark from it: `yaml`'s `isScalar`, `isMap`, `isSeq`, `isPair` read it
 * through the prototype, and `instanceof` and `clone()` work as on a constructed node.
 */
export const BLANK = {
  scalar: new Scalar(null),
  map: new YAMLMap(),
  seq: new YAMLSeq(),
  pair: new Pair(null),
};
for (const blank of Object.values(BLANK)) {
  // Nothing of a blank's own but its mark is inherited: each node gets its members as its own.
  for (const key of Object.keys(blank)) delete (blank as unknown as Record<string, unknown>)[key];
}

/** A scalar node as `yaml` composes one, made from its blank. */
export function scalarNode(value: unknown, type: Scalar.Type, source: string, range: NodeRange): Scalar {
  const node: Scalar = Object.create(BLANK.scalar);
  node.value = value;
  node.type = type;
  node.source = source;
  node.range = range;
  return node;
}

/** An empty mapping or sequence, made from its blank: its items are pushed and its range set as it is read. */
export function collectionNode<T>(map: boolean): YAMLMap<Scalar, T> | YAMLSeq<T> {
  const node: YAMLMap<Scalar, T> | YAMLSeq<T> = Object.create(map ? BLANK.map : BLANK.seq);
  node.items = [];
  return node;
}

/** A mapping's pair, made from its blank. */
export function pairNode<T>(key: Scalar, value: T | null): Pair<Scalar, T> {
  const pair: Pair<Scalar, T> = Object.create(BLANK.pair);
  pair.key = key;
  pair.value = value;
  return pair;
}
