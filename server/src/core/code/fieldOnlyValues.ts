import { tableCase } from './goTableCases';
import type { Scopes } from './scopes';
import { FUNCTION_SCOPES } from './serverBindings';
import type { SyntaxNode } from './syntax';

/**
 * Go tool values bound to a name whose function only reads fields of it: built to borrow a part,
 * never handed to a server (mcp-go's own tests: `template := mcp.NewTool("compute_weather",
 * mcp.WithOutputSchema[T]())`, then `tool.OutputSchema = template.OutputSchema` for the tool that is
 * registered), or named only in a table test's cases. Such a value travels alone; any other bare use of the name (`s.AddTool(template, h)`,
 * `&template`, `tools = append(tools, template)`) keeps it the function's. Each function's
 * identifiers are read once, whatever number of bound tools it holds.
 */
export class FieldOnlyValues {
  /** A function's start → the names it uses bare somewhere (not as a declaration's left side, not as `x.Field`). */
  private readonly bare = new Map<number, Set<string>>();

  constructor(private readonly scopes: Scopes) {}

  /** Whether the value bound to `name` at `value` is only read field by field in its function. */
  fieldOnly(value: SyntaxNode, name: string): boolean {
    const fn = this.scopes.around(value).find((scope) => FUNCTION_SCOPES.has(scope.type));
    if (!fn) return false;
    let names = this.bare.get(fn.start);
    if (!names) {
      names = bareNames(fn.node);
      this.bare.set(fn.start, names);
    }
    return !names.has(name);
  }
}

/**
 * The identifiers a function uses other than as a field's operand, a short declaration's target or
 * in a table test's cases (`{want: tool1}`, `tools: []*Tool{tool1}`: each case runs on its own, so a
 * value named only there travels with no other).
 */
function bareNames(fn: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const identifier of fn.descendantsOfType('identifier')) {
    if (!identifier || tableCase(identifier)) continue;
    const parent = identifier.parent;
    if (
      parent?.type === 'selector_expression' &&
      parent.childForFieldName('operand')?.startIndex === identifier.startIndex
    )
      continue;
    const statement = parent?.type === 'expression_list' ? parent.parent : null;
    if (
      statement?.type === 'short_var_declaration' &&
      statement.childForFieldName('left')?.startIndex === parent!.startIndex
    )
      continue;
    out.add(identifier.text);
  }
  return out;
}
