import type { OffsetRange } from '../json/ranges';
import type { ClientFate, ClientOutcome, ClientTool } from './model';
import type { ClientId, ClientProfile } from './profiles';
import { CLIENTS } from './profiles';
import { RuleShare } from './ruleShare';

/** Another server's tools, sent together with this document's server by some clients. */
export interface ForeignServer {
  readonly server: string;
  /** Where its tools are written (a path or URI, as the adapter knows it). */
  readonly file: string;
  readonly tools: ReadonlyArray<{ readonly name: string; readonly range: OffsetRange }>;
  /** The clients that send this server together with the document's own. */
  readonly clients: readonly ClientId[];
  /** The name this server announces (`serverInfo.title || serverInfo.name`), when its file records it. */
  readonly announced?: string;
}

/** The group of a tool that shares its name with none. */
export const NO_PEERS: readonly ClientPeer[] = [];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The other tools sharing a tool's name in one client (at most `limit`). */
export function othersInClientGroup(outcome: ClientToolOutcome, limit = Number.POSITIVE_INFINITY): ClientPeer[] {
  const out: ClientPeer[] = [];
  for (const peer of outcome.group) {
    if (out.length >= limit) break;
    if (peer.tool !== outcome.tool || peer.file !== undefined) out.push(peer);
  }
  return out;
}

/** Options for the client census of one document. */
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
  /** The name the document's server announces (`serverInfo.title || serverInfo.name`), when known. */
  readonly announced?: string;
  /**
   * Server names in the order the configuration lists them (`.toolwire.json` `servers`). Clients
   * register servers in this order, which decides VS Code's prefix numbers and which tool a later
   * registration overwrites (Gemini CLI). Without it, servers go in name order, so every file of
   * the workspace sees the same outcome.
   */
  readonly serverOrder?: readonly string[];
  /** Per client, the servers its own MCP configuration lists, in its order; wins over `serverOrder`. */
  readonly serverLists?: ReadonlyArray<{ readonly client: ClientId; readonly servers: readonly string[] }>;
  /**
   * The document's own path. With it, a server's tools split over several files register in path
   * order whichever file is open; without it, the document's tools come first.
   */
  readonly path?: string;
  /** The registry the enabled ids are looked up in (default: the built-in profiles). */
  readonly profiles?: ClientRegistry;
}

/** Client profiles by id: the built-in ones, or a registry a caller injects (a test's throwaway client). */
export type ClientRegistry = Readonly<Partial<Record<ClientId, ClientProfile>>>;

export function profileOf(options: ClientCensusOptions, client: ClientId): ClientProfile {
  return options.profiles?.[client] ?? CLIENTS[client];
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
  /** Dropped for the count of tools, not its name (see ClientOutcome.overLimit). */
  readonly overLimit?: boolean;
  /** Lost because of another tool (see ClientOutcome.collateral). */
  readonly collateral?: boolean;
  /** The tool whose rejected name fails the whole request this tool is in (fate `request-fails`, collateral). */
  readonly cause?: ClientPeer;
  /** Every tool sharing this tool's wire name in this client, itself included (shared by the group). */
  readonly group: readonly ClientPeer[];
  readonly survivor?: ClientPeer;
  readonly sharedReason?: string;
}

export interface ClientResult {
  readonly client: ClientId;
  /** The profile that ran (labels and versions come from here, never from a second list). */
  readonly profile: ClientProfile;
  readonly server: string;
  readonly tools: readonly ClientToolOutcome[];
}

/**
 * Runs every enabled client over this document's tools plus the tools of the servers each client
 * sends together with it, and keeps the outcomes for this document's tools. Collisions with a tool
 * of another file come back as peers with that file's location.
 */
