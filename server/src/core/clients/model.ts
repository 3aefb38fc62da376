import type { ProviderId } from '../profiles/providers';

/**
 * One MCP tool as a client receives it: its server's name and the tool's own name. A profile
 * receives the tools in the order the client registers them: servers in configuration order, each
 * server's tools in `tools/list` order (the census sorts them; see `orderServers`).
 */
export interface ClientTool {
  readonly server: string;
  readonly tool: string;
  /**
   * The name the server announces for itself (`serverInfo.title || serverInfo.name`), when a
   * snapshot or live check records it. VS Code labels the server with it; others ignore it.
   */
  readonly announced?: string;
}

/**
 * What happens to one tool in one client:
 * - `sent`: the model sees the tool's name unchanged;
 * - `renamed`: the model sees another name (prefix, character map, cut, hash);
 * - `dropped`: the client leaves the tool out (silently, or with a log line);
 * - `request-fails`: the client sends a name the provider rejects, or a duplicate it refuses,
 *   so the whole request (or run) fails.
 */
export type ClientFate = 'sent' | 'renamed' | 'dropped' | 'request-fails';

export interface ClientOutcome {
  /** The name the model sees, or null when the tool never reaches it. */
  readonly wireName: string | null;
  readonly fate: ClientFate;
  /** Why it was dropped or fails, in the client's terms. */
  readonly reason?: string;
  /**
   * Dropped for the count of tools, not for its name (Windsurf's 100-tool cap): no rename helps,
   * and which tools are on is the user's choice, so the census shows it but no finding is made.
   */
  readonly overLimit?: boolean;
  /**
   * Lost for a reason no rename of this tool fixes: another tool (VS Code stops registering a
   * server's tools at the first duplicate id; a rejected name fails the whole request) or its
   * server's name (LiteLLM refuses a server named with `-`). Fixing the cause helps.
   */
  readonly collateral?: boolean;
  /** Collateral of a failed request: the census index of the tool whose name fails it. */
  readonly cause?: number;
  /**
   * Every tool (indexes into the census) sharing this tool's wire name after the rewrite, itself
   * included; one array shared by the group. Empty when the name is not shared.
   */
  readonly group: readonly number[];
  /** For a shared wire name: the tool that survives, if the client keeps one. */
  readonly survivor?: number;
  /** For a shared wire name: what the client does about it (the same for every member). */
  readonly sharedReason?: string;
}

/** A finding a profile's fate can make (checks/clients.ts): the unit `ClientRule.unconfirmed` caps. */
export type UnconfirmedFinding = 'client-collision' | 'client-rejected' | 'client-dropped';

/**
 * A client's rewrite, as data plus one function over the whole census: prefixes, numbering,
 * hashes and overwrites depend on every tool sent together, not on one name alone. Its id is
 * its key in the registry (clients/profiles.ts).
 */
export interface ClientRule {
  readonly label: string;
  /** The client version (or source revision) the rewrite models. */
  readonly version: string;
  /** Where the rule was read; closed-source clients cite the reports. */
  readonly sources: readonly string[];
  /**
   * The finding codes whose fates rest on behaviour no public source confirms (closed-source
   * clients, or what a provider does with a name twice): a check must report them at most as
   * warnings, never as errors. Absent: every fate the profile gives is confirmed.
   */
  readonly unconfirmed?: readonly UnconfirmedFinding[];
  /** The provider whose rule the rewritten name must pass (its request fails otherwise). */
  readonly provider: ProviderId;
  /** One line: the shape of the name the model sees. */
  readonly shape: string;
  rewrite(tools: readonly ClientTool[]): ClientOutcome[];
  /**
   * True when the client loses every tool of a server by that name, whatever the tools are called
   * (LiteLLM refuses to load it): then no rename of a tool can help, and a search for one that
   * survives may stop before it starts. Absent: not known, so names are tried one by one.
   */
  refusesServer?(server: string): boolean;
  /**
   * How far one tool's outcome depends on the others', for a name edit that re-rewrites one tool
   * (`incremental/clientsAlone.ts`); absent: any name can change any outcome.
   */
  readonly oneByOne?: OneByOne;
}

/**
 * One tool's part of a rewrite, stated for tools of one server (every tool has the same `server`
 * and `announced`) at their places in the input. The contract, held by
 * test/core/clientsOneByOne.test.ts for every profile: when no tool's key is null,
 * - under `scope: 'key'`, a tool whose key no other tool shares gets `at(tool, index).outcome`
 *   from `rewrite`, and the outcomes of tools sharing a key depend only on those tools and their
 *   places;
 * - under `scope: 'all'` with no key shared, every tool gets `at(tool, index).outcome`; with a key
 *   shared and a `pivot`, a tool whose key is its own gets `at(tool, index, pivot.of(tools))`.
 * So a tool renamed from one key of its own to another (under a pivot, staying on its side)
 * changes its own outcome and no other.
 */
export interface OneByOne {
  /** `key`: tools meet only through a shared key; `all`: one shared key anywhere can change every outcome. */
  readonly scope: 'key' | 'all';
  /**
   * The tool's key (undefined: it meets no other tool, as a tool dropped before names are
   * compared; null: it may meet any, as a name too long for Codex's plain path) and its outcome
   * while the key is its own (given `pivot.of(tools)` when a key is shared under scope `all`).
   */
  at(
    tool: ClientTool,
    index: number,
    pivot?: unknown,
  ): { readonly key: string | null | undefined; readonly outcome: ClientOutcome };
  /**
   * Scope `all`: the one fact of the whole input that a tool whose key is its own still depends
   * on once some key is shared (VS Code: the tool whose registration throws first; a tool sorted
   * before it registers, one after it is lost with the rest), and which side of it a tool is on.
   * Renaming a tool between keys of its own keeps the fact; on the same side it moves no other
   * outcome.
   */
  readonly pivot?: {
    of(tools: readonly ClientTool[]): unknown;
    before(tool: ClientTool, index: number, pivot: unknown): boolean;
  };
}
