import type { Node } from 'jsonc-parser';
import { parseJsonTree } from '../json/tree';
import type { ClientId } from '../clients/profiles';
import { MCP_CLIENT_CONFIGS } from './mcpClientConfigs';

/**
 * One server of an MCP client configuration, as written (variables not yet resolved: that needs
 * the environment, which only an adapter has). `launch` is what starting or reaching it needs.
 */
export interface McpServerEntry {
  /** The key in the config's server map: the name clients prefix its tools with. */
  readonly name: string;
  readonly launch:
    | {
        readonly kind: 'stdio';
        readonly command: string;
        readonly args: readonly string[];
        readonly env: Readonly<Record<string, string>>;
        readonly cwd?: string;
      }
    | { readonly kind: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> }
    /** Why the entry cannot be started as written (no command and no URL, a wrong type). */
    | { readonly kind: 'invalid'; readonly reason: string };
  /** Switched off in the config (`disabled: true`): a client does not start it. */
  readonly disabled: boolean;
}

export interface McpServerEntries {
  /** The client the file configures (by its path), if toolwire models it. */
  readonly client: ClientId | undefined;
  /** Which variable syntax the file's client documents (see `variableSyntax`). */
  readonly syntax: McpVariableSyntax;
  /** The servers, in the file's order. */
  readonly servers: readonly McpServerEntry[];
  /** VS Code's `inputs` ids: values asked of the user when a server starts. */
  readonly inputs: readonly string[];
  /** Set when the file is not a JSON object (nothing can be read from it). */
  readonly problem?: string;
}

/**
 * The variables each client documents in its MCP config: VS Code and Cursor `${env:X}`,
 * `${workspaceFolder}`, `${userHome}` (VS Code also `${input:X}`); Claude Code `${X}` and
 * `${X:-default}`; Gemini CLI `$X` and `${X}`; Claude Desktop none.
 */
export type McpVariableSyntax = 'vscode' | 'cursor' | 'claude-code' | 'gemini-cli' | 'none';

/** The client a config file configures, from its path (`/` separators); unknown names guess from their key. */
export function mcpConfigKind(path: string): {
  client: ClientId | undefined;
  key: string | undefined;
  syntax: McpVariableSyntax;
} {
  const known = MCP_CLIENT_CONFIGS.find((c) => path === c.path || path.endsWith(`/${c.path}`));
  if (!known) return { client: undefined, key: undefined, syntax: 'none' };
  const syntax: McpVariableSyntax =
    known.client === 'vscode' ||
    known.client === 'cursor' ||
    known.client === 'claude-code' ||
    known.client === 'gemini-cli'
      ? known.client
      : 'none';
  return { client: known.client, key: known.key, syntax };
}

/** Reads every server of an MCP client configuration (JSONC). Never throws. */
export function readMcpServerEntries(path: string, text: string): McpServerEntries {
  const kind = mcpConfigKind(path);
  const root = parseJsonTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (root?.type !== 'object')
    return { client: kind.client, syntax: kind.syntax, servers: [], inputs: [], problem: 'not a JSON object' };
  const key = kind.key ?? (property(root, 'servers') ? 'servers' : 'mcpServers');
  const map = property(root, key);
  const servers = entries(map).map(([name, node]) => readEntry(name, node));
  const inputs = arrayOf(property(root, 'inputs')).flatMap((input) => {
    const id = stringOf(property(input, 'id'));
    return id === undefined ? [] : [id];
  });
  return {
    client: kind.client,
    syntax: kind.syntax,
    servers,
    inputs,
    ...(serverListProblem(key, map, servers.length) ?? {}),
  };
}

/** Why a configuration lists no server to start, when it lists none: a run over it checks nothing. */
function serverListProblem(key: string, map: Node | undefined, count: number): { problem: string } | undefined {
  if (!map) return { problem: `no "${key}" object` };
  if (map.type !== 'object')
    return {
      problem: `"${key}" is ${map.type === 'array' ? 'an array' : `a ${map.type}`}, not an object of servers; no servers to check`,
    };
  return count === 0 ? { problem: `"${key}" lists no servers; nothing to check` } : undefined;
}

function readEntry(name: string, node: Node | undefined): McpServerEntry {
  const disabled = property(node, 'disabled')?.value === true;
  if (node?.type !== 'object')
    return { name, disabled, launch: { kind: 'invalid', reason: 'its entry is not an object' } };
  const type = stringOf(property(node, 'type')) ?? stringOf(property(node, 'transport'));
  const command = stringOf(property(node, 'command'));
  // Gemini CLI: httpUrl is Streamable HTTP, url SSE; Windsurf: serverUrl. All are reached over HTTP.
  const url =
    stringOf(property(node, 'httpUrl')) ?? stringOf(property(node, 'url')) ?? stringOf(property(node, 'serverUrl'));
  if (command !== undefined && type !== 'http' && type !== 'sse' && type !== 'streamable-http') {
    const cwd = stringOf(property(node, 'cwd'));
    const args = arrayOf(property(node, 'args')).flatMap((a) =>
      a.type === 'string' ? [a.value as string] : a.type === 'number' ? [String(a.value)] : [],
    );
    return {
      name,
      disabled,
      launch: {
        kind: 'stdio',
        command,
        args,
        env: stringMap(property(node, 'env')),
        ...(cwd !== undefined ? { cwd } : {}),
      },
    };
  }
  if (url !== undefined)
    return { name, disabled, launch: { kind: 'http', url, headers: stringMap(property(node, 'headers')) } };
  return {
    name,
    disabled,
    launch: {
      kind: 'invalid',
      reason:
        type === undefined || type === 'stdio' ? 'it has no "command" and no "url"' : `its type "${type}" has no "url"`,
    },
  };
}

function property(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

function entries(node: Node | undefined): Array<[string, Node | undefined]> {
  if (node?.type !== 'object') return [];
  return (node.children ?? []).flatMap((prop) => {
    const key = prop.children?.[0]?.value;
    return typeof key === 'string' ? [[key, prop.children?.[1]] as [string, Node | undefined]] : [];
  });
}

function arrayOf(node: Node | undefined): Node[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

function stringOf(node: Node | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}

function stringMap(node: Node | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of entries(node)) {
    if (value?.type === 'string' || value?.type === 'number' || value?.type === 'boolean')
      out[key] = String(value.value);
  }
  return out;
}

/** The `${input:ID}` ids the servers use (VS Code asks for each when a server starts), in first-use order. */
export function inputsReferenced(read: McpServerEntries): string[] {
  if (read.syntax !== 'vscode') return [];
  const ids = new Set<string>();
  for (const { launch, disabled } of read.servers) {
    if (disabled || launch.kind === 'invalid') continue;
    const strings =
      launch.kind === 'stdio'
        ? [launch.command, ...launch.args, ...Object.values(launch.env), launch.cwd ?? '']
        : [launch.url, ...Object.values(launch.headers)];
    for (const s of strings) for (const m of s.matchAll(/\$\{input:([^}]*)\}/g)) ids.add(m[1]!);
  }
  return [...ids];
}
