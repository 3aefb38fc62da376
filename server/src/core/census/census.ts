import type { ExtractedRequest } from '../formats/model';
import type { AnalyzedReference, AnalyzedTool, ProviderVerdict, RequestCensus, ToolFate } from '../model';
import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { ACCEPTED, checkName } from '../profiles/verdict';
import type { RequestSettings } from '../settings';
import { indexKeys, rekeyed, staysAlone, type KeyIndex } from '../util/sharedKeys';
import type { CensusReuse } from './carry';
import { wireGroupsOf, type WireGroup } from './groups';
import { resolveReferences } from './resolve';
import { computeWire, type WireComputation } from './wire';

export const NO_GROUP: readonly number[] = [];
export const NO_VERDICTS: readonly ProviderVerdict[] = Object.freeze([]);

/** One request's census: every tool's wire name and fate, the shared names, the references. */
export interface CensusResult {
  readonly census: RequestCensus;
  readonly tools: readonly AnalyzedTool[];
  readonly wires: readonly WireComputation[];
  readonly references: readonly AnalyzedReference[];
  /** Shared wire names, with request-local member positions. */
  readonly groups: readonly WireGroup[];
  /** Request-local positions of tools whose wire name is a reserved (runtime) name. */
  readonly reserved: readonly number[];
  /** Eligible tools by wire name (the groups' map, kept for the next name edit). */
  readonly wireKeys: KeyIndex;
  /** Offered tools by lower-cased wire name: the groups are case-collisions (and exact duplicates). */
  readonly caseKeys: KeyIndex;
}

/**
 * Takes the census of one request (naming-rules.md section 1: one request = one census).
 * `firstTool` is the global index of this request's first tool, so that the cross-references in
 * AnalyzedTool point into Analysis.tools.
 */
export function takeCensus(
  request: ExtractedRequest,
  requestIndex: number,
  settings: RequestSettings,
  firstTool: number,
  reuse?: CensusReuse,
): CensusResult {
  const wires = wiresOf(request, settings, reuse);
  const reservedSet = new Set(settings.reservedNames);
  const reserved: number[] = [];
  for (let i = 0; i < wires.length; i++) {
    const wire = wires[i]!.wireName;
    if (wire !== null && reservedSet.has(wire)) reserved.push(i);
  }
  const isReserved = new Set(reserved);
  const wireKey = (i: number) => (isReserved.has(i) ? undefined : (wires[i]!.wireName ?? undefined));
  // A name edit that changes no group only updates the previous key map. The groups are read
  // from it (their keepers read the members' names, which the edit may have changed); when the
  // edited tool is in none, before and after, every group and every other tool's fate is as it was.
  const edited = reuse?.edited;
  const before = edited === undefined ? undefined : reuse!.before(edited);
  const oldKey = before && keyOfWire(before.wireName, reservedSet);
  const alone = edited === undefined || staysAlone(reuse!.carry.wireKeys, edited, oldKey, wireKey(edited));
  const keptKeys =
    reuse &&
    (edited === undefined ? reuse.carry.wireKeys : rekeyed(reuse.carry.wireKeys, edited, oldKey, wireKey(edited)));
  const wireKeys = keptKeys || indexKeys(wires.length, wireKey);
  // No group changed, and the edited tool is in none: every other tool's fate is as it was.
  const fatesKept = keptKeys && alone;
  const groups = wireGroupsOf(wireKeys, wires, settings.derivation);

  const fates: ToolFate[] = wires.map((w) => w.fate);
  for (const i of reserved) fates[i] = 'left-out';
  const wireGroups: Array<readonly number[]> = wires.map(() => NO_GROUP);
  const kept: Array<number | undefined> = wires.map(() => undefined);
  for (const group of groups) {
    const globalMembers = group.members.map((m) => m + firstTool);
    for (const member of group.members) {
      wireGroups[member] = globalMembers;

      kept[member] = group.kept === undefined ? undefined : group.kept + firstTool;
      // model-safe: only the tool whose real name is the form stays; the rest are left out.
      if (settings.derivation === 'model-safe' && member !== group.kept) fates[member] = 'left-out';
    }
  }

  const verdictsOf = verdictsFor(settings.targets);
  // Verdicts depend on the wire name alone (the targets are the same within one set of options).
  const verdicts = (wire: WireComputation, i: number) => {
    if (wire.wireName === null) return NO_VERDICTS;
    const previous = reuse?.before(i);
    return previous && previous.wireName === wire.wireName ? previous.verdicts : verdictsOf(wire.wireName);
  };
  const tools: AnalyzedTool[] = wires.map((wire, i) => ({
    request: requestIndex,
    declaration: request.declarations[i]!,
    name: wire.name,
    wireName: wire.wireName,
    wireSource: wire.source,
    fate: fates[i]!,
    verdicts: verdicts(wire, i),
    wireGroup: wireGroups[i]!,
    keptInGroup: kept[i],
  }));
  // Offered tools by lower-cased wire name, for case-collision. With every other tool's fate as
  // it was, only the edited tool's key can change.
  const caseKey = (i: number) => caseKeyOf(tools[i]!);
  const keptCase =
    fatesKept &&
    (edited === undefined
      ? reuse!.carry.caseKeys
      : rekeyed(reuse!.carry.caseKeys, edited, caseKeyOf(before!), caseKey(edited)));
  const caseKeys = keptCase || indexKeys(tools.length, caseKey);

  const references = resolveReferences(request.references, tools, settings, requestIndex, firstTool);
  let offeredCount = 0;
  for (const fate of fates) if (fate === 'offered') offeredCount += 1;
  const census: RequestCensus = {
    format: request.format,
    derivation: settings.derivation,
    targets: settings.targets,
    reservedNames: settings.reservedNames,
    pointer: request.pointer,
    ...(request.serverName ? { serverName: request.serverName } : {}),
    ...(request.serverAnnounced ? { serverAnnounced: request.serverAnnounced } : {}),
    anchorRange: request.anchorRange,
    tools: tools.map((_, i) => i + firstTool),
    offeredCount,
  };
  return { census, tools, wires, references, groups, reserved, wireKeys, caseKeys };
}

