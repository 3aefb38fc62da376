import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { checkName, describeReason } from '../profiles/verdict';
import { sharedKeys, type SharedKey } from '../util/sharedKeys';
import type { ClientOutcome, ClientRule, ClientTool, NameRule, SharedDecision } from './model';

/** A fate for a name that is either what the server wrote (`sent`) or not (`renamed`). */
export function sentOrRenamed(tool: ClientTool, wireName: string): 'sent' | 'renamed' {
  return wireName === tool.tool ? 'sent' : 'renamed';
}

/** The provider's verdict on a client's wire name: undefined when accepted, else why not. */
export function providerRejects(provider: ProviderId, wireName: string): string | undefined {
  const verdict = checkName(PROVIDERS[provider], wireName);
  return verdict.accepted
    ? undefined
    : `${PROVIDERS[provider].label} rejects it (${verdict.reasons.map(describeReason).join(', ')})`;
}

/** Groups census positions by wire name (nulls ignored); only shared names are returned, in first-seen order. */
export function sharedNames(names: ReadonlyArray<string | null>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const { key, members } of sharedKeys(names.length, (i) => names[i] ?? undefined)) groups.set(key, members);
  return groups;
}

const NO_GROUPS: ReturnType<typeof sharedKeys> = Object.freeze([]);

/** The group of a tool that shares its wire name with none: one frozen empty list for all (an array per tool per client was garbage). */
export const ALONE: readonly number[] = Object.freeze([]);

/**
 * Outcomes for a client that sends every name it computes: a name the provider rejects fails the
 * request; tools that share a name are resolved by `onShared` (which keeps one, drops the rest,
 * or fails the request). `rejected` gives the provider's verdict on the name at a place when
 * another client already asked it (`ruleShare.ts`); it must agree with `providerRejects`.
 */
export function outcomes(
  tools: readonly ClientTool[],
  names: ReadonlyArray<string | null>,
  provider: ProviderId | undefined,
  onShared: (members: readonly number[]) => SharedDecision,
  preset: ReadonlyArray<Partial<ClientOutcome> | undefined> = [],
  rejected: ((index: number, wireName: string) => string | undefined) | undefined = provider
    ? (_, wireName) => providerRejects(provider, wireName)
    : undefined,
  met?: readonly SharedKey[],
): ClientOutcome[] {
  const result: ClientOutcome[] = tools.map((tool, i) => {
    const set = preset[i];
    if (set?.fate) return presetOutcome(set, set.fate);
    const wireName = names[i]!;
    if (wireName === null) return { wireName, fate: 'dropped', group: ALONE };
    const reason = rejected?.(i, wireName);
    return reason
      ? { wireName, fate: 'request-fails', reason, group: ALONE }
      : { wireName, fate: sentOrRenamed(tool, wireName), group: ALONE };
  });
  // The groups `sharedNames` finds over the names sent (a dropped tool's meets none), read off the
  // outcomes without a list of names first; one tool meets no other, so it is not even looked at.
  const sent = (i: number) => {
    const r = result[i]!;
    return r.fate === 'dropped' ? undefined : (r.wireName ?? undefined);
  };
  const groups = result.length < 2 ? NO_GROUPS : met ? sentOf(met, sent) : sharedKeys(result.length, sent);
  for (const { members } of groups) {
    const decision = onShared(members);
    for (const m of members) {
      const current = result[m]!;
      const survives = decision.survivor === m;
      result[m] = {
        ...current,
        group: members,
        sharedReason: decision.reason,
        ...(decision.survivor !== undefined ? { survivor: decision.survivor } : {}),
        // A tool another of its name replaces never reaches the wire, even when the name is one
        // the provider rejects: the survivor carries that name, and the failed request, alone.
        ...(survives || !decision.fate ? {} : { fate: decision.fate, reason: decision.reason }),
      };
    }
  }
  return result;
}

/**
 * A tool a preset decides: its own outcome, in one literal for the shapes presets give (a spread
 * of fresh objects per tool was most of the cost of a server whose every tool a preset drops).
 */
function presetOutcome(set: Partial<ClientOutcome>, fate: ClientOutcome['fate']): ClientOutcome {
  const wireName = set.wireName ?? null;
  const { reason } = set;
  if (reason && !(set.overLimit && set.collateral)) {
    if (set.overLimit) return { wireName, fate, reason, overLimit: true, group: ALONE };
    return set.collateral
      ? { wireName, fate, reason, collateral: true, group: ALONE }
      : { wireName, fate, reason, group: ALONE };
  }
  return {
    wireName,
    fate,
    ...(reason ? { reason } : {}),
    ...(set.overLimit ? { overLimit: true } : {}),
    ...(set.collateral ? { collateral: true } : {}),
    group: ALONE,
  };
}

/**
 * The groups `sharedKeys` finds over the names sent, from the groups of the tools' own names
 * (`met`), for names that keep tools apart as their own names do (`NameRule.keepsApart`): a
 * group keeps its members that are sent, if two or more are.
 */
function sentOf(met: readonly SharedKey[], sent: (index: number) => string | undefined): readonly SharedKey[] {
  const groups: SharedKey[] = [];
  for (const group of met) {
    const members = group.members.every((m) => sent(m) !== undefined)
      ? group.members
      : group.members.filter((m) => sent(m) !== undefined);
    if (members.length > 1) groups.push({ key: sent(members[0]!)!, members });
  }
  // Not sorted again by first member (a dropped first member moves a group's start): each group
  // is resolved by itself, so their order changes no outcome.
  return groups;
}

/**
 * A profile's rewrite from its name rule (`NameRule`), with the rule stated beside it: one rule,
 * so whatever reads one tool's part from the rule agrees with the rewrite.
 */
export function byName(rule: NameRule): Pick<ClientRule, 'rewrite' | 'nameRule'> {
  return { rewrite: (tools) => rewriteByName(rule, tools), nameRule: rule };
}

/**
 * The names of a client that sends each tool's name as written. One function for every such
 * client, so the clients of one census share the list (`ruleShare.ts` compares rules by identity).
 */
export function asWritten(tools: readonly ClientTool[]): string[] {
  return tools.map((t) => t.tool);
}

/** A name rule's outcomes for the tools sent together. */
export function rewriteByName(rule: NameRule, tools: readonly ClientTool[]): ClientOutcome[] {
  const names = rule.names(tools);
  const presets = rule.preset ? tools.map((tool, i) => rule.preset!(tool, i, names[i]!)) : [];
  return outcomes(tools, names, rule.provider, (members) => rule.onShared(members, tools), presets);
}
