import type { SyntaxNode } from './syntax';

/**
 * What tree-sitter-c-sharp's nodes hold, for the C# dialect (dialects.ts): arguments behind
 * `argument` wrappers, object initializers, attribute arguments (which the grammar gives no field
 * name), `nameof`, and which declarations are constants.
 */

const present = (nodes: readonly (SyntaxNode | null)[]): SyntaxNode[] =>
  nodes.filter((n): n is SyntaxNode => n !== null);
const field = (node: SyntaxNode, name: string): SyntaxNode | undefined => node.childForFieldName(name) ?? undefined;

/** One `Name = value` member of an object initializer (a dialect's `Entry`). */
export interface InitializerMember {
  readonly key: SyntaxNode;
  readonly name: string;
  readonly value: SyntaxNode;
}

/** A C# argument's value: past its `name:` and any `ref`/`out`/`in` (its last named child). */
export function csharpArgumentValue(argument: SyntaxNode): SyntaxNode | undefined {
  const children = present(argument.namedChildren).filter((n) => n.type !== 'comment');
  return children[children.length - 1];
}

/** The `argument`s of an invocation or object creation (its argument list has no field name when implicit). */
export function csharpArguments(call: SyntaxNode): SyntaxNode[] {
  const list = field(call, 'arguments') ?? present(call.namedChildren).find((n) => n.type === 'argument_list');
  return list ? present(list.namedChildren).filter((n) => n.type === 'argument') : [];
}

/** An object initializer's `Name = value` members (`new Tool { Name = "x" }`, `new() { Name = "x" }`). */
export function csharpInitializer(node: SyntaxNode): InitializerMember[] | undefined {
  if (node.type !== 'object_creation_expression' && node.type !== 'implicit_object_creation_expression')
    return undefined;
  const initializer =
    field(node, 'initializer') ?? present(node.namedChildren).find((n) => n.type === 'initializer_expression');
  const out: InitializerMember[] = [];
  for (const member of initializer ? present(initializer.namedChildren) : []) {
    const key = member.type === 'assignment_expression' ? field(member, 'left') : undefined;
    const value = member.type === 'assignment_expression' ? field(member, 'right') : undefined;
    if (key?.type === 'identifier' && value) out.push({ key, name: key.text, value });
  }
  return out;
}

/** An attribute's arguments: `Name = "x"` pairs, or positional ones (`pairs: false`). */
export function attributeArguments(attribute: SyntaxNode, pairs: boolean): SyntaxNode[] {
  const list = present(attribute.namedChildren).find((n) => n.type === 'attribute_argument_list');
  return (list ? present(list.namedChildren) : [])
    .filter((a) => a.type === 'attribute_argument')
    .map((a) => csharpArgumentValue(a))
    .filter((v): v is SyntaxNode => v !== undefined && (v.type === 'assignment_expression') === pairs);
}

/**
 * `[McpServerTool(Name = "x")]` as the finder reads a decorator call: its argument list under
 * `arguments` (tree-sitter-c-sharp gives it no field name), so a fix inserts a name inside it.
 */
export function csharpAttribute(attribute: SyntaxNode): SyntaxNode {
  const list = present(attribute.namedChildren).find((n) => n.type === 'attribute_argument_list') ?? null;
  return {
    type: attribute.type,
    startIndex: attribute.startIndex,
    endIndex: attribute.endIndex,
    get text() {
      return attribute.text;
    },
    namedChildren: attribute.namedChildren,
    children: attribute.children,
    parent: attribute.parent,
    childForFieldName: (f) => (f === 'arguments' ? list : attribute.childForFieldName(f)),
    descendantsOfType: (types) => attribute.descendantsOfType(types),
  };
}

/** `nameof(GetWeather)` is the string `GetWeather`: the last name of a plain (member) name, type arguments aside. */
export function nameofValue(node: SyntaxNode): string | undefined {
  if (node.type !== 'invocation_expression' || field(node, 'function')?.text !== 'nameof') return undefined;
  const args = csharpArguments(node);
  const value = args.length === 1 ? csharpArgumentValue(args[0]!) : undefined;
  const compact = value && value.endIndex - value.startIndex <= 1024 ? value.text.replace(/\s+/g, '') : '';
  const match = /^(?:@?[A-Za-z_]\w*(?:<[\w.,<>]*>)?\.)*@?([A-Za-z_]\w*)(?:<[\w.,<>]*>)?$/.exec(compact);
  return match?.[1];
}

/** A C# declaration (field or local) that holds a constant: `const`, or a `static readonly` field. */
export function isCSharpConstant(declaration: SyntaxNode | null): boolean {
  const modifiers = new Set(
    (declaration ? present(declaration.namedChildren) : []).filter((n) => n.type === 'modifier').map((n) => n.text),
  );
  return modifiers.has('const') || (modifiers.has('static') && modifiers.has('readonly'));
}

/** The value after `=` in `string X = "..."` (tree-sitter-c-sharp gives it no field name). */
export function declaratorValue(declarator: SyntaxNode): SyntaxNode | undefined {
  const name = field(declarator, 'name');
  const rest = present(declarator.namedChildren).filter((n) => n.startIndex !== name?.startIndex);
  return rest[rest.length - 1];
}

/** The types whose members a `Type.NAME` reference names. */
export const CSHARP_TYPES = /^(class|struct|record|record_struct|interface)_declaration$/;
