import type { Node } from 'jsonc-parser';
import { parseJsonTree } from '../json/tree';
import type { ClientId } from '../clients/profiles';
import { parentOf } from '../config/discover';

/**
 * MCP client configuration files a workspace may hold, the client each configures, and the key
 * listing its servers. A file found here enables that client and says which servers it sends
 * together. (Claude Desktop's file lives in the user's home; when a workspace holds a copy, its
 * server names are used, but it enables no profile: Claude Desktop is not modelled.)
 */
export const MCP_CLIENT_CONFIGS: ReadonlyArray<{
  readonly path: string;
  readonly client: ClientId | undefined;
  readonly key: string;
}> = [
  { path: '.vscode/mcp.json', client: 'vscode', key: 'servers' },
  { path: '.cursor/mcp.json', client: 'cursor', key: 'mcpServers' },
  { path: '.mcp.json', client: 'claude-code', key: 'mcpServers' },
  { path: '.gemini/settings.json', client: 'gemini-cli', key: 'mcpServers' },
  { path: 'claude_desktop_config.json', client: undefined, key: 'mcpServers' },
];

/**
 * The folder whose MCP client configurations apply to a document with no `.toolwire.json`: the
 * nearest one, from the document's folder upward, that holds any of `MCP_CLIENT_CONFIGS`, as
 * `.toolwire.json` is the nearest one above. The walk stops at `stopAt` (the editor's workspace
 * folder) or the root. The editor and the CLI both ask this, so `check PATH` finds what the editor
 * finds, from whichever folder it runs. Undefined when no folder on the way holds one.
 */
export function clientConfigFolder(
  path: string,
  host: { readFile(path: string): string | undefined },
  stopAt?: string,
): string | undefined {
  let folder = parentOf(path);
  for (;;) {
    const prefix = folder === '/' ? '' : folder;
    if (MCP_CLIENT_CONFIGS.some((c) => host.readFile(`${prefix}/${c.path}`) !== undefined)) return folder;
    if (folder === stopAt || folder === '/' || folder === '') return undefined;
    const up = parentOf(folder);
    if (up === folder) return undefined;
    folder = up;
  }
}

export interface McpClientConfig {
  readonly path: string;
  readonly client: ClientId | undefined;
  /** Server names, in the file's order. */
  readonly servers: readonly string[];
  /** Per server: the strings that launch it (`command`, `args`, `cwd`), where a path to its code may be. */
  readonly launch: ReadonlyMap<string, readonly string[]>;
}

/** Reads the server names of one MCP client config (JSONC; never throws; a broken file lists none). */
export function readMcpClientConfig(
  path: string,
  client: ClientId | undefined,
  key: string,
  text: string,
): McpClientConfig {
  const root = parseJsonTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const entries =
    root?.type === 'object'
      ? objectEntries(root.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1])
      : [];
  const launch = new Map(entries.map(([name, value]) => [name, launchStrings(value)] as const));
  return { path, client, servers: entries.map(([name]) => name), launch };
}

function objectEntries(node: Node | undefined): Array<[string, Node | undefined]> {
  if (node?.type !== 'object') return [];
  return (node.children ?? []).flatMap((prop) => {
    const key = prop.children?.[0]?.value;
    return typeof key === 'string' ? [[key, prop.children?.[1]] as [string, Node | undefined]] : [];
  });
}

function launchStrings(entry: Node | undefined): string[] {
  if (entry?.type !== 'object') return [];
  const out: string[] = [];
  for (const prop of entry.children ?? []) {
    const [keyNode, value] = prop.children ?? [];
    if (!keyNode || !value || !['command', 'args', 'cwd'].includes(String(keyNode.value))) continue;
    for (const node of value.type === 'array' ? (value.children ?? []) : [value])
      if (node.type === 'string') out.push(node.value as string);
  }
  return out;
}
