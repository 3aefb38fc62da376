import type { ExtractedRequest } from '../formats/model';
import type { AnalyzedReference, AnalyzedTool, ProviderVerdict, RequestCensus, ToolFate } from '../model';
import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { ACCEPTED, checkName } from '../profiles/verdict';
import type { RequestSettings } from '../settings';
import { indexKeys, type KeyIndex } from '../util/sharedKeys';
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
): CensusResult {
  const wires = request.declarations.map((d) => computeWire(d, settings.derivation));
  const reserved = reservedOf(wires, settings.reservedNames);
  const verdictsOf = verdictsFor(settings.targets);
  return censusOf(request, requestIndex, settings, firstTool, {
    wires,
    reserved,
    wireKeys: indexKeys(wires.length, wireKeyOf(wires, reserved)),
    verdicts: (wire) => (wire.wireName === null ? NO_VERDICTS : verdictsOf(wire.wireName)),
    caseKeys: caseKeysOf,
  });
}

/**
 * The facts of a census that are functions of every name, as `censusOf` takes them: computed
 * here by `takeCensus`, or updated from a previous census for one changed name elsewhere.
 */
export interface CensusParts {
  readonly wires: readonly WireComputation[];
  /** Request-local positions of tools whose wire name is reserved (`reservedOf`). */
  readonly reserved: readonly number[];
  /** Eligible tools by wire name (`wireKeyOf`): the groups are read from it. */
  readonly wireKeys: KeyIndex;
  /** The targets' verdicts on a tool's wire name (`verdictsFor`). */
  readonly verdicts: (wire: WireComputation, local: number) => readonly ProviderVerdict[];
  /** Offered tools by lower-cased wire name (`caseKeysOf`), given the tools with their fates. */
  readonly caseKeys: (tools: readonly AnalyzedTool[]) => KeyIndex;
}

/** One request's census from its name facts: the groups, fates, tools, references and counts. */
export function censusOf(
  request: ExtractedRequest,
  requestIndex: number,
  settings: RequestSettings,
  firstTool: number,
  parts: CensusParts,
): CensusResult {
  const { wires, reserved, wireKeys } = parts;
  const groups = wireGroupsOf(wireKeys, wires, settings.derivation);
  const { fates, wireGroups, kept } = fatesOf(wires, reserved, groups, settings, firstTool);
  const tools: AnalyzedTool[] = wires.map((wire, i) => ({
    request: requestIndex,
    declaration: request.declarations[i]!,
    name: wire.name,
    wireName: wire.wireName,
    wireSource: wire.source,
    fate: fates[i]!,
    verdicts: parts.verdicts(wire, i),
    wireGroup: wireGroups[i]!,
    keptInGroup: kept[i],
  }));
  const caseKeys = parts.caseKeys(tools);
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

/** Each tool's fate, its wire group (global positions) and the group's kept tool (global). */
function fatesOf(
  wires: readonly WireComputation[],
  reserved: readonly number[],
  groups: readonly WireGroup[],
  settings: RequestSettings,
  firstTool: number,
): { fates: ToolFate[]; wireGroups: Array<readonly number[]>; kept: Array<number | undefined> } {
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
  return { fates, wireGroups, kept };
}

/** Request-local positions of the tools whose wire name is a reserved (runtime) name. */
export function reservedOf(wires: readonly WireComputation[], reservedNames: readonly string[]): number[] {
  const reservedSet = new Set(reservedNames);
  const reserved: number[] = [];
  for (let i = 0; i < wires.length; i++) {
    const wire = wires[i]!.wireName;
    if (wire !== null && reservedSet.has(wire)) reserved.push(i);
  }
  return reserved;
}

/** A tool's key among the eligible tools (reserved ones are left out): its wire name. */
export function wireKeyOf(
  wires: readonly WireComputation[],
  reserved: readonly number[],
): (local: number) => string | undefined {
  const isReserved = new Set(reserved);
  return (i) => (isReserved.has(i) ? undefined : (wires[i]!.wireName ?? undefined));
}

/** Offered tools by lower-cased wire name, for case-collision. */
export function caseKeysOf(tools: readonly AnalyzedTool[]): KeyIndex {
  return indexKeys(tools.length, (i) => caseKeyOf(tools[i]!));
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
