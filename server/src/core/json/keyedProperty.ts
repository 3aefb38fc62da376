import type { BuildNode } from './tree';

/**
 * A property node of the strict reader's skeleton (`strict.ts`) that keeps its key's text and
 * token length in its own fields and its value in a field, and makes jsonc-parser's `children`
 * (`[key node, value]`) only when someone reads them. Every property of every tool is kept by
 * the skeleton, and the key node and the two-slot array were about half of what it held (issue
 * 10): a reader that asks for a property by key (`nodes.ts` `property`, `propertyKey`) reads the
 * fields and makes nothing. The key node, once made, is the one the full parse gives (the key
 * token starts where the property does).
 */
export class KeyedProperty implements BuildNode {
  readonly type = 'property' as const;
  length = -1;
  colonOffset: number | undefined = undefined;
  /** The value once read (strict JSON always has one; the reader sets it before anyone reads). */
  valueNode: BuildNode | undefined = undefined;
  private made: BuildNode[] | undefined = undefined;

  constructor(
    readonly offset: number,
    /** The decoded key. */
    readonly key: string,
    /** The key token's length, quotes included. */
    readonly keyLength: number,
    readonly parent: BuildNode,
  ) {}

  get children(): BuildNode[] {
    if (this.made) return this.made;
    const keyNode: BuildNode = {
      type: 'string',
      value: this.key,
      offset: this.offset,
      length: this.keyLength,
      parent: this,
    };
    this.made = this.valueNode ? [keyNode, this.valueNode] : [keyNode];
    return this.made;
  }
}
