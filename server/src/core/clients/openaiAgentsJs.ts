import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * OpenAI Agents SDK for JavaScript with MCP servers (`@openai/agents-core`). Unlike the Python SDK
 * it rewrites names: an MCP tool becomes a function tool through `tool()`, whose
 * `toFunctionToolName` maps whitespace and every UTF-16 code unit outside [a-zA-Z0-9] to `_` (so an
 * emoji becomes `__`; an empty name becomes `invoke`). `getAllMcpTools` then fails the run on any name
 * the converted tools share, on one server or across servers ("Duplicate tool names found across
 * MCP servers"): `a.b` and `a_b` end it before any request. Held against the package itself by
 * test/core/clientOracles.test.ts.
 */
export const openaiAgentsJs: ClientRule = {
  label: 'OpenAI Agents SDK (JavaScript)',
  version: '@openai/agents-core 0.20.0',
  sources: [
    '@openai/agents-core 0.20.0 (npm) dist/mcp.js (getAllMcpTools, findDuplicateToolNames, mcpToFunctionTool)',
    '@openai/agents-core 0.20.0 (npm) dist/utils/tools.js (toFunctionToolName)',
    'openai/openai-agents-js packages/agents-core/test/utils/tools.test.ts @6d0c61a5',
  ],
  provider: 'openai',
  shape: '<tool> with every character outside [a-zA-Z0-9] as _; a name two tools share fails the run',
  ...byName({
    // An empty name is falsy to `tool()`, which then names the tool after its `execute` function:
    // `mcpToFunctionTool`'s `invoke`.
    names: (tools) => tools.map((t) => (t.tool.length === 0 ? 'invoke' : toFunctionToolName(t.tool))),
    provider: 'openai',
    onShared: () => ({
      fate: 'request-fails',
      reason: 'the SDK raises UserError("Duplicate tool names found across MCP servers") before any request',
    }),
  }),
};

/** `toFunctionToolName`: whitespace, then any UTF-16 code unit outside [a-zA-Z0-9], become `_`. */
function toFunctionToolName(name: string): string {
  return name.replace(/\s/g, '_').replace(/[^a-zA-Z0-9]/g, '_');
}
