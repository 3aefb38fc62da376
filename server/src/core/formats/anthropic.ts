import type { RequestBody, ToolDeclaration, ToolReference } from './model';
import { anchorRange, child, declaration, elements, pushDefined, reference, typeOf, type Located } from './sites';

/**
 * Anthropic Messages: `tools[]` of `{name, input_schema}` (server tools such as
 * `{type:"web_search_20250305", name:"web_search"}` have names too, and share the namespace:
 * the API rejects duplicates across both); `tool_choice {type:"tool", name}`; replayed
 * `messages[].content[]` blocks `{type:"tool_use", name}`.
 */
export function extractAnthropic(request: Located | undefined, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    if (tool.node.type === 'object' && !isToolset(tool)) declarations.push(declaration(tool, tool));
  }
  const references: ToolReference[] = [];
  if (request) {
    const choice = child(request, 'tool_choice');
    if (choice && typeOf(choice) === 'tool')
      pushDefined(references, reference(choice, 'name', 'choice', 'tool_choice'));
    for (const [i, message] of elements(child(request, 'messages')).entries()) {
      for (const [j, block] of elements(child(message, 'content')).entries()) {
        const type = typeOf(block);
        if (type === 'tool_use' || type === 'server_tool_use') {
          pushDefined(references, reference(block, 'name', 'history', `messages[${i}].content[${j}]`));
        }
      }
    }
  }
  return {
    declarations,
    references,
    anchorRange: anchorRange(tools.node, tools.base),
    pointer: request?.pointer ?? tools.pointer,
  };
}

/**
 * A toolset entry with no name of its own: the MCP connector's `{ type: "mcp_toolset",
 * mcp_server_name }` (the server's tools, listed at run time) and Managed Agents' `{ type:
 * "agent_toolset_20260401" }` (the built-in tools; anthropic-sdk-typescript @bfa9197f
 * `examples/agents-comprehensive.ts`). It declares no tool, so it lacks no name.
 */
function isToolset(tool: Located): boolean {
  const type = typeOf(tool);
  return type !== undefined && /(^|_)toolset(_\d+)?$/.test(type) && child(tool, 'name') === undefined;
}