export function runClientCensus(
  local: ReadonlyArray<{ readonly name: string; readonly tool: number }>,
  options: ClientCensusOptions,
): ClientResult[] {
  const results: ClientResult[] = [];
  // The document's own peers are the same for every client: made once, shared by all.
  const localPeers: readonly ClientPeer[] = local.map((t) => ({ server: options.server, name: t.name, tool: t.tool }));
  const announced = new Map<string, string>();
  if (options.announced !== undefined) announced.set(options.server, options.announced);
  for (const other of options.others ?? [])
    if (other.announced !== undefined && !announced.has(other.server)) announced.set(other.server, other.announced);
  // A client sent no other server sees the document's tools alone, in an order that depends only
  // on its server list: clients with the same list share the order and the input (thirteen
  // clients each building their own 10k inputs was about an eighth of the client census).
  const alone = new Map<readonly string[] | undefined, Census>();
  const asWritten = new AsWritten(local.length);
  const share = new RuleShare(
    options.enabled.flatMap((client) => {
      const rule = profileOf(options, client).nameRule;
      return rule ? [rule] : [];
    }),
  );
  const sameOutcomes = new Map<readonly ClientOutcome[], Map<Census, readonly ClientToolOutcome[]>>();
  for (const client of options.enabled) {
    if (options.notLoadedBy?.includes(client)) continue;
    const listed = options.serverLists?.find((l) => l.client === client)?.servers ?? options.serverOrder;
    const sentWith = options.others ? options.others.filter((other) => other.clients.includes(client)) : NO_SERVERS;
    let census = sentWith.length === 0 ? alone.get(listed) : undefined;
    if (!census) {
      census = censusInput(localPeers, sentWith, listed, announced, options.path);
      if (sentWith.length === 0) alone.set(listed, census);
    }
    const { peers, order, input, identity } = census;
    const profile = profileOf(options, client);
    // A name rule is what the rewrite is made of (`ClientRule.nameRule`): read through the share,
    // clients whose rules agree compute the agreeing parts once.
    const rewritten = profile.nameRule ? share.outcomesOf(profile.nameRule, input) : profile.rewrite(input);
    let tools = sameOutcomes.get(rewritten)?.get(census);
    if (!tools) {
      const outcomes = inPeerOrder(rewritten, order, identity);
      // `wholeRequestFails`, applied as each outcome is turned into the tool's (one object per tool,
      // not a collateral copy of every outcome and then the tool's own).
      const failed = requestFailure(outcomes, peers);
      // One peer array per shared name, reused by every member.
      const groups = new PeerGroups(peers);
      tools = local.map((t, i) => {
        const o = outcomes[i]!;
        return o.wireName === t.name && o.fate === 'sent' && isPlain(o)
          ? asWritten.of(i, t.tool, o, peers, failed)
          : toolOutcome(t.tool, o, groups, peers, failed);
      });
      // Another client with the same outcomes over the same input gets the same list.
      let byCensus = sameOutcomes.get(rewritten);
      if (!byCensus) sameOutcomes.set(rewritten, (byCensus = new Map()));
      byCensus.set(census, tools);
    }
    results.push({ client, profile, server: options.server, tools });
  }
  return results;
}

const NO_SERVERS: readonly ForeignServer[] = Object.freeze([]);

/** Sent with nothing to say: no group, reason, cause or limit (`toolOutcome` makes it in one literal). */
function isPlain(o: ClientOutcome): boolean {
  return (
    o.group.length === 0 &&
    !o.reason &&
    !o.overLimit &&
    !o.collateral &&
    o.survivor === undefined &&
    o.cause === undefined &&
    !o.sharedReason
  );
}

/**
 * One outcome object per tool for the clients that send it as written with nothing to say (the
 * SDKs and adapters that keep MCP names: four clients of fifteen for a clean name), or that lose
 * it with the same failed request: equal outcomes, so one object (outcomes are never changed).
 */
class AsWritten {
  private readonly sent: Array<ClientToolOutcome | undefined>;
  private readonly failed: Array<ClientToolOutcome | undefined>;

