import type { ClientProfile } from './model';
import { outcomes } from './shared';

/**
 * OpenAI Agents SDK (Python) with MCP servers: by default an MCP tool's name is sent verbatim
 * (so a dotted name fails at OpenAI), and two servers exposing one name make the run fail
 * ("Duplicate tool names found across MCP servers"). Duplicates inside one server are not checked.
 * Handoffs and agents-as-tools get `transform_string_function_style` (see `handoffToolName`).
 */
export const openaiAgents: ClientProfile = {
  id: 'openai-agents',
  label: 'OpenAI Agents SDK',
  version: 'v0.22.0',
  sources: ['openai/openai-agents-python src/agents/mcp/util.py', 'openai/openai-agents-python src/agents/util/_transforms.py', 'openai/openai-agents-python#4118, #4137'],
  provider: 'openai',
  shape: '<tool> as written; duplicates across servers fail the run',
  rewrite(tools) {
    return outcomes(tools, tools.map((t) => t.tool), 'openai', (members) => {
      const servers = new Set(members.map((m) => tools[m]!.server));
      return servers.size > 1
        ? { fate: 'request-fails', reason: 'the SDK raises UserError("Duplicate tool names found across MCP servers") before any request' }
        : { reason: 'the SDK sends both; a call reaches whichever the provider picks' };
    });
  },
};

/**
 * `transform_string_function_style`: whitespace and anything outside [a-zA-Z0-9_] become `_`
 * (per code point), then lower-case. "Billing Agent", "billing agent", "Billing-Agent" and
 * "billing.agent" all become `transfer_to_billing_agent`.
 */
export function transformStringFunctionStyle(name: string): string {
  let out = '';
  for (const char of name) out += /^[a-zA-Z0-9_]$/.test(char) ? char : '_';
  return out.toLowerCase();
}

export function handoffToolName(agentName: string): string {
  return transformStringFunctionStyle(`transfer_to_${agentName}`);
}
