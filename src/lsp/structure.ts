import { isMap, isPair, isScalar, isSeq, parseAllDocuments, visit, type Document, type Node } from 'yaml';

/** A data path: member names and list indexes from the document's root. */
export type DataPath = Array<string | number>;

/** Where the cursor is in a document's structure. */
export interface PlaceInDocument {
  /** The path of the member whose key or value holds the cursor. */
  path: DataPath;
  /** Whether the cursor is on the member's key (else on its value). */
  onKey: boolean;
  /** The index of the document in the stream (each document has its own operation). */
  document: number;
}

/** Stands in for the word being typed, so that a half-written line still parses as a member. */
const MARKER = 'dplint_cursor_5f3a';

function documentsOf(text: string): Document.Parsed[] {
  // uniqueKeys off: a duplicate key is dplint's finding to report, not a reason to lose the structure.
  return parseAllDocuments(text, { uniqueKeys: false, strict: false, prettyErrors: false }) as Document.Parsed[];
}

/** The path of a node from the ancestors `visit` gives (documents, collections, pairs). */
function pathFrom(ancestors: readonly unknown[], node: unknown): DataPath {
  const path: DataPath = [];
  const chain = [...ancestors, node];
  for (let i = 0; i < chain.length - 1; i++) {
    const here = chain[i];
    const next = chain[i + 1];
    if (isPair(here) && next === here.value) path.push(isScalar(here.key) ? String(here.key.value) : String(here.key));
    else if (isSeq(here)) path.push(here.items.indexOf(next as never));
  }
  return path;
}

function contains(node: unknown, offset: number, inclusiveEnd = false): boolean {
  const range = (node as Node | null | undefined)?.range;
  if (!range) return false;
  return range[0] <= offset && (inclusiveEnd ? offset <= range[1] : offset < range[1]);
}

/**
 * The member at a 0-based offset of the text: the innermost pair whose key or scalar value holds
 * the offset. Undefined outside every member (a comment, a blank line).
 */
export function placeAt(text: string, offset: number): PlaceInDocument | undefined {
  let found: PlaceInDocument | undefined;
  const documents = documentsOf(text);
  for (let index = 0; index < documents.length; index++) {
    const document = documents[index];
    if (!contains(document.contents, offset, true)) continue;
    visit(document, {
      Pair(_, pair, ancestors) {
        const onKey = contains(pair.key, offset, true);
        const onValue = isScalar(pair.value) && contains(pair.value, offset, true);
        if (!onKey && !onValue) return;
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        found = { path: [...pathFrom(ancestors, pair), key], onKey, document: index };
      },
    });
  }
  return found;
}

/** What completion may offer at the cursor. */
export type CompletionPlace =
  /** A member name of the mapping at `parent`, which already has `siblings`. */
  | { kind: 'member'; parent: DataPath; siblings: string[]; document: number }
  /** A value of the member at `path`. */
  | { kind: 'value'; path: DataPath; document: number };

/**
 * Where completion is asked: the word under the cursor is replaced by a marker (followed by `: ~`
 * when the line has no colon yet, so that it reads as a member), the text is parsed, and the
 * marker's place names what can go there. Works for YAML and for JSON (a flow mapping to YAML).
 */
export function completionPlaceAt(text: string, offset: number, json: boolean): CompletionPlace | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEndAt = text.indexOf('\n', offset);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  const word = trailingWord(text.slice(lineStart, offset));
  const after = /^[\w.$-]*/.exec(text.slice(offset, lineEnd))![0];
  const head = text.slice(0, offset - word.length);
  const tail = text.slice(offset + after.length);
  let patched: string;
  if (json) {
    // In JSON a member being typed is `"na|` or `"na|"`: it becomes `"MARKER": null` unless a colon follows.
    const headOpen = head.endsWith('"') ? head.slice(0, -1) : head;
    const tailOpen = tail.startsWith('"') ? tail.slice(1) : tail;
    const inKey = /[{,]\s*$/.test(headOpen);
    patched = inKey && !/^\s*:/.test(tailOpen) ? `${headOpen}"${MARKER}": null${tailOpen}` : `${headOpen}"${MARKER}"${tailOpen}`;
  } else {
    // Only indentation before the word: a member name, unless it is a bare list item (`- la|`).
    const before = text.slice(lineStart, offset - word.length);
    const isKey = /^\s*$/.test(before);
    patched = isKey && !/^\s*:/.test(tail) ? `${head}${MARKER}: ~${tail}` : `${head}${MARKER}${tail}`;
  }
  let place: CompletionPlace | undefined;
  const documents = documentsOf(patched);
  for (let index = 0; index < documents.length; index++) {
    const document = documents[index];
    visit(document, {
      Pair(_, pair, ancestors) {
        if (isScalar(pair.key) && pair.key.value === MARKER) {
          const map = ancestors[ancestors.length - 1];
          const parent = pathFrom(ancestors.slice(0, -1), map);
          const siblings = isMap(map) ? map.items.map((item) => (isScalar(item.key) ? String(item.key.value) : '')).filter((key) => key && key !== MARKER) : [];
          place = { kind: 'member', parent, siblings, document: index };
          return visit.BREAK;
        }
        if (isScalar(pair.value) && pair.value.value === MARKER) {
          const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
          place = { kind: 'value', path: [...pathFrom(ancestors, pair), key], document: index };
          return visit.BREAK;
        }
        return undefined;
      },
      Scalar(_, scalar, ancestors) {
        // A list item being typed: `- val|` is a value of the list's items.
        if (scalar.value !== MARKER) return undefined;
        const parent = ancestors[ancestors.length - 1];
        if (isSeq(parent)) {
          place = { kind: 'value', path: pathFrom(ancestors, scalar), document: index };
          return visit.BREAK;
        }
        return undefined;
      },
    });
    if (place) break;
  }
  return place;
}

const WORD_CHARACTER = /[\w.$/-]/;

/**
 * The run of word characters (member names, values, rule ids) at the end of a text. Walked back
 * by hand: `/[\w.$-]*$/` would try every start of a long line in turn (quadratic).
 */
export function trailingWord(text: string, isWordCharacter: (c: string) => boolean = (c) => WORD_CHARACTER.test(c) && c !== '/'): string {
  let start = text.length;
  while (start > 0 && isWordCharacter(text[start - 1])) start--;
  return text.slice(start);
}

/** Also `/`, which rule ids have. */
export const isRuleIdCharacter = (c: string): boolean => WORD_CHARACTER.test(c) && c !== '$';
