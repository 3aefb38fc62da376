import type { Dialect } from './dialect';
import type { Scopes } from './scopes';
import { argumentHolder, FUNCTION_SCOPES } from './serverBindings';
import type { SyntaxNode } from './syntax';

/**
 * Go tool values bound to a name and handed on by that name to a tool method in their function
 * (`tools := []server.ServerTool{...}` then `s.AddTools(tools...)`; `tool := mcp.NewTool("x")`
 * then `s.AddTool(tool, h)`; `mcp.AddTool(server, &tool, h)`): such a value is that call's, as if
 * written in its argument, so it is censused with the server the call is on. A name handed to two
 * tool calls (two servers, or a server and a session) is neither's: the value stays its function's.
 * Calls in closures inside the function count (`assert.Panics(t, func() { s.AddTools(tools...) })`).
 * Each function's calls are read once, whatever number of bound tools it holds.
 */
export class HandedOnValues {
  /** A function's start → each name handed to one tool call → that call's argument; null: handed to several. */
  private readonly uses = new Map<number, Map<string, SyntaxNode | null>>();

  constructor(
    private readonly scopes: Scopes,
    private readonly dialect: Dialect,
  ) {}

  /** The argument (`tools...`, `&tool`, `tool`) by which the value bound to `name` at `value` is handed to a tool method, if one. */
  argumentOf(value: SyntaxNode, name: string): SyntaxNode | undefined {
    const fn = this.scopes.around(value).find((scope) => FUNCTION_SCOPES.has(scope.type));
    if (!fn) return undefined;
    let table = this.uses.get(fn.start);
    if (!table) {
      table = handedOn(fn.node, this.dialect);
      this.uses.set(fn.start, table);
    }
    const argument = table.get(name);
    // The value itself is no use of its name (`s.AddTool(tool := ...)` is not Go, but stay exact).
    return argument && (argument.endIndex <= value.startIndex || argument.startIndex >= value.endIndex)
      ? argument
      : undefined;
  }
}

/**
 * The name a Go value is bound to, and the node so bound: the value itself (`tools := []T{...}`,
 * `tool := mcp.NewTool(...)`), or the `append` call that adds it to a slice of that name
 * (`tools = append(tools, server.ServerTool{...})`).
 */
export function boundName(
  value: SyntaxNode,
  dialect: Dialect,
): { readonly name: string; readonly at: SyntaxNode } | undefined {
  const own = dialect.bindingOf(value);
  if (own !== undefined) return { name: own, at: value };
  const call = argumentHolder(value);
  const callee = call ? dialect.callee(call) : undefined;
  const slice = call ? dialect.args(call)[0] : undefined;
  if (!call || callee?.text !== 'append' || slice?.type !== 'identifier' || slice.startIndex === value.startIndex)
    return undefined;
  return dialect.bindingOf(call) === slice.text ? { name: slice.text, at: call } : undefined;
}

/** The names a function hands bare to calls of a method named for tools (`AddTool`, `AddTools`, `AddSessionTool`). */
function handedOn(fn: SyntaxNode, dialect: Dialect): Map<string, SyntaxNode | null> {
  const out = new Map<string, SyntaxNode | null>();
  for (const call of fn.descendantsOfType(dialect.callTypes)) {
    const callee = call ? dialect.callee(call) : undefined;
    const member = callee ? dialect.member(callee) : undefined;
    if (!call || !member || !/tool/i.test(member.name)) continue;
    for (const argument of dialect.args(call)) {
      const name = bareName(argument);
      if (name !== undefined) out.set(name, out.has(name) ? null : argument);
    }
  }
  return out;
}

/** The name an argument is, past `...` and `&`: `tools...`, `&tool`, `tool`. */
function bareName(argument: SyntaxNode): string | undefined {
  let node: SyntaxNode | null | undefined = argument;
  if (node.type === 'variadic_argument') node = node.namedChildren[0];
  if (node?.type === 'unary_expression' && node.text.startsWith('&')) node = node.childForFieldName('operand');
  return node?.type === 'identifier' ? node.text : undefined;
}
