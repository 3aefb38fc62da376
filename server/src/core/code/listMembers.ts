import type { Dialect } from './dialect';
import type { Scopes } from './scopes';
import { FUNCTION_SCOPES } from './serverBindings';
import type { SyntaxNode } from './syntax';
import { boundArray } from './toolLists';

/** What a name in a tool list stands for: a function or class defined in the file, or a value bound to it. */
export interface ListedBinding {
  readonly kind: 'function' | 'class' | 'value';
  /** The `def` or `class` or the bound value (`search = Tool(...)`: the call). */
  readonly node: SyntaxNode;
  /** The function's or class's own name node. */
  readonly name?: SyntaxNode;
  /** Where its tool's extent starts when a decorator made it one (the first decorator), else the node's start. */
  readonly start: number;
}

/** One list handed to a model or an agent, as the file writes it. */
export interface ToolListSite {
  /** The call that takes it (`llm.bind_tools(...)`, `Agent(tools=...)`). */
  readonly call: SyntaxNode;
  /** The list itself: in place, or the one a name in the call is bound to (`tools = [a, b]`). */
  readonly list: SyntaxNode;
  /** Whether plain functions in it are tools named after them (LangChain), see `ToolList.functions`. */
  readonly functions: boolean;
  /** The key an object element names its tool by (`ToolList.key`). */
  readonly key?: string;
}

/**
 * Which list each tool of a file travels with. A list's elements are names as often as values
 * (`tools=[lookup, refund]`, with `@function_tool def lookup` above): a name stands for the `def`
 * or binding of that name in the list's function or, failing that, the functions around it and the
 * module (Python's lookup). Lists that share a tool are one request as far as the file can tell
 * (an agent's tools handed on to another's), so they are joined: each group is named by its first
 * list's start, and every tool of one group is censused together; tools of lists that share none
 * (two tests' agents, an inner and an outer agent) are not.
 */
export class ToolListIndex {
  /** Each list's start → the start of its group's first list. */
  private readonly parent = new Map<number, number>();
  /** A binding's key (`scope\0name`) → a list holding it. */
  private readonly holder = new Map<string, number>();
  /** `scope\0name` → what that name is bound to in that scope; null when bound twice (neither is assumed). */
  private bindings: Map<string, ListedBinding | null> | undefined;
  /** JavaScript's class declarations by name, read once when a list holds a `new X()`; null when declared twice. */
  private classes: Map<string, ListedBinding | null> | undefined;

  readonly sites: ToolListSite[] = [];

  constructor(
    private readonly root: SyntaxNode,
    private readonly dialect: Dialect,
    private readonly scopes: Scopes,
  ) {}

  /**
   * Reads the list a call takes (`value`: in place, or a name bound to one in the file) into its
   * group; undefined when it is no list.
   */
  add(call: SyntaxNode, value: SyntaxNode, functions: boolean, key?: string): ToolListSite | undefined {
    const dialect = this.dialect;
    const given = dialect.unwrap(value);
    const bound = dialect.isIdentifier(given) ? this.resolve(given.text, call) : undefined;
    // A family without a binding table of its own here (JavaScript) takes a list bound once in the file.
    const list =
      bound?.kind === 'value'
        ? bound.node
        : ((SHAPES[dialect.family] === undefined && dialect.isIdentifier(given)
            ? boundArray(this.root, dialect, given.text)
            : undefined) ?? given);
    const elements = dialect.elements(list);
    if (!elements) return undefined;
    const site: ToolListSite = { call, list, functions, ...(key === undefined ? {} : { key }) };
    this.sites.push(site);
    if (!this.parent.has(list.startIndex)) this.parent.set(list.startIndex, list.startIndex);
    for (const element of elements) {
      const item = dialect.unwrap(element);
      // A class's instance (`Search()`, or `search` bound to one) stands for its class too, a tool
      // class read where it is defined.
      const made = this.instanceOf(item, list);
      const keys = [
        dialect.isIdentifier(item) ? this.keyOf(item.text, list) : undefined,
        made?.name ? `${this.scopes.of(made.node, FUNCTION_SCOPES)}\u0000${made.name.text}` : undefined,
      ];
      for (const key of keys) {
        if (key === undefined) continue;
        const other = this.holder.get(key);
        if (other === undefined) this.holder.set(key, list.startIndex);
        else this.union(other, list.startIndex);
      }
    }
    return site;
  }

  /**
   * Module-level lists bound to one of `names` (`TOOLS = [search]`): a module's tools, handed to a
   * model by the module that imports them. Read as a list of their own.
   */
  addModuleLists(names: readonly string[], key: string | undefined): void {
    for (const [at, binding] of this.table()) {
      const [scope, name] = at.split('\u0000');
      if (scope !== '-1' || !binding || binding.kind !== 'value' || !names.includes(name!)) continue;
      if (this.dialect.elements(binding.node)) this.add(binding.node, binding.node, true, key);
    }
  }

