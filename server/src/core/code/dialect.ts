import type { NameInsertion } from './nameInsertion';
import type { CodeFamily, SyntaxNode } from './syntax';

/** The key a list literal is sent under: `tools`, or `functions` (OpenAI's legacy function calling). */
export type ListKey = 'tools' | 'functions';

/** A list literal sent as a request's tools, and the key that sends it. */
export interface ToolArray {
  readonly node: SyntaxNode;
  readonly key: ListKey;
}

/**
 * What the declaration finder needs to know of one language family's syntax tree: calls and
 * their arguments, object-like literals and their keys, string literals, constants, bindings.
 * One table of functions per family, so finders.ts reads TypeScript, Python and Go alike.
 */
export interface Dialect {
  readonly family: CodeFamily;
  readonly callTypes: string[];
  /**
   * The node types the functions below collect from a file's root (`root.descendantsOfType`):
   * one walk collects them all (`RootIndex`); a type left out costs a walk of its own.
   */
  readonly rootTypes: readonly string[];
  /**
   * How a tool value with no receiver (a `Tool` built in place) is grouped: Go, Java and Rust
   * declare a server's tools in the function that adds them (`function`); in Java and Rust one
   * outside any function is a field or a static, a fixture of its own (`method`: alone there);
   * undefined: alone.
   */
  readonly valueScope?: 'function' | 'method';
  /**
   * How decorated functions are grouped: by the functions around them (Python's module-level
   * `@mcp.tool`), or by their class (a Spring bean's `@Tool` methods, an rmcp `#[tool_router] impl`).
   */
  readonly decoratedScope: 'function' | 'class';
  /** What joins a keyword to its value in a decorator's arguments (`name="x"`, `name = "x"`). */
  readonly keywordJoin: string;
  /** Functions under a decorator (Python), an annotation (Java) or an attribute (Rust). */
  decorated(root: SyntaxNode): DecoratedFunction[];
  callee(call: SyntaxNode): SyntaxNode | undefined;
  /** Positional arguments. */
  args(call: SyntaxNode): SyntaxNode[];
  keyword(call: SyntaxNode, name: string): SyntaxNode | undefined;
  /** The last name of a member access (`registerTool` in `this.server.registerTool`), and its object. */
  member(node: SyntaxNode): { readonly object: SyntaxNode; readonly name: string } | undefined;
  /** An object / dict / struct literal's entries: key node, key text, value node. */
  entries(node: SyntaxNode): Entry[] | undefined;
  /** Array / list elements. */
  elements(node: SyntaxNode): SyntaxNode[] | undefined;
  string(node: SyntaxNode): string | undefined;
  /** A literal's scalar value (numbers, booleans, null), else undefined. */
  scalar(node: SyntaxNode): { readonly value: number | boolean | null } | undefined;
  isIdentifier(node: SyntaxNode): boolean;
  /** The key a reference to a constant is looked up by (`NAME`; in Python also `Enum.MEMBER` and `Enum.MEMBER.value`). */
  constantKey(node: SyntaxNode): string | undefined;
  /** Wrappers that do not change a value: parentheses, `as const`, `&T{}`. */
  unwrap(node: SyntaxNode): SyntaxNode;
  /** The name a value is bound to (`const server = <value>`, `self.mcp = <value>`), last identifier only. */
  bindingOf(value: SyntaxNode): string | undefined;
  /** Identifiers bound once to a string literal in the file: name → the literal's node. */
  constants(root: SyntaxNode): Map<string, SyntaxNode>;
  /**
   * Where a fix writes a name for a constant that holds no literal (a Swift `enum X: String`'s
   * `case greet`, whose raw value is its own name): after it, as ` = "new"`, never renaming it.
   */
  constantInsertion?(constant: SyntaxNode): NameInsertion | undefined;
  /**
   * The string a constant of `constants()` holds when it is no literal (a Swift case's implicit raw
   * value, its own name); `string` stays literal-only, as it is asked of every argument.
   */
  constantValue?(constant: SyntaxNode): string | undefined;
  /**
   * Arrays held by a `tools` key or keyword, or bound to a variable one names (in JS also a
   * `functions` key: OpenAI's legacy list), each with the key it is sent under.
   */
  toolArrays(root: SyntaxNode): ToolArray[];
  /** Names the file imports by name: local name → the module it comes from (as written) and the name there. */
  imports(root: SyntaxNode): Map<string, ImportedName>;
  /** Names the file defines as functions (or, in JS, binds with `const`/`let`/`var`): helpers of its own. */
  definitions(root: SyntaxNode): Set<string>;
  /** Struct literals (`&mcp.Tool{Name: ...}`, `Tool { name: ... }`): their node type and the field of their type. */
  readonly structLiteral?: { readonly node: string; readonly typeField: string };
  /**
   * Calls written inside macro arguments (`vec![Tool::new("x", ...)]`), which Rust's grammar keeps
   * as tokens: each as a node the other methods read like a call.
   */
  macroCalls?(root: SyntaxNode): SyntaxNode[];
  /** Struct literals spelled in macro tokens (Rust's `vec![Tool { name: ... }]`), as `structLiteral` nodes. */
  macroStructs?(root: SyntaxNode): SyntaxNode[];
  /**
   * A call written inside a server constructor's trailing lambda is on that server: Kotlin's
   * `Server(info, options) { addTool(...) }` runs the block with the new server as its receiver.
   */
  readonly constructorLambdas?: true;
  /**
   * Names declared with one of these types (`server: Server`, PHP's `Builder $builder`, a parameter
   * or a property): server objects made elsewhere. TypeScript's are read by the finder itself, from
   * its type annotations.
   */
  typedNames?(root: SyntaxNode, types: readonly string[]): string[];
  /**
   * The node that names a tool after its handler when a registration gives no name (PHP's
   * `addTool([Calculator::class, 'add'])`: `'add'`), or undefined when the handler names none the
   * source can tell (a closure's name is made at run time).
   */
  handlerName?(handler: SyntaxNode): SyntaxNode | undefined;
}

