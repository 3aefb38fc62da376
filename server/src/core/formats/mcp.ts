import type { RequestBody, ToolDeclaration } from './model';
import { anchorRange, declaration, elements, type Located } from './sites';

/**
 * MCP `tools/list` results (bare, inside a JSON-RPC envelope, or a captured `{server_info, tools}`)
 * and generic tool arrays `[{name, parameters|input_schema|inputSchema}]`: every object is a tool.
 */
export function extractNamedObjects(request: Located | undefined, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    if (tool.node.type === 'object') declarations.push(declaration(tool, tool));
  }
  return {
    declarations,
    references: [],
    anchorRange: anchorRange(tools.node, tools.base),
    pointer: request?.pointer ?? tools.pointer,
  };
}

/** One tool per file (the GitHub MCP server's `__toolsnaps__`, a single function definition). */
export function extractSingleTool(tool: Located): RequestBody {
  return {
    declarations: [declaration(tool, tool)],
    references: [],
    anchorRange: anchorRange(tool.node, tool.base),
    pointer: tool.pointer,
  };
}