  constructor(count: number) {
    this.sent = new Array<ClientToolOutcome | undefined>(count);
    this.failed = new Array<ClientToolOutcome | undefined>(count);
  }

  of(
    position: number,
    tool: number,
    o: ClientOutcome,
    peers: readonly ClientPeer[],
    failed: RequestFailure | undefined,
  ): ClientToolOutcome {
    if (!failed) return (this.sent[position] ??= toolOutcome(tool, o, NO_GROUPS, peers));
    const known = this.failed[position];
    if (known && known.reason === failed.reason && known.cause === peers[failed.cause]) return known;
    const made = toolOutcome(tool, o, NO_GROUPS, peers, failed);
    this.failed[position] ??= made;
    return made;
  }
}

/**
 * Census positions turned into one peer array per shared name, made on a group's first member
 * (a class, not a closure per client: most clients of most documents share no name at all).
 */
class PeerGroups {
  private groups: Map<readonly number[], readonly ClientPeer[]> | undefined;
  constructor(private readonly peers: readonly ClientPeer[]) {}

  of(members: readonly number[]): readonly ClientPeer[] {
    if (members.length === 0) return NO_PEERS;
    const groups = (this.groups ??= new Map());
    let group = groups.get(members);
    if (!group) groups.set(members, (group = members.map((j) => this.peers[j]!)));
    return group;
  }
}

/** How `toolOutcome` turns a group's census positions into peers. */
export interface GroupsOf {
  of(members: readonly number[]): readonly ClientPeer[];
}

/** No peers for anyone: for an outcome whose group is known to be empty. */
export const NO_GROUPS: GroupsOf = Object.freeze({ of: () => NO_PEERS });

/** One tool's outcome in a client, its census positions turned into peers. */
export function toolOutcome(
  tool: number,
  o: ClientOutcome,
  groups: GroupsOf,
  peers: readonly ClientPeer[],
  failed?: RequestFailure,
): ClientToolOutcome {
  // Assigned in order rather than spread from fresh objects: this runs for every tool in every
  // client (130,000 times at 10k tools), and the spreads were most of the census. (`group` is
  // assigned below, after the optional keys before it, to keep the keys' order.)
  // In a failed request, a tool that would have been sent is collateral: what `wholeRequestFails`
  // makes of its outcome, read here instead of copied first.
  const collateral = failed !== undefined && (o.fate === 'sent' || o.fate === 'renamed');
  // The two shapes nearly every outcome has, made whole in one literal: keys added one by one
  // grow each object a second store (about a third of the census's memory at 1k tools).
  if (o.group.length === 0 && !o.overLimit && !o.collateral && o.survivor === undefined && !o.sharedReason) {
    if (!collateral && !o.reason && o.cause === undefined)
      return { tool, wireName: o.wireName, fate: o.fate, group: NO_PEERS };
    if (collateral)
      return {
        tool,
        wireName: o.wireName,
        fate: 'request-fails',
        reason: failed.reason,
        collateral: true,
        group: NO_PEERS,
        cause: peers[failed.cause]!,
      };
  }
  const out = {
    tool,
    wireName: o.wireName,
    fate: collateral ? 'request-fails' : o.fate,
  } as Mutable<ClientToolOutcome>;
  const reason = collateral ? failed.reason : o.reason;
  if (reason) out.reason = reason;
  if (o.overLimit) out.overLimit = true;
  if (collateral || o.collateral) out.collateral = true;
  out.group = groups.of(o.group);
  if (o.sharedReason) out.sharedReason = o.sharedReason;
  if (o.survivor !== undefined) out.survivor = peers[o.survivor]!;
  const cause = collateral ? failed.cause : o.cause;
  if (cause !== undefined) out.cause = peers[cause]!;
  return out;
}

/** A request that fails as a whole: the census index of the tool that fails it, and what its collateral is told. */
interface RequestFailure {
  readonly cause: number;
  readonly reason: string;
}

