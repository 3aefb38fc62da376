import { visible } from '../../../server/src/core';

/** What a server served, as toolwire records it: `serverInfo` plus the `tools/list` result. */
interface Snapshot {
  readonly serverInfo: { readonly name: string; readonly title?: string; readonly version?: string };
  readonly tools: readonly unknown[];
}

/**
 * The snapshot document: pretty-printed `{ serverInfo, tools }`, which the core recognises as an
 * MCP tool list and whose `serverInfo` names the server for the client profiles. `--server-name`
 * replaces the name and drops the title, because VS Code labels a server by `title || name`: the
 * name the user gives must be the one every client sees.
 */
export function snapshotText(snapshot: Snapshot, serverName?: string): string {
  const serverInfo =
    serverName === undefined
      ? snapshot.serverInfo
      : {
          name: serverName,
          ...(snapshot.serverInfo.version !== undefined ? { version: snapshot.serverInfo.version } : {}),
        };
  return `${JSON.stringify({ serverInfo, tools: snapshot.tools }, null, 2)}\n`;
}

/**
 * The snapshot as checked in memory when no `--server-name` is given: clients name a server by
 * the user's configuration key, never by what it announces, so the name stays unknown (only fates
 * that hold for any name are findings; the rest become the budget the hover and report show).
 * The announced label stays, as `title`, for the clients that show it (VS Code).
 */
export function unnamedSnapshotText(snapshot: Snapshot): string {
  const { name, title, version } = snapshot.serverInfo;
  const serverInfo = { title: title ?? name, ...(version !== undefined ? { version } : {}) };
  return `${JSON.stringify({ serverInfo, tools: snapshot.tools }, null, 2)}\n`;
}

/** The server name the snapshot gives the clients. */
export function snapshotServerName(snapshot: Snapshot, serverName?: string): string {
  return serverName ?? snapshot.serverInfo.name;
}

/**
 * `<server>.tools.json`, safe on every file system: a server names itself, so its name may hold
 * separators, `..`, control characters or reserved device names; those become `_`.
 */
export function snapshotFileName(server: string): string {
  const safe = server
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100);
  const base = safe === '' || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(safe) ? `_${safe}` : safe;
  return `${base}.tools.json`;
}

/**
 * Where findings are located without `--save`: a virtual path naming the server as it names
 * itself (shown to people; SARIF percent-encodes it once, as it does every path). The name is the
 * server's to choose, so its controls and bidi overrides are escaped: an ESC would drive the
 * terminal, a U+202E would make the path read as something else.
 */
export function virtualPath(server: string): string {
  return `mcp://${visible(server)}/tools/list`;
}
