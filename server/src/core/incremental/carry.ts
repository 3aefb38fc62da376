import type { ClientCarry } from './clientsAlone';
import type { ChangedRegion } from './region';
import { DISABLE_NEXT_LINE } from '../suppress/directives';
import type { TextReader } from '../text/pieceText';
import type { KeyIndex } from '../util/sharedKeys';
import type { WireComputation } from '../census/wire';

/**
 * What one request's census keeps for the next name edit: the facts that are functions of every
 * name (the wire names, the groups and their key maps), so a census of one changed name updates
 * them for that name instead of reading ten thousand again.
 */
export interface RequestCarry {
  readonly wires: readonly WireComputation[];
  /** Tools by wire name (eligible tools only): the wire groups are read from it. */
  readonly wireKeys: KeyIndex;
  /** Offered tools by lower-cased wire name (case-collision). */
  readonly caseKeys: KeyIndex;
  /** With an MCP client plan: what the client census keeps (`incremental/clientsAlone.ts`). */
  readonly clients?: ClientCarry;
}

/** Facts of the whole text that the edits a reuse accepts cannot change, or change only where they write. */
export interface TextFacts {
  /** The text holds no suppression directive marker, not even inside a string. */
  readonly directiveFree: boolean;
}

/**
 * A census's carry, used at most once: the next census updates its maps in place, so a second
 * use (a stale version analysed again from the same base) finds nothing and counts afresh.
 */
export class CensusCarry {
  private requests: readonly RequestCarry[] | undefined;

  constructor(
    requests: readonly RequestCarry[],
    readonly text: TextFacts,
  ) {
    this.requests = requests;
  }

  /** The carry, to read without taking it (a reuse decides first, then takes). */
  peek(): readonly RequestCarry[] | undefined {
    return this.requests;
  }

  /**
   * Work the next name edit would otherwise do first (every client's keys, `ClientKeys.pending`),
   * as steps an idle editor may run ahead of it, in any order, at any time: each step counts
   * from the names its carry stands for, and one done already does nothing.
   */
  pending(): Array<() => void> {
    return (this.requests ?? []).flatMap((request) => request.clients?.keys?.pending() ?? []);
  }

  take(): readonly RequestCarry[] | undefined {
    const requests = this.requests;
    this.requests = undefined;
    return requests;
  }

  /**
   * The carry of the text after an edit no census saw (inside a description, or spaces): the
   * same requests, taken over, and the marker looked for only where the edit could have made one.
   */
  after(region: ChangedRegion, newText: TextReader): CensusCarry | undefined {
    const requests = this.take();
    if (!requests) return undefined;
    return new CensusCarry(requests, {
      ...this.text,
      directiveFree: this.text.directiveFree && !writesMarker(region, newText),
    });
  }
}

/** Whether the new text holds the directive marker across or inside the edited span. */
export function writesMarker(region: ChangedRegion, newText: TextReader): boolean {
  const reach = DISABLE_NEXT_LINE.length - 1;
  return newText.slice(Math.max(0, region.start - reach), region.newEnd + reach).includes(DISABLE_NEXT_LINE);
}