/** The failure `wholeRequestFails` applies to these outcomes, if any (the same first cause, the same reason). */
function requestFailure(outcomes: readonly ClientOutcome[], peers: readonly ClientPeer[]): RequestFailure | undefined {
  const cause = outcomes.findIndex(failsOnItsOwn);
  return cause < 0 ? undefined : { cause, reason: failedBecauseOf(peers[cause]!) };
}

/**
 * A provider answers a request holding one name it rejects (or duplicate names it refuses) with
 * an error: no tool of that request reaches the model, not only the offending one. Every tool the
 * client would have sent with it fails too, as collateral of the first tool that fails on its own
 * (`cause`, a census index): renaming the collateral tools does not help, fixing the cause does.
 * Applied to every profile's outcomes here, so no profile models it twice.
 */
export function wholeRequestFails(outcomes: ClientOutcome[], peers: readonly ClientPeer[]): ClientOutcome[] {
  const failed = requestFailure(outcomes, peers);
  if (!failed) return outcomes;
  const { cause, reason } = failed;
  return outcomes.map((o) =>
    o.fate === 'sent' || o.fate === 'renamed' ? { ...o, fate: 'request-fails', reason, collateral: true, cause } : o,
  );
}

/** The tool fails the request by its own name (not as another's collateral). */
export function failsOnItsOwn(outcome: { readonly fate: ClientFate; readonly collateral?: boolean }): boolean {
  return outcome.fate === 'request-fails' && outcome.collateral !== true;
}

/** A tool's outcome in a request that `cause` fails (see `wholeRequestFails`). */
export function asCollateral(outcome: ClientToolOutcome, cause: ClientPeer): ClientToolOutcome {
  if (outcome.fate !== 'sent' && outcome.fate !== 'renamed') return outcome;
  return { ...outcome, fate: 'request-fails', reason: failedBecauseOf(cause), collateral: true, cause };
}

function failedBecauseOf(peer: ClientPeer): string {
  const where = peer.file === undefined ? '' : ` of server ${JSON.stringify(peer.server)}`;
  return `the request fails because of ${JSON.stringify(peer.name)}${where}`;
}

/** What one client receives: its peers, their registration order, and the tools in that order. */
interface Census {
  readonly peers: readonly ClientPeer[];
  readonly order: readonly number[];
  readonly input: readonly ClientTool[];
  /** The order is the peers' own (one server in one file, the common case). */
  readonly identity: boolean;
}

function censusInput(
  localPeers: readonly ClientPeer[],
  sentWith: readonly ForeignServer[],
  listed: readonly string[] | undefined,
  announced: ReadonlyMap<string, string>,
  path: string | undefined,
): Census {
  const peers: ClientPeer[] = localPeers.slice();
  for (const other of sentWith)
    for (const t of other.tools) peers.push({ server: other.server, name: t.name, file: other.file, range: t.range });
  const order = registrationOrder(
    peers.map((p) => p.server),
    listed,
    path === undefined ? undefined : peers.map((p) => p.file ?? path),
  );
  const input: ClientTool[] = order.map((j) => {
    const p = peers[j]!;
    const label = announced.get(p.server);
    return label === undefined
      ? { server: p.server, tool: p.name }
      : { server: p.server, tool: p.name, announced: label };
  });
  return { peers, order, input, identity: order.every((j, k) => j === k) };
}

/**
 * Peer positions in the order the client registers them: servers by their place in `listed` (the
 * configuration's order), unlisted ones after them by name, and within a server by file path (when
 * `files` is given) and then `tools/list` order. The order never depends on which file is open.
 */