/** Each declaration's wire name; after a name edit, the previous ones but the edited tool's. */
function wiresOf(
  request: ExtractedRequest,
  settings: RequestSettings,
  reuse: CensusReuse | undefined,
): readonly WireComputation[] {
  if (!reuse) return request.declarations.map((d) => computeWire(d, settings.derivation));
  if (reuse.edited === undefined) return reuse.carry.wires;
  const wires = reuse.carry.wires.slice();
  wires[reuse.edited] = computeWire(request.declarations[reuse.edited]!, settings.derivation);
  return wires;
}

export function keyOfWire(wireName: string | null, reserved: ReadonlySet<string>): string | undefined {
  return wireName === null || reserved.has(wireName) ? undefined : wireName;
}

export function caseKeyOf(tool: AnalyzedTool): string | undefined {
  return tool.wireName === null || tool.fate !== 'offered' ? undefined : tool.wireName.toLowerCase();
}

/**
 * The targets' verdicts on a wire name. Nearly every name is plainly accepted by every target:
 * those tools share one frozen list, since a list of three wrapped verdicts per tool was about a
 * quarter of what a 10k-tool analysis kept; only a name with something to say gets its own.
 */
export function verdictsFor(targets: readonly ProviderId[]): (wireName: string) => readonly ProviderVerdict[] {
  const allAccepted: readonly ProviderVerdict[] = Object.freeze(
    targets.map((provider) => Object.freeze({ provider, verdict: ACCEPTED })),
  );
  return (wireName) => {
    let own: ProviderVerdict[] | undefined;
    for (let i = 0; i < targets.length; i++) {
      const provider = targets[i]!;
      const verdict = checkName(PROVIDERS[provider], wireName);
      if (own) own.push({ provider, verdict });
      else if (verdict !== ACCEPTED) {
        own = allAccepted.slice(0, i);
        own.push({ provider, verdict });
      }
    }
    return own ?? allAccepted;
  };
}
