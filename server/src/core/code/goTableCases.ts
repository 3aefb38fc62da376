import type { SyntaxNode } from './syntax';

/** The Go literal parts a value sits in up to its table (`literal_element`, `keyed_element`, ...). */
const LITERAL_PARTS: ReadonlySet<string> = new Set([
  'literal_element',
  'keyed_element',
  'literal_value',
  'composite_literal',
  'unary_expression',
]);

/** The most literal parts walked up: a case's tools sit a few literals deep (`pages: []page{{tools: []*Tool{t}}}`). */
const DEPTH = 32;

/**
 * The case of a Go table a node is written in: an element of a slice or map literal whose element
 * type is an anonymous struct (`tests := []struct{ tool *mcp.Tool }{{tool: &mcp.Tool{Name: "x"}}, ...}`,
 * `map[string]struct{...}{...}`), the form of a table-driven test, whose cases run one at a time.
 * undefined: in no such table.
 */
export function tableCase(node: SyntaxNode): SyntaxNode | undefined {
  let element: SyntaxNode | undefined;
  for (let up = node.parent, steps = 0; up && LITERAL_PARTS.has(up.type) && steps < DEPTH; up = up.parent, steps += 1) {
    if (up.type === 'literal_element' || up.type === 'keyed_element') element = up;
    if (up.type !== 'composite_literal' || !element) continue;
    const type = up.childForFieldName('type');
    const item =
      type?.type === 'slice_type' || type?.type === 'map_type'
        ? (type.childForFieldName('element') ?? type.childForFieldName('value'))
        : undefined;
    if (item?.type === 'struct_type' && element.parent?.startIndex === up.childForFieldName('body')?.startIndex)
      return element;
  }
  return undefined;
}
