import type { OffsetRange } from '../json/ranges';
import type { ClientFate, ClientId, ClientTool } from './model';
import { CLIENTS } from './profiles';

/** Another server's tools, sent together with this document's server by some clients. */
export interface ForeignServer {
  readonly server: string;
  /** Where its tools are written (a path or URI, as the adapter knows it). */
  readonly file: string;
  readonly tools: ReadonlyArray<{ readonly name: string; readonly range: OffsetRange }>;
  /** The clients that send this server together with the document's own. */
  readonly clients: readonly ClientId[];
}

/** Options for the client census of one document (issue #5). */
export interface ClientCensusOptions {
  readonly enabled: readonly ClientId[];
  /** The document's MCP server name. */
  readonly server: string;
  /**
   * True when `.toolwire.json` `servers` names it; otherwise a name the file records itself
   * (`server_info.name`) wins over this one (derived from the path).
   */
  readonly serverIsConfigured?: boolean;
  readonly others?: readonly ForeignServer[];
  /** Clients that do not load this document's server at all (their MCP config omits it). */
  readonly notLoadedBy?: readonly ClientId[];
}

/** A tool that shares a wire name with another: in this document (`tool`) or in another file. */
export interface ClientPeer {
  readonly server: string;
  readonly name: string;
  readonly tool?: number;
  readonly file?: string;
  readonly range?: OffsetRange;
}

export interface ClientToolOutcome {
  /** Global index into Analysis.tools. */
  readonly tool: number;
  readonly wireName: string | null;
  readonly fate: ClientFate;
  readonly reason?: string;
  readonly collidesWith: readonly ClientPeer[];
  readonly survivor?: ClientPeer;
  readonly sharedReason?: string;
}

export interface ClientResult {
  readonly client: ClientId;
  readonly server: string;
  readonly tools: readonly ClientToolOutcome[];
}

/**
 * Runs every enabled client over this document's tools plus the tools of the servers each client
 * sends together with it, and keeps the outcomes for this document's tools. Collisions with a tool
 * of another file come back as peers with that file's location.
 */
export function runClientCensus(local: ReadonlyArray<{ readonly name: string; readonly tool: number }>, options: ClientCensusOptions): ClientResult[] {
  const results: ClientResult[] = [];
  for (const client of options.enabled) {
    if (options.notLoadedBy?.includes(client)) continue;
    const peers: ClientPeer[] = local.map((t) => ({ server: options.server, name: t.name, tool: t.tool }));
    for (const other of options.others ?? []) {
      if (!other.clients.includes(client)) continue;
      for (const t of other.tools) peers.push({ server: other.server, name: t.name, file: other.file, range: t.range });
    }
    const input: ClientTool[] = peers.map((p) => ({ server: p.server, tool: p.name }));
    const outcomes = CLIENTS[client].rewrite(input);
    results.push({
      client,
      server: options.server,
      tools: local.map((t, i) => {
        const o = outcomes[i]!;
        return {
          tool: t.tool,
          wireName: o.wireName,
          fate: o.fate,
          ...(o.reason ? { reason: o.reason } : {}),
          collidesWith: o.collidesWith.map((j) => peers[j]!),
          ...(o.sharedReason ? { sharedReason: o.sharedReason } : {}),
          ...(o.survivor !== undefined ? { survivor: peers[o.survivor]! } : {}),
        };
      }),
    });
  }
  return results;
}

/** Would `name` survive every enabled client, given the rest of the census unchanged? */
export function survivesEveryClient(name: string, replacing: number, local: ReadonlyArray<{ readonly name: string; readonly tool: number }>, options: ClientCensusOptions): boolean {
  const renamed = local.map((t) => (t.tool === replacing ? { ...t, name } : t));
  return runClientCensus(renamed, options).every((result) => {
    const outcome = result.tools.find((t) => t.tool === replacing);
    return !outcome || ((outcome.fate === 'sent' || outcome.fate === 'renamed') && outcome.collidesWith.length === 0);
  });
}

/** Every named tool of an analysed document, as one server, through the given clients. */
export function runClientCensusForDocument(analysis: { readonly tools: ReadonlyArray<{ readonly name: string | undefined }> }, server: string, enabled: readonly ClientId[]): ClientResult[] {
  const local = analysis.tools.flatMap((t, i) => (t.name === undefined ? [] : [{ name: t.name, tool: i }]));
  return runClientCensus(local, { enabled, server });
}
