import type { CensusSource, TakenCensus } from '../analyze';
import {
  caseKeyOf,
  caseKeysOf,
  censusOf,
  keyOfWire,
  NO_VERDICTS,
  reservedOf,
  takeCensus,
  verdictsFor,
  wireKeyOf,
  type CensusResult,
} from '../census/census';
import { computeWire, type WireComputation } from '../census/wire';
import type { ExtractedRequest } from '../formats/model';
import type { Analysis, AnalyzedTool } from '../model';
import type { RequestSettings } from '../settings';
import { indexKeys, rekeyed, staysAlone } from '../util/sharedKeys';
import type { CensusCarry, RequestCarry, TextFacts } from './carry';

/**
 * The one tool whose name a name edit changed, and what the previous census kept: its census is
 * then taken again with the previous facts updated for that name.
 */
export interface NameChange {
  readonly previous: Analysis;
  readonly carry: CensusCarry | undefined;
  readonly request: number;
  /** Request-local position of the tool. */
  readonly tool: number;
}

/** A census taken again after one tool's name changed, with the previous census's carry. */
export interface CensusReuse {
  readonly carry: RequestCarry;
  /** The previous analysis's tool at a request-local position (its verdicts and old keys are read). */
  readonly before: (local: number) => AnalyzedTool;
  /** Request-local position of the tool whose name changed; undefined when this request's names did not. */
  readonly edited: number | undefined;
}

/**
 * The censuses after a name edit, for `analyzeCarrying`: each request's whole-set facts (wire
 * names, key maps, verdicts) updated from what the previous
 * census kept, for the one name, never guessed; a census with nothing kept is taken afresh. The
 * carry is taken here (used once: the update writes its maps in place).
 */
export class CensusUpdate implements CensusSource {
  private readonly kept: readonly RequestCarry[] | undefined;
  readonly text: TextFacts | undefined;

  constructor(
    private readonly change: NameChange,
    requests: number,
  ) {
    this.text = change.carry?.text;
    const carried = change.carry?.take();
    this.kept = carried && carried.length === requests ? carried : undefined;
  }

  census(request: ExtractedRequest, index: number, settings: RequestSettings, firstTool: number): TakenCensus {
    const carry = this.kept?.[index];
    if (!carry) return { census: takeCensus(request, index, settings, firstTool) };
    const previous = this.change.previous.tools;
    const reuse: CensusReuse = {
      carry,
      before: (local) => previous[firstTool + local]!,
      edited: index === this.change.request ? this.change.tool : undefined,
    };
    return { census: updatedCensus(request, index, settings, firstTool, reuse) };
  }
}

/**
 * A request's census after a name edit: the previous wire names but the edited tool's, the key
 * maps moved for its one key where that changes no group (else indexed again), and the previous
 * verdicts where a wire name is unchanged. The same census `takeCensus` takes of the request
 * (test/core/nameEdit.test.ts).
 */
export function updatedCensus(
  request: ExtractedRequest,
  requestIndex: number,
  settings: RequestSettings,
  firstTool: number,
  reuse: CensusReuse,
): CensusResult {
  const wires = wiresAfter(request, settings, reuse);
  const reserved = reservedOf(wires, settings.reservedNames);
  const wireKey = wireKeyOf(wires, reserved);
  const { carry, edited } = reuse;
  // A name edit that changes no group only updates the previous key map. The groups are read
  // from it (their keepers read the members' names, which the edit may have changed); when the
  // edited tool is in none, before and after, every group and every other tool's fate is as it was.
  const before = edited === undefined ? undefined : reuse.before(edited);
  const oldKey = before && keyOfWire(before.wireName, new Set(settings.reservedNames));
  const alone = edited === undefined || staysAlone(carry.wireKeys, edited, oldKey, wireKey(edited));
  const keptKeys = edited === undefined ? carry.wireKeys : rekeyed(carry.wireKeys, edited, oldKey, wireKey(edited));
  // No group changed, and the edited tool is in none: every other tool's fate is as it was, so
  // only the edited tool's case key can change.
  const fatesKept = keptKeys !== undefined && alone;
  const verdictsOf = verdictsFor(settings.targets);
  return censusOf(request, requestIndex, settings, firstTool, {
    wires,
    reserved,
    wireKeys: keptKeys ?? indexKeys(wires.length, wireKey),
    // Verdicts depend on the wire name alone (the targets are the same within one set of options).
    verdicts: (wire, i) => {
      if (wire.wireName === null) return NO_VERDICTS;
      const previous = reuse.before(i);
      return previous.wireName === wire.wireName ? previous.verdicts : verdictsOf(wire.wireName);
    },
    caseKeys: (tools) =>
      (fatesKept &&
        (edited === undefined
          ? carry.caseKeys
          : rekeyed(carry.caseKeys, edited, caseKeyOf(before!), caseKeyOf(tools[edited]!)))) ||
      caseKeysOf(tools),
  });
}

/** The previous wire names, but the edited tool's. */
function wiresAfter(
  request: ExtractedRequest,
  settings: RequestSettings,
  reuse: CensusReuse,
): readonly WireComputation[] {
  if (reuse.edited === undefined) return reuse.carry.wires;
  const wires = reuse.carry.wires.slice();
  wires[reuse.edited] = computeWire(request.declarations[reuse.edited]!, settings.derivation);
  return wires;
}
