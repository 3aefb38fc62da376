import type { Node, NodeType, ParseOptions } from 'jsonc-parser';
import { parseJsonTree } from './tree';

/**
 * An array or object the skeleton builder scanned over without allocating its contents (see
 * `parseJsonSkeleton`). Its offset, length and parent are exact; its children are built on first
 * read by parsing its own text, which gives the same nodes the full parse would have (the builder
 * only prunes a subtree that had no syntax error, so it reads the same alone as in place). So a
 * reader that walks where no recogniser goes (hover, `--verbose`) still sees the whole tree; the
 * analysis of a large file just never pays for schema bodies, examples and annotations.
 */
export class LazyContainer implements Node {
  offset: number;
  length = -1;
  private built: Node[] | undefined;

  constructor(
    readonly type: NodeType,
    readonly parent: Node,
    private readonly text: string,
    private readonly options: ParseOptions,
    start: number,
  ) {
    this.offset = start;
  }

  get children(): Node[] {
    return (this.built ??= this.build());
  }

  private build(): Node[] {
    const root = parseJsonTree(this.text.slice(this.offset, this.offset + this.length), [], this.options);
    const children = (root?.children ?? []) as MutableNode[];
    // The text was cut at this node: shift every offset back into the document's, iteratively
    // (a pruned subtree may be nested 100,000 deep).
    const stack: MutableNode[] = [...children];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      node.offset += this.offset;
      if (node.colonOffset !== undefined) node.colonOffset += this.offset;
      for (const child of node.children ?? []) stack.push(child);
    }
    for (const child of children) child.parent = this;
    return children as unknown as Node[];
  }
}

interface MutableNode {
  offset: number;
  colonOffset?: number;
  parent?: Node;
  children?: MutableNode[];
}