function registrationOrder(
  servers: readonly string[],
  listed: readonly string[] | undefined,
  files?: readonly string[],
): number[] {
  const rank = new Map<string, number>();
  (listed ?? []).forEach((name, i) => {
    if (!rank.has(name)) rank.set(name, i);
  });
  const unlisted = [...new Set(servers.filter((s) => !rank.has(s)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const base = listed?.length ?? 0;
  unlisted.forEach((name, i) => rank.set(name, base + i));
  // Ranks looked up once per peer, not twice per comparison (this runs for every client).
  const ranks = servers.map((server) => rank.get(server)!);
  const identity = servers.map((_, i) => i);
  // One server in one file (a document alone, the common case) is already in order.
  if (ranks.every((r) => r === ranks[0]) && (!files || files.every((f) => f === files[0]))) return identity;
  const byFile = (a: number, b: number) => (files ? (files[a]! < files[b]! ? -1 : files[a]! > files[b]! ? 1 : 0) : 0);
  return identity.sort((a, b) => ranks[a]! - ranks[b]! || byFile(a, b) || a - b);
}

/** Outcomes computed over the registration order, put back in peer order (indexes remapped). */
function inPeerOrder(
  outcomes: readonly ClientOutcome[],
  order: readonly number[],
  identity: boolean,
): readonly ClientOutcome[] {
  // In registration order with no shared name: each outcome is its own (as the loop below keeps
  // it), so the list is too.
  if (identity && outcomes.every((o) => o.group.length === 0)) return outcomes;
  // Each group is shared by all its members: remapped and compared once per group, not per
  // member (a thousand tools of one name made that quadratic).
  const remapped = new Map<readonly number[], { readonly group: readonly number[]; readonly same: boolean }>();
  const mapGroup = (group: readonly number[]) => {
    if (group.length === 0) return { group, same: true };
    let out = remapped.get(group);
    if (!out) {
      const mapped = group.map((k) => order[k]!).sort((a, b) => a - b);
      remapped.set(group, (out = { group: mapped, same: sameItems(mapped, group) }));
    }
    return out;
  };
  const result: ClientOutcome[] = new Array<ClientOutcome>(order.length);
  outcomes.forEach((o, k) => {
    const { group, same } = mapGroup(o.group);
    // In registration order already (one server in one file): nothing to remap, so no copy.
    if (identity && same) result[k] = o;
    else result[order[k]!] = { ...o, group, ...(o.survivor !== undefined ? { survivor: order[o.survivor]! } : {}) };
  });
  return result;
}

function sameItems(a: readonly number[], b: readonly number[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

/** The wire name a client gives one of the document's tools. */
export function wireNameOf(result: ClientResult, tool: number): string | null | undefined {
  const position = positionOf(result, tool);
  return position === undefined ? undefined : result.tools[position]!.wireName;
}

/** Where one of the document's tools is in a result (its outcomes are in tool order: a binary search). */
export function positionOf(result: ClientResult, tool: number): number | undefined {
  const tools = result.tools;
  let low = 0;
  let high = tools.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = tools[mid]!.tool;
    if (at === tool) return mid;
    if (at < tool) low = mid + 1;
    else high = mid - 1;
  }
  // Not found in order: a caller passed its tools unordered (none does); look through them all.
  const found = tools.findIndex((t) => t.tool === tool);
  return found < 0 ? undefined : found;
}

/** Every named tool of an analysed document, as one server, through the given clients. */
export function runClientCensusForDocument(
  analysis: { readonly tools: ReadonlyArray<{ readonly name: string | undefined }> },
  server: string,
  enabled: readonly ClientId[],
): ClientResult[] {
  const local = analysis.tools.flatMap((t, i) => (t.name === undefined ? [] : [{ name: t.name, tool: i }]));
  return runClientCensus(local, { enabled, server });
}

/** "shares its name with a_b, c_d and 3 more; a_b stays": for tables (census view, CLI). */
export function sharedNote(outcome: ClientToolOutcome): string {
  const others = othersInClientGroup(outcome, 4).map((p) => p.name);
  const more = outcome.group.length - 1 - others.length;
  return `shares its name with ${others.join(', ')}${more > 0 ? ` and ${more} more` : ''}${outcome.survivor ? `; ${outcome.survivor.name} stays` : ''}`;
}
