import picomatch from 'picomatch';

/**
 * A config file's globs (`ignore`, `files[].match`, `overrides[].match`) compiled into one matcher
 * per list of groups. picomatch's own matcher for a list tries every glob in turn, so a path cost
 * as many regular expressions as the config had globs, and a config comes with the pull request
 * it gates (40,000 `ignore` globs took 15 s over 200 files). Here each glob is filed under a
 * literal part every path it can match must have — its first path segment, else its last, else
 * the extension its last segment ends with — and a path tries only the globs filed under its own
 * first segment, last segment and extension, with those that have no literal part (ripgrep's
 * globset sorts globs the same way). The filing only picks the candidates: each candidate is then
 * matched as picomatch matches it alone, so what matches is exactly what matched before
 * (test/config.test.ts compares the two). The number of globs is capped in config.ts.
 */
export interface GlobGroups {
  /** The indices of the groups with a glob that matches `path` (a `/`-separated relative path), in ascending order. */
  matching(path: string): number[];
  /** Whether any glob of any group matches `path`. */
  matches(path: string): boolean;
}

interface Compiled {
  group: number;
  glob: string;
  regex: RegExp;
}

/** A character that makes a glob segment more than its literal text (picomatch's syntax, and then some). */
const SPECIAL = /[*?[\]{}()!+@\\|^$]/;

function isLiteral(segment: string | undefined): segment is string {
  return segment !== undefined && segment !== '' && segment !== '.' && segment !== '..' && !SPECIAL.test(segment);
}

/** `*.yaml`, `*-prod.yaml`: one `*` and then literal text with an extension; the extension, without its dot. */
function extensionOf(segment: string | undefined): string | undefined {
  if (segment === undefined || !segment.startsWith('*') || segment.startsWith('**')) return undefined;
  const rest = segment.slice(1);
  const dot = rest.lastIndexOf('.');
  if (SPECIAL.test(rest) || dot === -1 || dot === rest.length - 1) return undefined;
  return rest.slice(dot + 1);
}

function filed(map: Map<string, Compiled[]>, key: string, entry: Compiled): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

/** Compiles groups of globs (each group a list) with picomatch's options `{dot: true}`, `/` as the only separator. */
export function compileGlobGroups(groups: ReadonlyArray<readonly string[]>): GlobGroups {
  const byFirst = new Map<string, Compiled[]>();
  const byLast = new Map<string, Compiled[]>();
  const byExtension = new Map<string, Compiled[]>();
  const others: Compiled[] = [];
  groups.forEach((globs, group) => {
    for (const glob of globs) {
      // `windows: false`: the paths are `/`-separated on every system, and the core reads no platform.
      const entry: Compiled = { group, glob, regex: picomatch.makeRe(glob, { dot: true, windows: false }) };
      // A negated glob (`!x`) matches what lacks the literal part: it can be filed under nothing.
      const segments = glob.startsWith('!') ? [] : glob.split('/');
      const extension = extensionOf(segments.at(-1));
      if (isLiteral(segments[0])) filed(byFirst, segments[0], entry);
      else if (isLiteral(segments.at(-1))) filed(byLast, segments.at(-1)!, entry);
      else if (extension !== undefined) filed(byExtension, extension, entry);
      else others.push(entry);
    }
  });
  // As picomatch.test: the glob's own text matches, then its expression.
  const isMatch = (entry: Compiled, path: string): boolean => path !== '' && (path === entry.glob || entry.regex.test(path));
  const candidates = (path: string): Array<Compiled[] | undefined> => {
    const slash = path.indexOf('/');
    const last = path.slice(path.lastIndexOf('/') + 1);
    const dot = last.lastIndexOf('.');
    return [byFirst.get(slash === -1 ? path : path.slice(0, slash)), byLast.get(last), dot === -1 ? undefined : byExtension.get(last.slice(dot + 1)), others];
  };
  return {
    matching(path) {
      const found = new Set<number>();
      for (const list of candidates(path)) for (const entry of list ?? []) if (!found.has(entry.group) && isMatch(entry, path)) found.add(entry.group);
      return [...found].sort((a, b) => a - b);
    },
    matches(path) {
      for (const list of candidates(path)) for (const entry of list ?? []) if (isMatch(entry, path)) return true;
      return false;
    },
  };
}
