import { isAlias, isCollection, isNode, isPair, type Alias, type Document, type Node } from 'yaml';

/**
 * Aliases, resolved and measured in one walk of a document. `yaml`'s own `Alias.resolve` walks
 * the whole document on every call, so resolving each of n aliases (or locating each finding
 * under one) that way takes time in n × the document's size.
 */

/** A node as the walk meets it: in document order, a node before what it holds, a key before its value. */
type Entry = { node: unknown } | { leave: Node };

/** What aliasExpansion counted, and the alias that passed a limit, if one did. */
export interface AliasExpansion {
  aliases: number;
  characters: number;
  /**
   * Each alias walked with the node it names: the last node anchored with its name before it in
   * document order, as `yaml` resolves it (an alias inside the collection it names resolves to that
   * collection).
   */
  targets: Map<Alias, Node>;
  passed?: { limit: 'maxAliasCount' | 'maxAliasExpansion'; at: Alias };
  /** The first alias whose anchor is not set before it: a syntax error, which `yaml` only throws when the data is made. */
  unresolved?: Alias;
}

/**
 * How many aliases a document holds, and how many characters of text they stand for: each alias
 * counts the text of the node it names (from its first character to the end of its value) and,
 * again, what the aliases in that node stand for. The data an alias bomb builds is shared, not
 * copied, so it costs little to make — but everything after the parse (schema, rules, locating
 * findings, `<<` merges, which copy) walks it once per alias: ten megabytes named 998 times is ten
 * gigabytes of work. An alias inside the collection it names (a cycle) stands for nothing here;
 * the parse refuses the document for it.
 *
 * The number of aliases is limited apart: `yaml` resolves each alias by a scan of the aliases and
 * anchors before it, so making the data of n aliases takes time in n².
 *
 * Stops at the first alias past either limit, or the first whose anchor is not set before it.
 */
export function aliasExpansion(doc: Document.Parsed, limits: { maxAliases: number; maxCharacters: number }): AliasExpansion {
  const anchors = new Map<string, Node>();
  /** Of each anchored node being walked, the count when the walk entered it. */
  const entered = new Map<Node, number>();
  /** Of each anchored node walked past: what the aliases inside it stand for. */
  const inside = new Map<Node, number>();
  let aliases = 0;
  let characters = 0;
  let passed: AliasExpansion['passed'];
  let unresolved: Alias | undefined;
  const targets = new Map<Alias, Node>();
  const enter = (node: Node): boolean => {
    if (isAlias(node)) {
      if (++aliases > limits.maxAliases) {
        passed = { limit: 'maxAliasCount', at: node };
        return false;
      }
      const target = anchors.get(node.source);
      if (!target) {
        unresolved = node;
        return false;
      }
      targets.set(node, target);
      const nested = inside.get(target);
      // Not walked past yet: the alias sits inside the node it names.
      if (!target.range || nested === undefined) return true;
      characters += Math.max(1, target.range[1] - target.range[0]) + nested;
      if (characters <= limits.maxCharacters) return true;
      passed = { limit: 'maxAliasExpansion', at: node };
      return false;
    }
    if (node.anchor) {
      anchors.set(node.anchor, node);
      entered.set(node, characters);
    }
    return true;
  };
  // The nodes in document order, iteratively (their nesting is bounded by maxDepth, but need not be
  // here); an anchored node is left after what it holds. Stops at the first alias `enter` refuses.
  const stack: Entry[] = [{ node: doc.contents }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if ('leave' in entry) {
      inside.set(entry.leave, characters - entered.get(entry.leave)!);
      continue;
    }
    const { node } = entry;
    if (isPair(node)) {
      stack.push({ node: node.value }, { node: node.key });
      continue;
    }
    if (!isNode(node)) continue;
    if (!enter(node)) break;
    if (node.anchor) stack.push({ leave: node });
    if (isCollection(node)) for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i] });
  }
  return { aliases, characters, targets, ...(passed ? { passed } : {}), ...(unresolved ? { unresolved } : {}) };
}
