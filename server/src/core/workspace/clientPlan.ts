import { runClientCensus, type ClientCensusOptions, type ClientResult, type ForeignServer } from '../clients/census';
import type { ClientId } from '../clients/profiles';
import { CLIENTS } from '../clients/profiles';
import type { OffsetRange } from '../json/ranges';
import type { ClientContext } from './model';

/** One of the document's named tools, with its global index and where its name is written. */
export interface LocalTool {
  readonly name: string;
  readonly tool: number;
  readonly range: OffsetRange;
}

/**
 * The server name used in place of an unknown one: as short as a name can be (or the length the
 * user assumes), so a fate it shows holds for every longer name too. It is never presented as the
 * server's name.
 */
export function placeholderServer(length = 1): string {
  return 'x'.repeat(Math.max(1, length));
}

/** Longest server name a budget is searched up to: past it, every modelled client has long cut the name. */
const MAX_BUDGET = 128;

/** How one request's client census runs: under which server names, and how its findings are told. */
export interface ClientPlan {
  /** The census under the document's (first) server name: fixes are checked against it. */
  readonly primary: ClientCensusOptions;
  /** False when nothing says the server's name: `primary.server` is a placeholder. */
  readonly serverKnown: boolean;
  /** Client findings are warnings at most: no client was chosen, or the server name is unknown. */
  readonly capAtWarning: boolean;
  /** The length assumed for the unknown name (`assumedServerNameLength`), if any. */
  readonly assumedLength?: number;
  /**
   * One server name and no other server sent with it: every client receives the document's named
   * tools alone, in their order (what a one-tool client update needs, `incremental/clientsAlone.ts`).
   */
  readonly solo: boolean;
  /** Runs every census (one per server name the document is sent under). */
  run(local: readonly LocalTool[]): ClientResult[];
  /**
   * With the server name unknown: for a tool every enabled client keeps under the placeholder, the
   * longest server name for which every enabled client still keeps it (undefined: any length, or
   * lost whatever the name). Computed when asked, one tool at a time, and remembered.
   */
  budgets(local: readonly LocalTool[], results: readonly ClientResult[]): (tool: number) => number | undefined;
}

/**
 * The census plan for one MCP request. The server name: one `.toolwire.json` or a launching MCP
 * client configuration names, else the one the file records (`serverInfo`), else one the caller
 * gave, else unknown (never guessed from the file's name).
 */
export function clientPlanFor(
  context: ClientContext,
  recorded: string | undefined,
  announced?: string,
): ClientPlan | undefined {
  if (context.enabled.length === 0) return undefined;
  const certain = context.serverSource === 'config' || context.serverSource === 'client-config';
  const name = certain ? context.server : (recorded ?? context.server);
  const serverKnown = name !== undefined;
  const server = name ?? placeholderServer(context.assumedServerNameLength);
  const others = context.others ?? [];
  // A recorded name is as sure as a configured one: a client whose configuration omits it does not load it.
  const notLoadedBy =
    context.notLoadedBy ??
    (serverKnown ? (context.serverLists ?? []).filter((l) => !l.servers.includes(server)).map((l) => l.client) : []);
  const names = [{ server, notLoadedBy }, ...(serverKnown ? (context.alsoServedAs ?? []) : [])];
  const optionsFor = (index: number, local: readonly LocalTool[]): ClientCensusOptions => {
    const own = names[index]!;
    // The same tools under the document's other server names are sent alongside (item 8).
    const selves: ForeignServer[] = names.flatMap((other, j) =>
      j === index
        ? []
        : [
            {
              server: other.server,
              file: context.path ?? '',
              tools: local,
              clients: without(context.enabled, other.notLoadedBy),
            },
          ],
    );
    return { ...primary, server: own.server, others: [...others, ...selves], notLoadedBy: own.notLoadedBy };
  };
  const primary: ClientCensusOptions = {
    enabled: context.enabled,
    server,
    serverIsConfigured: certain,
    others,
    notLoadedBy,
    // Registration order (VS Code's prefix numbers, Gemini CLI's overwrites) and the label a
    // started server announces: the clients' own inputs, whichever file is open.
    ...(serverKnown && announced !== undefined ? { announced } : {}),
    ...(context.serverOrder ? { serverOrder: context.serverOrder } : {}),
    ...(context.serverLists && context.serverLists.length > 0 ? { serverLists: context.serverLists } : {}),
    ...(context.path !== undefined ? { path: context.path } : {}),
    ...(context.profiles ? { profiles: context.profiles } : {}),
  };
  return {
    primary,
    serverKnown,
    // Clients nobody chose are advice (warnings). Clients the user enabled keep
    // their severity even when the server name is unknown: only fates that hold for any name
    // are reported then, so an error is still certain.
    capAtWarning: context.byDefault === true,
    ...(!serverKnown && context.assumedServerNameLength !== undefined
      ? { assumedLength: context.assumedServerNameLength }
      : {}),
    solo: names.length === 1 && others.length === 0,
    run: (local) => names.flatMap((_, i) => runClientCensus(local, names.length > 1 ? optionsFor(i, local) : primary)),
    budgets: (local, results) => (serverKnown ? () => undefined : serverNameBudgets(local, primary, results)),
  };
}

