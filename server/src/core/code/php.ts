import {
  collectConstants,
  type DecoratedFunction,
  type Dialect,
  field,
  type ImportedName,
  nodeFields,
  present,
} from './dialect';
import { phpStringValue } from './strings';
import type { SyntaxNode } from './syntax';

/**
 * PHP's syntax tree as the finder reads it (tree-sitter-php from @vscode/tree-sitter-wasm): method
 * calls on an object (`->`, `?->`) or a class (`::`), `new` expressions, attributes (`#[McpTool]`)
 * and `use` imports.
 */

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

export const PHP: Dialect = {
  family: 'php',
  rootTypes: [
    'const_element',
    'namespace_use_declaration',
    'simple_parameter',
    'property_promotion_parameter',
    'property_declaration',
    'method_declaration',
    'class_declaration',
  ],
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
  typedNames: (root, types) => {
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
