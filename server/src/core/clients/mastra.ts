import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * Mastra's MCP client (`@mastra/mcp` with `@mastra/core`), used as `new Agent({ tools: await
 * mcp.listTools() })`. Each server's tools are read into an object by MCP name, skipping a tool
 * without one (`tools()`: `if (mastraTool && tool.name) toolsRes[tool.name] = …`); `listTools`
 * then keys every server's tools as `<server>_<tool>` into one object, servers in configuration
 * order. The agent sends each key as the function name, unmapped and uncut. A key assigned twice
 * (one name twice on a server, or `a` + `b_c` and `a_b` + `c`) keeps the tool assigned last: the
 * other is lost without a word. Held against the package itself by test/core/mastraOracle.test.ts.
 * `listToolsets()` (per-request toolsets, unprefixed names) is another path, not modelled.
 */
export const mastra: ClientRule = {
  label: 'Mastra',
  version: '@mastra/mcp 2.0.0 with @mastra/core 1.71.0',
  sources: [
    '@mastra/mcp 2.0.0 (npm) dist/index.js (InternalMastraMCPClient.tools, MCPClient.listToolsWithErrors, discoverAcrossServers)',
    '@mastra/core 1.71.0 (npm) dist/agent-*.js (tools keyed by name into makeCoreTool)',
  ],
  // Mastra runs on any model; OpenAI's rule is the one a name must meet there, as for LangChain.
  provider: 'openai',
  shape: '<server>_<tool> as written; the last of one key wins',
  ...byName({
    names: (tools) => tools.map((t) => (t.tool.length === 0 ? null : `${t.server}_${t.tool}`)),
    keepsApart: true,
    preset: (tool) =>
      tool.tool.length === 0 ? { fate: 'dropped', reason: 'Mastra skips a tool without a name' } : undefined,
    provider: 'openai',
    onShared: (members) => ({
      survivor: members[members.length - 1],
      fate: 'dropped',
      reason:
        'Mastra keys tools by <server>_<tool> in one object: the tool assigned last replaces the others, which are lost without a word',
    }),
  }),
};
