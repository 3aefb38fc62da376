import type { ClientRule } from './model';
import { byName } from './shared';

const MAX_LENGTH = 64;

/**
 * LiteLLM's MCP gateway, BerriAI/litellm `litellm/proxy/_experimental/mcp_server/utils.py`
 * (add_server_prefix_to_name): `<server>-<tool>`, spaces in the server name (or alias) become `_`,
 * the tool is not mapped. Since #32319 a tool whose prefixed name is over 64 is excluded from the
 * listing ("whose name exceeds 64 characters … Excluding them from tool listings").
 */
export const litellm: ClientRule = {
  label: 'LiteLLM MCP gateway',
  version: 'main @017c0994 with #32319 (2026-07)',
  sources: [
    'BerriAI/litellm litellm/proxy/_experimental/mcp_server/utils.py @017c0994 (MCP_TOOL_PREFIX_SEPARATOR "-", normalize_server_name)',
    'BerriAI/litellm#32319 (exclude tools whose prefixed name exceeds 64; LITELLM_MCP_MAX_TOOL_NAME_LENGTH)',
  ],
  provider: 'openai',
  shape: '<server, spaces as _>-<tool>; over 64 left out',
  ...byName({
    names: (tools) => tools.map((t) => `${t.server.replace(/ /g, '_')}-${t.tool}`),
    preset(_tool, _index, name) {
      // Python counts code points.
      const length = [...(name ?? '')].length;
      return length > MAX_LENGTH
        ? {
            wireName: null,
            fate: 'dropped',
            reason: `its prefixed name ${name} is ${length} characters; LiteLLM excludes names over ${MAX_LENGTH} from tool listings`,
          }
        : undefined;
    },
    provider: 'openai',
    onShared: () => ({ reason: 'LiteLLM is not known to check duplicates; what it sends then is unconfirmed' }),
  }),
};
