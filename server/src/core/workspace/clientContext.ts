import type { ForeignServer } from '../clients/census';
import type { ClientId } from '../clients/profiles';
import { ALL_CLIENT_IDS } from '../clients/profiles';
import { matchesAny } from '../config/glob';
import type { ToolwireConfig } from '../config/model';
import type { OffsetRange } from '../json/ranges';
import { MCP_CLIENT_CONFIGS, readMcpClientConfig, type McpClientConfig } from './mcpClientConfigs';
import type { ClientContext, ClientSource, ServerNameSource } from './model';

/**
 * The workspace as the client census sees it, injected: file reads, a bounded file search, and
 * the tool names of a file (an adapter answers from its own caches and open documents).
 */
export interface WorkspaceHost {
  readFile(path: string): string | undefined;
  /** Files under `folder` (relative paths, `/` separators) matching the globs; `SKIPPED_FOLDERS` left out. */
  findFiles(folder: string, globs: readonly string[]): readonly string[];
  /** The MCP tool names (with ranges) a file declares. */
  toolsOf(
    path: string,
  ): ReadonlyArray<{ readonly name: string; readonly range: OffsetRange; readonly announced?: string }>;
}

export interface ClientContextInput {
  /** The document's path (`/` separators). */
  readonly path: string;
  /** The folder that holds `.toolwire.json` (or the workspace folder when there is none). */
  readonly folder: string;
  readonly config: ToolwireConfig | undefined;
  /** Clients enabled by the editor or the command line, when `.toolwire.json` names none. */
  readonly requestedClients?: readonly ClientId[];
  /** Every modelled client (the registry's), checked when nobody chose any. */
  readonly allClients?: readonly ClientId[];
}

/**
 * Who sends this document's tools, under which server name, together with which other servers
 * (each client rewrites names its own way). Enabled clients: `.toolwire.json` `clients`, else the ones asked for, else the ones
 * whose MCP configuration sits in the folder, else every modelled client (`byDefault`). A client
 * with a configuration sends the servers it lists; without one, every server `servers` maps.
 *
 * The server name is known from `.toolwire.json` `servers` or from the MCP client configuration
 * that launches code in the document's folder; otherwise it is left unknown, never guessed.
 * A file `servers` maps to several names belongs to each of them (item 8).
 */
