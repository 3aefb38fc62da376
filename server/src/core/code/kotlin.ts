import { collectConstants, type Dialect, lastName, present } from './dialect';
import { kotlinStringValue } from './strings';
import type { SyntaxNode } from './syntax';

/**
 * Kotlin's syntax tree as the finder reads it (tree-sitter-kotlin, fwcd's grammar as tree-sitter-wasms
 * 0.1.13 builds it). The grammar names no fields: a call is its callee then a `call_suffix` (value
 * arguments, a trailing lambda), a member access is its object then a `navigation_suffix`, and a
 * named argument is `name = value` inside one `value_argument`.
 */

const COMMENTS: ReadonlySet<string> = new Set(['line_comment', 'multiline_comment']);
const code = (nodes: readonly (SyntaxNode | null)[]): SyntaxNode[] =>
  present(nodes).filter((n) => !COMMENTS.has(n.type));

/** The `value_argument`s of a call, in order (none when it has only a trailing lambda). */
function valueArguments(call: SyntaxNode): SyntaxNode[] {
  if (call.type !== 'call_expression') return [];
  const suffix = present(call.namedChildren).find((n) => n.type === 'call_suffix');
  const list = suffix ? present(suffix.namedChildren).find((n) => n.type === 'value_arguments') : undefined;
  return list ? present(list.namedChildren).filter((n) => n.type === 'value_argument') : [];
}

/** `name = value`: the argument's name, when it is a named argument. */
function argumentName(argument: SyntaxNode): string | undefined {
  const first = argument.namedChildren[0];
  const named = argument.children.some((c) => c?.type === '=');
  return named && first?.type === 'simple_identifier' ? first.text : undefined;
}

/** An argument's value: its last expression (after `name =`, or after a spread's `*`). */
function argumentValue(argument: SyntaxNode): SyntaxNode | undefined {
  const parts = code(argument.namedChildren);
  return parts[parts.length - 1];
}

/** The simple name of a type-like declaration (`object Tools`, `class Server`). */
function declaredName(node: SyntaxNode): string | undefined {
  return present(node.namedChildren).find((n) => n.type === 'type_identifier')?.text;
}

/**
 * The class or object a property is declared in, for `Owner.NAME`: an `object`, a class, or a
 * class's `companion object` (reached through the class's name).
 */
function ownerOf(property: SyntaxNode): string | undefined {
  const body = property.parent;
  const owner = body?.type === 'class_body' ? body.parent : null;
  if (!owner) return undefined;
  if (owner.type === 'object_declaration' || owner.type === 'class_declaration') return declaredName(owner);
  if (owner.type === 'companion_object') {
    const outer = owner.parent?.type === 'class_body' ? owner.parent.parent : null;
    return outer ? declaredName(outer) : undefined;
  }
  return undefined;
}

/** `a.b`: the object and the member's name (`navigation_suffix` holds `.` or `?.` and the name). */
function navigation(node: SyntaxNode): { readonly object: SyntaxNode; readonly name: SyntaxNode } | undefined {
  if (node.type !== 'navigation_expression') return undefined;
  const [object, suffix] = present(node.namedChildren);
  const name = suffix?.type === 'navigation_suffix' ? suffix.namedChildren[0] : undefined;
  return object && name?.type === 'simple_identifier' ? { object, name } : undefined;
}

