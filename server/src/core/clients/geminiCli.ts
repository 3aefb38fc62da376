import type { ClientRule } from './model';
import { byName } from './shared';

const SAFE_LIMIT = 63;

/**
 * Gemini CLI v0.33.0 to v0.61.0, `packages/core/src/tools/mcp-tool.ts` generateValidName: `mcp_` +
 * `<server>_<tool>`, `[^a-zA-Z0-9_\-.:]` → `_` (per UTF-16 unit), `_` first when the first
 * character is not a letter or `_`, and over 63 a middle cut: first 30 + `...` + last 30.
 * The tool registry is a Map: a later registration of the same name overwrites the earlier one,
 * so exactly one tool of a shared name survives, the one registered last. Servers are discovered
 * in parallel (`Promise.all` over `mcpServers`), so which registers last is a race; toolwire takes
 * configuration order, then each server's `tools/list` order.
 */
export const geminiCli: ClientRule = {
  label: 'Gemini CLI',
  version: 'v0.33.0 to v0.61.0 (@5411f113)',
  sources: [
    'google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts @5411f113 (generateValidName) and mcp-tool.test.ts',
    'google-gemini/gemini-cli packages/core/src/tools/tool-registry.ts @5411f113 (registerTool: "already registered. Overwriting.")',
    'google-gemini/gemini-cli packages/core/src/tools/mcp-client-manager.ts @5411f113 (startConfiguredMcpServers: Promise.all)',
    'google-gemini/gemini-cli#20987',
    '@google/gemini-cli-core 0.61.0 (npm) dist/src/tools/mcp-tool.js (generateValidName) and tool-registry.js, checked once against the generated servers of the client oracles',
  ],
  provider: 'gemini',
  shape: 'mcp_<server>_<tool>, outside [a-zA-Z0-9_.:-] becomes _, over 63: first 30 + ... + last 30',
  ...byName({
    names: (tools) => tools.map((t) => generateValidName(`${t.server}_${t.tool}`)),
    provider: 'gemini',
    onShared: (members) => ({
      survivor: members[members.length - 1],
      fate: 'dropped',
      reason:
        'Gemini CLI registers tools in a map by name ("Tool with name … is already registered. Overwriting."): the one registered last stays, the others are lost',
    }),
  }),
};

function generateValidName(name: string): string {
  let valid = name.startsWith('mcp_') ? name : `mcp_${name}`;
  valid = valid.replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  if (/^[^a-zA-Z_]/.test(valid)) valid = `_${valid}`;
  if (valid.length > SAFE_LIMIT) valid = `${valid.slice(0, 30)}...${valid.slice(-30)}`;
  return valid;
}
