import type { ClientRule } from './model';
import { byName } from './shared';

/** `MCP_TOOL_PREFIX_SEPARATOR`'s default: the prefix's separator, which a server name may not hold. */
const SEPARATOR = '-';

/**
 * LiteLLM's MCP gateway, BerriAI/litellm `litellm/proxy/_experimental/mcp_server/utils.py`
 * (add_server_prefix_to_name): `<server>-<tool>`, spaces in the server name (or alias) become `_`,
 * the tool is not mapped, and nothing is cut: a prefixed name over the provider's limit is sent
 * and the provider rejects the request (an open pull request would leave such tools out; it is not
 * released, so it is not modelled). A server name holding the separator is refused when the config
 * is loaded (`validate_mcp_server_name`, called by `load_servers_from_config`), so none of that
 * server's tools reach the model.
 */
export const litellm: ClientRule = {
  label: 'LiteLLM MCP gateway',
  version: 'main @017c0994 (2026-07)',
  sources: [
    'BerriAI/litellm litellm/proxy/_experimental/mcp_server/utils.py @017c0994 (MCP_TOOL_PREFIX_SEPARATOR "-", normalize_server_name, validate_mcp_server_name)',
    'BerriAI/litellm litellm/proxy/_experimental/mcp_server/mcp_server_manager.py @017c0994 (load_servers_from_config validates every server name)',
    'BerriAI/litellm#12515 (server names may not contain "-"), #21074 (the UI blocks "-" in names and aliases)',
    'BerriAI/litellm#32319 (open, not modelled: would exclude prefixed names over 64 from listings)',
  ],
  // Duplicates: nothing in the gateway compares prefixed names; what the provider does is its own rule.
  unconfirmed: ['client-collision'],
  provider: 'openai',
  shape: '<server, spaces as _>-<tool>, never cut; a server name with "-" is refused',
  refusesServer,
  ...byName({
    names: (tools) => tools.map((t) => `${t.server.replace(/ /g, '_')}${SEPARATOR}${t.tool}`),
    keepsApart: true,
    preset: (tool) =>
      refusesServer(tool.server)
        ? {
            wireName: null,
            fate: 'dropped',
            // The server's name is the problem, not the tool's: no rename of a tool helps, so the
            // census and hover say it and no tool gets a finding of its own.
            collateral: true,
            reason: `LiteLLM refuses to load a server whose name contains '${SEPARATOR}' ("Server name cannot contain '${SEPARATOR}'"), so none of its tools are listed`,
          }
        : undefined,
    provider: 'openai',
    onShared: () => ({ reason: 'LiteLLM is not known to check duplicates; what it sends then is unconfirmed' }),
  }),
};

/** `validate_mcp_server_name`: the separator in a server's name keeps the whole server from loading. */
function refusesServer(server: string): boolean {
  return server.includes(SEPARATOR);
}
