import { isAlias, isMap, isNode, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { lineStarts, positionAt, withLineFeeds } from '../parse/lines.js';
import { parseText } from '../parse/parse.js';
import { streamParts, type NoteVisitor, type StreamPart } from '../parse/block-yaml.js';
import type { Finding, Fix } from '../types.js';
import { BODY_SCHEMAS, DEFINITIONS, type JsonSchema } from './body-schemas.js';
import { closest, isOnlyPlaceholders, isOnlyPlaceholdersQuoted, isUnset, MASK } from './values.js';
import { detached } from '../parse/detached.js';

/**
 * Member names that hold a credential: every property a body schema marks `"x-secret": true`
 * (directly or through a `$ref`), plus credential names real files carry that are not request
 * members: vendor spellings, the account response's own credentials (spec 2.3, 2.4) pasted into a
 * request, and the auth header of a request envelope.
 */
export const CREDENTIAL_KEYS: ReadonlySet<string> = new Set([
  ...schemaSecrets(),
  'datadog_api_token',
  'datadog_app_token',
  'aws_access_key',
  'aws_secret_key',
  'authentication_token',
  'iam_access_key',
  'iam_secret',
  'mstore_password',
  'sse_key',
  'alt_sa_private_key',
  'alt_storage_sa_private_key',
  'private_ssh_key',
  'x-auth-token',
]);

export function isCredentialKey(key: string): boolean {
  return CREDENTIAL_KEYS.has(key) || CREDENTIAL_KEYS.has(key.toLowerCase());
}

/**
 * Words that say a name holds a credential, wherever they stand in it: `*_password`, `api_token`,
 * Hadoop's `fs.s3a.secret.key` and `fs.azure.account.key.<account>.blob.core.windows.net`, an
 * `api_key`, an `fs.s3a.access.key`. Looked for in names, not through a text.
 */
// Written with the alternatives' shared first letters taken out (the same matches: no two
// alternatives match at one place), so fewer are tried at each character of a name.
const CREDENTIAL_WORDS = /secret|token|p(?:assw|rivate)|fernet|credential|a(?:pi|cc(?:ount|ess))[_.-]?key/i;
/** Whole names that are credentials in free text: a SAS URL's signature (`sig=`), a connection string's `Pwd=`. */
const CREDENTIAL_NAMES = /^(?:sig|pwd)$/i;

/**
 * Whether output masks the value of a member so named: a credential member, a name that says it
 * holds one (`*_password`, `api_token`), or a misspelt credential member (`compute_secret_keys`),
 * which the API ignores but which still holds the secret someone meant to send. Over-masking costs
 * a code frame some detail; under-masking leaks a secret.
 */
export function isCredentialLike(key: string): boolean {
  let known = CREDENTIAL_LIKE.get(key);
  if (known === undefined) {
    known = isCredentialKey(key) || key.search(CREDENTIAL_WORDS) !== -1 || CREDENTIAL_NAMES.test(key) || (key.length <= 64 && closest(key, CREDENTIAL_KEYS, { typosOnly: true }) !== undefined);
    // The same few hundred member names come back in every file of a repository. A copy of its
    // own is kept: a name cut from a file's text would otherwise keep that whole text alive.
    if (CREDENTIAL_LIKE.size < CREDENTIAL_LIKE_KEPT && key.length <= CREDENTIAL_LIKE_LONGEST) CREDENTIAL_LIKE.set(detached(key), known);
  }
  return known;
}

const CREDENTIAL_LIKE = new Map<string, boolean>();
const CREDENTIAL_LIKE_KEPT = 10_000;
/** Longer names are judged each time: a member name is rarely longer, and 10,000 long ones would be held. */
const CREDENTIAL_LIKE_LONGEST = 64;

const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const PRIVATE_KEY_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
// The look-behind lets a match start only where a key starts: without it, a long run of key
// characters with no colon is scanned again from each of its characters (quadratic time).
const KEY_VALUE = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]+)\1(\s*:[ \t]*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?:\$\{[^}\n]*\}|[^,{}[\]\s#])(?:\$\{[^}\n]*\}|[^,}\]\n#])*)/g;
const KEY_BEFORE_FLOW = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]+)\1\s*:[ \t]*(?=[[{])/g;

/**
 * The source text as any output may show it: the value of every credential member replaced by
 * `****` (in block, flow and JSON style, block scalars, collections, multi-line scalars and the
 * anchor an alias names included), and private-key blocks hidden wherever they stand. A value of
 * placeholders and nothing else (`${VAR}`) is kept: it is no secret. Line count and line starts
 * are unchanged, so positions still match.
 *
 * Two passes: one over the parsed YAML (JSON is YAML), which knows where each value starts and
 * ends; one line by line, for what the first cannot see — text that does not parse, private keys
 * in any value, credentials anywhere on a line.
 */
export function maskSecrets(written: string, parsed?: MaskableFile): string {
  return new FileSecrets(written, { parsed }).shown();
}

/**
 * The lines masking changes, by their index: where each starts and ends in the text (its line end
 * left out) and what is shown in its place. A line not here is shown as it is written.
 */
type LineMasks = Map<number, { readonly start: number; readonly end: number; readonly shown: string }>;

/**
 * The masks of a text's lines ({@link maskSecrets}): the node pass (the credential ranges, from the
 * block reader's notes or the nodes), then the line pass over every line it may change (it reads a
 * line as the node pass left it), then the lines the parse did not read blanked. No masked copy of the whole text is made: the lines that change are few.
 */
function lineMasks(written: string, parsed: MaskableFile | undefined): { text: string; masks: LineMasks; read: CredentialsRead } {
  // Lines as YAML reads them (a lone CR ends one), as the parse's offsets and every output count them.
  const text = withLineFeeds(written);
  const masks: LineMasks = new Map();
  // A text no caller has parsed the same way (an output's text, a diff's, an example's) is parsed here.
  const file = parsed ?? parseText(text, 'yaml');
  const credential = credentialTest();
  const read = credentialsRead(file, credential);
  // Offsets of the parsed text do not count a byte-order mark.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const nodeMasked = maskCredentialRanges(text, file.text, shift, read.ranges, masks, read.explainedRanges);
  // Private-key blocks are found in the text as written: the first pass may mask a BEGIN line (the
  // start of a credential's value) and leave the key's body, pasted with the wrong indentation,
  // outside the value it parsed.
  maskLines(text, privateKeyLines(text), masks, nodeMasked, credential, read, shift);
  withoutUnread(text, file, masks);
  return { text, masks, read };
}

/**
 * What masking reads of a file's credential members, each member's name judged once: the ranges
 * of their values (and of the few other scalars the line pass cannot mask, see
 * {@link hiddenFromLinePass}); and, where the block reader's notes were read (ParsedFile.notes),
 * the data inside those values, for messages, and, for the line pass, the `:` of each member
 * judged no credential whose name the line pass reads whole, and the credential members the
 * notes explain whole.
 */
interface CredentialsRead {
  ranges: SecretRange[];
  /** The data of every scalar inside a credential's value, names included (what {@link collectCredentialValues} finds in the documents' data). */
  inside?: unknown[];
  /** Sorted offsets (of the parsed text) of the `:` after a member's name that is no credential's (see {@link maskLines}). */
  plainKeyColons?: number[];
  /**
   * Credential members the line pass has nothing to add to (see {@link explainsMember}), in text
   * order: from the start of each one's name to the end of its value, a pair of offsets (of the
   * parsed text) each.
   */
  explained?: number[];
  /** The start of each range that masks the value of an {@link explained} member (the notes' ranges are one a node, and no two nodes' meet). */
  explainedRanges?: Set<number>;
}

/**
 * The credentials of a file, from the block reader's notes where it has them, else from the nodes.
 * One reading of one file, whoever made the file: the notes are the nodes the block reader
 * would build (BlockReading.visit), walked in the order the node walk takes, so both give the
 * same ranges; the notes only spare building and walking objects for it.
 */
function credentialsRead(file: MaskableFile, credential: (key: string) => boolean): CredentialsRead {
  // A getter that makes the walk each time it is asked (ParsedFile.notes): asked once.
  const notes = file.notes;
  if (!notes) return { ranges: credentialNodeRanges(file, credential) };
  const text = file.text;
  const ranges: SecretRange[] = [];
  const inside: unknown[] = [];
  const plainKeyColons: number[] = [];
  const explained: number[] = [];
  const explainedRanges = new Set<number>();
  // The key the notes gave last: a taken value's comes right before it.
  let keyName = '';
  let keyColon = 0;
  const visitor: NoteVisitor = {
    key(name, colon) {
      const taken = credential(name);
      if (!taken && isNameRun(name)) plainKeyColons.push(colon);
      keyName = name;
      keyColon = colon;
      return taken;
    },
    scalar(value, type, start, end) {
      // The block reader reads every other scalar from one line (no line feed in its range) and
      // without escapes, so a private key's marker in its value is written in the text as well:
      // hiddenFromLinePass finds nothing in it.
      if (type !== Scalar.BLOCK_FOLDED) return;
      const range = hiddenFromLinePass(text, value, type, start, end, credential);
      if (range) ranges.push(range);
    },
    taken(value, type, start, end, data) {
      const range = type === undefined ? collectionRange(start, end) : scalarRange(text, value, type, start, end);
      if (range) ranges.push(range);
      for (const item of data) inside.push(item);
      if (explainsMember(text, keyName, keyColon, value, type, end, range)) {
        explained.push(keyColon - keyName.length, end);
        if (range) explainedRanges.add(range[0]);
      }
    },
  };
  notes(visitor);
  return { ranges, inside, plainKeyColons, explained, explainedRanges };
}

/**
 * Whether the line pass has nothing to add to a credential member the notes read: a name the
 * line pass reads whole before the `:` (all name characters, none right before it: so it judges
 * that very name, a credential's), and a value in flow style (plain or quoted, no block header
 * for the line pass to carry on from) on the member's own line that the node pass masked
 * (`range`) or keeps as it is written (placeholders alone, `${NAME}` or `${env:NAME}`: no `=`,
 * quote, `://` or credential's name before a `:` in them). On such a
 * line as the node pass leaves it, `name: ****`, `name: "****"` or `name: ${VAR}`, maskLine
 * changes nothing within the member: KEY_VALUE finds the mask or the placeholders and writes them
 * back, bracketAfterColon finds no bracket, and maskFreeText reads the member's value as the mask
 * or placeholders and goes on past it. So the line pass need not read the member (maskLines):
 * only what else its line holds. Not so for a value the node pass leaves that is no placeholder
 * (`null`, `~`, `""`: the line pass reads the text and may mask it), a block scalar, a
 * collection, or a value on the next line.
 */
function explainsMember(text: string, name: string, colon: number, value: unknown, type: Scalar.Type | undefined, end: number, range: SecretRange | undefined): boolean {
  if (type !== Scalar.PLAIN && type !== Scalar.QUOTE_DOUBLE && type !== Scalar.QUOTE_SINGLE) return false;
  if (!range && !isOnlyPlaceholders(value)) return false;
  const nameStart = colon - name.length;
  if (!isNameRun(name) || !text.startsWith(name, nameStart) || isNameCharacter(text.charCodeAt(nameStart - 1))) return false;
  return !hasLineFeed(text, colon, end);
}

/** Whether a name is all `[A-Za-z0-9_.-]`: the line pass reads it whole before its `:` (see {@link namesCredentialAt}). */
function isNameRun(name: string): boolean {
  for (let i = 0; i < name.length; i++) if (!isNameCharacter(name.charCodeAt(i))) return false;
  return name.length > 0;
}

/**
 * Every line from where the parse stopped reading ({@link MaskableFile.unreadFrom}) shown blank
 * (its line end kept), but for document markers: there the node pass saw no structure, and an
 * anchor that an alias names into a credential (`saved: &s …` then `compute_secret_key: *s`) is
 * known as one by nothing else. A blank line is no masked span: it hides no credential that a
 * message could quote (the line pass masked those it knows), and gives none to look for.
 */
function withoutUnread(text: string, file: MaskableFile, masks: LineMasks): void {
  if (file.unreadFrom === undefined) return;
  let first = 0;
  for (let at = file.text.indexOf('\n'); at !== -1 && at < file.unreadFrom; at = file.text.indexOf('\n', at + 1)) first++;
  let start = 0;
  for (let line = 0; line < first && start !== -1; line++) start = text.indexOf('\n', start) + 1 || -1;
  for (let line = first; start !== -1; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const shown = masks.get(line)?.shown ?? text.slice(start, end);
    if (!/^(?:---|\.\.\.)\r?$/.test(shown)) masks.set(line, { start, end, shown: shown.endsWith('\r') ? '\r' : '' });
    start = newline === -1 ? -1 : newline + 1;
  }
}

/** The text with each masked line in place of the line written. */
function joinedMasks(text: string, masks: LineMasks): string {
  if (masks.size === 0) return text;
  let out = '';
  let copied = 0;
  for (const line of [...masks.keys()].sort((a, b) => a - b)) {
    const mask = masks.get(line)!;
    out += text.slice(copied, mask.start) + mask.shown;
    copied = mask.end;
  }
  return out + text.slice(copied);
}

/**
 * One file's credentials, for everything an output shows of it: made once per file (by the engine,
 * for a file with findings) and handed where it is needed. Each part is worked out the first time
 * it is asked for, and only then: the masks of the lines masking changes ({@link maskSecrets}'s two
 * passes, the credential ranges read once from the block reader's notes, else from the file's nodes), the credentials a message must
 * not quote, and the whole shown text, which an output that prints no line of the file (JSON)
 * never asks for.
 */
export class FileSecrets {
  /** The text, its line ends as YAML reads them. */
  readonly text: string;
  private readonly parsed: MaskableFile | undefined;
  private readonly values: readonly unknown[];
  /** A shown text the caller made (or makes) itself: its spans are found by comparing every line. */
  private readonly handed: (() => string) | undefined;
  private masks: LineMasks | undefined;
  /** What the masks were made from (see {@link CredentialsRead}). */
  private read: CredentialsRead | undefined;
  private shownText: string | undefined;
  private starts: number[] | undefined;
  private spanList: readonly string[] | undefined;
  private secretSet: Secrets | undefined;
  private partSecrets: Map<StreamPart, FileSecrets> | undefined;
  private parts: readonly StreamPart[] | null | undefined;

  /**
   * `parsed`: the text's own parse as masking would make it ({@link MaskableFile}), where the
   * caller has it; `values`: the documents as data, for the credentials they hold (see
   * {@link FileSecrets.message}); `shown`: the shown text, where a caller has it already.
   */
  constructor(written: string, from: { parsed?: MaskableFile; values?: readonly unknown[]; shown?: string | (() => string) } = {}) {
    this.text = withLineFeeds(written);
    this.parsed = from.parsed;
    this.values = from.values ?? [];
    const shown = from.shown;
    this.handed = typeof shown === 'string' ? () => shown : shown;
  }

  /** The whole text as any output may show it (see {@link maskSecrets}): made once, when first asked for. */
  shown(): string {
    if (this.shownText === undefined) this.shownText = this.handed ? this.handed() : joinedMasks(this.text, this.lineMasks());
    return this.shownText;
  }

  /** Line `index` (0-based) as shown, its line end left out: the lines of a code frame, without the whole shown text. */
  line(index: number): string {
    if (this.handed || this.shownText !== undefined) return this.shown().split('\n')[index] ?? '';
    const mask = this.lineMasks().get(index);
    if (mask) return mask.shown;
    const starts = (this.starts ??= lineStarts(this.text));
    if (index < 0 || index >= starts.length) return '';
    return this.text.slice(starts[index], index + 1 < starts.length ? starts[index + 1] - 1 : this.text.length);
  }

  /**
   * A message with any credential of the file it quotes replaced by `****` (see {@link messageMask}).
   */
  message(message: string): string {
    const secrets = this.credentials();
    return secrets.empty ? message : maskMessage(message, secrets);
  }

  /** A value taken whole from the file's data, masked (see {@link valueMask}). */
  value(value: string): string {
    const secrets = this.credentials();
    if (secrets.empty) return value;
    return isCredential(value, secrets) ? MASK : maskMessage(value, secrets);
  }

  /** Whether a text (a fix's new text) holds a credential of the file: a span masking hides (see {@link secretsOf}). */
  revealsText(text: string): boolean {
    if (text.trim() === '') return false;
    const spans = this.spans();
    return spans.some((span) => text.includes(span));
  }

  /**
   * Whether an edit's new text holds a credential of the file. In a stream of documents
   * separated by `---` lines, an edit is held against the part of the text it edits, not the whole
   * stream: an edit is made of its own document's data, so only that document's credentials can be
   * in it, and the masks of a 20 MB stream are not worked out for the few documents that have a
   * fix. Masking a part alone masks its lines as masking the whole stream does, since a `---` line
   * at column 0 ends every YAML construct and the line-by-line mask's block scalars; only its
   * private-key blocks run on to an END line whatever stands between, so a text that holds one is
   * held whole, as is a text with a byte-order mark (edit offsets do not count it).
   */
  reveals(edit: Fix): boolean {
    const source = this.text;
    if (this.parts === undefined) this.parts = source.includes('\n---') && source.charCodeAt(0) !== 0xfeff && !source.includes('PRIVATE KEY') ? streamParts(source) : null;
    const parts = this.parts;
    if (!parts) return this.revealsText(edit.text);
    // Parts are found as lines are: the last one that starts at or before the edit.
    const [start, end] = edit.range;
    const part = parts[lastAtOrBefore(parts, start)];
    if (start < part.start || end > part.end) return this.revealsText(edit.text);
    let secrets = (this.partSecrets ??= new Map()).get(part);
    if (!secrets) this.partSecrets.set(part, (secrets = new FileSecrets(source.slice(part.start, part.end))));
    return secrets.revealsText(edit.text);
  }

  private lineMasks(): LineMasks {
    if (!this.masks) ({ masks: this.masks, read: this.read } = lineMasks(this.text, this.parsed));
    return this.masks;
  }

  /** The text of each line that masking changes, without what masking keeps around it. */
  private spans(): readonly string[] {
    if (this.spanList) return this.spanList;
    if (this.handed) return (this.spanList = comparedSpans(this.text, this.shown()));
    const spans: string[] = [];
    const masks = this.lineMasks();
    for (const line of [...masks.keys()].sort((a, b) => a - b)) {
      const mask = masks.get(line)!;
      const written = this.text.slice(mask.start, mask.end);
      if (written !== mask.shown) spans.push(...hiddenPieces(written, mask.shown));
    }
    return (this.spanList = spans);
  }

  private credentials(): Secrets {
    if (this.secretSet) return this.secretSet;
    const spans = this.spans();
    // The data inside credentials' values, as the notes read it, is what a walk of `values` would
    // find where `values` is the data of the very file handed to be masked (the engine hands both):
    // checked, so that a caller handing other data has it walked.
    const parsed = this.parsed;
    const sameData = parsed !== undefined && this.values.length > 0 && this.values.length === parsed.documents.length && this.values.every((value, i) => value === parsed.documents[i].value);
    const inside = sameData ? this.read?.inside : undefined;
    return (this.secretSet = secretsIn(this.text, spans, this.values, inside));
  }
}

/** The index of the last part that starts at or before `offset` (the first, if none does). */
function lastAtOrBefore(parts: readonly StreamPart[], offset: number): number {
  let low = 0;
  let high = parts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (parts[middle].start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A file already parsed as YAML, with the default limits, whose documents all have their nodes:
 * the very nodes `parseText(text, 'yaml')` would make, so masking reads them rather than the text
 * again (the engine hands its own parse of a file with findings). See {@link maskableFile}.
 */
export interface MaskableFile {
  readonly text: string;
  readonly documents: ReadonlyArray<{ readonly node: Document.Parsed; readonly value?: unknown }>;
  /** Where the parse stopped reading the text, if it did (ParsedFile.unreadFrom). */
  readonly unreadFrom?: number;
  /** The block reader's notes of the same nodes (ParsedFile.notes), read instead of them where there. */
  readonly notes?: (visitor: NoteVisitor) => void;
}

/** The indexes of the lines of private-key blocks, BEGIN to END. */
function privateKeyLines(text: string): Set<number> {
  const inside = new Set<number>();
  if (!text.includes('PRIVATE KEY')) return inside;
  const lines = text.split('\n');
  let inPrivateKey = false;
  for (let i = 0; i < lines.length; i++) {
    if (inPrivateKey || PRIVATE_KEY_BEGIN.test(lines[i])) {
      inPrivateKey = !PRIVATE_KEY_END.test(lines[i]);
      inside.add(i);
    }
  }
  return inside;
}

/**
 * The line-by-line pass of {@link maskSecrets}. Few lines hold anything it masks, and only those
 * that may are cut out of the text and masked ({@link maskLine}): a line inside a private-key block
 * or a credential's block scalar, or with a URL (`://`), or with a credential-like name before a
 * `:` or `=`, or a setting maskFreeText may read as `name value` ({@link nextSpacedSetting}), or
 * that the node pass masked (`nodeMasked`). On any other line maskLine changes nothing: its
 * expressions mask only a value after a credential-like name and a `:` (KEY_VALUE,
 * KEY_BEFORE_FLOW, a block scalar's header), and maskFreeText only a setting so named or a URL's
 * password. What makes a line one is looked for in the whole text, ahead of the lines, not line by
 * line; every other line is copied as it is (splitting a file with findings into lines and joining
 * them again cost as much as masking it).
 *
 * Where the block reader's notes were read (`read`), what they explain is passed over: the `:` of
 * members judged no credential's, and the credential members the line pass has nothing to add to
 * (`explained`, see {@link explainsMember}), their names, values and `:` alike. A file read by
 * `yaml` has neither, and each of its lines is judged as it is written. Only the member is passed
 * over, not its line: a comment after it is read as any other text.
 */
function maskLines(text: string, privateKey: ReadonlySet<number>, masks: LineMasks, nodeMasked: ReadonlySet<number>, credential: (key: string) => boolean, read: CredentialsRead, shift: number): void {
  const state: LineState = { blockIndent: -1 };
  // Most texts have no private key, and the node pass masks few lines: neither is looked up line by line for nothing.
  const anyPrivateKey = privateKey.size > 0;
  const anyMasked = nodeMasked.size > 0;
  const plainKeyColons = read.plainKeyColons ?? [];
  // One reader of the explained members for each scan: each goes through the text at its own pace.
  const explainedColons = new Explained(read.explained ?? [], shift);
  const explainedEquals = new Explained(read.explained ?? [], shift);
  // The next of plainKeyColons not behind the colon looked at.
  let judged = 0;
  const colonLines = new LineStarts(text);
  const equalsLines = new LineStarts(text);
  /**
   * The next `:` at or after `from` that makes its line one to mask: a URL's (`//` after it), or
   * one with a credential-like name before it. A member's `:` the reader judged is passed over: it
   * stands right after the member's name, which is all name characters, after a space or the
   * line's start, so namesCredentialAt would read that very name, which was judged no
   * credential's; and a `:` the reader takes for a member's has a space or line end after it, no
   * `//`. So is an explained member's.
   */
  const nextColon = (from: number): number => {
    for (let at = text.indexOf(':', from); at !== -1; at = text.indexOf(':', at + 1)) {
      while (judged < plainKeyColons.length && plainKeyColons[judged] + shift < at) judged++;
      if (judged < plainKeyColons.length && plainKeyColons[judged] + shift === at) continue;
      if (explainedColons.holds(at, at + 1)) continue;
      if (startsUrlSlashes(text, at + 1) || mayNameCredentialAt(text, colonLines.of(at), at, ':', credential)) return at;
    }
    return -1;
  };
  /** The next `=` at or after `from` with a credential-like name before it, outside explained members. */
  const nextEquals = (from: number): number => {
    for (let at = text.indexOf('=', from); at !== -1; at = text.indexOf('=', at + 1)) {
      if (!explainedEquals.holds(at, at + 1) && mayNameCredentialAt(text, equalsLines.of(at), at, '=', credential)) return at;
    }
    return -1;
  };
  // What makes a line one to mask, each the next in the text: a `:`, a `=`, a setting written
  // `name value` (which has neither). The text scanned is the text as written.
  let colon = nextColon(0);
  let equals = nextEquals(0);
  let spaced = nextSpacedSetting(text, 0);
  // The last line a private key or the node pass makes one to mask: a line the node pass masked is
  // one whatever it holds (masking takes away, and never makes, what makes a line one), but for
  // the values of explained members.
  let lastMarked = -1;
  for (const line of privateKey) lastMarked = Math.max(lastMarked, line);
  for (const line of nodeMasked) lastMarked = Math.max(lastMarked, line);
  for (let index = 0, start = 0; ; index++) {
    // Past the last line anything makes one to mask (most texts: from the first), lines are not looked at.
    if (state.blockIndent < 0 && index > lastMarked && colon === -1 && equals === -1 && spaced === -1) break;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const candidate =
      state.blockIndent >= 0 || (anyPrivateKey && privateKey.has(index)) || (anyMasked && nodeMasked.has(index)) || (spaced !== -1 && spaced < end) || (colon !== -1 && colon < end) || (equals !== -1 && equals < end);
    if (candidate) {
      const line = masks.get(index)?.shown ?? text.slice(start, end);
      const masked = maskLine(line, anyPrivateKey && privateKey.has(index), state, credential);
      if (masked !== line) masks.set(index, { start, end, shown: masked });
    }
    if (newline === -1) break;
    start = newline + 1;
    if (colon !== -1 && colon < start) colon = nextColon(start);
    if (equals !== -1 && equals < start) equals = nextEquals(start);
    if (spaced !== -1 && spaced < start) spaced = nextSpacedSetting(text, start);
  }
}

/**
 * Where the line holding each offset asked about starts, asked in text order: each question looks
 * back only over text the scan asking it passed since the last line end it knows, and on to the
 * line's end, so a scan's questions cost time linear in the text (a line of a million `:` is not
 * looked back over a million times).
 */
class LineStarts {
  private start = 0;
  private next: number;

  constructor(private readonly text: string) {
    this.next = text.indexOf('\n');
  }

  of(at: number): number {
    if (this.next !== -1 && at > this.next) {
      this.start = this.text.lastIndexOf('\n', at - 1) + 1;
      this.next = this.text.indexOf('\n', at);
    }
    return this.start;
  }
}

/**
 * The explained members' spans (CredentialsRead.explained, moved `shift` on: offsets of the text),
 * asked about in text order: each question starts at or after the last one's start, so one index
 * only moves forward.
 */
class Explained {
  private at = 0;

  constructor(
    private readonly spans: readonly number[],
    private readonly shift: number,
  ) {}

  /** Whether `[from, to)` lies within one explained member's span. */
  holds(from: number, to: number): boolean {
    const spans = this.spans;
    while (this.at < spans.length && spans[this.at + 1] + this.shift <= from) this.at += 2;
    return this.at < spans.length && spans[this.at] + this.shift <= from && to <= spans[this.at + 1] + this.shift;
  }
}

/**
 * Where the next name at or after `from` starts that maskFreeText may read as a setting written
 * `name value`: a run of name characters with a `.` and a credential's word in it, and a space or
 * tab after it (settingValue reads no other name so; a name before a `:` or `=` is the other
 * scans'). -1 where none. Found from the `.`s of the text, not by looking for the words through
 * all of it: most lines of a file hold a credential's word, if any, in a member's name or a
 * placeholder, and few a `.` in a name with a space after it.
 */
function nextSpacedSetting(text: string, from: number): number {
  for (let dot = text.indexOf('.', from); dot !== -1; ) {
    let start = dot;
    while (start > from && isNameCharacter(text.charCodeAt(start - 1))) start--;
    let end = dot + 1;
    while (end < text.length && isNameCharacter(text.charCodeAt(end))) end++;
    const after = text.charCodeAt(end);
    if ((after === 0x20 || after === 0x09) && text.slice(start, end).search(CREDENTIAL_WORDS) !== -1) return start;
    dot = text.indexOf('.', end);
  }
  return -1;
}

/** Whether `//` stands at `at`: after a `:`, a URL's `://`. */
function startsUrlSlashes(text: string, at: number): boolean {
  return text.charCodeAt(at) === 0x2f && text.charCodeAt(at + 1) === 0x2f;
}

/** What {@link maskLine} carries from line to line: the indentation of the credential whose block scalar is being masked, or -1. */
interface LineState {
  blockIndent: number;
}

/** One line masked as the lines before it leave `state`. */
function maskLine(line: string, privateKey: boolean, state: LineState, credential: (key: string) => boolean): string {
  if (state.blockIndent >= 0) {
    if (line.trim() === '' || indentOf(line) > state.blockIndent) return maskSegment(line);
    state.blockIndent = -1;
  }
  if (privateKey) return maskSegment(line);
  // Both expressions below match only a credential-like key before a `:`: a line with none is
  // left as it is without running them.
  if (!namesCredentialBefore(line, ':', credential)) return maskFreeText(line, credential);
  const indent = indentOf(line);
  let masked = line.replace(KEY_VALUE, (whole, quote: string, key: string, colon: string, value: string) => {
    if (!credential(key)) return whole;
    const trimmed = value.trim();
    if (/^[|>][-+0-9]*$/.test(trimmed)) {
      state.blockIndent = indent;
      return whole;
    }
    const unquoted = trimmed.replace(/^["']|["']$/g, '');
    if (unquoted === '' || isOnlyPlaceholders(unquoted)) return whole;
    const masked = trimmed.startsWith('"') ? `"${MASK}"` : trimmed.startsWith("'") ? `'${MASK}'` : MASK;
    return `${quote}${key}${quote}${colon}${masked}${value.slice(trimmed.length + value.indexOf(trimmed))}`;
  });
  // A flow collection as a credential's value (`compute_secret_key: [abc]`): the rest of the line goes.
  // (Only where a `[` or `{` follows a `:`, as the expression needs: `key: ${VAR}` has none.)
  if (bracketAfterColon(masked)) {
    KEY_BEFORE_FLOW.lastIndex = 0;
    for (let match = KEY_BEFORE_FLOW.exec(masked); match !== null; match = KEY_BEFORE_FLOW.exec(masked)) {
      if (!credential(match[2])) continue;
      const cut = match.index + match[0].length;
      masked = masked.slice(0, cut) + maskSegment(masked.slice(cut));
      break;
    }
  }
  return maskFreeText(masked, credential);
}

/** Whether a `:` of the line has a `[` or `{` after it, past spaces and tabs. */
function bracketAfterColon(line: string): boolean {
  for (let at = line.indexOf(':'); at !== -1; at = line.indexOf(':', at + 1)) {
    let next = at + 1;
    while (line.charCodeAt(next) === 0x20 || line.charCodeAt(next) === 0x09) next++;
    if (line.charCodeAt(next) === 0x5b || line.charCodeAt(next) === 0x7b) return true;
  }
  return false;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** `\s` of a regular expression, as a character code. */
function isWhiteSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Whether any `:` (or `=`) of the line has a credential-like name right before it, as KEY_VALUE,
 * KEY_BEFORE_FLOW and the free-text pass read a name: a run of name characters, then a quote
 * (before a `:`), then white space. Every name those read before a `:` or `=` is one of these, so a
 * line where this answers no (and with no credential's word, for `name value`) is one they leave as it is.
 */
function namesCredentialBefore(line: string, separator: string, credential: (key: string) => boolean): boolean {
  for (let at = line.indexOf(separator); at !== -1; at = line.indexOf(separator, at + 1)) if (namesCredentialAt(line, 0, at, separator, credential)) return true;
  return false;
}

/** Whether the `:` or `=` at `at` of a text has a credential-like name right before it, on its line (which starts at `lineStart`). */
function namesCredentialAt(text: string, lineStart: number, at: number, separator: string, credential: (key: string) => boolean): boolean {
  const [start, end] = nameBefore(text, lineStart, at, separator);
  return start < end && credential(text.slice(start, end));
}

/**
 * Whether `at` may make its line one to mask: {@link namesCredentialAt}, or the name read so but
 * for an escape's letter. In a double-quoted value `"rotation\nPwd=hunter2"` the free-text pass
 * skips the escape `\n` and reads the name `Pwd`, while the name run back from `=` is `nPwd`.
 * Only to find lines: a line found for nothing is masked as it would be anyway.
 */
function mayNameCredentialAt(text: string, lineStart: number, at: number, separator: string, credential: (key: string) => boolean): boolean {
  const [start, end] = nameBefore(text, lineStart, at, separator);
  if (start >= end) return false;
  if (credential(text.slice(start, end))) return true;
  return start > lineStart && text.charCodeAt(start - 1) === 0x5c && end - start > 1 && credential(text.slice(start + 1, end));
}

/** The name the line pass reads before a separator at `at`: its start and end (equal where there is none). */
function nameBefore(text: string, lineStart: number, at: number, separator: string): [number, number] {
  let end = at;
  while (end > lineStart && isWhiteSpace(text.charCodeAt(end - 1))) end--;
  if (separator === ':' && end > lineStart && (text.charCodeAt(end - 1) === 0x22 || text.charCodeAt(end - 1) === 0x27)) end--;
  let start = end;
  while (start > lineStart && isNameCharacter(text.charCodeAt(start - 1))) start--;
  return [start, end];
}

/** `[A-Za-z0-9_.-]`: the characters of a name to the expressions above. */
function isNameCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

// `postgresql://user:pw@host`: a URL's scheme and user, up to the `:` before its password.
const URL_USER = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/@]*:/g;

/**
 * Credentials in free text, wherever a value holds a configuration file's text (a Hadoop
 * `custom_config`, Spark's defaults, an Airflow `overrides`, a script): a setting whose name says it
 * holds a credential, in each syntax of a properties file as the engines read one (Java's
 * `Properties`, which spark-defaults.conf is): `name=value`, `name: value` and `name value`; and
 * the password of a URL.
 *
 * A setting's value runs to the end of its line, white space, quotes and separators included; where
 * the setting stands inside a quoted string (a JSON or YAML string holding the text), to the
 * string's closing quote or a `\n` escape, escaped quotes included. `name: value` outside quotes is
 * read so for a dotted name (`fs.s3a.secret.key`), or up to a ` #` comment where no `{` or `[`
 * stands before it: in a flow collection, KEY_VALUE's reading stands (the node pass masks YAML's
 * own values). `name value` is read so only for a dotted name holding a credential's word
 * (`spark.hadoop.fs.s3a.secret.key`), not in prose. A value of placeholders alone is kept (outside
 * quotes, up to a ` #` comment).
 *
 * One pass over the line; a value is scanned once and the pass goes on past it: linear.
 */
export function maskFreeText(line: string, credential: (key: string) => boolean): string {
  let out = '';
  let copied = 0;
  // Where the scan stands: outside quotes (0), or inside a double- or single-quoted string.
  let quote = 0;
  // Whether a `{` or `[` stands before here outside quotes: a YAML flow collection.
  let flow = false;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (quote === 0x22 && c === 0x5c) {
      i += 2;
      continue;
    }
    if (c === 0x22 || c === 0x27) {
      if (quote === 0) quote = c;
      else if (quote === c) {
        if (c === 0x27 && line.charCodeAt(i + 1) === 0x27) {
          i += 2;
          continue;
        }
        quote = 0;
      }
      i++;
      continue;
    }
    if (quote === 0 && (c === 0x7b || c === 0x5b)) flow = true;
    if (!isNameCharacter(c)) {
      i++;
      continue;
    }
    let nameEnd = i + 1;
    while (nameEnd < line.length && isNameCharacter(line.charCodeAt(nameEnd))) nameEnd++;
    const setting = settingValue(line, i, nameEnd, quote, flow, credential);
    if (setting === undefined) {
      i = nameEnd;
      continue;
    }
    if (setting.masked) {
      out += line.slice(copied, setting.from) + MASK;
      copied = setting.to;
    }
    i = setting.resume;
  }
  const named = copied === 0 ? line : out + line.slice(copied);
  return named.includes('://') ? maskUrlPasswords(named) : named;
}

/**
 * The value of the setting named by `line[start, end)`, where the name says it holds a credential
 * and a separator follows it (see {@link maskFreeText}): its range, whether it is masked, and where
 * the scan goes on (past the value, or past what was judged of it).
 */
function settingValue(line: string, start: number, end: number, quote: number, flow: boolean, credential: (key: string) => boolean): { from: number; to: number; masked: boolean; resume: number } | undefined {
  let at = end;
  while (line.charCodeAt(at) === 0x20 || line.charCodeAt(at) === 0x09) at++;
  const separator = line.charCodeAt(at);
  const name = line.slice(start, end);
  const dotted = name.includes('.');
  let from: number;
  // Outside quotes, `name: value` with a name YAML may hold is YAML's, up to its comment.
  let yamlLike = false;
  if (separator === 0x3d) {
    from = at + 1;
  } else if (separator === 0x3a && !startsUrlSlashes(line, at + 1) && (dotted || quote !== 0 || !flow)) {
    from = at + 1;
    yamlLike = !dotted && quote === 0;
  } else if (at > end && at < line.length && dotted && !(quote === 0x22 && separator === 0x5c && isLineEscape(line, at))) {
    if (name.search(CREDENTIAL_WORDS) === -1) return undefined;
    from = at;
  } else {
    return undefined;
  }
  if (!credential(name)) return undefined;
  while (line.charCodeAt(from) === 0x20 || line.charCodeAt(from) === 0x09) from++;
  let to: number;
  let resume: number;
  let judged: number;
  if (quote !== 0) {
    to = closingQuote(line, from, quote);
    judged = resume = to;
  } else {
    const first = line.charCodeAt(from);
    if (first === 0x22 || first === 0x27) {
      const close = closingQuote(line, from + 1, first);
      if (close < line.length) {
        // A quoted value: its quotes stay.
        from++;
        to = judged = close;
        resume = close + 1;
      } else {
        to = judged = resume = line.length;
      }
    } else {
      // Up to a YAML comment the value is judged; the whole line's rest is what is masked.
      judged = commentStart(line, from);
      to = yamlLike ? judged : line.length;
      resume = judged;
    }
  }
  while (to > from && isWhiteSpace(line.charCodeAt(to - 1))) to--;
  let kept = judged;
  while (kept > from && isWhiteSpace(line.charCodeAt(kept - 1))) kept--;
  const value = line.slice(from, kept);
  const masked = value !== '' && value !== MASK && !isOnlyPlaceholders(value) && !(yamlLike && /^[|>][-+0-9]*$/.test(value));
  return { from, to, masked, resume: masked ? Math.max(to, resume) : resume };
}

/** Whether a `\` at `at` starts a `\n` or `\r` escape: a line break of the text a double-quoted string holds. */
function isLineEscape(line: string, at: number): boolean {
  const next = line.charCodeAt(at + 1);
  return next === 0x6e || next === 0x72;
}

/** Where a string quoted by `quote` that goes on at `from` ends: its closing quote, a `\n` escape in a double-quoted one, or the line's end. */
function closingQuote(line: string, from: number, quote: number): number {
  for (let at = from; at < line.length; at++) {
    const c = line.charCodeAt(at);
    if (quote === 0x22 && c === 0x5c) {
      if (isLineEscape(line, at)) return at;
      at++;
    } else if (c === quote) {
      if (quote === 0x27 && line.charCodeAt(at + 1) === 0x27) at++;
      else return at;
    }
  }
  return line.length;
}

/** Where a YAML comment (` #`) starts on the line at or after `from`, or the line's end. */
function commentStart(line: string, from: number): number {
  for (let at = from; at < line.length; at++) if (line.charCodeAt(at) === 0x23 && at > from && isWhiteSpace(line.charCodeAt(at - 1))) return at;
  return line.length;
}

/**
 * The password of each URL's user information: from the `:` after the user to the last `@` of the
 * URL (a run without white space), so a password holding `/` or `@` is masked whole.
 */
function maskUrlPasswords(line: string): string {
  let out = '';
  let copied = 0;
  // The run of the last URL looked at and its last `@`: URLs of one run share them (linear time).
  let runEnd = -1;
  let lastAt = -1;
  URL_USER.lastIndex = 0;
  for (let match = URL_USER.exec(line); match !== null; match = URL_USER.exec(line)) {
    const from = match.index + match[0].length;
    if (from > runEnd) {
      runEnd = from;
      while (runEnd < line.length && !isWhiteSpace(line.charCodeAt(runEnd))) runEnd++;
      lastAt = line.lastIndexOf('@', runEnd - 1);
    }
    if (lastAt <= from) continue;
    const password = line.slice(from, lastAt);
    if (password === MASK || isOnlyPlaceholders(password)) continue;
    out += line.slice(copied, from) + MASK;
    copied = lastAt;
    URL_USER.lastIndex = lastAt;
  }
  return copied === 0 ? line : out + line.slice(copied);
}

/** The ranges of the values of credential members (and of what the line pass cannot mask), found in the parsed YAML's nodes. */
function credentialNodeRanges(file: MaskableFile, credential: (key: string) => boolean): SecretRange[] {
  const ranges: SecretRange[] = [];
  for (const { node: doc } of file.documents) {
    const stack: unknown[] = [doc.contents];
    while (stack.length > 0) {
      const node = stack.pop();
      if (isScalar(node)) {
        const range = node.range ? hiddenFromLinePass(file.text, node.value, node.type, node.range[0], node.range[1], credential) : undefined;
        if (range) ranges.push(range);
        continue;
      }
      if (isSeq(node)) {
        // One at a time: a spread of 160,000 items is as many arguments, past V8's stack.
        for (const item of node.items) stack.push(item);
        continue;
      }
      if (!isMap(node)) continue;
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? pair.key.value : undefined;
        if (typeof name === 'string' && credential(name)) {
          const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
          const range = secretRange(file.text, value);
          if (range) ranges.push(range);
        } else {
          stack.push(pair.value);
        }
      }
    }
  }
  return ranges;
}

/**
 * The credential ranges of the parsed text (`source`, offsets `shift` behind the text's), masked
 * (see {@link maskSecrets}): the masks of the lines they are on. Returns the lines masked by a
 * range other than an explained member's (`explained`: the starts of those ranges, see
 * {@link explainsMember}), which the line pass reads as this pass leaves them.
 */
function maskCredentialRanges(text: string, source: string, shift: number, ranges: readonly SecretRange[], masks: LineMasks, explained?: ReadonlySet<number>): Set<number> {
  const read = new Set<number>();
  if (ranges.length === 0) return read;
  const sorted = stretchedRanges(source, ranges);
  // A line of the parsed text as a mask of the text's: the first line holds the byte-order mark.
  const put = (line: number, start: number, end: number, shown: string): void => {
    masks.set(line, line === 0 ? { start: 0, end: end + shift, shown: text.slice(0, shift) + shown } : { start: start + shift, end: end + shift, shown });
  };
  // Ranges that overlap (an alias names an anchor that another credential's value holds) are
  // masked a line at a time, as they come; others left to right, each line made once.
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i][0] < sorted[i - 1][1]) {
      maskOverlappingRanges(source, sorted, put, (line, start) => {
        if (!explained?.has(start)) read.add(line);
      });
      return read;
    }
  }
  // The first line end at or after `from`, the index of its line and where that starts: all only
  // move forward (one line may hold thousands of ranges, one range thousands of lines).
  let newline = source.indexOf('\n');
  let line = 0;
  let lineStart = 0;
  // The line being masked: its index, where it starts and ends, what is made of it, and how far.
  let current = -1;
  let currentStart = 0;
  let currentEnd = 0;
  let out = '';
  let copied = 0;
  const flush = (): void => {
    if (current !== -1) put(current, currentStart, currentEnd, out + source.slice(copied, currentEnd));
  };
  for (const [start, end] of sorted) {
    // Each line of the range on its own, so each keeps its indentation and line end.
    for (let from = start; from < end; ) {
      while (newline !== -1 && newline < from) {
        lineStart = newline + 1;
        newline = source.indexOf('\n', newline + 1);
        line++;
      }
      const to = newline === -1 || newline >= end ? end : newline;
      if (from < to) {
        if (!explained?.has(start)) read.add(line);
        if (current !== line) {
          flush();
          current = line;
          currentStart = copied = lineStart;
          currentEnd = newline === -1 ? source.length : newline;
          out = '';
        }
        out += source.slice(copied, from) + maskSegment(source.slice(from, to));
        copied = to;
      }
      from = to + 1;
    }
  }
  flush();
  return read;
}

/**
 * A string under an ordinary name is free text, which the line pass masks a line of the file at a
 * time. Two shapes hide from it, and are masked whole here: a private key whose marker line the
 * file does not write as itself (an escape, `"\x2d----BEGIN…"`, or a marker folded over two lines),
 * and a credential setting whose value a flow or folded scalar carries on to the next line of the
 * file (`"fs.s3a.secret.key=abc⏎    def"`: YAML joins the lines, the engine reads one). A literal
 * block (`|`) keeps its lines as the file writes them, so the line pass sees it as it is.
 */
function hiddenFromLinePass(text: string, value: unknown, type: Scalar.Type | undefined, start: number, end: number, credential: (key: string) => boolean): SecretRange | undefined {
  if (typeof value !== 'string' || type === Scalar.BLOCK_LITERAL) return undefined;
  // Asked of every scalar: its text is cut out only where the answer needs it (a private key's
  // marker), and looked through for a line end in place, not copied.
  const keyNotWritten = value.includes('PRIVATE KEY') && PRIVATE_KEY_BEGIN.test(value) && !PRIVATE_KEY_BEGIN.test(text.slice(start, end));
  const settingRunsOn = !keyNotWritten && hasLineFeed(text, start, end) && value.split('\n').some((line) => maskFreeText(line, credential) !== line);
  return keyNotWritten || settingRunsOn ? scalarRange(text, value, type, start, end) : undefined;
}

/** Whether a `\n` stands in `text[start, end)`. */
function hasLineFeed(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (text.charCodeAt(at) === 0x0a) return true;
  return false;
}

/**
 * The ranges masked in the text a line at a time, each line's right to left (so earlier columns
 * stay put); `masked` is told each line a range masks, and the range's start.
 */
function maskOverlappingRanges(text: string, ranges: ReadonlyArray<[number, number]>, put: (line: number, start: number, end: number, shown: string) => void, masked: (line: number, rangeStart: number) => void): void {
  const starts = lineStarts(text);
  const spans = new Map<number, Array<[number, number]>>();
  for (const [start, end] of ranges) {
    for (let line = positionAt(starts, start).line - 1; line < starts.length && starts[line] < end; line++) {
      const lineEnd = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
      const from = Math.max(start, starts[line]);
      const to = Math.min(end, lineEnd);
      if (from < to) {
        spans.set(line, [...(spans.get(line) ?? []), [from - starts[line], to - starts[line]]]);
        masked(line, start);
      }
    }
  }
  for (const [line, list] of spans) {
    const lineEnd = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
    let value = text.slice(starts[line], lineEnd);
    for (const [from, to] of list.sort((a, b) => b[0] - a[0])) value = value.slice(0, from) + maskSegment(value.slice(from, to)) + value.slice(to);
    put(line, starts[line], lineEnd, value);
  }
}

/** The text range a credential's value covers (a plain scalar's marked so), or none when there is nothing secret to hide. */
function secretRange(text: string, node: unknown): SecretRange | undefined {
  if (!isNode(node) || !node.range) return undefined;
  return isScalar(node) ? scalarRange(text, node.value, node.type, node.range[0], node.range[1]) : collectionRange(node.range[0], node.range[1]);
}

/** {@link secretRange} of a scalar of that value, style and range. */
function scalarRange(text: string, value: unknown, type: Scalar.Type | undefined, start: number, end: number): SecretRange | undefined {
  if (isUnset(value) || value === '' || isOnlyPlaceholders(value)) return undefined;
  // A block scalar's header (`|`, `>-`) stays; its lines are the secret.
  if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) {
    const newline = text.indexOf('\n', start);
    if (newline === -1 || newline >= end) return undefined;
    start = newline + 1;
  }
  // Quotes stay, so the masked text still reads as a string.
  if (type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE) return start + 1 < end - 1 ? [start + 1, end - 1, false] : undefined;
  return start < end ? [start, end, type === Scalar.PLAIN] : undefined;
}

/** {@link secretRange} of a collection (or an alias) of that range: all of it. */
function collectionRange(start: number, end: number): SecretRange | undefined {
  return start < end ? [start, end, false] : undefined;
}

/** A credential value's range in the text, and whether it is a plain scalar's (see {@link stretchedRanges}). */
export type SecretRange = [start: number, end: number, plain: boolean];

/**
 * The node pass's ranges sorted by their starts, each plain value's stretched to where the line
 * pass would end it ({@link plainValueEnd}) but never into the next range: stretching makes no
 * ranges overlap that did not (overlapping ones go a line at a time, in time that grows with
 * their count times the line's length).
 */
export function stretchedRanges(text: string, ranges: readonly SecretRange[]): Array<[number, number]> {
  const sorted = ranges.length === 1 ? ranges : [...ranges].sort((a, b) => a[0] - b[0]);
  return sorted.map(([start, end, plain], i) => {
    const next = i + 1 < sorted.length ? sorted[i + 1][0] : Infinity;
    return plain && end <= next ? [start, Math.max(end, Math.min(next, plainValueEnd(text, start, end)))] : [start, end];
  });
}

/**
 * Where a plain value that starts at `start` (and parsed up to `end`) ends as the line pass reads
 * one (KEY_VALUE's unquoted value): at a `,`, `}`, `]`, `#` or line end, a `${…}` closed on its
 * line taken whole. In a text that does not parse, `yaml` may end a credential's value early —
 * `{"key": ${SECRET}literal}` gives the node `$` — and the line pass, reading the text the node
 * pass masked, stops at the `}` it left: the node's range is stretched to here. At most
 * {@link STRETCH} characters past `end`, each looked at twice at most: linear in the text however
 * many credentials one line holds.
 */
function plainValueEnd(text: string, start: number, end: number): number {
  const limit = Math.min(text.length, end + STRETCH);
  // Once a `${` finds no `}` before the limit or the line's end, no later one will.
  let closable = true;
  let at = start;
  while (at < limit) {
    const c = text.charCodeAt(at);
    if (c === 0x0a || c === 0x2c || c === 0x7d || c === 0x5d || c === 0x23) break;
    if (closable && c === 0x24 && text.charCodeAt(at + 1) === 0x7b) {
      let close = at + 2;
      while (close < limit && text.charCodeAt(close) !== 0x7d && text.charCodeAt(close) !== 0x0a) close++;
      if (close < limit && text.charCodeAt(close) === 0x7d) {
        at = close + 1;
        continue;
      }
      closable = false;
    }
    at++;
  }
  return at;
}

/** Most characters past its node that a credential's plain value is stretched (see {@link plainValueEnd}). */
const STRETCH = 256;

/** `****` in place of a span's text, keeping the white space around it (indentation, a CR of CRLF). */
function maskSegment(segment: string): string {
  const content = segment.trim();
  if (content === '') return segment;
  const lead = segment.length - segment.trimStart().length;
  return segment.slice(0, lead) + MASK + segment.slice(lead + content.length);
}

/**
 * isCredentialLike, remembered for one text: its own cache answers while it has room (one lookup,
 * not two); past that, a text's many distinct names are still each judged once.
 */
function credentialTest(): (key: string) => boolean {
  return CREDENTIAL_LIKE.size < CREDENTIAL_LIKE_KEPT ? isCredentialLike : memoized(isCredentialLike);
}

function memoized(test: (key: string) => boolean): (key: string) => boolean {
  const known = new Map<string, boolean>();
  return (key) => {
    let answer = known.get(key);
    if (answer === undefined) known.set(key, (answer = test(key)));
    return answer;
  };
}

function schemaSecrets(): Set<string> {
  const names = new Set<string>();
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = /#\/definitions\/(.+)$/.exec(ref)?.[1];
    const target = name ? (DEFINITIONS.definitions as Record<string, JsonSchema>)[name] : undefined;
    return target ? resolve(target) : schema;
  };
  const isSecret = (schema: JsonSchema): boolean => {
    const own = resolve(schema);
    if (own['x-secret'] === true) return true;
    return Array.isArray(own.allOf) && own.allOf.some((part) => isSecret(part as JsonSchema));
  };
  const seen = new Set<JsonSchema>();
  const walk = (schema: unknown): void => {
    if (schema === null || typeof schema !== 'object' || seen.has(schema as JsonSchema)) return;
    seen.add(schema as JsonSchema);
    const s = resolve(schema as JsonSchema);
    const properties = s.properties as Record<string, JsonSchema> | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (isSecret(property)) names.add(name);
      walk(property);
    }
    for (const key of ['items', 'additionalProperties']) walk(s[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach(walk);
  };
  for (const schema of Object.values(BODY_SCHEMAS)) walk(schema);
  return names;
}

/**
 * A test of whether a text (a fix's new text) holds a credential of `source`: the spans
 * {@link maskSecrets} hides in it, found once per file. An output that prints a fix's text (JSON,
 * SARIF) leaves out a fix that fails it — a flat account body nested under `account`, say, whose
 * fix copies the members, secret values and all.
 */
export function secretsOf(source: string, shown?: string): (text: string) => boolean {
  const secrets = new FileSecrets(source, { shown });
  return (text) => secrets.revealsText(text);
}

/** The text of each line of `shown` that differs from the line of `source`, without what masking keeps around it. */
function comparedSpans(source: string, shown: string): readonly string[] {
  if (shown === source) return [];
  const plain = source.split('\n');
  const lines = shown.split('\n');
  const spans: string[] = [];
  plain.forEach((line, i) => {
    const other = lines[i] ?? '';
    if (line !== other) spans.push(...hiddenPieces(line, other));
  });
  return spans;
}

/**
 * What each `****` of a masked line stands for in the line as written. The text between two masks
 * is kept as it was, so each hidden piece runs from where the kept text before it ends to where the
 * kept text after it next occurs.
 */
function hiddenPieces(line: string, masked: string): string[] {
  const kept = masked.split(MASK);
  const pieces: string[] = [];
  if (!line.startsWith(kept[0])) return [line.trim()];
  let at = kept[0].length;
  for (let k = 1; k < kept.length; k++) {
    const next = k === kept.length - 1 ? (line.endsWith(kept[k]) ? line.length - kept[k].length : -1) : line.indexOf(kept[k], at + 1);
    if (next < at) return [line.slice(at).trim()].concat(pieces).filter((piece) => piece !== '');
    const piece = line.slice(at, next).trim();
    if (piece !== '') pieces.push(piece);
    at = next + kept[k].length;
  }
  return pieces;
}

/**
 * The findings without any fix or suggestion whose new text would show a credential of `source`
 * (a flat account body nested under `account` copies its members, secret values and all). Any
 * output may then print the edits that are left. `shown`, where the caller has it, is
 * `maskSecrets(source)`: the masks are not worked out again.
 */
export function withoutRevealingEdits<F extends Finding>(findings: F[], source: string | FileSecrets, shown?: string): F[] {
  if (!findings.some((f) => f.fix || f.suggestions)) return findings;
  const secrets = typeof source === 'string' ? new FileSecrets(source, { shown }) : source;
  const reveals = (edit: Fix): boolean => secrets.reveals(edit);
  return findings.map((finding) => {
    if (!finding.fix && !finding.suggestions) return finding;
    const kept = finding.suggestions?.filter((s) => !reveals(s.fix));
    const fixKept = finding.fix && !reveals(finding.fix);
    // Nothing left out: the finding as it is, where that is the very object made below, key for key.
    if (kept?.length === finding.suggestions?.length && sameKeys(finding, Boolean(fixKept), Boolean(kept?.length))) return finding;
    const { fix, suggestions: _suggestions, ...rest } = finding;
    return {
      ...rest,
      ...(fixKept ? { fix } : {}),
      ...(kept?.length ? { suggestions: kept } : {}),
    } as F;
  });
}

/** Whether a finding has the keys, in order, of itself rebuilt with its other keys, then its fix and its suggestions where kept. */
function sameKeys(finding: Finding, withFix: boolean, withSuggestions: boolean): boolean {
  const keys = Object.keys(finding);
  const rebuilt = keys.filter((key) => key !== 'fix' && key !== 'suggestions');
  if (withFix) rebuilt.push('fix');
  if (withSuggestions) rebuilt.push('suggestions');
  return rebuilt.length === keys.length && rebuilt.every((key, i) => key === keys[i]);
}

/**
 * A test of messages against the credentials of a text: every message a finding carries, whoever
 * made it (a rule, a policy, the parser), gets any credential of the file it quotes replaced by
 * `****`. The credentials are what {@link maskSecrets} hides in the text (so anything masked in a
 * code frame is masked in a message too) and the values of credential-like members in the
 * documents as data (`values`: escapes resolved, aliases and merge keys expanded, so a value an
 * alias brings under an ordinary member is known by its anchor's credential).
 *
 * A credential is found in a message whole, as a JSON string's content (escapes and all), or by any
 * run of {@link RUN} of its characters (a message that cuts a long value short still quotes a
 * piece of it). A value of four to seven characters is masked where it stands as a word of its own,
 * a shorter one only where a message quotes it.
 */
export function messageMask(text: string, values: readonly unknown[], shown?: () => string): (message: string) => string {
  const secrets = new FileSecrets(text, { values, shown });
  return (message) => secrets.message(message);
}

/**
 * {@link messageMask} for a value taken whole from a file's data (a member, a label, an entry of
 * `dplint impact`'s report): a value that is one of the file's credentials is `****` however short
 * (a message masks a credential of three characters only where it quotes it), and any other has
 * masked what a message would.
 */
export function valueMask(text: string, values: readonly unknown[], shown?: () => string): (value: string) => string {
  const secrets = new FileSecrets(text, { values, shown });
  return (value) => secrets.value(value);
}

/** Whether a text is, whole, one of the credentials (in any of the forms a message may quote it). */
function isCredential(value: string, secrets: Secrets): boolean {
  return secrets.long.has(value) || secrets.whole.has(value) || secrets.tiny.has(value) || secrets.short.get(value.length)?.has(value) === true;
}

/** Shortest run of a credential's characters that a message may not quote. */
const RUN = 8;
const NAME_LIKE = /^[a-z_.-]+$/;

interface Secrets {
  empty: boolean;
  /**
   * Credentials of {@link RUN} characters or more with a run (a window of RUN characters) that is
   * not {@link NAME_LIKE}: a message may quote none of those runs.
   */
  long: Set<string>;
  /**
   * The {@link runHash} of each such run, as bits of a {@link RUN_FILTER_BITS}-bit filter (32 to
   * an element): a window of a message whose bit is clear is no run, and only the few others are
   * cut out and looked for. Made with the first run.
   */
  runFilter: number[];
  /** Every run of the long credentials, made the first time a window is looked for among more than a few of them. */
  runs?: Set<string>;
  /** Credentials of RUN characters or more with a run of {@link NAME_LIKE} characters, found whole. */
  whole: Set<string>;
  /** Credentials of 4 to RUN - 1 characters, by length. */
  short: Map<number, Set<string>>;
  /** Credentials of 1 to 3 characters, masked where quoted. */
  tiny: Set<string>;
}

/**
 * The runs' filter: messages are long and runs few, so most windows of a message are told apart
 * from every run by one bit, not by cutting the window out and looking it up.
 */
const RUN_FILTER_LOG = 13;
const RUN_FILTER_BITS = 1 << RUN_FILTER_LOG;
const RUN_HASH_BASE = 0x01000193;
/** RUN_HASH_BASE to the power RUN - 1 (32-bit): the weight of a window's first character. */
const RUN_HASH_LEAD = Array.from({ length: RUN - 1 }).reduce<number>((power) => Math.imul(power, RUN_HASH_BASE), 1);

/** The hash of the first RUN characters of `text`: a polynomial in RUN_HASH_BASE, so the next window's follows from it ({@link rollHash}). */
function runHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < RUN; i++) hash = (Math.imul(hash, RUN_HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

/** The hash of the window one character on: `out` leaves it, `next` joins it. */
function rollHash(hash: number, out: number, next: number): number {
  return (Math.imul(hash - Math.imul(out, RUN_HASH_LEAD), RUN_HASH_BASE) + next) | 0;
}

/** `[a-z_.-]`, the characters of {@link NAME_LIKE}. */
function isNameLikeCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;
}

/** Whether a window of RUN characters is a run of a credential: in one of them, and not {@link NAME_LIKE}. */
function isRun(window: string, secrets: Secrets): boolean {
  if (NAME_LIKE.test(window)) return false;
  // A few credentials are searched; many (a file of thousands) have their runs looked up.
  if (secrets.long.size <= FEW_CREDENTIALS) {
    for (const secret of secrets.long) if (secret.includes(window)) return true;
    return false;
  }
  if (!secrets.runs) {
    secrets.runs = new Set();
    for (const secret of secrets.long) for (let i = 0; i + RUN <= secret.length; i++) secrets.runs.add(secret.slice(i, i + RUN));
  }
  return secrets.runs.has(window);
}

const FEW_CREDENTIALS = 16;

function filterBit(hash: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> (32 - RUN_FILTER_LOG);
}

function secretsIn(text: string, spans: readonly string[], values: readonly unknown[], inside?: readonly unknown[]): Secrets {
  const found = new Set<string>(spans);
  if (inside) {
    // Found as the walk below finds the scalars under a credential-like member.
    for (const value of inside) if (!isUnset(value)) addCredentialScalar(String(value), found);
  } else {
    // Without an alias (a `*`) no two members share an object: the walk needs no record of what it walked.
    const tree = !text.includes('*');
    for (const value of values) if (!tree || !collectCredentialValues(value, found, text.length + 1)) collectCredentialValues(value, found, Infinity, true);
  }
  const secrets: Secrets = { empty: true, long: new Set(), runFilter: [], whole: new Set(), short: new Map(), tiny: new Set() };
  for (const raw of found) {
    // A YAML parser names an alias, anchor or tag without its sigil (`*`, `&`, `!`).
    const bare = raw.replace(/^[*&!]+/, '');
    const escaped = JSON.stringify(raw).slice(1, -1);
    const variants = [raw];
    if (escaped !== raw) variants.push(escaped);
    if (bare !== raw && bare !== escaped) variants.push(bare);
    for (const secret of variants) {
      if (secret === '' || secret === MASK || isOnlyPlaceholdersQuoted(secret)) continue;
      secrets.empty = false;
      if (secret.length >= RUN) {
        // A run of lower-case letters is no trace of a secret but a piece of a name (`compute_` of a
        // `<your_compute_key>` example value would mask `compute_validated`): such a credential is
        // found whole.
        // Each run's hash rolls on from the last, and so does its count of characters NAME_LIKE has not.
        let named = false;
        let hash = runHash(secret);
        let notNameLike = 0;
        for (let i = 0; i < RUN; i++) if (!isNameLikeCharacter(secret.charCodeAt(i))) notNameLike++;
        for (let i = 0; ; i++) {
          if (notNameLike === 0) {
            named = true;
          } else {
            secrets.long.add(secret);
            // A plain array: a typed one of this size costs more to make than a file's runs to find.
            if (secrets.runFilter.length === 0) secrets.runFilter = new Array<number>(RUN_FILTER_BITS >> 5).fill(0);
            const bit = filterBit(hash);
            secrets.runFilter[bit >> 5] |= 1 << (bit & 31);
          }
          if (i + RUN >= secret.length) break;
          const out = secret.charCodeAt(i);
          const next = secret.charCodeAt(i + RUN);
          notNameLike += (isNameLikeCharacter(next) ? 0 : 1) - (isNameLikeCharacter(out) ? 0 : 1);
          hash = rollHash(hash, out, next);
        }
        if (named) secrets.whole.add(secret);
      } else if (secret.length >= 4) {
        let ofLength = secrets.short.get(secret.length);
        if (!ofLength) secrets.short.set(secret.length, (ofLength = new Set()));
        ofLength.add(secret);
      } else {
        secrets.tiny.add(secret);
      }
    }
  }
  return secrets;
}

/**
 * The scalars under every credential-like member of a document's data, as text. With `shared`,
 * aliases may share objects: each is walked at most once as a credential's value and once as not.
 * Without, the walk gives up (false) past `objects` objects, so that data that shares objects
 * after all, or has a cycle, is walked again with `shared` (what it found by then, the full walk
 * finds too).
 */
function collectCredentialValues(root: unknown, found: Set<string>, objects: number, shared = false): boolean {
  const credential = credentialTest();
  const walked = shared ? new Set<object>() : undefined;
  const walkedSecret = shared ? new Set<object>() : undefined;
  let left = objects;
  // Two stacks in step (a value, whether it lies under a credential-like member), not an object a value.
  const values: unknown[] = [root];
  const secrets: boolean[] = [false];
  while (values.length > 0) {
    const value = values.pop();
    const secret = secrets.pop()!;
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object') {
      if (secret) addCredentialScalar(String(value), found);
      continue;
    }
    if (shared) {
      const seen = secret ? walkedSecret! : walked!;
      if (seen.has(value)) continue;
      seen.add(value);
    } else if (--left < 0) {
      return false;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        values.push(item);
        secrets.push(secret);
      }
      continue;
    }
    for (const name of Object.keys(value)) {
      // A key inside a credential's value is part of it (`compute_secret_key: {abc…: 1}`).
      if (secret) {
        values.push(name);
        secrets.push(true);
      }
      values.push((value as Record<string, unknown>)[name]);
      secrets.push(secret || credential(name));
    }
  }
  return true;
}