function without(clients: readonly ClientId[], excluded: readonly ClientId[]): ClientId[] {
  return clients.filter((c) => !excluded.includes(c));
}

/** Kept by a client: it reaches the model, and no other tool takes its name from it. */
function kept(results: readonly ClientResult[], tool: number): boolean {
  // A request another tool fails is that tool's problem, at any server name: for this tool's
  // budget it counts as kept (its hover says the request fails, and why).
  return results.every((result) =>
    result.tools.every(
      (t) =>
        t.tool !== tool ||
        ((t.fate === 'sent' || t.fate === 'renamed' || (t.fate === 'request-fails' && t.collateral === true)) &&
          (t.group.length < 2 || t.survivor?.tool === tool)),
    ),
  );
}

/**
 * Past this many tools, budgets come from each tool alone: checking the collisions a cut or a hash
 * makes at each candidate length costs a whole census per distinct length.
 */
const CENSUS_CHECKED_BUDGETS = 1000;

/**
 * Per tool kept under the placeholder: the longest server name (up to MAX_BUDGET) under which every
 * enabled client still keeps it. First each tool alone (a length limit, a cut that fails: one
 * rewrite of one name per step); then, in files of up to CENSUS_CHECKED_BUDGETS tools, the whole
 * census at each candidate length, since a cut or a hash can make two tools meet (bisecting again
 * below a candidate that fails). Each length's census runs once, shared by every tool.
 */
function serverNameBudgets(
  local: readonly LocalTool[],
  primary: ClientCensusOptions,
  atPlaceholder: readonly ClientResult[],
): (tool: number) => number | undefined {
  const profiles = primary.enabled
    .filter((c) => !primary.notLoadedBy?.includes(c))
    .map((c) => primary.profiles?.[c] ?? CLIENTS[c]);
  const keptAlone = (name: string, length: number) =>
    profiles.every((profile) => {
      const [outcome] = profile.rewrite([{ server: placeholderServer(length), tool: name }]);
      return outcome !== undefined && (outcome.fate === 'sent' || outcome.fate === 'renamed');
    });
  const censuses = new Map<number, readonly ClientResult[]>([[primary.server.length, atPlaceholder]]);
  const censusAt = (length: number) => {
    let results = censuses.get(length);
    if (!results)
      censuses.set(length, (results = runClientCensus(local, { ...primary, server: placeholderServer(length) })));
    return results;
  };
  const checkCensus = local.length <= CENSUS_CHECKED_BUDGETS;
  const budgets = new Map<number, number | undefined>();
  const compute = (tool: number): number | undefined => {
    const name = local.find((t) => t.tool === tool)?.name;
    if (name === undefined || !kept(atPlaceholder, tool)) return undefined;
    let budget = keptAlone(name, MAX_BUDGET)
      ? MAX_BUDGET
      : longest(primary.server.length, MAX_BUDGET, (length) => keptAlone(name, length));
    if (checkCensus && !kept(censusAt(budget), tool))
      budget = longest(primary.server.length, budget, (length) => kept(censusAt(length), tool));
    return budget < MAX_BUDGET ? budget : undefined;
  };
  return (tool) => {
    if (!budgets.has(tool)) budgets.set(tool, compute(tool));
    return budgets.get(tool);
  };
}

/** The largest length in [good, bad) for which `keeps` holds, given it holds at `good` and not at `bad`. */
function longest(good: number, bad: number, keeps: (length: number) => boolean): number {
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (keeps(mid)) good = mid;
    else bad = mid;
  }
  return good;
}
