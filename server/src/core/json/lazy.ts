import type { Node, NodeType, ParseOptions } from 'jsonc-parser';
import { KeyedProperty } from './keyedProperty';
import { parseJsonTree, type KeyList } from './tree';

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
  /** The syntax of its text, for a reader that tests the text (`textMatches`): YAML's stand-ins are `yaml/lazy.ts`'s. */
  readonly syntax: 'json' | 'yaml' = 'json';

  constructor(
    readonly type: NodeType,
    readonly parent: Node,
    protected readonly text: string,
    private readonly options: ParseOptions,
    start: number,
    /** The object's own keys, when the reader listed them (see `Keep`). */
    readonly keys?: KeyList,
  ) {
    this.offset = start;
  }

  get children(): Node[] {
    return (this.built ??= this.build());
  }

  /**
   * Whether its text matches, without building it: a reader that looks for rare keys anywhere in
   * a subtree (`formats/schemaSites.ts`) asks this first and builds only the few that may hold one.
   */
  textMatches(test: (text: string) => boolean): boolean {
    // A slice of a flat string is a view in V8 (no copy): the cost is the test over the subtree's text.
    return test(this.text.slice(this.offset, this.offset + this.length));
  }

  /**
   * Reads its text where it sits in the document's (`text[start, end)`), without building it: a
   * reader that scans a subtree for a few keys (`formats/schemaKeywordScan.ts`) needs no tree.
   */
  readText<T>(read: (text: string, start: number, end: number) => T): T {
    return read(this.text, this.offset, this.offset + this.length);
  }

  protected build(): Node[] {
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

/**
 * Calls `visit` with each key of an object (decoded), its token's offset and length, in order:
 * from the list a stand-in kept while scanned over, else from its children, so a reader of keys
 * never makes a stand-in build its nodes.
 */
export function forEachKey(node: Node, visit: (key: string, offset: number, length: number) => void): void {
  const listed = node instanceof LazyContainer ? node.keys : undefined;
  if (listed) {
    for (let i = 0; i < listed.length; i += 3)
      visit(listed[i] as string, listed[i + 1] as number, listed[i + 2] as number);
    return;
  }
  for (const prop of node.children ?? []) {
    if (prop instanceof KeyedProperty) {
      visit(prop.key, prop.offset, prop.keyLength);
      continue;
    }
    const keyNode = prop.children?.[0];
    if (keyNode?.type === 'string') visit(keyNode.value as string, keyNode.offset, keyNode.length);
  }
}
