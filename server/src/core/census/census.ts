import type { ExtractedRequest } from '../formats/model';
import type { AnalyzedReference, AnalyzedTool, ProviderVerdict, RequestCensus, ToolFate } from '../model';
import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { ACCEPTED, checkName } from '../profiles/verdict';
import type { RequestSettings } from '../settings';
import { groupByWireName, type WireGroup } from './groups';
import { resolveReferences } from './resolve';
import { computeWire, type WireComputation } from './wire';

const NO_GROUP: readonly number[] = [];
const NO_VERDICTS: readonly ProviderVerdict[] = Object.freeze([]);

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
}

/**
 * Takes the census of one request (naming-rules.md section 1: one request = one census).
 * `firstTool` is the global index of this request's first tool, so that the cross-references in
 * AnalyzedTool point into Analysis.tools.
 */
export function takeCensus(request: ExtractedRequest, requestIndex: number, settings: RequestSettings, firstTool: number): CensusResult {
  const wires = request.declarations.map((d) => computeWire(d, settings.derivation));
  const reservedSet = new Set(settings.reservedNames);
  const reserved: number[] = [];
  for (let i = 0; i < wires.length; i++) {
    const wire = wires[i]!.wireName;
    if (wire !== null && reservedSet.has(wire)) reserved.push(i);
  }
  const isReserved = new Set(reserved);
  const groups = groupByWireName(wires, (i) => !isReserved.has(i), settings.derivation);

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
  const tools: AnalyzedTool[] = wires.map((wire, i) => ({
    request: requestIndex,
    declaration: request.declarations[i]!,
    name: wire.name,
    wireName: wire.wireName,
    wireSource: wire.source,
    fate: fates[i]!,
    verdicts: wire.wireName === null ? NO_VERDICTS : verdictsOf(wire.wireName),
    wireGroup: wireGroups[i]!,
    keptInGroup: kept[i],
  }));

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
  return { census, tools, wires, references, groups, reserved };
}

/**
 * The targets' verdicts on a wire name. Nearly every name is plainly accepted by every target:
 * those tools share one frozen list, since a list of three wrapped verdicts per tool was about a
 * quarter of what a 10k-tool analysis kept (issue 10); only a name with something to say gets its own.
 */
function verdictsFor(targets: readonly ProviderId[]): (wireName: string) => readonly ProviderVerdict[] {
  const allAccepted: readonly ProviderVerdict[] = Object.freeze(targets.map((provider) => Object.freeze({ provider, verdict: ACCEPTED })));
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
