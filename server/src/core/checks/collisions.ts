import type { WireGroup } from '../census/groups';
import type { NameFixIntent, RelatedLocation } from '../findings';
import type { AnalyzedTool } from '../model';
import { PROVIDERS } from '../profiles/providers';
import { listNames, quote, type CheckContext, type ToolVisitor } from './context';

/**
 * wire-collision: two or more tools of one request share a wire name. Every member that loses
 * (left out, shadowed, or failing the request) gets a finding that names the others and says
 * which one is kept, with the fix; the tool that keeps its name (the kept tool, an explicit
 * invocationName, or the first) gets none.
 */
export function checkWireCollisions(context: CheckContext): void {
  const lowerForms =
    context.settings.derivation === 'model-safe' && context.census.groups.length > 0
      ? countLowerForms(context.census.tools)
      : undefined;
  for (const group of context.census.groups) {
    const keeper = keeperOf(context, group, lowerForms);
    for (const member of group.members) {
      // One problem, one diagnostic per tool that loses: the tool that keeps the name is named
      // by the others' findings (their related information) and gets none of its own. Under
      // model-safe a first member that is not kept is left out like the rest, so it keeps its.
      if (member === keeper && (group.kept === member || context.settings.derivation !== 'model-safe')) continue;
      const tool = context.census.tools[member]!;
      // Only the first few others are named; groups (a shared cut at 64) can hold thousands.
      const others = firstOthers(group.members, member, 10);
      const nameFix = member === keeper ? undefined : collisionFix(context);
      context.sink.add('wire-collision', 'error', {
        ...collisionMessage(context, group, member, others, nameFix),
        range: tool.declaration.name.range,
        pointer: tool.declaration.name.pointer,
        related: others.map((o) => related(context, o, group)),
        tool: member + context.firstTool,
        ...(nameFix ? { nameFix } : {}),
      });
    }
  }
}

/**
 * The member that keeps its name: the runtime's kept tool, an explicit invocationName, or the
 * first. Under model-safe with no kept tool every member is left out today; the first one would
 * be offered once the others are renamed, so it keeps its name only if its form would then clash
 * with no other tool's form, even by case (else fix-all would trade one collision for another).
 */
function keeperOf(
  context: CheckContext,
  group: WireGroup,
  lowerForms: ReadonlyMap<string, number> | undefined,
): number | undefined {
  if (group.kept !== undefined) return group.kept;
  if (context.settings.derivation === 'ads') {
    const explicit = group.members.find((m) => context.census.tools[m]!.wireSource === 'ads-explicit');
    if (explicit !== undefined) return explicit;
  }
  const first = group.members[0]!;
  if (context.settings.derivation !== 'model-safe') return first;
  // Counted once per request, not a scan of every tool per group (that was quadratic at 50k tools).
  const form = group.wireName.toLowerCase();
  let inGroup = 0;
  for (const m of group.members) if (context.census.tools[m]!.wireName?.toLowerCase() === form) inGroup += 1;
  const clashes = (lowerForms?.get(form) ?? 0) > inGroup;
  return clashes ? undefined : first;
}

