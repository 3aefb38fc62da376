import {
  csharpStringValue,
  goStringValue,
  javaStringValue,
  jsStringValue,
  pythonStringValue,
  rustStringValue,
} from './strings';
import {
  attributeArguments,
  CSHARP_TYPES,
  csharpArguments,
  csharpArgumentValue,
  csharpAttribute,
  csharpInitializer,
  declaratorValue,
  isCSharpConstant,
  nameofValue,
} from './csharpSyntax';
import type { CodeFamily, SyntaxNode } from './syntax';
import {
  collectConstants,
  type DecoratedFunction,
  type Dialect,
  type Entry,
  field,
  type ImportedName,
  lastName,
  type ListKey,
  memberAccess,
  present,
  type ToolArray,
} from './dialect';
import { KOTLIN } from './kotlin';
import { PHP } from './php';
import { RUBY } from './ruby';
import { SWIFT } from './swift';

export type { Constants, DecoratedFunction, Dialect, Entry, ImportedName, ListKey, ToolArray } from './dialect';

/**
 * Lists bound to a variable of the file and the variables a `tools` key or keyword names
 * (`WEATHER_TOOLS = [...]` sent as `tools=WEATHER_TOOLS`): a list is read through a name bound once,
 * under the key that names it (`functions: fns` sends `fns` as OpenAI's legacy list; a name both
 * keys send is read as `tools`, as before the legacy key was told apart).
 */
class ArrayBindings {
  private readonly bound = new Map<string, SyntaxNode | null>();
  private readonly referred = new Map<string, ListKey>();

  bind(name: string, array: SyntaxNode): void {
    // A name bound twice could stand for either list: neither is read through it.
    this.bound.set(name, this.bound.has(name) ? null : array);
  }

  refer(name: string, key: ListKey): void {
    const before = this.referred.get(name);
    this.referred.set(name, before === undefined || before === key ? key : 'tools');
  }

  /** `direct` with each list a key names, once, in document order. */
  withReferred(direct: readonly ToolArray[]): ToolArray[] {
    const seen = new Set(direct.map((a) => a.node.startIndex));
    const out = [...direct];
    for (const [name, key] of this.referred) {
      const array = this.bound.get(name);
      if (!array || seen.has(array.startIndex)) continue;
      seen.add(array.startIndex);
      out.push({ node: array, key });
    }
    return out.sort((a, b) => a.node.startIndex - b.node.startIndex);
  }
}