export const KOTLIN: Dialect = {
  family: 'kotlin',
  rootTypes: ['property_declaration', 'parameter', 'class_parameter', 'variable_declaration'],
  callTypes: ['call_expression'],
  // Tools built as values (`Tool(name = ...)`) in one function, or at the top of one file, are
  // added to one server there (a file of top-level tool definitions is one server's list).
  valueScope: 'function',
  decoratedScope: 'class',
  keywordJoin: ' = ',
  constructorLambdas: true,
  decorated: () => [],
  callee: (call) => (call.type === 'call_expression' ? (call.namedChildren[0] ?? undefined) : undefined),
  args: (call) =>
    valueArguments(call)
      .filter((a) => argumentName(a) === undefined)
      .map(argumentValue)
      .filter((v): v is SyntaxNode => v !== undefined),
  keyword: (call, name) => {
    const argument = valueArguments(call).find((a) => argumentName(a) === name);
    return argument ? argumentValue(argument) : undefined;
  },
  member: (node) => {
    const access = navigation(node);
    return access ? { object: access.object, name: access.name.text } : undefined;
  },
  entries: () => undefined,
  elements: () => undefined,
  string: kotlinStringValue,
  scalar: (node) => {
    if (node.type === 'boolean_literal') return { value: node.text === 'true' };
    if (node.type === 'null') return { value: null };
    return undefined;
  },
  isIdentifier: (node) => node.type === 'simple_identifier',
  // `NAME`, or `Tools.NAME`: a `val` of an object or a companion object in this file.
  constantKey: (node) => {
    if (node.type === 'simple_identifier') return node.text;
    // `Config.Tools.GREET`: a member of a nested object (of another file: `importedConstants.ts`).
    const access = navigation(node);
    if (!access) return undefined;
    const object = access.object.type === 'simple_identifier' ? access.object.text : KOTLIN.constantKey(access.object);
    return object === undefined ? undefined : `${object}.${access.name.text}`;
  },
  unwrap: (node) => {
    let current = node;
    while (current.type === 'parenthesized_expression' && current.namedChildren[0]) current = current.namedChildren[0];
    return current;
  },
  bindingOf: (value) => {
    // `val server = Server(...) { ... }`: the trailing lambda wraps the constructor in a second call.
    let node = value;
    while (node.parent?.type === 'call_expression' && node.parent.namedChildren[0]?.startIndex === node.startIndex)
      node = node.parent;
    const parent = node.parent;
    if (parent?.type === 'property_declaration') {
      const variable = present(parent.namedChildren).find((n) => n.type === 'variable_declaration');
      return variable?.namedChildren[0]?.text;
    }
    if (parent?.type === 'assignment') {
      const target = present(parent.namedChildren).find((n) => n.type === 'directly_assignable_expression');
      return target ? lastName(target) : undefined;
    }
    return undefined;
  },
  constants: (root) => {
    const pairs: (readonly [string, SyntaxNode | undefined])[] = [];
    for (const property of present(root.descendantsOfType('property_declaration'))) {
      const parts = present(property.namedChildren);
      const variable = parts.find((n) => n.type === 'variable_declaration');
      const name = variable?.namedChildren[0];
      if (name?.type !== 'simple_identifier') continue;
      // Only a `val` holds one value; a `var` may be reassigned anywhere.
      const isVal = parts.find((n) => n.type === 'binding_pattern_kind')?.text === 'val';
      const value = isVal ? parts[parts.length - 1] : undefined;
      const literal = value && value.startIndex > name.endIndex ? value : undefined;
      pairs.push([name.text, literal]);
      const owner = ownerOf(property);
      if (owner) pairs.push([`${owner}.${name.text}`, literal]);
    }
    return collectConstants(pairs, (n) => kotlinStringValue(n) !== undefined);
  },
  typedNames: (root, types) => {
    const out: string[] = [];
    for (const node of present(root.descendantsOfType(['parameter', 'class_parameter', 'variable_declaration']))) {
      const parts = present(node.namedChildren);
      const name = parts.find((n) => n.type === 'simple_identifier');
      // `server: Server` or `server: Server?`.
      const declared = parts.find((n) => n.type === 'user_type' || n.type === 'nullable_type');
      const type = declared?.type === 'nullable_type' ? declared.namedChildren[0] : declared;
      if (name && type && types.includes(type.text.replace(/\s+/g, ''))) out.push(name.text);
    }
    return out;
  },
  toolArrays: () => [],
  imports: () => new Map(),
  definitions: () => new Set(),
};
