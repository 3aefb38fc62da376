import type { AnalyzedTool } from '../model';
import type { KeyIndex } from '../util/sharedKeys';
import type { WireGroup } from './groups';
import type { WireComputation } from './wire';

/**
 * What one request's census keeps for the next name edit: the facts that are functions of every
 * name (the wire names, the groups and their key maps, the proposed names' pool's counts), so a
 * census of one changed name updates them for that name instead of reading ten thousand again.
 */
export interface RequestCarry {
  readonly wires: readonly WireComputation[];
  /** Tools by wire name (eligible tools only), and the groups found in it. */
  readonly wireKeys: KeyIndex;
  readonly groups: readonly WireGroup[];
  /** Offered tools by lower-cased wire name (case-collision). */
  readonly caseKeys: KeyIndex;
  /** Every tool's names counted for the proposed names' pool, when a fix made it count them. */
  readonly nameCounts: Map<string, number> | undefined;
}

/**
 * A census's carry, used at most once: the next census updates its maps in place, so a second
 * use (a stale version analysed again from the same base) finds nothing and counts afresh.
 */
export class CensusCarry {
  private requests: readonly RequestCarry[] | undefined;

  constructor(requests: readonly RequestCarry[], readonly eol?: '\r\n' | '\n') {
    this.requests = requests;
  }

  take(): readonly RequestCarry[] | undefined {
    const requests = this.requests;
    this.requests = undefined;
    return requests;
  }
}

/** A census taken again after one tool's name changed, with the previous census's carry. */
export interface CensusReuse {
  readonly carry: RequestCarry;
  /** The previous analysis's tool at a request-local position (its verdicts and old keys are read). */
  readonly before: (local: number) => AnalyzedTool;
  /** Request-local position of the tool whose name changed; undefined when this request's names did not. */
  readonly edited: number | undefined;
}
