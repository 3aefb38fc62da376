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
   * The rule the rewrite is made of, when it names each tool by itself and resolves only the names
   * that meet (`byName` in shared.ts gives both from it, so they cannot disagree). A statement of
   * how the client names tools, read by whoever needs one tool's part of the rewrite, and by the
   * census in place of `rewrite` (so that clients whose rules agree share the parts they agree on).
   */
  readonly nameRule?: NameRule;
}

/** What a client does with tools that share a name: keep one (`survivor`) and drop the rest, fail
 * the request, or (no `fate`) send them all and leave dispatch to chance.
 */
export interface SharedDecision {
  readonly survivor?: number;
  readonly fate?: 'dropped' | 'request-fails';
  readonly reason: string;
}

/**
 * A client that names each tool by itself and resolves only the names that meet: the shape of
 * most profiles. `names` maps element by element (`names(tools)[i]` reads `tools[i]` alone; one
 * call for the whole list lets a profile make a server's prefix once); `preset` decides a tool
 * before names meet (a drop for length, Windsurf's cap by place); `provider`'s rule the names
 * sent must pass; `onShared` resolves a name several tools share.
 */
export interface NameRule {
  names(tools: readonly ClientTool[]): Array<string | null>;
  preset?(tool: ClientTool, index: number, name: string | null): Partial<ClientOutcome> | undefined;
  readonly provider?: ProviderId;
  onShared(members: readonly number[], tools: readonly ClientTool[]): SharedDecision;
  /**
   * True when the names keep one server's tools apart as their own names do: two tools of one
   * server get one name only if they have one name (a fixed prefix, no map, no cut; a preset that
   * keeps a tool keeps its name). Then the names that meet are the tool names that meet, found
   * once for every such client of a census (`ruleShare.ts`). Held for every profile that states it
   * by `test/core/ruleShare.test.ts`.
   */
  readonly keepsApart?: boolean;
}
