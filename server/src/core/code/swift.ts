import { collectConstants, type Dialect, field, lastName, present } from './dialect';
import { swiftStringValue } from './strings';
import type { SyntaxNode } from './syntax';

/**
 * Swift's syntax tree as the finder reads it (alex-pinkus/tree-sitter-swift 0.7.1, as
 * @repomix/tree-sitter-wasms 0.1.17 builds it): a call is its callee then a `call_suffix` (value
 * arguments, trailing closures), and every argument is a `value_argument` with an optional label
 * (`name: "x"`). Swift has labels where Kotlin has named arguments, so `keyword` reads labels.
 */

const COMMENTS: ReadonlySet<string> = new Set(['comment', 'multiline_comment']);

/** The `value_argument`s of a call, in order. */
function valueArguments(call: SyntaxNode): SyntaxNode[] {
  if (call.type !== 'call_expression') return [];
  const suffix = present(call.namedChildren).find((n) => n.type === 'call_suffix');
  const list = suffix ? present(suffix.namedChildren).find((n) => n.type === 'value_arguments') : undefined;
  return list ? present(list.namedChildren).filter((n) => n.type === 'value_argument') : [];
}

/** `a.b`: the object and the member's name. */
function navigation(node: SyntaxNode): { readonly object: SyntaxNode; readonly name: SyntaxNode } | undefined {
  if (node.type !== 'navigation_expression') return undefined;
  const object = field(node, 'target');
  const suffix = field(node, 'suffix');
  const name = suffix ? field(suffix, 'suffix') : undefined;
  return object && name?.type === 'simple_identifier' ? { object, name } : undefined;
}

/** The type a property is declared in, for `Owner.name` (`enum Tools { static let search = "search" }`). */
function ownerOf(property: SyntaxNode): string | undefined {
  const body = property.parent;
  const owner = body && /^(class|enum_class|protocol)_body$/.test(body.type) ? body.parent : null;
  const name = owner?.type === 'class_declaration' ? field(owner, 'name') : undefined;
  return name?.text;
}

/**
 * A case of a `String` enum written without a raw value (`enum ToolName: String { case greet }`):
 * Swift gives it its own name as its raw value ("greet"; a backticked name without its backticks).
 * Only a case alone on its line of cases (`case a, b` is left out, as for explicit raw values).
 */
function implicitRawValue(node: SyntaxNode): string | undefined {
  // `parent` is a walk from the root in web-tree-sitter: asked only of identifiers.
  if (node.type !== 'simple_identifier') return undefined;
  const entry = node.parent;
  if (entry?.type !== 'enum_entry' || entry.namedChildren.length !== 1) return undefined;
  const owner = entry.parent?.type === 'enum_class_body' ? entry.parent.parent : null;
  const raw = owner?.type === 'class_declaration' ? present(owner.namedChildren) : [];
  if (!raw.some((c) => c.type === 'inheritance_specifier' && c.text.replace(/\s+/g, '') === 'String')) return undefined;
  return /^`.+`$/.test(node.text) ? node.text.slice(1, -1) : node.text;
}

export const SWIFT: Dialect = {
  family: 'swift',
  rootTypes: ['property_declaration', 'enum_entry'],
  callTypes: ['call_expression'],
  // Tools built as values in one function or closure (a `ListTools` handler), or as the statics of
  // one file, are listed by one server there.
  valueScope: 'function',
  decoratedScope: 'class',
  keywordJoin: ': ',
  decorated: () => [],
  callee: (call) => (call.type === 'call_expression' ? (call.namedChildren[0] ?? undefined) : undefined),
  args: (call) =>
    valueArguments(call)
      .filter((a) => field(a, 'name') === undefined)
      .map((a) => field(a, 'value'))
      .filter((v): v is SyntaxNode => v !== undefined),
  keyword: (call, name) => {
    const argument = valueArguments(call).find((a) => field(a, 'name')?.text.trim() === name);
    return argument ? field(argument, 'value') : undefined;
  },
  member: (node) => {
    const access = navigation(node);
    return access ? { object: access.object, name: access.name.text } : undefined;
  },
  entries: () => undefined,
  elements: (node) =>
    node.type === 'array_literal' ? present(node.namedChildren).filter((n) => !COMMENTS.has(n.type)) : undefined,
  string: swiftStringValue,
  constantValue: implicitRawValue,
  scalar: (node) => {
    if (node.type === 'boolean_literal') return { value: node.text === 'true' };
    if (node.type === 'nil') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'simple_identifier',
  // `name`, `Tools.name` (a `let` of a type in this file), or `ToolName.search.rawValue` (a case of a
  // `String` enum in this file with its raw value written out).
  constantKey: (node) => {
    if (node.type === 'simple_identifier') return node.text;
    const access = navigation(node);
    if (access?.object.type === 'simple_identifier') return `${access.object.text}.${access.name.text}`;
    const member = access?.name.text === 'rawValue' ? navigation(access.object) : undefined;
    return member?.object.type === 'simple_identifier'
      ? `${member.object.text}.${member.name.text}.rawValue`
      : undefined;
  },
  unwrap: (node) => {
    let current = node;
    // A one-element tuple is Swift's parentheses.
    while (current.type === 'tuple_expression' && current.namedChildren.length === 1 && current.namedChildren[0])
      current = current.namedChildren[0];
    return current;
  },
  bindingOf: (value) => {
    let node = value;
    while (node.parent?.type === 'await_expression' || node.parent?.type === 'try_expression') node = node.parent;
    const parent = node.parent;
    if (parent?.type === 'property_declaration') {
      const pattern = field(parent, 'name');
      const name = pattern ? (field(pattern, 'bound_identifier') ?? pattern) : undefined;
      return name ? lastName(name) : undefined;
    }
    if (parent?.type === 'assignment') {
      const target = field(parent, 'target');
      return target ? lastName(target) : undefined;
    }
    return undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const property of present(root.descendantsOfType('property_declaration'))) {
      const pattern = field(property, 'name');
      const name = pattern ? field(pattern, 'bound_identifier') : undefined;
      if (!name) continue;
      // Only a `let` holds one value; a `var` may be reassigned anywhere.
      const binding = present(property.namedChildren).find((n) => n.type === 'value_binding_pattern');
      const isLet = binding ? field(binding, 'mutability')?.text === 'let' : false;
      const value = isLet ? field(property, 'value') : undefined;
      pairs.push([name.text, value]);
      const owner = ownerOf(property);
      if (owner) pairs.push([`${owner}.${name.text}`, value]);
    }
    for (const entry of present(root.descendantsOfType('enum_entry'))) {
      // `case search = "search_docs"`: one case with its raw value (`case a = "x", b = "y"` is left out).
      const name = field(entry, 'name');
      const value = field(entry, 'raw_value');
      const owner = entry.parent?.type === 'enum_class_body' ? entry.parent.parent : null;
      const enumName = owner?.type === 'class_declaration' ? field(owner, 'name')?.text : undefined;
      if (name && value && enumName && entry.namedChildren.length === 2)
        pairs.push([`${enumName}.${name.text}.rawValue`, value]);
      else if (name && enumName && implicitRawValue(name) !== undefined)
        pairs.push([`${enumName}.${name.text}.rawValue`, name]);
    }
    return collectConstants(pairs, (n) => swiftStringValue(n) !== undefined || implicitRawValue(n) !== undefined);
  },
  constantInsertion: (constant) =>
    implicitRawValue(constant) === undefined ? undefined : { offset: constant.endIndex, before: ' = ', after: '' },
  toolArrays: () => [],
  imports: () => new Map(),
  definitions: () => new Set(),
};
