import type { Modelled, ModelledClients, ModelledProviders } from '../../../server/src/core';

/** Groups shown per part before the rest is counted: the line stays one line. */
const MAX_GROUPS = 3;

/**
 * The report's first line: which providers and clients were modelled and who
 * chose them, so a reader knows what "clean" was measured against. Files that agree are one
 * group; files that differ are listed group by group with their counts. Undefined when no file
 * held tool definitions (nothing was modelled).
 */
export function modelledLine(files: readonly Modelled[]): string | undefined {
  const withRequests = files.filter((f) => f.providers.length > 0);
  if (withRequests.length === 0) return undefined;
  const providers = groups(
    withRequests.flatMap((f) =>
      f.providers.map((p) => ({
        key: `${p.source}|${p.ids.join(',')}|${p.source === 'config' ? f.configPath : ''}`,
        text: providerText(p, f),
      })),
    ),
  );
  const mcp = withRequests.flatMap((f) =>
    f.clients ? [{ key: clientKey(f.clients, f), text: clientText(f.clients, f) }] : [],
  );
  const clients = mcp.length > 0 ? groups(mcp) : 'none (no MCP tool files)';
  return `toolwire: modelled providers ${providers}; clients ${clients}`;
}

/** `a (source)`, or `a (source, 3 files) | b (source, 1 file)` when files differ. */
function groups(entries: ReadonlyArray<{ readonly key: string; readonly text: string }>): string {
  const counts = new Map<string, { text: string; files: number }>();
  for (const entry of entries) {
    const seen = counts.get(entry.key);
    if (seen) seen.files += 1;
    else counts.set(entry.key, { text: entry.text, files: 1 });
  }
  const all = [...counts.values()];
  if (all.length === 1) return `${all[0]!.text})`;
  const shown = all.slice(0, MAX_GROUPS).map((g) => `${g.text}, ${g.files} file${g.files === 1 ? '' : 's'})`);
  const rest = all.length - shown.length;
  return `${shown.join(' | ')}${rest > 0 ? ` | ${rest} more (--format json has each file's)` : ''}`;
}

// Each text leaves its parenthesis open: `groups` closes it, with the file count when it is needed.
function providerText(p: ModelledProviders, file: Modelled): string {
  const from =
    p.source === 'request-body'
      ? "the request body's own"
      : p.source === 'config'
        ? configName(file)
        : p.source === 'requested'
          ? 'setting'
          : 'default';
  return `${p.ids.join(', ')} (${from}`;
}

function clientText(c: ModelledClients, file: Modelled): string {
  if (c.source === 'default') return `every modelled client (default: none chosen or configured`;
  const ids = c.ids.length === 0 ? 'none' : c.ids.join(', ');
  const from =
    c.source === 'config' ? configName(file) : c.source === 'requested' ? '--client' : (c.files ?? []).join(', ');
  return `${ids} (${from}`;
}

function clientKey(c: ModelledClients, file: Modelled): string {
  return `${c.source}|${c.ids.join(',')}|${(c.files ?? []).join(',')}|${c.source === 'config' ? file.configPath : ''}`;
}

function configName(file: Modelled): string {
  return file.configPath ?? '.toolwire.json';
}

/** The paths in `modelled` as the report shows every path: relative to the working folder. */
export function shownModelled(modelled: Modelled, display: (path: string) => string): Modelled {
  const { clients, configPath } = modelled;
  return {
    providers: modelled.providers,
    ...(clients ? { clients: clients.files ? { ...clients, files: clients.files.map(display) } : clients } : {}),
    ...(configPath !== undefined ? { configPath: display(configPath) } : {}),
  };
}
