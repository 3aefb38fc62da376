import type { Node } from 'jsonc-parser';
import { parseJsonTree } from '../json/tree';
import type { ClientId } from '../clients/model';

/**
 * MCP client configuration files a workspace may hold, the client each configures, and the key
 * listing its servers. A file found here enables that client and says which servers it sends
 * together. (Claude Desktop's file lives in the user's home; when a workspace holds a copy, its
 * server names are used, but it enables no profile: Claude Desktop is not modelled.)
 */
export const MCP_CLIENT_CONFIGS: ReadonlyArray<{ readonly path: string; readonly client: ClientId | undefined; readonly key: string }> = [
  { path: '.vscode/mcp.json', client: 'vscode', key: 'servers' },
  { path: '.cursor/mcp.json', client: 'cursor', key: 'mcpServers' },
  { path: '.mcp.json', client: 'claude-code', key: 'mcpServers' },
  { path: '.gemini/settings.json', client: 'gemini-cli', key: 'mcpServers' },
  { path: 'claude_desktop_config.json', client: undefined, key: 'mcpServers' },
];

export interface McpClientConfig {
  readonly path: string;
  readonly client: ClientId | undefined;
  /** Server names, in the file's order. */
  readonly servers: readonly string[];
}

/** Reads the server names of one MCP client config (JSONC; never throws; a broken file lists none). */
export function readMcpClientConfig(path: string, client: ClientId | undefined, key: string, text: string): McpClientConfig {
  const root = parseJsonTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const servers = root?.type === 'object' ? objectKeys(root.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1]) : [];
  return { path, client, servers };
}

function objectKeys(node: Node | undefined): string[] {
  if (!node || node.type !== 'object') return [];
  return (node.children ?? []).flatMap((prop) => {
    const key = prop.children?.[0]?.value;
    return typeof key === 'string' ? [key] : [];
  });
}