/** A function and the decorators over it, as the finder reads them. */
export interface DecoratedFunction {
  /** The function (its declaration node), for its scope. */
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  /** The tool's extent: from its first decorator to the end of its parameters. */
  readonly start: number;
  readonly end: number;
  /** The declared return type, where a library's default name depends on it (C#: an async method drops `Async`). */
  readonly returns?: SyntaxNode;
  /**
   * A function whose runtime name the compiler makes up (a C# lambda or local function): with no
   * name given, its tool's name is computed. `name` is then its first decorator's.
   */
  readonly anonymous?: true;
  /** `target`: what names the decorator (`mcp.tool`, `Tool`, `tool`); `call`: its argument holder, when it has arguments. */
  readonly decorators: readonly { readonly target: SyntaxNode; readonly call?: SyntaxNode }[];
}

/** Constants by the key a reference looks them up by (`Dialect.constants`); only looked up, so they may be read on first need. */
export interface Constants {
  get(key: string): SyntaxNode | undefined;
  /**
   * The value of a string constant another file of the project holds, for a reference `at` that
   * names no constant of this file (`importedConstants.ts`); absent where no other file is read.
   */
  imported?(key: string, at: SyntaxNode): string | undefined;
}

export interface ImportedName {
  readonly module: string;
  /** The name in the module (`default` and `*` for a default or namespace import in JS). */
  readonly name: string;
}

export interface Entry {
  readonly key: SyntaxNode;
  readonly name: string;
  /** undefined: a shorthand `{ name }` whose value is the identifier itself (the key node). */
  readonly value: SyntaxNode;
}

export const present = (nodes: readonly (SyntaxNode | null)[]): SyntaxNode[] =>
  nodes.filter((n): n is SyntaxNode => n !== null);
export const field = (node: SyntaxNode, name: string): SyntaxNode | undefined =>
  node.childForFieldName(name) ?? undefined;

/** A node's own fields as a plain object (a WASM node's are getters, which a spread would not copy). */
export function nodeFields(node: SyntaxNode): SyntaxNode {
  return {
    type: node.type,
    startIndex: node.startIndex,
    endIndex: node.endIndex,
    text: node.text,
    namedChildren: node.namedChildren,
    children: node.children,
    parent: node.parent,
    childForFieldName: (f) => node.childForFieldName(f),
    descendantsOfType: (t) => node.descendantsOfType(t),
  };
}

/** `object.name` in a grammar: the node type and the fields that hold the object and the name. */
export function memberAccess(type: string, objectField: string, nameField: string): Dialect['member'] {
  return (node) => {
    if (node.type !== type) return undefined;
    const object = field(node, objectField);
    const name = field(node, nameField);
    return object && name ? { object, name: name.text } : undefined;
  };
}

/** `a.b.c` → `c`; `c` → `c`; anything else → undefined. */
export function lastName(node: SyntaxNode): string | undefined {
  // A long left-hand side is no name (and reading every one in a chain would be quadratic).
  if (node.endIndex - node.startIndex > 1024) return undefined;
  const text = node.text.replace(/\s+/g, '');
  const match = /([A-Za-z_$][A-Za-z0-9_$]*)$/.exec(text);
  return match && /^[A-Za-z0-9_$.]+$/.test(text) ? match[1] : undefined;
}

/** A name bound exactly once to a string literal (bound twice: it could be either, so neither). */
export function collectConstants(
  pairs: Iterable<readonly [string, SyntaxNode | undefined]>,
  isString: (n: SyntaxNode) => boolean,
): Map<string, SyntaxNode> {
  const found = new Map<string, SyntaxNode>();
  const ambiguous = new Set<string>();
  for (const [name, value] of pairs) {
    if (found.has(name) || ambiguous.has(name) || !value || !isString(value)) {
      found.delete(name);
      ambiguous.add(name);
      continue;
    }
    found.set(name, value);
  }
  return found;
}

/** The string a constant of the file's `constants()` table holds: its literal, or its dialect's own reading. */
export function constantString(dialect: Dialect, constant: SyntaxNode): string | undefined {
  return dialect.string(constant) ?? dialect.constantValue?.(constant);
}
