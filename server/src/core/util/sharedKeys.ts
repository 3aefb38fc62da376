/** A key that two or more indices share, with those indices in order. */
export interface SharedKey {
  readonly key: string;
  readonly members: number[];
}

/**
 * The shared keys of `sharedKeys` with the map they were found with: each key's only index, or
 * its group. Kept by a census for the next name edit, which changes one index's key
 * (`rekeyed`). The map is owned by one index at a time: `rekeyed` writes to it.
 */
export interface KeyIndex {
  readonly groups: readonly SharedKey[];
  readonly seen: Map<string, number | number[]>;
}

/**
 * The indices `0..count-1` grouped by `keyOf` (undefined: left out), keeping only keys two or
 * more indices share: each group in index order, the groups in the order of their first index.
 * An index alone under its key costs a map entry and no array: nearly every name is unique, and
 * an array per tool was garbage at 10k tools.
 */
export function sharedKeys(count: number, keyOf: (index: number) => string | undefined): readonly SharedKey[] {
  return indexKeys(count, keyOf).groups;
}

/** `sharedKeys`, with the map kept. */
export function indexKeys(count: number, keyOf: (index: number) => string | undefined): KeyIndex {
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
  groups.sort((a, b) => a.members[0]! - b.members[0]!);
  return { groups, seen };
}

/**
 * The index after `index`'s key changed from `before` to `after`, when that changes no group:
 * `index` was alone under `before` and no other index has `after`. Then the groups are the same
 * and only the map is updated, in place (the index given must not be used again). Undefined when
 * a group would change: the caller groups again.
 */
export function rekeyed(
  keys: KeyIndex,
  index: number,
  before: string | undefined,
  after: string | undefined,
): KeyIndex | undefined {
  if (before === after) return keys;
  if (!movesAlone(keys, index, before, after)) return undefined;
  if (before !== undefined) keys.seen.delete(before);
  if (after !== undefined) keys.seen.set(after, index);
  return keys;
}

/** Whether `rekeyed` would keep every group (it reads, never writes). */
function movesAlone(keys: KeyIndex, index: number, before: string | undefined, after: string | undefined): boolean {
  return before === after || staysAlone(keys, index, before, after);
}

/** Whether `index` is in no group under its key `before`, nor would be under `after`. */
export function staysAlone(
  keys: KeyIndex,
  index: number,
  before: string | undefined,
  after: string | undefined,
): boolean {
  if (before !== undefined && keys.seen.get(before) !== index) return false;
  return after === undefined || after === before || !keys.seen.has(after);
}
