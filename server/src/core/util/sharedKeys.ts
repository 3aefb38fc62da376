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
  const first = new Map<string, number>();
  const shared = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    if (key === undefined) continue;
    const members = shared.get(key);
    if (members) {
      members.push(i);
      continue;
    }
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else shared.set(key, [earlier, i]);
  }
  const groups: SharedKey[] = [];
  for (const [key, members] of shared) groups.push({ key, members });
  // A group is made at its second index: put them back in the order of their first.
  return groups.sort((a, b) => a.members[0]! - b.members[0]!);
}
