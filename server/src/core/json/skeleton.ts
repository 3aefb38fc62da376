import type { Node, ParseError, ParseOptions } from 'jsonc-parser';
import { LazyContainer } from './lazy';
import { parseStrictSkeleton, type StandIn } from './strict';
import { parseJsonTree, parsePrunedTree, type BuildNode, type Keep, type Pruning } from './tree';

/**
 * The tree the analysis reads, without the parts it does not read, to save time and memory on large files. The parser runs
 * its full grammar over every token (so syntax errors are the same problems at the same
 * offsets), but under a property whose key `keep` rejects it allocates no node: the array or
 * object there becomes one `LazyContainer` that builds its children only if someone reads them.
 * A large tool file is mostly schema bodies, descriptions' neighbours and annotations, which no
 * recogniser reads; allocating them was most of the analysis time and memory (GC at 10k tools).
 *
 * A subtree is only left lazy when it had no syntax error: parsed alone, an error-free subtree
 * gives the very nodes it gave in place. When an error falls inside one, the document is parsed
 * again in full, so a broken file reads exactly as before.
 */
export function parseJsonSkeleton(
  text: string,
  errors: ParseError[],
  options: ParseOptions,
  keep: Keep,
): Node | undefined {
  const stand: StandIn = (type, parent, offset, keys) =>
    new LazyContainer(type, parent as Node, text, options, offset, keys) as unknown as BuildNode;
  // Strict JSON (most large files) is read by a reader that knows no errors; anything else, by the general parser.
  const strict = parseStrictSkeleton(text, keep, stand, options.disallowComments !== true);
  if (strict) return strict;
  const pruning: Pruning = { keep, stand };
  const pruned: BuildNode[] = [];
  const found: ParseError[] = [];
  const root = parsePrunedTree(text, found, options, pruning, pruned);
  if (found.some((error) => insideAny(pruned, error.offset))) return parseJsonTree(text, errors, options);
  for (const error of found) errors.push(error);
  return root;
}

/** Whether `offset` lies in a stand-in's text, its closing bracket included (binary search: they are in document order and never nest). */
function insideAny(pruned: readonly BuildNode[], offset: number): boolean {
  let low = 0;
  let high = pruned.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const node = pruned[mid]!;
    if (offset < node.offset) high = mid - 1;
    else if (offset > node.offset + node.length) low = mid + 1;
    else return true;
  }
  return false;
}