  /** The group of the list starting at `start` (itself when it is no tool list of ours). */
  groupOf(start: number): number {
    return this.parent.has(start) ? this.find(start) : start;
  }

  /** The group of the list that names the binding `name` made at `node` (a decorated `def`, `x = Tool(...)`), if any. */
  groupNaming(name: string, node: SyntaxNode): number | undefined {
    const at = this.holder.get(`${this.scopes.of(node, FUNCTION_SCOPES)}\u0000${name}`);
    return at === undefined ? undefined : this.find(at);
  }

  /**
   * The class a list's element is an instance of, when the file defines it: made in place
   * (`Search()`, `Search(api_key=k)`) or bound to a name the list holds (`search = Search()`).
   */
  instanceOf(item: SyntaxNode, at: SyntaxNode): ListedBinding | undefined {
    const value = this.dialect.isIdentifier(item) ? this.resolve(item.text, at) : undefined;
    const made = value ? (value.kind === 'value' ? value.node : undefined) : item;
    if (!made || !this.dialect.callTypes.includes(made.type)) return undefined;
    const callee = this.dialect.callee(made);
    if (!callee || !this.dialect.isIdentifier(callee)) return undefined;
    // A family with no binding table here (JavaScript: `new Calculator()`): a class declared once in the file.
    const bound = SHAPES[this.dialect.family] ? this.resolve(callee.text, made) : this.declaredClass(callee.text);
    return bound?.kind === 'class' ? bound : undefined;
  }

  /** The one class declaration of the file named `name` (`class Calculator extends StructuredTool`); none when two are. */
  private declaredClass(name: string): ListedBinding | undefined {
    if (!this.classes) {
      this.classes = new Map();
      for (const node of this.root.descendantsOfType('class_declaration')) {
        const own = node?.childForFieldName('name');
        if (!node || !own) continue;
        const binding: ListedBinding = { kind: 'class', node, name: own, start: node.startIndex };
        this.classes.set(own.text, this.classes.has(own.text) ? null : binding);
      }
    }
    return this.classes.get(name) ?? undefined;
  }

  /** What a name in a list stands for, looked up from the list outwards; undefined: nothing in the file (an import, a parameter). */
  resolve(name: string, at: SyntaxNode): ListedBinding | undefined {
    const key = this.keyOf(name, at);
    return key === undefined ? undefined : (this.table().get(key) ?? undefined);
  }

  /** The key of the binding a name in a list stands for, or undefined when the file binds it nowhere it can see. */
  private keyOf(name: string, at: SyntaxNode): string | undefined {
    const table = this.table();
    const around = this.scopes
      .around(at)
      .filter((s) => FUNCTION_SCOPES.has(s.type))
      .map((s) => s.start);
    for (const scope of [...around, -1]) {
      const key = `${scope}\u0000${name}`;
      if (table.has(key)) return table.get(key) === null ? undefined : key;
    }
    return undefined;
  }

  private table(): Map<string, ListedBinding | null> {
    if (this.bindings) return this.bindings;
    const out = new Map<string, ListedBinding | null>();
    const add = (name: string, at: SyntaxNode, binding: ListedBinding) => {
      const key = `${this.scopes.of(at, FUNCTION_SCOPES)}\u0000${name}`;
      out.set(key, out.has(key) ? null : binding);
    };
    const shape = SHAPES[this.dialect.family];
    if (shape) {
      for (const node of this.root.descendantsOfType([shape.function, shape.klass, shape.binding])) {
        if (!node) continue;
        if (node.type === shape.function || node.type === shape.klass) {
          const name = node.childForFieldName('name');
          const decorated = node.parent?.type === shape.decorated ? node.parent : undefined;
          // A method (or a nested class) is reached through its class, never by its bare name.
          if ((decorated ?? node).parent?.parent?.type === shape.klass) continue;
          const kind = node.type === shape.function ? 'function' : 'class';
          if (name) add(name.text, node, { kind, node, name, start: (decorated ?? node).startIndex });
          continue;
        }
        const left = node.childForFieldName(shape.left);
        const right = node.childForFieldName(shape.right);
        if (left && right && this.dialect.isIdentifier(left))
          add(left.text, node, { kind: 'value', node: this.dialect.unwrap(right), start: right.startIndex });
      }
    }
    this.bindings = out;
    return out;
  }

  private find(start: number): number {
    let at = start;
    for (let up = this.parent.get(at); up !== undefined && up !== at; up = this.parent.get(at)) at = up;
    return at;
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The earlier list names the group, so a group's name does not depend on the order lists are joined in.
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
}

/** How a family writes a function definition and a binding, as its tree names them. */
const SHAPES: Readonly<
  Record<string, { function: string; decorated: string; klass: string; binding: string; left: string; right: string }>
> = {
  python: {
    function: 'function_definition',
    decorated: 'decorated_definition',
    klass: 'class_definition',
    binding: 'assignment',
    left: 'left',
    right: 'right',
  },
};