const JS: Dialect = {
  family: 'js',
  // Not `pair`: object literals are everywhere in JS, and only `toolArrays` (a file that writes
  // `tools`) asks for them, in a walk of its own.
  rootTypes: ['variable_declarator', 'import_statement', 'function_declaration', 'enum_declaration'],
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
  constantKey: (node) => {
    if (node.type === 'identifier' || node.type === 'shorthand_property_identifier') return node.text;
    // `TOOL_NAMES.SEARCH`, `ToolName.Search`: a member of a constant object or an enum of the file.
    if (node.type !== 'member_expression') return undefined;
    const object = field(node, 'object');
    const property = field(node, 'property');
    return object?.type === 'identifier' && property?.type === 'property_identifier'
      ? `${object.text}.${property.text}`
      : undefined;
  },
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
      const value = field(declarator, 'value');
      const literal = value ? JS.unwrap(value) : undefined;
      // Anything but a string makes the name no constant, whatever declares it: only a string's
      // declaration is asked for (a node's parent is found by walking down from the root).
      const holder = literal && jsStringValue(literal) !== undefined ? declarator.parent : undefined;
      const isConst = holder?.type === 'lexical_declaration' && holder.children[0]?.text === 'const';
      pairs.push([name.text, isConst ? literal : undefined]);
      // `const TOOL_NAMES = { SEARCH: 'search' }`: each string property one level down, as `TOOL_NAMES.SEARCH`.
      const parent = declarator.parent;
      if (literal?.type === 'object' && parent?.type === 'lexical_declaration' && parent.children[0]?.text === 'const')
        for (const entry of JS.entries(literal) ?? [])
          if (entry.key.type !== 'shorthand_property_identifier')
            pairs.push([`${name.text}.${entry.name}`, JS.unwrap(entry.value)]);
    }
    // `enum ToolName { Search = 'search' }`: a string member is `ToolName.Search`.
    for (const declaration of present(root.descendantsOfType('enum_declaration'))) {
      const name = field(declaration, 'name');
      const body = field(declaration, 'body');
      for (const member of present(body?.namedChildren ?? [])) {
        const key = member.type === 'enum_assignment' ? field(member, 'name') : undefined;
        const value = member.type === 'enum_assignment' ? field(member, 'value') : undefined;
        if (name && key && value) pairs.push([`${name.text}.${key.text.replace(/['"]/g, '')}`, value]);
      }
    }
    return collectConstants(pairs, (n) => jsStringValue(n) !== undefined);
  },
  toolArrays: (root) => {
    const out: ToolArray[] = [];
    const arrays = new ArrayBindings();
    for (const pair of present(root.descendantsOfType(['pair', 'variable_declarator']))) {
      const key = field(pair, pair.type === 'pair' ? 'key' : 'name');
      const value = field(pair, 'value');
      if (!key || !value) continue;
      const array = JS.unwrap(value);
      if (pair.type === 'variable_declarator' && key.type === 'identifier' && array.type === 'array')
        arrays.bind(key.text, array);
      // `functions: [...]`: OpenAI's legacy function list (`invoke(input, { functions })`), a key only.
      const listKey = key.text.replace(/['"`]/g, '');
      if (listKey !== 'tools' && (listKey !== 'functions' || pair.type !== 'pair')) continue;
      // A `tools` variable is sent as tools wherever it goes; a key sends its list under its own name.
      const sent: ListKey = pair.type === 'pair' && listKey === 'functions' ? 'functions' : 'tools';
      if (array.type === 'array') out.push({ node: array, key: sent });
      else if (array.type === 'identifier') arrays.refer(array.text, sent);
    }
    return arrays.withReferred(out);
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

/** `NAMES["search"]` as a constants key (`NAMES["search"]`, the key JSON-quoted), when it is one. */
function pythonSubscriptKey(node: SyntaxNode): string | undefined {
  const value = field(node, 'value');
  const subscript = field(node, 'subscript');
  const key = subscript ? pythonStringValue(subscript) : undefined;
  return value?.type === 'identifier' && key !== undefined ? `${value.text}[${JSON.stringify(key)}]` : undefined;
}

const PYTHON: Dialect = {
  family: 'python',
  rootTypes: [
    'decorated_definition',
    'assignment',
    'keyword_argument',
    'pair',
    'import_from_statement',
    'function_definition',
  ],
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
    // `TOOL_NAMES["search"]`: an entry of a dict of this file.
    if (node.type === 'subscript') return pythonSubscriptKey(node);
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
    const assigned = new Map<string, number>();
    const dicts: { readonly name: string; readonly dict: SyntaxNode }[] = [];
    for (const assignment of present(root.descendantsOfType('assignment'))) {
      const left = field(assignment, 'left');
      // `NAMES["search"] = ...` anywhere: that entry is no constant.
      const entry = left?.type === 'subscript' ? pythonSubscriptKey(left) : undefined;
      if (entry !== undefined) pairs.push([entry, undefined]);
      if (left?.type !== 'identifier') continue;
      assigned.set(left.text, (assigned.get(left.text) ?? 0) + 1);
      // Only module-level names: a local of the same name elsewhere must not shadow silently.
      const topLevel =
        assignment.parent?.type === 'expression_statement' && assignment.parent.parent?.type === 'module';
      const right = field(assignment, 'right');
      pairs.push([left.text, topLevel && right ? right : undefined]);
      if (topLevel && right?.type === 'dictionary') dicts.push({ name: left.text, dict: right });
      // A class attribute (an Enum member, most often): `Class.NAME`, when the class is at module level.
      const body = assignment.parent?.type === 'expression_statement' ? assignment.parent.parent : null;
      const owner = body?.type === 'block' ? body.parent : null;
      if (owner?.type === 'class_definition' && owner.parent?.type === 'module') {
        const className = owner.childForFieldName('name')?.text;
        if (className) pairs.push([`${className}.${left.text}`, right ?? undefined]);
      }
    }
    // `TOOL_NAMES = {"search": "search_docs"}` bound once at module level: `TOOL_NAMES["search"]`.
    for (const { name, dict } of dicts) {
      if (assigned.get(name) !== 1) continue;
      for (const pair of present(dict.namedChildren)) {
        const key = pair.type === 'pair' ? field(pair, 'key') : undefined;
        const text = key ? pythonStringValue(key) : undefined;
        if (text !== undefined) pairs.push([`${name}[${JSON.stringify(text)}]`, field(pair, 'value')]);
      }
    }
    return collectConstants(pairs, (n) => pythonStringValue(n) !== undefined);
  },
  toolArrays: (root) => {
    const out: ToolArray[] = [];
    const arrays = new ArrayBindings();
    for (const node of present(root.descendantsOfType(['keyword_argument', 'assignment', 'pair']))) {
      const key = field(node, node.type === 'keyword_argument' ? 'name' : node.type === 'assignment' ? 'left' : 'key');
      const value = field(node, node.type === 'assignment' ? 'right' : 'value');
      const name = key ? (key.type === 'string' ? pythonStringValue(key) : key.text) : undefined;
      const list = value && (value.type === 'list' || value.type === 'tuple');
      if (node.type === 'assignment' && key?.type === 'identifier' && list) arrays.bind(key.text, value);
      if (name !== 'tools' || !value) continue;
      if (list) out.push({ node: value, key: 'tools' });
      else if (value.type === 'identifier') arrays.refer(value.text, 'tools');
    }
    return arrays.withReferred(out);
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
  rootTypes: ['const_spec'],
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
  constantKey: (node) => {
    if (node.type === 'identifier') return node.text;
    // `names.ToolSearch`: another package's constant, never one of this file (`importedConstants.ts`).
    const operand = node.type === 'selector_expression' ? field(node, 'operand') : undefined;
    const name = field(node, 'field');
    return operand?.type === 'identifier' && name?.type === 'field_identifier'
      ? `${operand.text}.${name.text}`
      : undefined;
  },
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
  rootTypes: ['variable_declarator', 'import_declaration', 'method_declaration'],
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
    if (!object || !name) return undefined;
    // `Names.Inner.SEARCH`: a member of a nested class (of another file: `importedConstants.ts`).
    const qualifier = object.type === 'identifier' ? object.text : JAVA.constantKey(object);
    return qualifier === undefined ? undefined : `${qualifier}.${name.text}`;
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
      // An interface's field is final (and static) without saying so.
      const final =
        isFinal(declaration) ||
        (declaration?.type === 'constant_declaration' && declaration.parent?.type === 'interface_body');
      pairs.push([name.text, final ? value : undefined]);
      const owner =
        declaration?.type === 'field_declaration' || declaration?.type === 'constant_declaration'
          ? declaration.parent?.parent
          : undefined;
      const className =
        owner && /^(class|interface|enum)_declaration$/.test(owner.type) ? field(owner, 'name') : undefined;
      if (className) pairs.push([`${className.text}.${name.text}`, final ? value : undefined]);
    }
    return collectConstants(pairs, (n) => javaStringValue(n) !== undefined);
  },
  toolArrays: () => [],
  imports: (root) => {
    const out = new Map<string, ImportedName>();
    for (const statement of present(root.descendantsOfType('import_declaration'))) {
      // `import a.b.Tool;` binds `Tool`; a static import names no type. A wildcard (`import a.b.*;`)
      // binds every type of `a.b` that no single-type import names: kept under `*a.b`, which no
      // identifier can be (decoratedTools.ts `decoratorFor` reads it).
      if (/^import\s+static\b/.test(statement.text)) continue;
      const path = present(statement.namedChildren).find((c) => c.type === 'scoped_identifier');
      if (statement.namedChildren.some((c) => c?.type === 'asterisk')) {
        if (path) out.set(`*${path.text}`, { module: path.text, name: '*' });
        continue;
      }
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
  return tree ? macroGroups(tree).map((tokens) => macroValue(tokens, tree)) : [];
}

/** A token tree's tokens between its brackets, split at top-level commas (comments left out). */
function macroGroups(tree: SyntaxNode): SyntaxNode[][] {
  const out: SyntaxNode[][] = [];
  let current: SyntaxNode[] = [];
  for (const token of present(tree.children).slice(1, -1)) {
    if (token.type === ',') {
      if (current.length > 0) out.push(current);
      current = [];
    } else if (!LINE_AND_BLOCK.has(token.type)) current.push(token);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The value some macro tokens spell: one token as itself; `"x".into()` and its kin, or
 * `Cow::Borrowed("x")`, `String::from("x")`, `Cow::from("x")`, as the literal they keep (as
 * `rustConverted` reads them in code); anything longer as one span no literal reader accepts.
 */
function macroValue(tokens: readonly SyntaxNode[], tree: SyntaxNode): SyntaxNode {
  const [value, dot, method, call] = tokens;
  if (tokens.length === 1) return value!;
  const kept =
    tokens.length === 4 &&
    dot?.type === '.' &&
    /^(into|to_string|to_owned)$/.test(method?.text ?? '') &&
    call?.text.replace(/\s+/g, '') === '()';
  if (kept) return value!;
  const args = tokens[3];
  const inner = args?.type === 'token_tree' && args.text.startsWith('(') ? macroGroups(args) : [];
  const path = tokens
    .slice(0, 3)
    .map((t) => t.text)
    .join('');
  if (tokens.length === 4 && CONVERSIONS.has(path) && inner.length === 1 && inner[0]!.length === 1)
    return inner[0]![0]!;
  return spanOf('macro_tokens', tokens, tree);
}

/** The conversions that keep the literal they are given (`rustConverted`). */
const CONVERSIONS: ReadonlySet<string> = new Set(['String::from', 'Cow::Borrowed', 'Cow::from']);

/**
 * A struct literal spelled in a macro's tokens (`vec![Tool { name: "x".into(), .. }]`), as a
 * `struct_expression` node: `name` is its type's path, `body` its braces (read by `macroFields`).
 */
function macroStruct(parent: SyntaxNode, path: readonly SyntaxNode[], body: SyntaxNode): SyntaxNode {
  const name = spanOf('macro_path', path, parent);
  return {
    type: 'struct_expression',
    startIndex: name.startIndex,
    endIndex: body.endIndex,
    text: `${name.text}${body.text}`,
    namedChildren: [name, body],
    children: [name, body],
    parent,
    childForFieldName: (f) => (f === 'name' ? name : f === 'body' ? body : null),
    descendantsOfType: () => [],
  };
}

/** The `field: value` entries of a struct literal's braces in macro tokens; shorthand and `..rest` are left out. */
function macroFields(body: SyntaxNode): Entry[] {
  const out: Entry[] = [];
  for (const [key, colon, ...value] of macroGroups(body))
    if (key?.type === 'identifier' && colon?.type === ':' && value.length > 0)
      out.push({ key, name: key.text, value: macroValue(value, body) });
  return out;
}

/**
 * Every token tree of the file that opens with `open` and follows a path in its macro's tokens,
 * made into a node by `make` (from the tree it is in, the path's tokens and the tree itself).
 */
function pathsBefore(
  root: SyntaxNode,
  open: '(' | '{',
  make: (parent: SyntaxNode, path: readonly SyntaxNode[], tree: SyntaxNode) => SyntaxNode,
): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const tree of present(root.descendantsOfType('token_tree'))) {
    const tokens = present(tree.children);
    for (let i = 0; i < tokens.length; i += 1) {
      const inner = tokens[i];
      if (inner?.type !== 'token_tree' || !inner.text.startsWith(open)) continue;
      const first = pathBefore(tokens, i);
      if (first >= 0) out.push(make(tree, tokens.slice(first, i), inner));
    }
  }
  return out;
}

/**
 * Where a token list holds a path (`Tool`, `rmcp::model::Tool`) right before the token tree at
 * `at`: the path's first token's index, or -1.
 */
function pathBefore(tokens: readonly (SyntaxNode | null)[], at: number): number {
  let first = at - 1;
  while (first >= 2 && tokens[first - 1]?.type === '::' && tokens[first - 2]?.type === 'identifier') first -= 2;
  return first >= 0 && first < at && tokens[first]?.type === 'identifier' ? first : -1;
}

const RUST: Dialect = {
  family: 'rust',
  rootTypes: ['const_item', 'static_item', 'token_tree', 'function_item'],
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
    if (body?.type === 'token_tree') return macroFields(body);
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
  // A path before an argument list (`Tool :: new (`, `rmcp :: model :: Tool :: new (`) is a call.
  macroCalls: (root) => pathsBefore(root, '(', macroCall),
  // A path before braces (`Tool { ... }`, `rmcp::model::Tool { ... }`) is a struct literal.
  macroStructs: (root) => pathsBefore(root, '{', macroStruct),
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

const CSHARP: Dialect = {
  family: 'csharp',
  rootTypes: ['variable_declarator', 'method_declaration', 'local_function_statement', 'lambda_expression'],
  callTypes: ['invocation_expression', 'object_creation_expression'],
  valueScope: 'method',
  decoratedScope: 'class',
  keywordJoin: ' = ',
  callee: (call) => {
    if (call.type === 'object_creation_expression') return field(call, 'type');
    return field(call, call.type === 'attribute' ? 'name' : 'function');
  },
  args: (call) => {
    if (call.type === 'attribute') return attributeArguments(call, false);
    return csharpArguments(call)
      .filter((a) => !field(a, 'name'))
      .map(csharpArgumentValue)
      .filter((v): v is SyntaxNode => v !== undefined);
  },
  // `name: value` arguments; in an attribute or an object initializer, `Name = value` members.
  keyword: (call, name) => {
    if (call.type === 'attribute') {
      const pair = attributeArguments(call, true).find((a) => field(a, 'left')?.text === name);
      return pair ? field(pair, 'right') : undefined;
    }
    const named = csharpArguments(call).find((a) => field(a, 'name')?.text === name);
    if (named) return csharpArgumentValue(named);
    return csharpInitializer(call)?.find((e) => e.name === name)?.value;
  },
  member: memberAccess('member_access_expression', 'expression', 'name'),
  entries: csharpInitializer,
  // An array or collection initializer (`new[] { ... }`, `new List<Tool> { ... }`) or a collection
  // expression (`[a, b]`, which this grammar reads as an element binding of arguments).
  elements: (node) => {
    if (node.type === 'element_binding_expression')
      return present(node.namedChildren)
        .filter((n) => n.type === 'argument')
        .map(csharpArgumentValue)
        .filter((v): v is SyntaxNode => v !== undefined);
    if (node.type !== 'initializer_expression') return undefined;
    const items = present(node.namedChildren).filter((n) => n.type !== 'comment');
    return items.some((n) => n.type === 'assignment_expression') ? undefined : items;
  },
  string: (node) => csharpStringValue(node) ?? nameofValue(node),
  scalar: (node) => {
    if (node.type === 'boolean_literal') return { value: node.text === 'true' };
    if (node.type === 'null_literal') return { value: null };
    if (node.type === 'integer_literal' || node.type === 'real_literal') {
      const value = Number(node.text.replace(/_/g, '').replace(/[uUlLfFdDmM]+$/, ''));
      return Number.isFinite(value) ? { value } : undefined;
    }
    return undefined;
  },
  isIdentifier: (node) => node.type === 'identifier',
  // `NAME`, or `Tools.NAME`: a constant of a type in this file.
  constantKey: (node) => {
    if (node.type === 'identifier') return node.text;
    const object = node.type === 'member_access_expression' ? field(node, 'expression') : undefined;
    const name = field(node, 'name');
    return object?.type === 'identifier' && name?.type === 'identifier' ? `${object.text}.${name.text}` : undefined;
  },
  unwrap: (node) => (node.type === 'parenthesized_expression' && node.namedChildren[0] ? node.namedChildren[0] : node),
  bindingOf: (value) => {
    const parent = value.parent;
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
      // variable_declarator → variable_declaration → field_declaration / local_declaration_statement.
      const declaration = declarator.parent?.parent ?? null;
      if (name?.type !== 'identifier') continue;
      const value = isCSharpConstant(declaration) ? declaratorValue(declarator) : undefined;
      pairs.push([name.text, value]);
      const owner = declaration?.type === 'field_declaration' ? declaration.parent?.parent : undefined;
      const typeName = owner && CSHARP_TYPES.test(owner.type) ? field(owner, 'name') : undefined;
      if (typeName) pairs.push([`${typeName.text}.${name.text}`, value]);
    }
    return collectConstants(pairs, (n) => csharpStringValue(n) !== undefined || nameofValue(n) !== undefined);
  },
  toolArrays: () => [],
  // `using` names namespaces, never one type, and no library here needs to know whose a name is.
  imports: () => new Map(),
  definitions: () => new Set(),
  structLiteral: { node: 'object_creation_expression', typeField: 'type' },
  decorated: (root) => {
    const out: DecoratedFunction[] = [];
    // A lambda (`Create([McpServerTool(Name = "x")] () => ...)`) and a local function are
    // compiled to methods named by the compiler (`<Main>b__0_0`): only a given name is static.
    for (const method of present(
      root.descendantsOfType(['method_declaration', 'local_function_statement', 'lambda_expression']),
    )) {
      const anonymous = method.type !== 'method_declaration';
      const lists = present(method.namedChildren).filter((n) => n.type === 'attribute_list');
      const name = anonymous ? (lists[0]?.namedChildren[0] ?? undefined) : field(method, 'name');
      if (!name) continue;
      const decorators: { target: SyntaxNode; call?: SyntaxNode }[] = [];
      for (const list of lists) {
        for (const attribute of present(list.namedChildren).filter((n) => n.type === 'attribute')) {
          const target = field(attribute, 'name');
          if (!target) continue;
          const hasArguments = attribute.namedChildren.some((n) => n?.type === 'attribute_argument_list');
          decorators.push(hasArguments ? { target, call: csharpAttribute(attribute) } : { target });
        }
      }
      const returns = field(method, 'returns') ?? field(method, 'type');
      const end = field(method, 'parameters')?.endIndex ?? name.endIndex;
      if (decorators.length > 0)
        out.push({
          node: method,
          name,
          start: method.startIndex,
          end,
          decorators,
          ...(returns ? { returns } : {}),
          ...(anonymous ? { anonymous } : {}),
        });
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
  csharp: CSHARP,
  kotlin: KOTLIN,
  swift: SWIFT,
  ruby: RUBY,
  php: PHP,
};

export function dialectOf(family: CodeFamily): Dialect {
  return DIALECTS[family];
}
