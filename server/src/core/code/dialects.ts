import {
  goStringValue,
  javaStringValue,
  jsStringValue,
  phpStringValue,
  pythonStringValue,
  rubyStringValue,
  rustStringValue,
} from './strings';
import type { CodeFamily, SyntaxNode } from './syntax';

/**
 * What the declaration finder needs to know of one language family's syntax tree: calls and
 * their arguments, object-like literals and their keys, string literals, constants, bindings.
 * One table of functions per family, so finders.ts reads TypeScript, Python and Go alike.
 */
export interface Dialect {
  readonly family: CodeFamily;
  readonly callTypes: string[];
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
  /** Arrays held by a `tools` key, keyword or variable. */
  toolArrays(root: SyntaxNode): SyntaxNode[];
  /** Names the file imports by name: local name → the module it comes from (as written) and the name there. */
  imports(root: SyntaxNode): Map<string, ImportedName>;
  /** Names the file defines as functions (or, in JS, binds with `const`/`let`/`var`): helpers of its own. */
  definitions(root: SyntaxNode): Set<string>;
  /**
   * The node that names a tool after its handler when a registration gives no name (PHP's
   * `addTool([Calculator::class, 'add'])`: `'add'`), or undefined when the handler names none the
   * source can tell (a closure's name is made at run time).
   */
  handlerName?(handler: SyntaxNode): SyntaxNode | undefined;
  /** Parameters and properties declared with one of `types` (`Builder $builder`): server objects made elsewhere. */
  typedServers?(root: SyntaxNode, types: readonly string[]): string[];
  /** Struct literals (`&mcp.Tool{Name: ...}`, `Tool { name: ... }`): their node type and the field of their type. */
  readonly structLiteral?: { readonly node: string; readonly typeField: string };
  /**
   * Calls written inside macro arguments (`vec![Tool::new("x", ...)]`), which Rust's grammar keeps
   * as tokens: each as a node the other methods read like a call.
   */
  macroCalls?(root: SyntaxNode): SyntaxNode[];
}

