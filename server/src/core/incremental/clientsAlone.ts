import {
  asCollateral,
  failsOnItsOwn,
  NO_GROUPS,
  positionOf,
  toolOutcome,
  type ClientPeer,
  type ClientResult,
  type ClientToolOutcome,
} from '../clients/census';
import type { ClientOutcome, ClientTool } from '../clients/model';
import { staysAlone } from '../util/sharedKeys';
import type { ClientPlan } from '../workspace/clientPlan';
import { ClientKeys, clientTool, type KeyCounts } from './clientKeys';
import type { OneByOne } from './oneByOne';
import { oneByOneOf } from './oneByOneOf';

/**
 * What a request's client census keeps for the next name edit: when the request's tools are sent
 * alone under one server name, every client's keys (`OneByOne`), counted when first asked (or
 * ahead of time: `ClientKeys.pending`) and moved for each lone rename. Used once, like the
 * census carry it is part of.
 */
export interface ClientCarry {
  readonly keys?: ClientKeys;
  /** Per result, the pivot of a scope-`all` client with a key shared (`OneByOne.pivot`), once asked: a rename between own keys keeps it. */
  pivots?: unknown[];
}

/**
 * What the client census keeps for the next name edit. Keys only where the lone path can use
 * them: the request's tools sent alone under one server name (`ClientPlan.solo`).
 */
export function clientCarryOf(
  plan: ClientPlan,
  results: readonly ClientResult[],
  local: ReadonlyArray<{ readonly name: string }>,
): ClientCarry {
  if (!plan.solo) return {};
  const { server, announced } = plan.primary;
  const keys = new ClientKeys(
    results.map((result) => oneByOneOf(result.client, result.profile)),
    announced === undefined ? { server } : { server, announced },
    local.map((tool) => tool.name),
  );
  return { keys };
}

/** The one server's tools as every client receives them (one server in one file: the census's own order). */
export interface ClientInput {
  readonly server: string;
  readonly announced?: string;
  /** The named tools' names, in the results' order. */
  readonly names: () => readonly string[];
}

/** The client census after one tool's rename. */
export interface RewrittenAlone {
  readonly results: ClientResult[];
  /** The tools (global indices) whose count of tools they take down moved: to be checked again with the renamed one. */
  readonly causes: readonly number[];
  /** Moves the tool's keys in the carry (call once the whole edit is proven). */
  commit(): void;
}

/**
 * The client outcomes after tool `tool` (global index) is renamed from `was` to `name`, when every client
 * provably gives every other tool the outcome it had, else undefined (and nothing is changed).
 * Per client, the cheap proof first: the client states its one-tool part (`OneByOne`), no key is
 * null, the tool's key is its own before and after, and under scope `all` no key is shared at
 * all; then the tool's outcome is the one it has alone. Where that does not hold (a VS Code id
 * two tools share, say) the client's rewrite runs again over the new names, and every other
 * tool's outcome must come out as it was.
 *
 * The caller has proven the rest: one request, one server in one file (no other server sent
 * with it, no second name), so every client's input is the document's named tools in order.
 */
export function rewrittenAlone(
  results: readonly ClientResult[],
  carry: ClientCarry,
  input: ClientInput,
  tool: number,
  was: string,
  name: string,
): RewrittenAlone | undefined {
  const first = results[0];
  const place = first && positionOf(first, tool);
  if (place === undefined) return undefined;
  const { keys } = carry;
  if (!keys?.sentUnder(input)) return undefined;
  const renamed = clientTool(input, name);
  const pivots = (carry.pivots ??= []);
  // The inputs, made once and only for a client that needs them.
  let before: ClientTool[] | undefined;
  const oldInput = () => (before ??= input.names().map((tool) => clientTool(input, tool)));
  let after: ClientTool[] | undefined;
  const newInput = () => (after ??= input.names().map((tool, i) => (i === place ? renamed : clientTool(input, tool))));
  const changes: Array<{ readonly key: string | null | undefined; readonly outcome: ClientToolOutcome }> = [];
  const causes = new Set<number>();
  for (let r = 0; r < results.length; r++) {
    const result = results[r]!;
    if (positionOf(result, tool) !== place) return undefined;
    // A failed request fails every tool in it (`wholeRequestFails`), as collateral of the first
    // tool that fails it on its own: the cause. The renamed tool may fail it on its own, before
    // or after, only behind an earlier cause: that cause stays, and every other outcome with it;
    // only the count of tools the cause takes down moves, so the caller checks the cause again
    // (`causes`). Being or becoming the first cause moves every other outcome: no lone answer.
    // Otherwise, in a request another tool fails, the tool's own outcome is collateral.
    const had = result.tools[place]!;
    const rootAt = result.tools.findIndex((t, i) => i !== place && failsOnItsOwn(t));
    const behindCause = rootAt >= 0 && rootAt < place;
    if (failsOnItsOwn(had) && !behindCause) return undefined;
    const root = rootAt >= 0 ? result.tools[rootAt] : undefined;
    const cause =
      root &&
      (result.tools.find((t, i) => i !== place && t.cause !== undefined)?.cause ?? {
        server: input.server,
        name: input.names()[rootAt]!,
        tool: root.tool,
      });
    const oneByOne = oneByOneOf(result.client, result.profile);
    const next = oneByOne?.at(renamed, place);
    const apart = oneByOne && next && keptApart(oneByOne, keys.of(r), place, next.key);
    let outcome =
      apart === 'alone'
        ? toolOutcome(tool, next!.outcome, NO_GROUPS, [])
        : apart === 'pivot'
          ? besidePivot(oneByOne!, pivots, r, oldInput, place, clientTool(input, was), renamed, tool)
          : undefined;
    // Its one-tool part cannot answer: the client's rewrite again (and a pivot it kept is found again next time).
    if (!outcome) {
      pivots[r] = undefined;
      outcome = othersUnmoved(result, newInput(), place, tool);
    }
    if (!outcome) return undefined;
    if (failsOnItsOwn(outcome)) {
      if (!behindCause) return undefined;
    } else if (cause) outcome = asCollateral(outcome, cause);
    if (root && failsOnItsOwn(had) !== failsOnItsOwn(outcome)) causes.add(root.tool);
    changes.push({ key: next?.key, outcome });
  }
  return {
    causes: [...causes],
    results: results.map((result, r) => {
      const tools = result.tools.slice();
      tools[place] = changes[r]!.outcome;
      return { ...result, tools };
    }),
    commit: () =>
      keys.renamed(
        place,
        name,
        changes.map((change) => change.key),
      ),
  };
}

