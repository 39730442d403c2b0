// Hostile inputs shared by test/hostile/ (which checks what dplint makes of them) and
// bench/hostile.mjs (which times them): the regular expressions dplint runs — every regular
// expression literal in src/ and rules/, and every `RegExp(…)` or `new RegExp(…)` of literal
// strings, found by the TypeScript parser so that a new one is covered without touching either
// file, and every `pattern` of the JSON schemas —, the strings that attack them, and bodies with
// a hostile value in every field.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function files(dir, ending) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, ending) : entry.name.endsWith(ending) ? [path] : [];
  });
}

/**
 * The regular expressions of src/ and rules/: `found` as { file, line, regex }, and `dynamic`,
 * the "file:line" of each `RegExp` built from something other than literal strings.
 */
export function sourceRegexes() {
  const found = [];
  const dynamic = [];
  for (const path of [...files(join(root, 'src'), '.ts'), ...files(join(root, 'rules'), '.ts')]) {
    const file = relative(root, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const slash = text.lastIndexOf('/');
        found.push({ file, line: where(node), regex: new RegExp(text.slice(1, slash), text.slice(slash + 1)) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === 'RegExp') {
        const args = node.arguments ?? [];
        if (args.every((arg) => ts.isStringLiteral(arg))) found.push({ file, line: where(node), regex: new RegExp(...args.map((arg) => arg.text)) });
        else dynamic.push(`${file}:${where(node)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, dynamic };
}

/** Every `pattern` of the JSON schemas under schemas/, as { file, source }: Ajv runs each on user text with the `u` flag. */
export function schemaPatterns() {
  const patterns = [];
  // Only where a schema stands: not inside the data of `examples`, `default`, `const` or `enum`.
  const collect = (file, schema) => {
    if (Array.isArray(schema)) return schema.forEach((item) => collect(file, item));
    if (!schema || typeof schema !== 'object') return;
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'pattern' && typeof child === 'string') patterns.push({ file, source: child });
      else if (key === 'patternProperties' && child && typeof child === 'object') {
        for (const [source, property] of Object.entries(child)) {
          patterns.push({ file, source });
          collect(file, property);
        }
      } else if (!['examples', 'default', 'const', 'enum'].includes(key)) collect(file, child);
    }
  };
  for (const path of files(join(root, 'schemas'), '.json')) collect(relative(root, path), JSON.parse(readFileSync(path, 'utf8')));
  return patterns;
}

/**
 * Strings of `size` characters that push a backtracking matcher hardest: runs of each character
 * the pattern names (and of common ones), and runs of pairs of one of them with `a` or a space,
 * each ended by a character nothing matches or by a line end (which `.` and `$` treat apart).
 */
export function attackRuns(regex, size) {
  const named = regex.source.replace(/\\[dDsSwWbB]/g, '').replace(/\\(.)/g, '$1').split('').filter((c) => c >= ' ' && c <= '~');
  const chars = [...new Set([' ', '\t', 'a', 'A', '0', '_', '-', '.', ':', '/', '"', "'", '=', '*', '$', '{', '@', ',', ...named])];
  const runOf = (pump) => pump.repeat(Math.ceil(size / pump.length)).slice(0, size);
  return [...chars.flatMap((c) => [runOf(c) + '\u0000', runOf(c) + '\n']), ...chars.flatMap((c) => [runOf(c + 'a') + '\u0000', runOf('a' + c) + '\u0000', runOf(c + ' ') + '\u0000'])];
}

/**
 * A body for `schema` with every string field set to `value` (a list gets it as its one item),
 * `$ref`s resolved by their last segment in `definitions`.
 */
export function everyFieldBody(schema, definitions, value, depth = 0) {
  const resolve = (s) => {
    for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops++) s = definitions[s.$ref.split('/').pop()];
    return s;
  };
  const resolved = resolve(schema);
  const parts = [resolved, ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => (resolved[k] ?? []).map(resolve))];
  const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}));
  if (Object.keys(properties).length > 0 && depth < 6) {
    return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, everyFieldBody(child, definitions, value, depth + 1)]));
  }
  const items = parts.find((p) => p.items)?.items;
  if (items && depth < 6) return [everyFieldBody(items, definitions, value, depth + 1)];
  return value;
}
