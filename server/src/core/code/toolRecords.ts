import type { OffsetRange } from '../json/ranges';
import type { Dialect } from './dialect';
import type { SyntaxNode } from './syntax';

/** One key of a tools record: the tool's name (the key as written) and where a fix writes a new one. */
export interface RecordKey {
  readonly name: { readonly value: string; readonly range: OffsetRange };
  readonly extent: OffsetRange;
  /**
   * A shorthand key (`{ weatherTool }`) is also the variable the value comes from: a new name is
   * written before it (`{ "weather_tool": weatherTool }`), never over it.
   */
  readonly insertion?: { readonly offset: number; readonly before: string; readonly after: string };
}

/**
 * The keys of a tools record (`{ weatherTool, get_time: timeTool, [NAME]: x, ...others }`). A
 * spread adds tools made elsewhere (an MCP client's, another record's), which are read where they
 * are made, if anywhere; a computed key names its tool when it is a constant of the file (`[NAME]`), else it is computed.
 */
export function recordKeys(
  record: SyntaxNode,
  dialect: Dialect,
  nameOf: (node: SyntaxNode) => RecordKey['name'] | undefined,
): { readonly keys: RecordKey[]; readonly computed: OffsetRange[] } {
  const keys: RecordKey[] = [];
  const computed: OffsetRange[] = [];
  for (const child of record.namedChildren) {
    if (!child) continue;
    const extent = { start: child.startIndex, end: child.endIndex };
    if (child.type === 'shorthand_property_identifier') {
      keys.push({
        name: { value: child.text, range: extent },
        extent,
        insertion: { offset: child.startIndex, before: '', after: ': ' },
      });
      continue;
    }
    if (child.type !== 'pair') continue;
    const key = child.childForFieldName('key');
    if (!key || isProviderTool(child.childForFieldName('value'))) continue;
    const range = { start: key.startIndex, end: key.endIndex };
    if (key.type === 'computed_property_name') {
      // `[NAME]: x` with a constant of the file is that constant's name.
      const inner = key.namedChildren[0];
      const name = inner ? nameOf(inner) : undefined;
      if (name) keys.push({ name, extent });
      else computed.push(range);
      continue;
    }
    const value = key.type === 'property_identifier' ? key.text : dialect.string(key);
    if (value === undefined) computed.push(range);
    else keys.push({ name: { value, range }, extent });
  }
  return { keys, computed };
}

/**
 * A provider-defined tool made by its provider's factory (`openai.tools.toolSearch()`,
 * `anthropic.tools.webSearch_20250305()`, `google.tools.googleSearch()`): the provider sends it as its
 * own tool type under its own name, whatever its key (`{ type: "tool_search" }`; vercel/ai @ed857f50
 * packages/openai/src/responses/openai-responses-prepare-tools.ts), so the key names no function
 * on the wire and is not read. OpenAI's custom tool is the one sent under its key (`{ type: "custom",
 * name }`, the same file's `openai.custom` case): that key is read.
 */
function isProviderTool(value: SyntaxNode | null): boolean {
  const callee = value?.type === 'call_expression' ? value.childForFieldName('function') : null;
  const owner = callee?.type === 'member_expression' ? callee.childForFieldName('object') : null;
  if (owner?.type !== 'member_expression' || owner.childForFieldName('property')?.text !== 'tools') return false;
  return callee!.childForFieldName('property')?.text !== 'customTool';
}

/** The node types of a function written in place. */
const FUNCTIONS: ReadonlySet<string> = new Set(['arrow_function', 'function_expression', 'function']);
/** Whatever a `return` inside belongs to: a function of any kind. */
const OWN_RETURNS: ReadonlySet<string> = new Set([
  ...FUNCTIONS,
  'function_declaration',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
]);

/**
 * The record a function written as the tools returns (Mastra's dynamic tools, `tools: ({
 * runtimeContext }) => ({ weatherTool })`: since mastra 0.9.0 an agent's fields may be functions of
 * the request's context, mastra.ai/blog/dynamic-agents): its one object literal, the arrow's body
 * or its only `return`, whose keys are sent as a written record's are. A function with two returns may hand
 * either record (by role, by tier), so it, and any other, stands for none: not read.
 */
export function returnedRecord(fn: SyntaxNode): SyntaxNode | undefined {
  if (!FUNCTIONS.has(fn.type)) return undefined;
  const body = fn.childForFieldName('body');
  const inner = (node: SyntaxNode | null | undefined) => {
    let current = node ?? undefined;
    while (current?.type === 'parenthesized_expression') current = current.namedChildren[0] ?? undefined;
    return current;
  };
  if (body?.type !== 'statement_block') return inner(body)?.type === 'object' ? inner(body) : undefined;
  // A return of a function nested in this one is that function's (nodes are compared by place: a
  // tree's node objects are made anew on each access).
  const returns = body.descendantsOfType('return_statement').filter((r): r is SyntaxNode => {
    for (let up = r?.parent; up; up = up.parent)
      if (OWN_RETURNS.has(up.type)) return up.startIndex === fn.startIndex && up.endIndex === fn.endIndex;
    return false;
  });
  const value = returns.length === 1 ? inner(returns[0]!.namedChildren[0]) : undefined;
  return value?.type === 'object' ? value : undefined;
}