export function clientContextFor(input: ClientContextInput, host: WorkspaceHost): ClientContext {
  const relative = input.path.startsWith(`${input.folder}/`) ? input.path.slice(input.folder.length + 1) : input.path;
  const mapping = input.config?.servers ?? {};
  const mapped = Object.entries(mapping).filter(([, globs]) => matchesAny(globs, relative));
  const clientConfigs = MCP_CLIENT_CONFIGS.flatMap(({ path, client, key }) => {
    const text = host.readFile(`${input.folder}/${path}`);
    return text === undefined ? [] : [readMcpClientConfig(path, client, key, text)];
  });
  const launched = mapped.length === 0 ? serverLaunchingFolder(clientConfigs, input.folder, relative) : undefined;
  const ownNames = mapped.length > 0 ? mapped.map(([name]) => name) : launched ? [launched] : [];
  const source: ServerNameSource | undefined = mapped.length > 0 ? 'config' : launched ? 'client-config' : undefined;

  const configured = clientConfigs.flatMap((c) => (c.client ? [c.client] : []));
  const chosen =
    input.config?.clients ??
    (input.requestedClients && input.requestedClients.length > 0 ? input.requestedClients : configured);
  // `"clients": []` in .toolwire.json is a choice too: none.
  const byDefault = chosen.length === 0 && input.config?.clients === undefined;
  const enabled = byDefault ? (input.allClients ?? ALL_CLIENT_IDS) : chosen;
  const clientSource: ClientSource =
    input.config?.clients !== undefined
      ? 'config'
      : byDefault
        ? 'default'
        : chosen === configured
          ? 'client-config'
          : 'requested';
  const listedBy = (client: ClientId): McpClientConfig | undefined => clientConfigs.find((c) => c.client === client);
  // Only a server named for sure can be "not loaded" by a client whose configuration omits it.
  const notLoadedBy = (server: string) => enabled.filter((c) => listedBy(c) && !listedBy(c)!.servers.includes(server));

  const others: ForeignServer[] = [];
  for (const [name, globs] of Object.entries(mapping)) {
    if (ownNames.includes(name)) continue;
    const clients = enabled.filter((c) => !listedBy(c) || listedBy(c)!.servers.includes(name));
    if (clients.length === 0) continue;
    for (const file of host.findFiles(input.folder, globs)) {
      const path = `${input.folder}/${file}`;
      if (path === input.path) continue;
      others.push(foreign(name, path, host.toolsOf(path), clients));
    }
  }
  // Other files of the same server count as this server's tools in the same census.
  for (const [name, globs] of mapped) {
    for (const file of host.findFiles(input.folder, globs)) {
      const path = `${input.folder}/${file}`;
      if (path !== input.path) others.push(foreign(name, path, host.toolsOf(path), [...enabled]));
    }
  }
  const [server, ...also] = ownNames;
  const assumed = input.config?.assumedServerNameLength;
  return {
    enabled,
    ...(byDefault ? { byDefault: true } : {}),
    clientSource,
    ...(clientSource === 'client-config'
      ? { clientConfigFiles: clientConfigs.flatMap((c) => (c.client ? [`${input.folder}/${c.path}`] : [])) }
      : {}),
    ...(server !== undefined ? { server, serverSource: source, notLoadedBy: notLoadedBy(server) } : {}),
    ...(also.length > 0
      ? { alsoServedAs: also.map((name) => ({ server: name, notLoadedBy: notLoadedBy(name) })) }
      : {}),
    ...(assumed !== undefined ? { assumedServerNameLength: assumed } : {}),
    serverLists: enabled.flatMap((client) => {
      const listed = listedBy(client);
      return listed ? [{ client, servers: listed.servers }] : [];
    }),
    ...(Object.keys(mapping).length > 0 ? { serverOrder: Object.keys(mapping) } : {}),
    path: input.path,
    others,
  };
}

/**
 * The one server an MCP client configuration launches from the document's folder: its `command`,
 * `args` or `cwd` name a path inside that folder (`node servers/billing/dist/index.js` for
 * `servers/billing/tools.json`). None, or several, name no server. A document at the top of the
 * folder names none: everything is inside it.
 */
function serverLaunchingFolder(
  configs: readonly McpClientConfig[],
  folder: string,
  relative: string,
): string | undefined {
  const cut = relative.lastIndexOf('/');
  if (cut <= 0) return undefined;
  const dir = relative.slice(0, cut);
  const names = new Set<string>();
  for (const config of configs) {
    for (const [server, strings] of config.launch) {
      if (strings.some((s) => insideFolder(normalizeLaunchPath(s, folder), dir))) names.add(server);
    }
  }
  return names.size === 1 ? [...names][0] : undefined;
}

function normalizeLaunchPath(value: string, folder: string): string {
  let path = value.replace(/\\/g, '/').replace(/^\$\{workspaceFolder\}\/?/, '');
  if (path.startsWith(`${folder}/`)) path = path.slice(folder.length + 1);
  return path.replace(/^(\.\/)+/, '');
}

function insideFolder(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

/** Another file's server, with the label its snapshot announces (VS Code numbers servers by it). */
function foreign(
  server: string,
  file: string,
  tools: ReadonlyArray<{ readonly name: string; readonly range: OffsetRange; readonly announced?: string }>,
  clients: ClientId[],
): ForeignServer {
  const announced = tools[0]?.announced;
  return { server, file, tools, clients, ...(announced !== undefined ? { announced } : {}) };
}
