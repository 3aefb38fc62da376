import type { Finding } from '../findings';
import type { ChangedRegion } from './region';
import { sameAfterShift, shiftedOffset } from './shift';

/**
 * How many earlier findings at one start are looked through for a predecessor: a name carries a
 * few findings, and a place with more than this pairs none of the rest (they get new diagnostics).
 */
const MAX_AT_ONE_START = 32;

/**
 * For each finding of a re-census (`now`), the index of the previous analysis's finding it is,
 * with its offsets moved (`sameAfterShift`), or undefined for a new one. A name edit adds or
 * removes a finding or two (a new `invalid-name`, a collision gone) and leaves the rest as they
 * were; pairing by index would lose every pair after the first finding added. Both lists are
 * sorted by start (`compareFindings`), and the edit keeps the order of the offsets off it, so one
 * walk pairs them: the predecessors are looked for only among those that now start where the
 * finding does. Computed on the first question (an adapter asks only when it makes diagnostics).
 */
export function findingPairs(
  now: readonly Finding[],
  before: readonly Finding[],
  region: ChangedRegion,
): (index: number) => number | undefined {
  let pairs: Int32Array | undefined;
  return (index) => {
    pairs ??= pair(now, before, region);
    const found = pairs[index];
    return found === undefined || found < 0 ? undefined : found;
  };
}

function pair(now: readonly Finding[], before: readonly Finding[], region: ChangedRegion): Int32Array {
  const pairs = new Int32Array(now.length).fill(-1);
  const taken = new Uint8Array(before.length);
  // An offset on the edit has no place in the new text: such a finding is never paired, and it
  // sorts where the edit begins.
  const startOf = (j: number) => shiftedOffset(before[j]!.range.start, region) ?? region.start;
  let first = 0;
  for (let i = 0; i < now.length; i += 1) {
    const start = now[i]!.range.start;
    while (first < before.length && startOf(first) < start) first += 1;
    for (let j = first; j < before.length && j < first + MAX_AT_ONE_START && startOf(j) === start; j += 1) {
      if (taken[j] === 0 && sameAfterShift(now[i], before[j], region)) {
        taken[j] = 1;
        pairs[i] = j;
        break;
      }
    }
  }
  return pairs;
}
