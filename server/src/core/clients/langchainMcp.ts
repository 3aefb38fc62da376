import type { ClientRule } from './model';
import { asWritten, byName } from './shared';

/**
 * LangChain MCP adapters, langchain-ai/langchain-mcp-adapters `langchain_mcp_adapters/tools.py`
 * and `client.py` (MultiServerMCPClient.get_tools): by default a tool keeps its MCP name as written
 * (`tool_name_prefix=True` gives `<server>_<tool>`), and tools of every server are returned in one
 * list with no duplicate check. A dotted name then fails at an OpenAI model.
 */
export const langchainMcp: ClientRule = {
  label: 'LangChain MCP adapters',
  version: 'langchain-mcp-adapters 0.3.2 (@cc0f2843)',
  sources: [
    'langchain-ai/langchain-mcp-adapters langchain_mcp_adapters/tools.py @cc0f2843 (tool_name_prefix)',
    'langchain-ai/langchain-mcp-adapters langchain_mcp_adapters/client.py @cc0f2843 (get_tools)',
    'langchain-ai/langchain-mcp-adapters tests/test_tools.py (weather_search, flights_search)',
  ],
  // Both are returned (confirmed); what the model and the agent then do is not.
  unconfirmed: ['client-collision'],
  provider: 'openai',
  shape: '<tool> as written (default; tool_name_prefix=True gives <server>_<tool>)',
  ...byName({
    names: asWritten,
    keepsApart: true,
    provider: 'openai',
    onShared: () => ({
      reason: 'the adapters return both tools; what the model and the agent do with one name twice is unconfirmed',
    }),
  }),
};
