import type { SyntaxNode } from './syntax';

/**
 * A file's root whose `descendantsOfType` is answered from one walk of the tree. Every walk
 * visits every node of the file inside the runtime (about a fifth of a parse for a 600 KB file,
 * whatever it collects), and reading one file asked for six of them (calls, scopes, constants,
 * imports, definitions, type annotations). The walk collects every type of `types` at once, in
 * document order, and a query for some of them keeps those, in the same order: exactly what the
 * query's own walk returns. A query for a type outside `types` walks the tree itself (`misses`
 * counts them, so a test can hold each dialect's list to what it asks for).
 */
export class RootIndex implements SyntaxNode {
  private walked: { readonly nodes: SyntaxNode[]; readonly types: string[] } | undefined;
  private readonly answers = new Map<string, SyntaxNode[]>();
  private readonly indexed: ReadonlySet<string>;
  misses = 0;

  constructor(
    private readonly root: SyntaxNode,
    types: Iterable<string>,
  ) {
    this.indexed = new Set(types);
  }

  get type(): string {
    return this.root.type;
  }
  get startIndex(): number {
    return this.root.startIndex;
  }
  get endIndex(): number {
    return this.root.endIndex;
  }
  get text(): string {
    return this.root.text;
  }
  get namedChildren(): readonly (SyntaxNode | null)[] {
    return this.root.namedChildren;
  }
  get children(): readonly (SyntaxNode | null)[] {
    return this.root.children;
  }
  get parent(): SyntaxNode | null {
    return this.root.parent;
  }
  childForFieldName(fieldName: string): SyntaxNode | null {
    return this.root.childForFieldName(fieldName);
  }

  descendantsOfType(types: string | string[]): (SyntaxNode | null)[] {
    const wanted = typeof types === 'string' ? [types] : types;
    if (!wanted.every((t) => this.indexed.has(t))) {
      this.misses += 1;
      return this.root.descendantsOfType(types);
    }
    const key = wanted.join('\u0000');
    let answer = this.answers.get(key);
    if (!answer) {
      const walked = (this.walked ??= this.walk());
      const keep = new Set(wanted);
      answer = walked.nodes.filter((_, i) => keep.has(walked.types[i]!));
      this.answers.set(key, answer);
    }
    // A copy: callers may sort or splice what they are given.
    return [...answer];
  }

  private walk(): { nodes: SyntaxNode[]; types: string[] } {
    const nodes = this.root.descendantsOfType([...this.indexed]).filter((n): n is SyntaxNode => n !== null);
    return { nodes, types: nodes.map((n) => n.type) };
  }
}
