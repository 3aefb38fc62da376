import type { CodeFamily, SyntaxNode } from './syntax';

/**
 * A parameter of a function a project's own code defines: its name, its position, the key it is
 * destructured from (`function f({ name })` reads `name` of the first argument) and its written type (Go).
 */
export interface Parameter {
  readonly name: string;
  readonly index: number;
  readonly key?: string;
  readonly type?: string;
}

/** A plainly named function of the file (not a method: its call sites name no receiver we could follow). */
export interface ProjectFunction {
  readonly node: SyntaxNode;
  readonly name: string;
  readonly parameters: readonly Parameter[];
}

/** The node types of the functions each family's wrappers are read from. */
export const FUNCTION_TYPES: Readonly<Partial<Record<CodeFamily, readonly string[]>>> = {
  js: ['function_declaration', 'generator_function_declaration', 'arrow_function', 'function_expression'],
  python: ['function_definition'],
  go: ['function_declaration'],
};

/** The function a node of one of `FUNCTION_TYPES` defines, or undefined when it has no name a call can use. */
export function projectFunction(node: SyntaxNode, family: CodeFamily): ProjectFunction | undefined {
  const name = functionName(node, family);
  if (name === undefined) return undefined;
  return { node, name, parameters: functionParameters(node, family) };
}

/** The parameters of a function of one of `FUNCTION_TYPES`, named or not (a callback's `(tool) => ...`). */
export function functionParameters(node: SyntaxNode, family: CodeFamily): Parameter[] {
  const list = node.childForFieldName('parameters') ?? node.childForFieldName('parameter');
  if (!list) return [];
  if (list.type === 'identifier') return [{ name: list.text, index: 0 }];
  const parameters: Parameter[] = [];
  let index = 0;
  for (const child of list.namedChildren) {
    if (!child || child.type === 'comment') continue;
    if (family === 'go') {
      // `name, description string`: one declaration, several positions.
      const type = child.childForFieldName('type')?.text.replace(/\s+/g, '');
      const names = child.namedChildren.filter((n): n is SyntaxNode => n?.type === 'identifier');
      if (names.length === 0) index++;
      for (const n of names) parameters.push({ name: n.text, index: index++, ...(type ? { type } : {}) });
      continue;
    }
    parameters.push(...parametersOf(child, index, family));
    index++;
  }
  return parameters;
}

function functionName(node: SyntaxNode, family: CodeFamily): string | undefined {
  const own = node.childForFieldName('name');
  if (own?.type === 'identifier') {
    // A Python method is called on its object (`self.register(...)`), which no pattern follows.
    // (`@classmethod`, `@pytest.mark.parametrize`: through the decorated definition).
    const holder = node.parent?.type === 'decorated_definition' ? node.parent.parent : node.parent;
    if (family === 'python' && holder?.parent?.type === 'class_definition') return undefined;
    return own.text;
  }
  if (family !== 'js') return undefined;
  // `const register = (server, name) => ...`: the binding names it.
  const binding = node.parent?.type === 'variable_declarator' ? node.parent.childForFieldName('name') : null;
  return binding?.type === 'identifier' ? binding.text : undefined;
}

/** The names one parameter node binds: a plain name, or the keys of a destructured object. */
function parametersOf(node: SyntaxNode, index: number, family: CodeFamily): Parameter[] {
  let pattern: SyntaxNode | null = node;
  if (family === 'python') {
    if (node.type === 'identifier') return [{ name: node.text, index }];
    const name = node.type === 'typed_parameter' ? node.namedChildren[0] : node.childForFieldName('name');
    return name?.type === 'identifier' ? [{ name: name.text, index }] : [];
  }
  if (node.type === 'required_parameter' || node.type === 'optional_parameter')
    pattern = node.childForFieldName('pattern');
  if (pattern?.type === 'assignment_pattern') pattern = pattern.childForFieldName('left');
  if (pattern?.type === 'identifier') return [{ name: pattern.text, index }];
  if (pattern?.type !== 'object_pattern') return [];
  const found: Parameter[] = [];
  for (const property of pattern.namedChildren) {
    if (!property) continue;
    const shorthand = property.type === 'object_assignment_pattern' ? property.childForFieldName('left') : property;
    if (shorthand?.type === 'shorthand_property_identifier_pattern')
      found.push({ name: shorthand.text, index, key: shorthand.text });
    else if (property.type === 'pair_pattern') {
      const key = property.childForFieldName('key');
      const value = property.childForFieldName('value');
      if (key?.type === 'property_identifier' && value?.type === 'identifier')
        found.push({ name: value.text, index, key: key.text });
    }
  }
  return found;
}