/**
 * The cheap proof: the tool's key is its own before and after, and nothing lets it meet any
 * other (`alone`), or only the pivot of a scope-`all` client with a key shared (`pivot`).
 */
function keptApart(
  oneByOne: OneByOne,
  counted: KeyCounts | undefined,
  place: number,
  key: string | null | undefined,
): 'alone' | 'pivot' | undefined {
  // With no null key, the old key is a string or undefined.
  if (
    !counted ||
    counted.wild > 0 ||
    key === null ||
    !staysAlone(counted.index, place, counted.keys[place] ?? undefined, key)
  )
    return undefined;
  if (oneByOne.scope === 'all' && counted.index.groups.length > 0) return oneByOne.pivot ? 'pivot' : undefined;
  return 'alone';
}

/** The renamed tool's outcome beside the client's pivot, when it stays on its side (else undefined). */
function besidePivot(
  oneByOne: OneByOne,
  pivots: unknown[],
  r: number,
  oldInput: () => readonly ClientTool[],
  place: number,
  old: ClientTool,
  renamed: ClientTool,
  tool: number,
): ClientToolOutcome | undefined {
  const { pivot: rule } = oneByOne;
  if (!rule) return undefined;
  const pivot = (pivots[r] ??= rule.of(oldInput()));
  if (rule.before(old, place, pivot) !== rule.before(renamed, place, pivot)) return undefined;
  return toolOutcome(tool, oneByOne.at(renamed, place, pivot).outcome, NO_GROUPS, []);
}

/**
 * The client's rewrite of the new names, when it gives every tool but the renamed one the outcome
 * it had (its group's members and their names included) and the renamed one a name of its own:
 * that tool's new outcome. Else undefined.
 */
function othersUnmoved(
  result: ClientResult,
  tools: readonly ClientTool[],
  place: number,
  tool: number,
): ClientToolOutcome | undefined {
  const outcomes = result.profile.rewrite(tools);
  if (outcomes.length !== result.tools.length) return undefined;
  for (let i = 0; i < outcomes.length; i++)
    if (i !== place && !sameOutcome(result.tools[i]!, outcomes[i]!, result, tools)) return undefined;
  const own = outcomes[place]!;
  // (A group of its own is implied away: its other members' groups would name it. Stated, so
  // the outcome built here never needs the peers.)
  return own.group.length === 0 ? toolOutcome(tool, own, NO_GROUPS, []) : undefined;
}

function sameOutcome(
  was: ClientToolOutcome,
  now: ClientOutcome,
  result: ClientResult,
  tools: readonly ClientTool[],
): boolean {
  if (
    was.wireName !== now.wireName ||
    was.fate !== now.fate ||
    was.reason !== now.reason ||
    was.overLimit !== now.overLimit ||
    was.collateral !== now.collateral ||
    was.sharedReason !== now.sharedReason
  )
    return false;
  const samePeer = (peer: ClientPeer | undefined, index: number | undefined) =>
    peer === undefined
      ? index === undefined
      : index !== undefined && peer.tool === result.tools[index]!.tool && peer.name === tools[index]!.tool;
  return (
    samePeer(was.survivor, now.survivor) &&
    was.group.length === now.group.length &&
    now.group.every((index, j) => samePeer(was.group[j], index))
  );
}