/** A function and the decorators over it, as the finder reads them. */
export interface DecoratedFunction {
  /** The function (its declaration node), for its scope. */
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  /** The tool's extent: from its first decorator to the end of its parameters. */
  readonly start: number;
  readonly end: number;
  /** `target`: what names the decorator (`mcp.tool`, `Tool`, `tool`); `call`: its argument holder, when it has arguments. */
  readonly decorators: readonly { readonly target: SyntaxNode; readonly call?: SyntaxNode }[];
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

const present = (nodes: readonly (SyntaxNode | null)[]): SyntaxNode[] =>
  nodes.filter((n): n is SyntaxNode => n !== null);
const field = (node: SyntaxNode, name: string): SyntaxNode | undefined => node.childForFieldName(name) ?? undefined;

/** `object.name` in a grammar: the node type and the fields that hold the object and the name. */
function memberAccess(type: string, objectField: string, nameField: string): Dialect['member'] {
  return (node) => {
    if (node.type !== type) return undefined;
    const object = field(node, objectField);
    const name = field(node, nameField);
    return object && name ? { object, name: name.text } : undefined;
  };
}

/** `a.b.c` → `c`; `c` → `c`; anything else → undefined. */
function lastName(node: SyntaxNode): string | undefined {
  // A long left-hand side is no name (and reading every one in a chain would be quadratic).
  if (node.endIndex - node.startIndex > 1024) return undefined;
  const text = node.text.replace(/\s+/g, '');
  const match = /([A-Za-z_$][A-Za-z0-9_$]*)$/.exec(text);
  return match && /^[A-Za-z0-9_$.]+$/.test(text) ? match[1] : undefined;
}

/** A name bound exactly once to a string literal (bound twice: it could be either, so neither). */
function collectConstants(
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

const JS: Dialect = {
  family: 'js',
  callTypes: ['call_expression', 'new_expression'],
  keywordJoin: '=',
  decoratedScope: 'function',
  decorated: () => [],
  callee: (call) => field(call, call.type === 'new_expression' ? 'constructor' : 'function'),
  args: (call) => {
    const list = field(call, 'arguments');
    return list ? present(list.namedChildren).filter((n) => n.type !== 'comment') : [];
  },
  keyword: () => undefined,
  member: memberAccess('member_expression', 'object', 'property'),
  entries: (node) => {
    if (node.type !== 'object') return undefined;
    const out: Entry[] = [];
    for (const child of present(node.namedChildren)) {
      if (child.type === 'shorthand_property_identifier') out.push({ key: child, name: child.text, value: child });
      if (child.type !== 'pair') continue;
      const key = field(child, 'key');
      const value = field(child, 'value');
      if (!key || !value) continue;
      const name = key.type === 'property_identifier' || key.type === 'number' ? key.text : jsStringValue(key);
      if (name !== undefined) out.push({ key, name, value });
    }
    return out;
  },
  elements: (node) =>
    node.type === 'array' ? present(node.namedChildren).filter((n) => n.type !== 'comment') : undefined,
  string: jsStringValue,
  scalar: (node) => {
    if (node.type === 'number') return Number.isFinite(Number(node.text)) ? { value: Number(node.text) } : undefined;
    if (node.type === 'true' || node.type === 'false') return { value: node.type === 'true' };
    if (node.type === 'null') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier' || node.type === 'shorthand_property_identifier',
  constantKey: (node) =>
    node.type === 'identifier' || node.type === 'shorthand_property_identifier' ? node.text : undefined,
  unwrap: (node) => {
    let current = node;
    while (
      ['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression'].includes(
        current.type,
      )
    ) {
      const inner = current.namedChildren[0];
      if (!inner) break;
      current = inner;
    }
    return current;
  },
  bindingOf: (value) => {
    const parent = value.parent;
    if (!parent) return undefined;
    if (parent.type === 'variable_declarator' || parent.type === 'public_field_definition') {
      const name = field(parent, 'name');
      return name ? lastName(name) : undefined;
    }
    if (parent.type === 'assignment_expression') {
      const left = field(parent, 'left');
      return left ? lastName(left) : undefined;
    }
    return undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const declarator of present(root.descendantsOfType('variable_declarator'))) {
      const name = field(declarator, 'name');
      if (name?.type !== 'identifier') continue;
      const isConst =
        declarator.parent?.type === 'lexical_declaration' && declarator.parent.children[0]?.text === 'const';
      const value = field(declarator, 'value');
      pairs.push([name.text, isConst && value ? JS.unwrap(value) : undefined]);
    }
    return collectConstants(pairs, (n) => jsStringValue(n) !== undefined);
  },
  toolArrays: (root) => {
    const out: SyntaxNode[] = [];
    for (const pair of present(root.descendantsOfType(['pair', 'variable_declarator']))) {
      const key = field(pair, pair.type === 'pair' ? 'key' : 'name');
      const value = field(pair, 'value');
      if (!key || !value || key.text.replace(/['"`]/g, '') !== 'tools') continue;
      const array = JS.unwrap(value);
      if (array.type === 'array') out.push(array);
    }
    return out;
  },
  imports: (root) => {
    const out = new Map<string, ImportedName>();
    for (const statement of present(root.descendantsOfType('import_statement'))) {
      const source = field(statement, 'source');
      const module = source ? jsStringValue(source) : undefined;
      if (module === undefined) continue;
      for (const local of present(
        statement.descendantsOfType(['import_specifier', 'import_clause', 'namespace_import']),
      )) {
        if (local.type === 'import_specifier') {
          const name = field(local, 'name');
          const alias = field(local, 'alias') ?? name;
          if (name && alias) out.set(alias.text, { module, name: name.text });
        } else
          for (const child of present(local.namedChildren))
            if (child.type === 'identifier')
              out.set(child.text, { module, name: local.type === 'namespace_import' ? '*' : 'default' });
      }
    }
    return out;
  },
  definitions: (root) => {
    const out = new Set<string>();
    for (const node of present(root.descendantsOfType(['function_declaration', 'variable_declarator']))) {
      const name = field(node, 'name');
      if (name?.type === 'identifier') out.add(name.text);
    }
    return out;
  },
};

const PYTHON: Dialect = {
  family: 'python',
  callTypes: ['call'],
  keywordJoin: '=',
  decoratedScope: 'function',
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    for (const definition of present(root.descendantsOfType('decorated_definition'))) {
      const fn = field(definition, 'definition');
      const name = fn?.type === 'function_definition' ? field(fn, 'name') : undefined;
      if (!fn || !name) continue;
      const decorators: { target: SyntaxNode; call?: SyntaxNode }[] = [];
      for (const decorator of present(definition.namedChildren)) {
        const expression = decorator.type === 'decorator' ? decorator.namedChildren[0] : null;
        if (!expression) continue;
        const call = expression.type === 'call' ? expression : undefined;
        const target = call ? field(call, 'function') : expression;
        if (target) decorators.push(call ? { target, call } : { target });
      }
      const end = field(fn, 'parameters')?.endIndex ?? name.endIndex;
      out.push({ node: definition, name, start: definition.startIndex, end, decorators });
    }
    return out;
  },
  callee: (call) => field(call, 'function'),
  args: (call) => {
    const list = field(call, 'arguments');
    return list && list.type === 'argument_list'
      ? present(list.namedChildren).filter((n) => n.type !== 'keyword_argument' && n.type !== 'comment')
      : [];
  },
  keyword: (call, name) => {
    const list = field(call, 'arguments');
    for (const arg of list ? present(list.namedChildren) : []) {
      if (arg.type === 'keyword_argument' && field(arg, 'name')?.text === name) return field(arg, 'value');
    }
    return undefined;
  },
  member: memberAccess('attribute', 'object', 'attribute'),
  entries: (node) => {
    if (node.type !== 'dictionary') return undefined;
    const out: Entry[] = [];
    for (const pair of present(node.namedChildren)) {
      if (pair.type !== 'pair') continue;
      const key = field(pair, 'key');
      const value = field(pair, 'value');
      const name = key ? pythonStringValue(key) : undefined;
      if (key && value && name !== undefined) out.push({ key, name, value });
    }
    return out;
  },
  elements: (node) =>
    node.type === 'list' || node.type === 'tuple'
      ? present(node.namedChildren).filter((n) => n.type !== 'comment')
      : undefined,
  string: pythonStringValue,
  scalar: (node) => {
    if (node.type === 'integer' || node.type === 'float')
      return Number.isFinite(Number(node.text.replace(/_/g, '')))
        ? { value: Number(node.text.replace(/_/g, '')) }
        : undefined;
    if (node.type === 'true' || node.type === 'false') return { value: node.type === 'true' };
    if (node.type === 'none') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier',
  constantKey: (node) => {
    if (node.type === 'identifier') return node.text;
    // `GitTools.STATUS` or `TimeTools.GET_CURRENT_TIME.value`: a member of a class in this file.
    const match =
      node.type === 'attribute'
        ? /^([A-Za-z_]\w*\.[A-Za-z_]\w*)(?:\.value)?$/.exec(node.text.replace(/\s+/g, ''))
        : null;
    return match?.[1];
  },
  unwrap: (node) => (node.type === 'parenthesized_expression' && node.namedChildren[0] ? node.namedChildren[0] : node),
  bindingOf: (value) => {
    const parent = value.parent;
    if (parent?.type !== 'assignment') return undefined;
    const left = field(parent, 'left');
    return left ? lastName(left) : undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const assignment of present(root.descendantsOfType('assignment'))) {
      const left = field(assignment, 'left');
      if (left?.type !== 'identifier') continue;
      // Only module-level names: a local of the same name elsewhere must not shadow silently.
      const topLevel =
        assignment.parent?.type === 'expression_statement' && assignment.parent.parent?.type === 'module';
      const right = field(assignment, 'right');
      pairs.push([left.text, topLevel && right ? right : undefined]);
      // A class attribute (an Enum member, most often): `Class.NAME`, when the class is at module level.
      const body = assignment.parent?.type === 'expression_statement' ? assignment.parent.parent : null;
      const owner = body?.type === 'block' ? body.parent : null;
      if (owner?.type === 'class_definition' && owner.parent?.type === 'module') {
        const className = owner.childForFieldName('name')?.text;
        if (className) pairs.push([`${className}.${left.text}`, right ?? undefined]);
      }
    }
    return collectConstants(pairs, (n) => pythonStringValue(n) !== undefined);
  },
  toolArrays: (root) => {
    const out: SyntaxNode[] = [];
    for (const node of present(root.descendantsOfType(['keyword_argument', 'assignment', 'pair']))) {
      const key = field(node, node.type === 'keyword_argument' ? 'name' : node.type === 'assignment' ? 'left' : 'key');
      const value = field(node, node.type === 'assignment' ? 'right' : 'value');
      const name = key ? (key.type === 'string' ? pythonStringValue(key) : key.text) : undefined;
      if (name === 'tools' && value && (value.type === 'list' || value.type === 'tuple')) out.push(value);
    }
    return out;
  },
  imports: (root) => {
    const out = new Map<string, ImportedName>();
    for (const statement of present(root.descendantsOfType('import_from_statement'))) {
      const module = field(statement, 'module_name');
      if (!module) continue;
      for (const child of present(statement.namedChildren)) {
        if (child.startIndex === module.startIndex) continue;
        if (child.type === 'dotted_name') out.set(child.text, { module: module.text, name: child.text });
        else if (child.type === 'aliased_import') {
          const name = field(child, 'name');
          const alias = field(child, 'alias');
          if (name && alias) out.set(alias.text, { module: module.text, name: name.text });
        }
      }
    }
    return out;
  },
  definitions: (root) => {
    const out = new Set<string>();
    for (const node of present(root.descendantsOfType('function_definition'))) {
      const name = field(node, 'name');
      // A method is reached as `self.name`, never by its bare name: a bare `tool` beside a
      // `def tool(self)` method is some other binding (a parameter, a Tool object).
      const holder = node.parent?.type === 'decorated_definition' ? node.parent.parent : node.parent;
      if (name && holder?.parent?.type !== 'class_definition') out.add(name.text);
    }
    return out;
  },
};

/**
 * `string(ToolEcho)`: a typed string constant (`const ToolEcho ToolName = "echo"`) converted back
 * to a string, which keeps its value. Go's grammar parses the conversion as a call of `string`.
 */
function isStringConversion(node: SyntaxNode): boolean {
  if (node.type !== 'call_expression' || field(node, 'function')?.text !== 'string') return false;
  return GO.args(node).length === 1;
}

const GO: Dialect = {
  family: 'go',
  callTypes: ['call_expression'],
  valueScope: 'function',
  keywordJoin: '=',
  decoratedScope: 'function',
  decorated: () => [],
  callee: (call) => field(call, 'function'),
  args: (call) => {
    const list = field(call, 'arguments');
    return list ? present(list.namedChildren).filter((n) => n.type !== 'comment') : [];
  },
  keyword: () => undefined,
  member: memberAccess('selector_expression', 'operand', 'field'),
  entries: (node) => {
    const body =
      node.type === 'composite_literal' ? field(node, 'body') : node.type === 'literal_value' ? node : undefined;
    if (!body) return undefined;
    const out: Entry[] = [];
    for (const element of present(body.namedChildren)) {
      if (element.type !== 'keyed_element') continue;
      const [keyElement, valueElement] = present(element.namedChildren);
      const key = keyElement?.namedChildren[0] ?? keyElement;
      const value = valueElement?.namedChildren[0] ?? valueElement;
      if (!key || !value) continue;
      const name = key.type === 'identifier' || key.type === 'field_identifier' ? key.text : goStringValue(key);
      if (name !== undefined) out.push({ key, name, value });
    }
    return out;
  },
  elements: () => undefined,
  string: goStringValue,
  scalar: (node) => {
    if (node.type === 'int_literal' || node.type === 'float_literal')
      return Number.isFinite(Number(node.text)) ? { value: Number(node.text) } : undefined;
    if (node.type === 'true' || node.type === 'false') return { value: node.type === 'true' };
    if (node.type === 'nil') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier',
  constantKey: (node) => (node.type === 'identifier' ? node.text : undefined),
  unwrap: (node) => {
    let current = node;
    for (;;) {
      if (current.type === 'parenthesized_expression' && current.namedChildren[0]) current = current.namedChildren[0];
      else if (current.type === 'unary_expression' && current.text.startsWith('&') && field(current, 'operand'))
        current = field(current, 'operand')!;
      else if (isStringConversion(current)) current = GO.args(current)[0]!;
      else return current;
    }
  },
  bindingOf: (value) => {
    let node: SyntaxNode | null = value;
    if (node.parent?.type === 'unary_expression') node = node.parent;
    const list = node.parent;
    const statement = list?.parent;
    if (
      list?.type !== 'expression_list' ||
      !statement ||
      !['short_var_declaration', 'assignment_statement', 'var_spec'].includes(statement.type)
    )
      return undefined;
    const left = field(statement, statement.type === 'var_spec' ? 'name' : 'left');
    return left ? lastName(left.namedChildren[0] ?? left) : undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const spec of present(root.descendantsOfType('const_spec'))) {
      const name = field(spec, 'name');
      const value = field(spec, 'value');
      // `const a, b = "x", "y"` and iota groups are left out: one name, one literal only.
      if (
        !name ||
        present(spec.namedChildren).filter((n) => n.type === 'identifier').length > 1 ||
        !value ||
        value.namedChildren.length !== 1
      )
        continue;
      pairs.push([name.text, value.namedChildren[0] ?? undefined]);
    }
    return collectConstants(pairs, (n) => goStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: () => new Map(),
  definitions: () => new Set(),
  structLiteral: { node: 'composite_literal', typeField: 'type' },
};

/** Java's and Rust's comment nodes (their grammars have no single `comment` type). */
const LINE_AND_BLOCK: ReadonlySet<string> = new Set(['line_comment', 'block_comment']);
const notComment = (nodes: readonly (SyntaxNode | null)[]): SyntaxNode[] =>
  present(nodes).filter((n) => !LINE_AND_BLOCK.has(n.type));

/** The type of the callee node Java's method calls are given: its grammar has none of its own. */
const JAVA_CALLEE = 'java_callee';

/**
 * `object.name` of a Java method call as one node (`Tool.builder`, `server.addTool`): tree-sitter-java
 * puts the object, the name and the arguments side by side on the call, and the finder compares a
 * callee's text and reads its member. Without an object, the name itself.
 */
function javaCallee(call: SyntaxNode): SyntaxNode | undefined {
  const name = field(call, 'name');
  const object = field(call, 'object');
  if (!name || !object) return name;
  return {
    type: JAVA_CALLEE,
    startIndex: object.startIndex,
    endIndex: name.endIndex,
    text: `${object.text}.${name.text}`,
    namedChildren: [object, name],
    children: [object, name],
    parent: call,
    childForFieldName: (f) => (f === 'object' ? object : f === 'name' ? name : null),
    descendantsOfType: () => [],
  };
}

/** `@Tool(name = "x")`: the value of one element-value pair of an annotation. */
function annotationPair(annotation: SyntaxNode, key: string): SyntaxNode | undefined {
  const list = field(annotation, 'arguments');
  for (const pair of list ? present(list.namedChildren) : []) {
    if (pair.type === 'element_value_pair' && field(pair, 'key')?.text === key) return field(pair, 'value');
  }
  return undefined;
}

/** Whether a Java declaration (field or local) is `final`: only a final variable is a constant. */
function isFinal(declaration: SyntaxNode | null): boolean {
  const modifiers = declaration ? present(declaration.namedChildren).find((n) => n.type === 'modifiers') : undefined;
  return modifiers !== undefined && /\bfinal\b/.test(modifiers.text);
}

const JAVA: Dialect = {
  family: 'java',
  callTypes: ['method_invocation', 'object_creation_expression'],
  valueScope: 'method',
  decoratedScope: 'class',
  keywordJoin: ' = ',
  callee: (call) => {
    if (call.type === 'object_creation_expression') return field(call, 'type');
    if (call.type === 'annotation' || call.type === 'marker_annotation') return field(call, 'name');
    return call.type === 'method_invocation' ? javaCallee(call) : undefined;
  },
  args: (call) => {
    const list = field(call, 'arguments');
    const args = list ? notComment(list.namedChildren) : [];
    return call.type === 'annotation' ? args.filter((n) => n.type !== 'element_value_pair') : args;
  },
  keyword: (call, name) => (call.type === 'annotation' ? annotationPair(call, name) : undefined),
  member: (node) => {
    if (node.type !== JAVA_CALLEE && node.type !== 'field_access') return undefined;
    const object = field(node, 'object');
    const name = field(node, node.type === JAVA_CALLEE ? 'name' : 'field');
    return object && name ? { object, name: name.text } : undefined;
  },
  entries: () => undefined,
  elements: () => undefined,
  string: javaStringValue,
  scalar: (node) => {
    if (node.type === 'true' || node.type === 'false') return { value: node.type === 'true' };
    if (node.type === 'null_literal') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier',
  // `NAME`, or `Tools.NAME`: a static final field of a class in this file.
  constantKey: (node) => {
    if (node.type === 'identifier') return node.text;
    const object = node.type === 'field_access' ? field(node, 'object') : undefined;
    const name = field(node, 'field');
    return object?.type === 'identifier' && name ? `${object.text}.${name.text}` : undefined;
  },
  unwrap: (node) => (node.type === 'parenthesized_expression' && node.namedChildren[0] ? node.namedChildren[0] : node),
  bindingOf: (value) => {
    // A builder chain is bound as a whole: `var server = McpServer.sync(t).serverInfo("s", "1").build()`.
    let node = value;
    while (node.parent?.type === 'method_invocation' && field(node.parent, 'object')?.startIndex === node.startIndex)
      node = node.parent;
    const parent = node.parent;
    if (parent?.type === 'variable_declarator') return field(parent, 'name')?.text;
    if (parent?.type === 'assignment_expression') {
      const left = field(parent, 'left');
      return left ? lastName(left) : undefined;
    }
    return undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const declarator of present(root.descendantsOfType('variable_declarator'))) {
      const name = field(declarator, 'name');
      const declaration = declarator.parent;
      if (name?.type !== 'identifier') continue;
      const value = field(declarator, 'value');
      pairs.push([name.text, isFinal(declaration) ? value : undefined]);
      const owner = declaration?.type === 'field_declaration' ? declaration.parent?.parent : undefined;
      const className =
        owner && /^(class|interface|enum)_declaration$/.test(owner.type) ? field(owner, 'name') : undefined;
      if (className) pairs.push([`${className.text}.${name.text}`, isFinal(declaration) ? value : undefined]);
    }
    return collectConstants(pairs, (n) => javaStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: (root) => {
    const out = new Map<string, ImportedName>();
    for (const statement of present(root.descendantsOfType('import_declaration'))) {
      // `import a.b.Tool;` binds `Tool`; a wildcard or a static import names no single type.
      if (statement.namedChildren.some((c) => c?.type === 'asterisk') || /^import\s+static\b/.test(statement.text))
        continue;
      const path = present(statement.namedChildren).find((c) => c.type === 'scoped_identifier');
      const scope = path ? field(path, 'scope') : undefined;
      const name = path ? field(path, 'name') : undefined;
      if (scope && name) out.set(name.text, { module: scope.text, name: name.text });
    }
    return out;
  },
  definitions: () => new Set(),
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    for (const method of present(root.descendantsOfType('method_declaration'))) {
      const name = field(method, 'name');
      const modifiers = present(method.namedChildren).find((n) => n.type === 'modifiers');
      if (!name || !modifiers) continue;
      const decorators: { target: SyntaxNode; call?: SyntaxNode }[] = [];
      for (const annotation of present(modifiers.namedChildren)) {
        const target = field(annotation, 'name');
        if (!target) continue;
        if (annotation.type === 'annotation') decorators.push({ target, call: annotation });
        else if (annotation.type === 'marker_annotation') decorators.push({ target });
      }
      const end = field(method, 'parameters')?.endIndex ?? name.endIndex;
      if (decorators.length > 0) out.push({ node: method, name, start: method.startIndex, end, decorators });
    }
    return out;
  },
};

/**
 * `#[tool(name = "x", description = "d")]`: the value after `key =` in an attribute's token tree.
 * Rust parses no attribute arguments (a macro reads them), so they are tokens here.
 */
function attributeKeyword(attribute: SyntaxNode, key: string): SyntaxNode | undefined {
  const tokens = field(attribute, 'arguments');
  const children = tokens ? present(tokens.children) : [];
  for (let i = 0; i + 2 < children.length; i += 1) {
    if (children[i]!.type === 'identifier' && children[i]!.text === key && children[i + 1]!.type === '=')
      return children[i + 2];
  }
  return undefined;
}

/**
 * A value written through a conversion that keeps it: `"x".into()`, `"x".to_string()`,
 * `"x".to_owned()`, `String::from("x")`, `Cow::Borrowed("x")`, `Cow::from("x")`, parentheses.
 */
function rustConverted(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'parenthesized_expression') return node.namedChildren[0] ?? undefined;
  if (node.type !== 'call_expression') return undefined;
  const callee = field(node, 'function');
  const args = notComment(field(node, 'arguments')?.namedChildren ?? []);
  if (callee?.type === 'field_expression' && args.length === 0) {
    const method = field(callee, 'field')?.text;
    return method === 'into' || method === 'to_string' || method === 'to_owned' ? field(callee, 'value') : undefined;
  }
  const path = callee?.text.replace(/\s+/g, '');
  return args.length === 1 && (path === 'String::from' || path === 'Cow::Borrowed' || path === 'Cow::from')
    ? args[0]
    : undefined;
}

/** The node type of a call read from macro tokens. */
const MACRO_CALL = 'macro_call';

/** A call spelled in a macro's tokens, as a node: `function` is its path, `arguments` its token tree. */
function macroCall(parent: SyntaxNode, path: readonly SyntaxNode[], args: SyntaxNode): SyntaxNode {
  const callee = spanOf('macro_path', path, parent);
  return {
    type: MACRO_CALL,
    startIndex: callee.startIndex,
    endIndex: args.endIndex,
    text: `${callee.text}${args.text}`,
    namedChildren: [callee, args],
    children: [callee, args],
    parent,
    childForFieldName: (f) => (f === 'function' ? callee : f === 'arguments' ? args : null),
    descendantsOfType: () => [],
  };
}

/** Tokens as one node whose text is theirs without the space between them. */
function spanOf(type: string, tokens: readonly SyntaxNode[], parent: SyntaxNode): SyntaxNode {
  return {
    type,
    startIndex: tokens[0]!.startIndex,
    endIndex: tokens[tokens.length - 1]!.endIndex,
    text: tokens.map((t) => t.text).join(''),
    namedChildren: [...tokens],
    children: [...tokens],
    parent,
    childForFieldName: () => null,
    descendantsOfType: () => [],
  };
}

/**
 * A macro call's arguments: its tokens split at top-level commas. A one-token argument is that
 * token (a literal, a constant); a longer one is a span no literal reader accepts (computed).
 */
function macroArguments(tree: SyntaxNode | undefined): SyntaxNode[] {
  if (!tree) return [];
  const out: SyntaxNode[] = [];
  let current: SyntaxNode[] = [];
  const flush = () => {
    // `"x".into()` and its kin keep the literal, in tokens as in code.
    const [value, dot, method, call] = current;
    const kept =
      current.length === 4 &&
      dot?.type === '.' &&
      /^(into|to_string|to_owned)$/.test(method?.text ?? '') &&
      call?.text.replace(/\s+/g, '') === '()';
    if (current.length === 1 || kept) out.push(value!);
    else if (current.length > 1) out.push(spanOf('macro_tokens', current, tree));
    current = [];
  };
  for (const token of present(tree.children).slice(1, -1)) {
    if (token.type === ',') flush();
    else if (!LINE_AND_BLOCK.has(token.type)) current.push(token);
  }
  flush();
  return out;
}

const RUST: Dialect = {
  family: 'rust',
  callTypes: ['call_expression'],
  valueScope: 'method',
  decoratedScope: 'class',
  keywordJoin: ' = ',
  callee: (call) => (call.type === 'attribute' ? (call.namedChildren[0] ?? undefined) : field(call, 'function')),
  args: (call) => {
    if (call.type === 'attribute') return [];
    if (call.type === MACRO_CALL) return macroArguments(field(call, 'arguments'));
    const list = field(call, 'arguments');
    return list ? notComment(list.namedChildren).filter((n) => n.type !== 'attribute_item') : [];
  },
  keyword: (call, name) => (call.type === 'attribute' ? attributeKeyword(call, name) : undefined),
  member: memberAccess('field_expression', 'value', 'field'),
  entries: (node) => {
    const body = node.type === 'struct_expression' ? field(node, 'body') : undefined;
    const out: Entry[] = [];
    for (const initializer of body ? present(body.namedChildren) : []) {
      const key = initializer.type === 'field_initializer' ? field(initializer, 'field') : undefined;
      const value = initializer.type === 'field_initializer' ? field(initializer, 'value') : undefined;
      if (key && value) out.push({ key, name: key.text, value });
    }
    return body ? out : undefined;
  },
  elements: () => undefined,
  string: rustStringValue,
  scalar: (node) => (node.type === 'boolean_literal' ? { value: node.text === 'true' } : undefined),
  isIdentifier: (node) => node.type === 'identifier',
  constantKey: (node) => (node.type === 'identifier' ? node.text : undefined),
  unwrap: (node) => {
    let current = node;
    for (let next = rustConverted(current); next; next = rustConverted(current)) current = next;
    return current;
  },
  bindingOf: () => undefined,
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const item of present(root.descendantsOfType(['const_item', 'static_item']))) {
      const name = field(item, 'name');
      if (name) pairs.push([name.text, field(item, 'value')]);
    }
    return collectConstants(pairs, (n) => rustStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: () => new Map(),
  definitions: () => new Set(),
  structLiteral: { node: 'struct_expression', typeField: 'name' },
  macroCalls: (root) => {
    const out: SyntaxNode[] = [];
    for (const tree of present(root.descendantsOfType('token_tree'))) {
      const tokens = present(tree.children);
      for (let i = 0; i < tokens.length; i += 1) {
        const args = tokens[i];
        if (args?.type !== 'token_tree' || !args.text.startsWith('(')) continue;
        // A path before the argument list: `Tool :: new (`, `rmcp :: model :: Tool :: new (`.
        let first = i - 1;
        while (first >= 2 && tokens[first - 1]?.type === '::' && tokens[first - 2]?.type === 'identifier') first -= 2;
        if (first < 0 || tokens[first]?.type !== 'identifier' || first === i - 1) continue;
        out.push(macroCall(tree, tokens.slice(first, i), args));
      }
    }
    return out;
  },
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    for (const fn of present(root.descendantsOfType('function_item'))) {
      const name = field(fn, 'name');
      const siblings = fn.parent ? present(fn.parent.children) : [];
      const index = siblings.findIndex((s) => s.startIndex === fn.startIndex && s.type === fn.type);
      if (!name || index < 0) continue;
      // The attributes of an item precede it as siblings (doc comments may sit between them).
      const decorators: { target: SyntaxNode; call?: SyntaxNode }[] = [];
      let start = fn.startIndex;
      for (let i = index - 1; i >= 0; i -= 1) {
        const sibling = siblings[i]!;
        if (LINE_AND_BLOCK.has(sibling.type)) continue;
        if (sibling.type !== 'attribute_item') break;
        const attribute = present(sibling.namedChildren).find((n) => n.type === 'attribute');
        const target = attribute?.namedChildren[0];
        if (!attribute || !target) continue;
        decorators.unshift(field(attribute, 'arguments') ? { target, call: attribute } : { target });
        start = sibling.startIndex;
      }
      const end = field(fn, 'parameters')?.endIndex ?? name.endIndex;
      if (decorators.length > 0) out.push({ node: fn, name, start, end, decorators });
    }
    return out;
  },
};

/** The type of the callee node Ruby's calls are given: the grammar keeps receiver and method apart on the call. */
const RUBY_CALLEE = 'ruby_callee';

/**
 * `receiver.method` of a Ruby call as one node (`MCP::Server.new`, `server.define_tool`), as for
 * Java. An instance variable receiver (`@server.define_tool`) reads as `self.server`: a member of
 * its object, bound in one method and used in another, as `self.mcp` is in Python.
 */
function rubyCallee(call: SyntaxNode): SyntaxNode | undefined {
  const name = field(call, 'method');
  const receiver = field(call, 'receiver');
  if (!name || !receiver) return name;
  const object: SyntaxNode =
    receiver.type === 'instance_variable'
      ? { ...nodeFields(receiver), text: `self.${receiver.text.slice(1)}` }
      : receiver;
  return {
    type: RUBY_CALLEE,
    startIndex: receiver.startIndex,
    endIndex: name.endIndex,
    // Read only when asked, as for PHP: a receiver may hold a long chain.
    get text() {
      return `${receiver.text}.${name.text}`;
    },
    namedChildren: [object, name],
    children: [object, name],
    parent: call,
    childForFieldName: (f) => (f === 'object' ? object : f === 'name' ? name : null),
    descendantsOfType: () => [],
  };
}

/** A node's own fields as a plain object (a WASM node's are getters, which a spread would not copy). */
function nodeFields(node: SyntaxNode): SyntaxNode {
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

/** Ruby keeps a literal through `.freeze`, `.to_s` and `.to_sym` (a Symbol name is sent as its string). */
const RUBY_KEEPING = new Set(['freeze', 'to_s', 'to_sym', 'dup']);

/** The key of a pair in a Ruby call or hash (`name: x`, `:name => x`), or undefined for a computed key. */
function rubyKey(key: SyntaxNode | undefined): string | undefined {
  if (key?.type === 'hash_key_symbol') return key.text;
  return key ? rubyStringValue(key) : undefined;
}

/** A class or module's name as written (`A::B` for `class A::B`). */
function rubyOwnerName(owner: SyntaxNode): string | undefined {
  const name = field(owner, 'name');
  return name ? name.text.replace(/\s+/g, '') : undefined;
}

const RUBY: Dialect = {
  family: 'ruby',
  callTypes: ['call'],
  // `X = MCP::Tool.define(...)` at the top of a file: the file's tools, as module-level values are.
  valueScope: 'function',
  // A tool class is collected with the file's other tool classes (or its enclosing class's, in a test).
  decoratedScope: 'class',
  keywordJoin: ': ',
  callee: rubyCallee,
  args: (call) => {
    const list = field(call, 'arguments');
    return list
      ? present(list.namedChildren).filter(
          (n) => !['pair', 'comment', 'block_argument', 'hash_splat_argument'].includes(n.type),
        )
      : [];
  },
  keyword: (call, name) => {
    const list = field(call, 'arguments');
    for (const pair of list ? present(list.namedChildren) : []) {
      if (pair.type !== 'pair') continue;
      const key = field(pair, 'key');
      // `name:` alone (Ruby 3.1) passes the local `name`: a value known only at run time.
      if (rubyKey(key) === name) return field(pair, 'value') ?? key;
    }
    return undefined;
  },
  member: (node) => {
    if (node.type !== RUBY_CALLEE) return undefined;
    const object = field(node, 'object');
    const name = field(node, 'name');
    return object && name ? { object, name: name.text } : undefined;
  },
  entries: (node) => {
    if (node.type !== 'hash') return undefined;
    const out: Entry[] = [];
    for (const pair of present(node.namedChildren)) {
      const key = pair.type === 'pair' ? field(pair, 'key') : undefined;
      const value = pair.type === 'pair' ? field(pair, 'value') : undefined;
      const name = rubyKey(key);
      if (key && value && name !== undefined) out.push({ key, name, value });
    }
    return out;
  },
  elements: (node) =>
    node.type === 'array' ? present(node.namedChildren).filter((n) => n.type !== 'comment') : undefined,
  string: rubyStringValue,
  scalar: (node) => {
    if (node.type === 'integer' || node.type === 'float') {
      const value = Number(node.text.replace(/_/g, ''));
      return Number.isFinite(value) ? { value } : undefined;
    }
    if (node.type === 'true' || node.type === 'false') return { value: node.type === 'true' };
    if (node.type === 'nil') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier',
  // Only constants are bound once (`NAME`, `Tools::NAME`); a local variable may be reassigned anywhere.
  constantKey: (node) =>
    node.type === 'constant' ||
    (node.type === 'scope_resolution' && /^[A-Z][\w:]*$/.test(node.text.replace(/\s+/g, '')))
      ? node.text.replace(/\s+/g, '')
      : undefined,
  unwrap: (node) => {
    let current = node;
    for (;;) {
      if (current.type === 'parenthesized_statements' && current.namedChildren.length === 1 && current.namedChildren[0])
        current = current.namedChildren[0];
      else if (
        current.type === 'call' &&
        !field(current, 'arguments') &&
        RUBY_KEEPING.has(field(current, 'method')?.text ?? '') &&
        field(current, 'receiver')
      )
        current = field(current, 'receiver')!;
      else return current;
    }
  },
  bindingOf: (value) => {
    const parent = value.parent;
    if (parent?.type !== 'assignment' && parent?.type !== 'operator_assignment') return undefined;
    const left = field(parent, 'left');
    if (left?.type === 'instance_variable') return left.text.slice(1);
    return left?.type === 'identifier' ? left.text : undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const assignment of present(root.descendantsOfType('assignment'))) {
      const left = field(assignment, 'left');
      const right = field(assignment, 'right');
      if (left?.type !== 'constant') continue;
      const value = right ? RUBY.unwrap(right) : undefined;
      pairs.push([left.text, value]);
      // `Tools::NAME` for a constant of `module Tools` (and `A::B::NAME` inside `module A; module B`).
      let path = left.text;
      for (let n = assignment.parent; n; n = n.parent) {
        if (n.type !== 'class' && n.type !== 'module') continue;
        const owner = rubyOwnerName(n);
        if (!owner) break;
        path = `${owner}::${path}`;
        pairs.push([path, value]);
      }
    }
    return collectConstants(pairs, (n) => rubyStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: () => new Map(),
  definitions: () => new Set(),
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    for (const definition of present(root.descendantsOfType('class'))) {
      const superclass = field(definition, 'superclass');
      const target = superclass?.namedChildren[0];
      const written = field(definition, 'name');
      // `class A::B < MCP::Tool` is named `B` (the SDK drops the namespace, `demodulize`).
      const name = written?.type === 'scope_resolution' ? field(written, 'name') : written;
      if (!superclass || !target || !name) continue;
      // `tool_name "x"` among the class body's own statements (not inside one of its methods).
      const body = field(definition, 'body');
      const naming = (body ? present(body.namedChildren) : []).find(
        (n) =>
          n.type === 'call' &&
          field(n, 'method')?.text === 'tool_name' &&
          field(n, 'arguments') !== undefined &&
          (!field(n, 'receiver') || field(n, 'receiver')?.type === 'self'),
      );
      const decorator = naming ? { target, call: naming } : { target };
      out.push({
        node: definition,
        name,
        start: definition.startIndex,
        end: superclass.endIndex,
        decorators: [decorator],
      });
    }
    return out;
  },
};

/** The type of the callee node PHP's method calls are given (object and name), as for Java and Ruby. */
const PHP_CALLEE = 'php_callee';

/** PHP's method calls: `$server->addTool(...)`, `$server?->addTool(...)`, `Server::builder(...)`. */
const PHP_MEMBER_CALLS: ReadonlySet<string> = new Set([
  'member_call_expression',
  'nullsafe_member_call_expression',
  'scoped_call_expression',
]);

/**
 * `object->name` of a PHP call as one node. `$this->server` reads as `this.server` (a member of
 * its object, as `self.mcp` is in Python); a static call's scope (`Server::builder`) is no object.
 */
function phpCallee(call: SyntaxNode): SyntaxNode | undefined {
  if (call.type === 'object_creation_expression')
    return present(call.namedChildren).find((n) => n.type === 'name' || n.type === 'qualified_name');
  if (call.type === 'function_call_expression') return field(call, 'function');
  if (call.type === 'attribute') return present(call.namedChildren).find((n) => n.type !== 'arguments');
  const name = field(call, 'name');
  const object = field(call, call.type === 'scoped_call_expression' ? 'scope' : 'object');
  if (!name || !object) return name;
  const receiver: SyntaxNode =
    object.type === 'member_access_expression' && field(object, 'object')?.text === '$this' && field(object, 'name')
      ? { ...nodeFields(object), text: `this.${field(object, 'name')!.text}` }
      : object;
  const members = call.type === 'scoped_call_expression' ? [] : [receiver, name];
  return {
    type: PHP_CALLEE,
    startIndex: object.startIndex,
    endIndex: name.endIndex,
    // Read only when asked: an object holding a long chain would make every link read it all.
    get text() {
      return `${object.text}${call.type === 'scoped_call_expression' ? '::' : '->'}${name.text}`;
    },
    namedChildren: members,
    children: members,
    parent: call,
    childForFieldName: (f) => (members.length === 0 ? null : f === 'object' ? receiver : f === 'name' ? name : null),
    descendantsOfType: () => [],
  };
}

/** A PHP call's, `new`'s or attribute's argument list. */
function phpArguments(node: SyntaxNode): SyntaxNode | undefined {
  return (
    field(node, 'arguments') ??
    field(node, 'parameters') ??
    present(node.namedChildren).find((n) => n.type === 'arguments')
  );
}

/** An argument's value: the argument without its `name:` (a named argument's name is its first child). */
function phpArgumentValue(argument: SyntaxNode): SyntaxNode | undefined {
  const name = field(argument, 'name');
  return present(argument.namedChildren).find((n) => n.startIndex !== name?.startIndex);
}

/** The class around a node (for `self::NAME`). */
function phpClassOf(node: SyntaxNode): string | undefined {
  for (let n = node.parent; n; n = n.parent)
    if (n.type === 'class_declaration' || n.type === 'interface_declaration' || n.type === 'enum_declaration')
      return field(n, 'name')?.text;
  return undefined;
}

/** A method's or class's modifiers: the keywords before it (`public`, `static`, `abstract`). */
function phpModifiers(node: SyntaxNode): string[] {
  return present(node.namedChildren)
    .filter((n) => /_modifier$/.test(n.type))
    .map((n) => n.text.toLowerCase());
}

/** The SDK's element attributes: one on an invokable class makes the class the element (Discoverer.php). */
const PHP_ELEMENT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'McpTool',
  'McpResource',
  'McpResourceTemplate',
  'McpPrompt',
]);

/** Whether a class declares its own `__invoke`. */
function phpHasInvoke(declaration: SyntaxNode): boolean {
  const body = field(declaration, 'body');
  return present(body?.namedChildren ?? []).some(
    (m) => m.type === 'method_declaration' && field(m, 'name')?.text.toLowerCase() === '__invoke',
  );
}

/** The attributes of a declaration (`#[McpTool(name: 'x')]`): each attribute's name and itself. */
function phpAttributes(declaration: SyntaxNode): { target: SyntaxNode; call?: SyntaxNode }[] {
  const list = field(declaration, 'attributes');
  const out: { target: SyntaxNode; call?: SyntaxNode }[] = [];
  for (const attribute of list ? list.descendantsOfType('attribute') : []) {
    const target = attribute ? phpCallee(attribute) : undefined;
    if (attribute && target) out.push(phpArguments(attribute) ? { target, call: attribute } : { target });
  }
  return out;
}

/**
 * The name a PHP handler gives a tool with no name (modelcontextprotocol/php-sdk @c882401e,
 * ReflectedElementLoader.php): `[Calculator::class, 'add']` and `[$instance, 'add']` are named
 * `add`; an invokable `Calculator::class` is named `Calculator` (the class's short name).
 */
function phpHandlerName(handler: SyntaxNode): SyntaxNode | undefined {
  if (handler.type === 'array_creation_expression') {
    const elements = present(handler.namedChildren).filter((n) => n.type === 'array_element_initializer');
    const method = elements.length === 2 ? elements[1]!.namedChildren[0] : null;
    return method && elements[1]!.namedChildren.length === 1 && phpStringValue(method) !== undefined
      ? method
      : undefined;
  }
  if (handler.type !== 'class_constant_access_expression') return undefined;
  const [scope, member] = present(handler.namedChildren);
  if (member?.text !== 'class' || !scope) return undefined;
  // `\App\Calculator::class` is named by its short name, the qualified name's last part.
  const short =
    scope.type === 'qualified_name'
      ? present(scope.namedChildren)
          .filter((n) => n.type === 'name')
          .pop()
      : scope;
  return short?.type === 'name' ? short : undefined;
}

const PHP: Dialect = {
  family: 'php',
  callTypes: [
    'member_call_expression',
    'nullsafe_member_call_expression',
    'scoped_call_expression',
    'function_call_expression',
    'object_creation_expression',
  ],
  valueScope: 'function',
  // A class's #[McpTool] methods are one set of tools, as a Spring bean's @Tool methods are.
  decoratedScope: 'class',
  keywordJoin: ': ',
  callee: phpCallee,
  args: (call) => {
    const list = phpArguments(call);
    return (list ? present(list.namedChildren) : [])
      .filter((n) => n.type === 'argument' && !field(n, 'name'))
      .map((n) => phpArgumentValue(n))
      .filter((n): n is SyntaxNode => n !== undefined);
  },
  keyword: (call, name) => {
    const list = phpArguments(call);
    const named = (list ? present(list.namedChildren) : []).find(
      (n) => n.type === 'argument' && field(n, 'name')?.text === name,
    );
    return named ? phpArgumentValue(named) : undefined;
  },
  member: (node) => {
    if (node.type !== PHP_CALLEE) return undefined;
    const object = field(node, 'object');
    const name = field(node, 'name');
    return object && name ? { object, name: name.text } : undefined;
  },
  entries: () => undefined,
  elements: () => undefined,
  string: phpStringValue,
  scalar: (node) => {
    if (node.type === 'integer' || node.type === 'float') {
      const value = Number(node.text.replace(/_/g, ''));
      return Number.isFinite(value) ? { value } : undefined;
    }
    if (node.type === 'boolean') return { value: node.text.toLowerCase() === 'true' };
    if (node.type === 'null') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'name',
  // `NAME` (a `const` of the file), `Tools::NAME` and `self::NAME` (a class constant).
  constantKey: (node) => {
    if (node.type === 'name') return node.text;
    if (node.type !== 'class_constant_access_expression') return undefined;
    const [scope, member] = present(node.namedChildren);
    if (!scope || member?.type !== 'name' || member.text === 'class') return undefined;
    const owner = scope.type === 'relative_scope' && scope.text !== 'parent' ? phpClassOf(node) : scope.text;
    return owner ? `${owner.replace(/^\\/, '')}::${member.text}` : undefined;
  },
  unwrap: (node) => (node.type === 'parenthesized_expression' && node.namedChildren[0] ? node.namedChildren[0] : node),
  bindingOf: (value) => {
    // A builder chain is bound as a whole: `$server = Server::builder()->setServerInfo('s', '1')->build()`.
    let node = value;
    while (
      PHP_MEMBER_CALLS.has(node.parent?.type ?? '') &&
      field(node.parent!, 'object')?.startIndex === node.startIndex
    )
      node = node.parent!;
    const parent = node.parent;
    if (parent?.type !== 'assignment_expression') return undefined;
    const left = field(parent, 'left');
    if (left?.type === 'variable_name') return left.text;
    return left?.type === 'member_access_expression' ? field(left, 'name')?.text : undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const element of present(root.descendantsOfType('const_element'))) {
      const [name, value] = present(element.namedChildren);
      if (!name) continue;
      const owner = phpClassOf(element);
      pairs.push([owner ? `${owner}::${name.text}` : name.text, value]);
    }
    return collectConstants(pairs, (n) => phpStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: (root) => {
    const out = new Map<string, ImportedName>();
    for (const declaration of present(root.descendantsOfType('namespace_use_declaration'))) {
      // `use A\B\{C, D as E};`: the group's prefix is the declaration's namespace name.
      const prefix = present(declaration.namedChildren).find((n) => n.type === 'namespace_name')?.text;
      for (const clause of present(declaration.descendantsOfType('namespace_use_clause'))) {
        const path = present(clause.namedChildren).find((n) => n.type === 'qualified_name' || n.type === 'name');
        const alias = field(clause, 'alias');
        if (!path) continue;
        const full = `${prefix ? `${prefix}\\` : ''}${path.text}`.replace(/^\\/, '');
        const cut = full.lastIndexOf('\\');
        const name = full.slice(cut + 1);
        out.set(alias?.text ?? name, { module: cut < 0 ? '' : full.slice(0, cut), name });
      }
    }
    return out;
  },
  definitions: () => new Set(),
  handlerName: phpHandlerName,
  typedServers: (root, types) => {
    if (types.length === 0) return [];
    const out: string[] = [];
    for (const node of present(
      root.descendantsOfType(['simple_parameter', 'property_promotion_parameter', 'property_declaration']),
    )) {
      const type = field(node, 'type')?.text.replace(/^\?/, '').replace(/^\\/, '');
      if (type === undefined || !types.includes(type)) continue;
      // A parameter is reached as `$builder`, a property as `$this->builder` (read `this.builder`).
      if (node.type === 'simple_parameter') {
        const name = field(node, 'name')?.text;
        if (name) out.push(name);
      } else for (const variable of present(node.descendantsOfType('variable_name'))) out.push(variable.text.slice(1));
    }
    return out;
  },
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    for (const declaration of present(root.descendantsOfType(['method_declaration', 'class_declaration']))) {
      const decorators = phpAttributes(declaration);
      const name = field(declaration, 'name');
      if (decorators.length === 0 || !name) continue;
      const modifiers = phpModifiers(declaration);
      if (declaration.type === 'class_declaration') {
        // A class attribute names the class's `__invoke`: only a concrete class that has one is a tool.
        if (!phpHasInvoke(declaration) || modifiers.includes('abstract')) continue;
        out.push({ node: declaration, name, start: declaration.startIndex, end: name.endIndex, decorators });
        continue;
      }
      // The SDK reads a concrete class's own public instance methods (Discoverer.php), unless the
      // class itself is an invokable element: then its class attribute is all it reads.
      const owner = declaration.parent?.parent;
      const ownerModifiers = owner?.type === 'class_declaration' ? phpModifiers(owner) : ['abstract'];
      if (
        owner?.type === 'class_declaration' &&
        phpAttributes(owner).some((a) => PHP_ELEMENT_ATTRIBUTES.has(a.target.text.replace(/^.*\\/, ''))) &&
        phpHasInvoke(owner)
      )
        continue;
      if (
        modifiers.some((m) => m === 'static' || m === 'abstract' || m === 'private' || m === 'protected') ||
        ownerModifiers.includes('abstract') ||
        ['__construct', '__destruct', '__invoke'].includes(name.text.toLowerCase())
      )
        continue;
      const end = field(declaration, 'parameters')?.endIndex ?? name.endIndex;
      out.push({ node: declaration, name, start: declaration.startIndex, end, decorators });
    }
    return out;
  },
};

const DIALECTS: Readonly<Record<CodeFamily, Dialect>> = {
  js: JS,
  python: PYTHON,
  go: GO,
  java: JAVA,
  rust: RUST,
  ruby: RUBY,
  php: PHP,
};

export function dialectOf(family: CodeFamily): Dialect {
  return DIALECTS[family];
}
