import type { Node, NodeType } from 'jsonc-parser';
import { LazyContainer } from '../json/lazy';
import type { BuildNode, KeyList } from '../json/tree';

/** Reads the block or flow collection at `at` again, its block parent in column `parentIndent`: its children. */
export type Reread = (text: string, at: number, parentIndent: number) => BuildNode[];

/**
 * A YAML mapping or sequence under a key no recogniser reads, which the subset reader read over
 * (every character, so the document is known to be in the subset and error-free) without keeping
 * its nodes: it builds them on first read by reading its own text again, which gives the nodes it
 * gave in place (the reading of a collection depends only on the text from its start and its
 * parent's column). Offsets are the document's, so nothing is shifted.
 */
export class LazyYamlContainer extends LazyContainer {
  override readonly syntax = 'yaml';
  /** As `yaml/parse.ts` leaves a collection's node: a null value. */
  readonly value = null;

  constructor(
    type: NodeType,
    parent: Node,
    text: string,
    start: number,
    length: number,
    private readonly parentIndent: number,
    private readonly reread: Reread,
    keys?: KeyList,
  ) {
    super(type, parent, text, {}, start, keys);
    this.length = length;
  }

  protected override build(): Node[] {
    const children = this.reread(this.text, this.offset, this.parentIndent);
    for (const child of children) child.parent = this as unknown as BuildNode;
    return children as unknown as Node[];
  }
}
