import {
  collectConstants,
  type DecoratedFunction,
  type Dialect,
  type Entry,
  field,
  nodeFields,
  present,
} from './dialect';
import { rubyStringValue } from './strings';
import type { SyntaxNode } from './syntax';

/**
 * Ruby's syntax tree as the finder reads it (tree-sitter-ruby from @vscode/tree-sitter-wasm): a
 * call keeps its receiver and method apart, keyword arguments are `pair`s, and a tool is a class
 * whose superclass is the SDK's `MCP::Tool`.
 */

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

export const RUBY: Dialect = {
  family: 'ruby',
  rootTypes: ['assignment', 'class'],
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