/** A scalar found under a credential-like member, as text: a credential unless blank or placeholders alone. */
function addCredentialScalar(shown: string, found: Set<string>): void {
  if (shown.trim() !== '' && !isOnlyPlaceholders(shown)) found.add(shown);
}

function maskMessage(message: string, secrets: Secrets): string {
  // Made at the first credential found: most messages quote none, and a typed array costs more to make than a message to scan.
  let covered: Uint8Array | undefined;
  const cover = (from: number, to: number): void => {
    (covered ??= new Uint8Array(message.length)).fill(1, from, to);
  };
  if (secrets.long.size > 0 && message.length >= RUN) {
    // Each window's hash rolls on from the last; only a window whose filter bit is set is cut out and looked for.
    const filter = secrets.runFilter;
    let hash = runHash(message);
    for (let i = 0; ; i++) {
      const bit = filterBit(hash);
      if ((filter[bit >> 5] & (1 << (bit & 31))) !== 0 && isRun(message.slice(i, i + RUN), secrets)) cover(i, i + RUN);
      if (i + RUN >= message.length) break;
      hash = rollHash(hash, message.charCodeAt(i), message.charCodeAt(i + RUN));
    }
  }
  for (const secret of secrets.whole) for (let at = message.indexOf(secret); at !== -1; at = message.indexOf(secret, at + 1)) cover(at, at + secret.length);
  // A short credential only as a word of its own: `comp` is not masked out of `compute_validated`.
  const word = (at: number): boolean => at >= 0 && at < message.length && /[A-Za-z0-9_]/.test(message[at]);
  for (const [length, ofLength] of secrets.short) {
    for (let i = 0; i + length <= message.length; i++) if (ofLength.has(message.slice(i, i + length)) && !word(i - 1) && !word(i + length)) cover(i, i + length);
  }
  if (secrets.tiny.size > 0) {
    for (const quoted of message.matchAll(/(["'`])([^"'`\n]{1,3})\1/g)) if (secrets.tiny.has(quoted[2])) cover(quoted.index + 1, quoted.index + 1 + quoted[2].length);
  }
  if (!covered) return message;
  let out = '';
  for (let i = 0; i < message.length; ) {
    if (!covered[i]) {
      out += message[i++];
      continue;
    }
    while (i < message.length && covered[i]) i++;
    out += MASK;
  }
  return out;
}
