import type { ClientCensusOptions, ForeignServer } from '../clients/census';
import type { ClientId } from '../clients/model';
import { matchesAny } from '../config/glob';
import type { ToolwireConfig } from '../config/model';
import type { OffsetRange } from '../json/ranges';
import { MCP_CLIENT_CONFIGS, readMcpClientConfig, type McpClientConfig } from './mcpClientConfigs';
import { serverNameFromPath } from './serverName';

/**
 * The workspace as the client census sees it, injected: file reads, a bounded file search, and
 * the tool names of a file (an adapter answers from its own caches and open documents).
 */
export interface WorkspaceHost {
  readFile(path: string): string | undefined;
  /** Files under `folder` (relative paths, `/` separators) matching the globs; node_modules and .git skipped. */
  findFiles(folder: string, globs: readonly string[]): readonly string[];
  /** The MCP tool names (with ranges) a file declares. */
  toolsOf(path: string): ReadonlyArray<{ readonly name: string; readonly range: OffsetRange }>;
}

export interface ClientContextInput {
  /** The document's path (`/` separators). */
  readonly path: string;
  /** The folder that holds `.toolwire.json` (or the workspace folder when there is none). */
  readonly folder: string;
  readonly config: ToolwireConfig | undefined;
  /** Clients enabled by the editor or the command line, when `.toolwire.json` names none. */
  readonly requestedClients?: readonly ClientId[];
}

/**
 * Who sends this document's tools, under which server name, together with which other servers
 * (issue #5). Enabled clients: `.toolwire.json` `clients`, else the ones asked for, else the ones
 * whose MCP configuration sits in the folder. A client with a configuration sends the servers it
 * lists; without one, every server `servers` maps.
 */
export function clientContextFor(input: ClientContextInput, host: WorkspaceHost): ClientCensusOptions | undefined {
  const relative = input.path.startsWith(`${input.folder}/`) ? input.path.slice(input.folder.length + 1) : input.path;
  const mapping = input.config?.servers ?? {};
  const mapped = Object.entries(mapping).find(([, globs]) => matchesAny(globs, relative));
  const server = mapped?.[0] ?? serverNameFromPath(input.path);
  const clientConfigs = MCP_CLIENT_CONFIGS.flatMap(({ path, client, key }) => {
    const text = host.readFile(`${input.folder}/${path}`);
    return text === undefined ? [] : [readMcpClientConfig(path, client, key, text)];
  });
  const configured = clientConfigs.flatMap((c) => (c.client ? [c.client] : []));
  const enabled = input.config?.clients ?? (input.requestedClients && input.requestedClients.length > 0 ? input.requestedClients : configured);
  if (enabled.length === 0) return undefined;
  const listedBy = (client: ClientId): McpClientConfig | undefined => clientConfigs.find((c) => c.client === client);

  // Only a server the mapping names for sure can be "not loaded" by a client that omits it.
  const notLoadedBy = mapped ? enabled.filter((c) => listedBy(c) && !listedBy(c)!.servers.includes(server)) : [];
  const others: ForeignServer[] = [];
  for (const [name, globs] of Object.entries(mapping)) {
    if (name === server) continue;
    const clients = enabled.filter((c) => !listedBy(c) || listedBy(c)!.servers.includes(name));
    if (clients.length === 0) continue;
    for (const file of host.findFiles(input.folder, globs)) {
      const path = `${input.folder}/${file}`;
      if (path === input.path) continue;
      others.push({ server: name, file: path, tools: host.toolsOf(path), clients });
    }
  }
  // Other files of the same server count as this server's tools in the same census.
  for (const file of mapped ? host.findFiles(input.folder, mapped[1]) : []) {
    const path = `${input.folder}/${file}`;
    if (path !== input.path) others.push({ server, file: path, tools: host.toolsOf(path), clients: [...enabled] });
  }
  return { enabled, server, serverIsConfigured: mapped !== undefined, others, notLoadedBy };
}
