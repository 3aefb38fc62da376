import type { SyntaxNode } from './syntax';

/** One scope node and its range and type, read once (each read of a node's end or type crosses into WASM). */
export interface Scope {
  readonly node: SyntaxNode;
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

interface Entry extends Scope {
  /** The index of the innermost scope that holds this one; -1 when only the module does. */
  readonly parent: number;
}

/**
 * The scopes of one file, read on first use in one pass, and the scopes around a node found by
 * their ranges. Not by walking `parent`: web-tree-sitter finds each parent by walking down from the
 * root, so climbing from a node 8,000 calls deep cost seconds per declaration. In a tree a node's
 * ancestors are exactly the nodes whose range holds its range (a node of the same type and range
 * is the node itself). Synthetic nodes (a dialect's) have ranges too.
 *
 * The scopes come in document order (outermost first), so each one's innermost holder is found
 * with a stack as they are read. The scopes around a node are then the last scope starting at or
 * before it and that scope's holders, those whose range holds the node's: a scope that holds the
 * node starts at or before it, and a later scope starting at or before it lies inside every such
 * scope (it cannot start after one ends, as a node of some width starts before the holder's end).
 * A zero-width node is the exception, read by the plain scan.
 */
export class Scopes {
  private all: Entry[] | undefined;

  constructor(
    private readonly root: SyntaxNode,
    private readonly types: ReadonlySet<string>,
  ) {}

  /** The scopes around `node`, innermost first. */
  around(node: SyntaxNode): Scope[] {
    const all = (this.all ??= this.read());
    const start = node.startIndex;
    const end = node.endIndex;
    // The node's own type is read (through WASM) only for a scope of its very range.
    let type: string | undefined;
    const holds = (s: Scope) =>
      s.start <= start && s.end >= end && !(s.start === start && s.end === end && s.type === (type ??= node.type));
    if (start === end) return all.filter(holds).reverse();
    const out: Scope[] = [];
    for (let i = lastStartingBy(all, start); i >= 0; i = all[i]!.parent) if (holds(all[i]!)) out.push(all[i]!);
    return out;
  }

  /** The start of the nearest enclosing node of those types; -1 when only the module encloses it. */
  of(node: SyntaxNode, types: ReadonlySet<string>): number {
    return this.around(node).find((scope) => types.has(scope.type))?.start ?? -1;
  }

  private read(): Entry[] {
    const entries: Entry[] = [];
    const open: number[] = [];
    for (const node of this.root.descendantsOfType([...this.types])) {
      if (!node) continue;
      const start = node.startIndex;
      const end = node.endIndex;
      while (open.length > 0 && entries[open[open.length - 1]!]!.end < end) open.pop();
      entries.push({ node, type: node.type, start, end, parent: open[open.length - 1] ?? -1 });
      open.push(entries.length - 1);
    }
    return entries;
  }
}

/** The index of the last entry whose start is at or before `offset`; -1 when none is. */
function lastStartingBy(entries: readonly Scope[], offset: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.start <= offset) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}
