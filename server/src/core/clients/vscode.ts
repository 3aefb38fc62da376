import type { ClientProfile } from './model';
import { outcomes } from './shared';

const PREFIX = 'mcp_';
const MAX_PREFIX_LENGTH = 18;
const MAX_LENGTH = 64;

/**
 * VS Code (Copilot Chat MCP), microsoft/vscode `mcpServer.ts` McpPrefixGenerator (after #299749)
 * and `mcpTypes.ts` McpToolName. The label is the server's name (the mcp.json key until the
 * server announces its own). JavaScript regexes without the `u` flag: an emoji is two `_`.
 */
export const vscode: ClientProfile = {
  id: 'vscode',
  label: 'VS Code (Copilot Chat)',
  version: 'main @0052d689 (2026)',
  sources: [
    'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpPrefixGenerator, McpTool)',
    'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpTypes.ts (McpToolName: Prefix mcp_, MaxPrefixLen 18, MaxLength 64)',
  ],
  provider: 'openai',
  shape: 'mcp_ + label (lower-cased, cut to 13, numbered when taken) + _ + tool, cut to 64',
  rewrite(tools) {
    const prefixes = prefixesFor(tools.map((t) => t.server));
    const names = tools.map((t) => {
      const tool = t.tool.replace(/[^a-z0-9_-]/gi, '_');
      return (prefixes.get(t.server)! + tool).replace(/\./g, '_').slice(0, MAX_LENGTH);
    });
    return outcomes(tools, names, undefined, (members) => {
      // registerToolData throws `Tool "…" is already registered.`: the tool registered last in
      // VS Code's sorted pass is the one that stays.
      const survivor = [...members].sort((a, b) => tools[a]!.tool.localeCompare(tools[b]!.tool)).pop()!;
      return { survivor, fate: 'dropped', reason: 'VS Code refuses a second tool with the same id ("Tool … is already registered.") and the tool is lost' };
    });
  },
};

/** One prefix per server, in order: buckets keyed by the safe label, lowest free index first. */
export function prefixesFor(servers: readonly string[]): Map<string, string> {
  const prefixes = new Map<string, string>();
  const used = new Map<string, number>();
  for (const server of servers) {
    if (prefixes.has(server)) continue;
    const safe = server.toLowerCase().replace(/[^a-z0-9_.-]+/g, '_').slice(0, MAX_PREFIX_LENGTH - PREFIX.length - 1);
    const index = (used.get(safe) ?? 0) + 1;
    used.set(safe, index);
    const suffix = `${index === 1 ? '' : String(index)}_`;
    prefixes.set(server, PREFIX + safe.slice(0, MAX_PREFIX_LENGTH - PREFIX.length - suffix.length) + suffix);
  }
  return prefixes;
}
