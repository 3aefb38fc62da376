/** A key that two or more indices share, with those indices in order. */
export interface SharedKey {
  readonly key: string;
  readonly members: number[];
}

/**
 * The indices `0..count-1` grouped by `keyOf` (undefined: left out), keeping only keys two or
 * more indices share: each group in index order, the groups in the order of their first index.
 * An index alone under its key costs a map entry and no array: nearly every name is unique, and
 * an array per tool was garbage at 10k tools (issue 10).
 */
export function sharedKeys(count: number, keyOf: (index: number) => string | undefined): SharedKey[] {
  // One map: a key's first index, or its group once a second index comes (one lookup per index).
  const seen = new Map<string, number | number[]>();
  const groups: SharedKey[] = [];
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    if (key === undefined) continue;
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, i);
    } else if (typeof earlier === 'number') {
      const members = [earlier, i];
      seen.set(key, members);
      groups.push({ key, members });
    } else {
      earlier.push(i);
    }
  }
  // A group is made at its second index: put them back in the order of their first.
  return groups.sort((a, b) => a.members[0]! - b.members[0]!);
}