/** How many tools have each wire name, lower-cased. */
function countLowerForms(tools: readonly AnalyzedTool[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    if (tool.wireName === null) continue;
    const form = tool.wireName.toLowerCase();
    counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  return counts;
}

/** Under ADS a capability keeps its name and gets an invocationName of its own; elsewhere the tool is renamed. */
function collisionFix(context: CheckContext): NameFixIntent {
  return context.settings.derivation === 'ads' ? INVOCATION_NAME_FIX : RENAME_FIX;
}

const RENAME_FIX: NameFixIntent = Object.freeze({ kind: 'rename', preferred: true });
const INVOCATION_NAME_FIX: NameFixIntent = Object.freeze({ kind: 'invocation-name', preferred: true });

/** The first `limit` members other than `member`, in document order. */
function firstOthers(members: readonly number[], member: number, limit: number): number[] {
  const out: number[] = [];
  for (const m of members) {
    if (out.length >= limit) break;
    if (m !== member) out.push(m);
  }
  return out;
}

/** `others` are the first few other members; the group's size gives how many there are. */
function collisionMessage(
  context: CheckContext,
  group: WireGroup,
  member: number,
  others: readonly number[],
  fix: NameFixIntent | undefined,
): { message: string; detail: string } {
  const tools = context.census.tools;
  const self = tools[member]!;
  const name = quote(self.name ?? '');
  const total = group.members.length - 1;
  const otherNames = listNames(
    others.slice(0, 4).map((o) => tools[o]!.name ?? ''),
    4,
    total,
  );
  // The first other alone, for the one-sentence message (the detail names them all).
  const firstOther = total === 1 ? otherNames : `${quote(tools[others[0]!]!.name ?? '')} and ${total - 1} more`;
  const wire = quote(group.wireName);
  const remedy = fix
    ? `${fix.kind === 'rename' ? 'Rename it' : 'Give it its own invocationName'}.`
    : `Keep this one and ${context.settings.derivation === 'ads' ? 'give the others their own invocationName' : 'rename the others'} (their findings carry the fix).`;
  switch (context.settings.derivation) {
    case 'model-safe': {
      const one = total === 1;
      if (group.kept === member) {
        // Under model-safe only the kept tool stays: every other member is left out.
        return {
          message: `Sent as ${wire}, this tool shadows ${firstOther}, ${one ? 'which is' : 'which are'} left out.`,
          detail: `Its real name is the model-safe form, so the runtime keeps it; ${otherNames} ${one ? 'is' : 'are'} left out of the request, and a call meant for ${one ? 'it' : 'them'} runs this tool. Rename ${one ? 'that tool' : 'those tools'}.`,
        };
      }
      if (group.kept !== undefined) {
        const kept = quote(tools[group.kept]!.name ?? '');
        const why =
          self.name === group.wireName ? 'it is declared again' : `${kept}'s real name is the model-safe form`;
        // Never "sent as "a_b", like "a_b"": when the kept tool's name is the wire name, say so.
        const lead =
          tools[group.kept]!.name === group.wireName
            ? `Left out of the request: sent as ${wire}, the name of the tool the runtime keeps.`
            : `Left out of the request: sent as ${wire}, like ${kept}, which the runtime keeps.`;
        return {
          message: lead,
          detail: `${total > 1 ? `${otherNames} are also sent as ${wire}. ` : ''}The runtime keeps ${kept} (${why}): the model can never call ${name}, and a call meant for it runs ${kept}. ${remedy}`,
        };
      }
      return {
        message: `Left out of the request: sent as ${wire}, like ${firstOther}.`,
        detail: `${total > 1 ? `${otherNames} are also sent as ${wire}. ` : ''}No real name among them is the model-safe form, so the runtime leaves all of them out of the request. ${remedy}`,
      };
    }
    case 'verbatim': {
      const rejecting = context.settings.targets
        .filter((t) => PROVIDERS[t].rejectsDuplicates)
        .map((t) => PROVIDERS[t].label);
      return rejecting.length > 0
        ? {
            message: `${name} is declared ${total + 1} times: ${rejecting.join(', ')} reject${rejecting.length === 1 ? 's' : ''} the whole request.`,
            detail: `Duplicate names fail with "tools: Tool names must be unique." ${remedy}`,
          }
        : {
            message: `${name} is declared ${total + 1} times: a call reaches only one of them.`,
            detail: `The model sees two tools of one name, and a call reaches whichever one the runtime registered last. ${remedy}`,
          };
    }
    case 'ads':
      return {
        message:
          total === 1 && tools[others[0]!]!.name === group.wireName
            ? `Invoked as ${wire}, the name of another capability: a call may run the wrong capability.`
            : `Invoked as ${wire}, like ${firstOther}: a call may run the wrong capability.`,
        detail: `${adsCollisionLead(
          self,
          others.map((o) => tools[o]!),
          group.wireName,
          total,
        )} A client cannot tell them apart, and providers reject duplicate tool names. ${remedy}`,
      };
  }
}

function adsCollisionLead(
  self: AnalyzedTool,
  others: readonly AnalyzedTool[],
  wireName: string,
  total: number,
): string {
  const name = quote(self.name ?? '');
  const wire = quote(wireName);
  const sameName = others.filter((o) => o.name === self.name);
  if (sameName.length > 0) {
    const versions = [self, ...sameName].map((t) => t.declaration.version ?? '?').join(', ');
    return `${name} is declared ${sameName.length + 1} times (versions ${versions}), and every entry is invoked as ${wire}.`;
  }
  const selfHow = self.wireSource === 'ads-explicit' ? `has invocationName ${wire}` : `derives ${wire} ("." -> "-")`;
  const othersHow =
    others
      .slice(0, 4)
      .map(
        (o) =>
          `${quote(o.name ?? '')} ${o.wireSource === 'ads-explicit' ? 'has it as invocationName' : 'derives it too'}`,
      )
      .join('; ') + (total > 4 ? `; and ${total - 4} more` : '');
  const hyphenNote =
    others.some((o) => o.wireSource === 'ads-derived' && o.name !== self.name) && self.wireSource === 'ads-derived'
      ? ' Hyphens are legal inside segments, so ADS-2\'s "." -> "-" is not collision-free.'
      : '';
  return `${name} ${selfHow}; ${othersHow}.${hyphenNote}`;
}

function related(context: CheckContext, other: number, group: WireGroup): RelatedLocation {
  const tool = context.census.tools[other]!;
  const role = context.settings.derivation === 'model-safe' ? (group.kept === other ? ' (kept)' : ' (left out)') : '';
  // Never `"a_b" is also sent as "a_b"`: a tool whose own name is the wire name has the same name.
  const sent = tool.name === group.wireName ? 'has the same name' : `is also sent as ${quote(group.wireName)}`;
  return {
    range: tool.declaration.name.range,
    message: `${quote(tool.name ?? '')} ${sent}${role}`,
  };
}

/** reserved-name: the tool's wire name is one the runtime keeps for its own tools. */
export function checkReservedNames(context: CheckContext): ToolVisitor | undefined {
  if (context.census.reserved.length === 0) return undefined;
  const reserved = new Set(context.census.reserved);
  return (tool, local) => {
    if (!reserved.has(local)) return;
    const wire = tool.wireName ?? '';
    const sent = tool.name === wire ? `${quote(wire)} is` : `Sent as ${quote(wire)}, it is`;
    const runtime =
      context.settings.derivation === 'model-safe' && ['tool_search', 'tool_schema', 'reset_tools'].includes(wire);
    const short = runtime ? 'a name the runtime keeps for itself' : 'a name your configuration reserves';
    const owner = runtime
      ? `The agent runtime keeps ${context.settings.reservedNames.slice(0, 3).join(', ')} for its own tools.`
      : `${quote(wire)} is listed in reservedNames.`;
    context.sink.add('reserved-name', 'error', {
      message: `${sent} ${short}: this tool is left out.`,
      detail: `${owner} The model can never call this tool. Rename it.`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
      nameFix: RENAME_FIX,
    });
  };
}

/**
 * case-collision: offered wire names equal but for case. Providers compare case-sensitively, but
 * lower-casing clients (OpenAI Agents SDK) merge them, and models mix them up.
 */
export function checkCaseCollisions(context: CheckContext): void {
  for (const { members } of context.census.caseKeys.groups) {
    const perName = countBy(members, (m) => context.census.tools[m]!.wireName);
    if (perName.size < 2) continue; // exact duplicates are wire-collisions, not case ones
    const candidates = firstOthersCandidates(members, (m) => context.census.tools[m]!.wireName, 10);
    members.forEach((member, position) => {
      const tool = context.census.tools[member]!;
      // Only the first ten others are shown; their count comes from the tally (a per-member
      // filter of the whole group was quadratic in a large case group).
      const othersCount = members.length - (perName.get(tool.wireName) ?? 0);
      const others = candidates.filter((m) => context.census.tools[m]!.wireName !== tool.wireName).slice(0, 10);
      if (othersCount === 0) return;
      const fix = position === 0 ? undefined : collisionFix(context);
      const adsNote =
        context.settings.derivation === 'ads'
          ? ' ADS compares namespaces case-insensitively, so these may be one namespace spelled two ways.'
          : '';
      context.sink.add('case-collision', 'warning', {
        message: `${quote(tool.wireName ?? '')} and ${listNames(
          others.slice(0, 1).map((o) => context.census.tools[o]!.wireName ?? ''),
          1,
          othersCount,
        )} differ only in case on the wire.`,
        detail: `Providers compare names case-sensitively, but clients that lower-case names (OpenAI Agents SDK) merge them into one tool, and models confuse them.${adsNote}${fix ? ` ${fix.kind === 'rename' ? 'Rename it' : 'Give it an invocationName'}.` : ''}`,
        range: tool.declaration.name.range,
        pointer: tool.declaration.name.pointer,
        related: others.slice(0, 10).map((o) => ({
          range: context.census.tools[o]!.declaration.name.range,
          message: `${quote(context.census.tools[o]!.wireName ?? '')} differs only in case`,
        })),
        tool: member + context.firstTool,
        ...(fix ? { nameFix: fix } : {}),
      });
    });
  }
}

function countBy<K>(items: readonly number[], key: (item: number) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Every member that can be among the first `limit` members of another name than some member's:
 * the first `limit` of each of the first `limit + 1` names, in document order. (Of the first
 * `limit` members not named `w`, each is among its name's first `limit`, and fewer than `limit`
 * names other than `w` appear before its name does.)
 */
function firstOthersCandidates<K>(members: readonly number[], key: (member: number) => K, limit: number): number[] {
  const seen = new Map<K, number>();
  const out: number[] = [];
  for (const member of members) {
    const name = key(member);
    const count = seen.get(name);
    if (count === undefined && seen.size > limit) continue;
    if ((count ?? 0) >= limit) continue;
    seen.set(name, (count ?? 0) + 1);
    out.push(member);
  }
  return out;
}
