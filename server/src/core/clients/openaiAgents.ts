import type { ClientRule } from './model';
import { asWritten, byName } from './shared';

/**
 * OpenAI Agents SDK (Python) with MCP servers: by default an MCP tool's name is sent verbatim
 * (so a dotted name fails at OpenAI), and two servers exposing one name make the run fail
 * ("Duplicate tool names found across MCP servers"). MCPUtil does not check one server's own
 * duplicates; since v0.19.3 (#4137) the run resolves them before the request: it logs a warning and
 * keeps the last (`tool_name_collision_policy="warn"`, the default). Handoffs and agents-as-tools
 * get `transform_string_function_style` (see `handoffToolName`).
 */
export const openaiAgents: ClientRule = {
  label: 'OpenAI Agents SDK',
  version: 'v0.22.0',
  sources: [
    'openai/openai-agents-python src/agents/mcp/util.py @7f7a44f8 (get_all_function_tools)',
    'openai/openai-agents-python src/agents/_tool_identity.py @7f7a44f8 (resolve_tool_name_collisions, since v0.19.3)',
    'openai/openai-agents-python src/agents/util/_transforms.py',
    'openai/openai-agents-python#4118, #4137',
  ],
  provider: 'openai',
  shape: '<tool> as written; one name on two servers fails the run, twice on one server keeps the last',
  ...byName({
    names: asWritten,
    keepsApart: true,
    provider: 'openai',
    onShared(members, tools) {
      const servers = new Set(members.map((m) => tools[m]!.server));
      return servers.size > 1
        ? {
            fate: 'request-fails',
            reason: 'the SDK raises UserError("Duplicate tool names found across MCP servers") before any request',
          }
        : {
            survivor: members[members.length - 1]!,
            fate: 'dropped',
            reason: 'the run logs "Tool name collision detected" and keeps only the last tool of that name',
          };
    },
  }),
};

/**
 * `transform_string_function_style`: whitespace and anything outside [a-zA-Z0-9_] become `_`
 * (per code point), then lower-case. "Billing Agent", "billing agent", "Billing-Agent" and
 * "billing.agent" all become `transfer_to_billing_agent`.
 */
function transformStringFunctionStyle(name: string): string {
  let out = '';
  for (const char of name) out += /^[a-zA-Z0-9_]$/.test(char) ? char : '_';
  return out.toLowerCase();
}

export function handoffToolName(agentName: string): string {
  return transformStringFunctionStyle(`transfer_to_${agentName}`);
}
