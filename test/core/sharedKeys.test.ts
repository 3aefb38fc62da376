import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { indexKeys, rekeyed } from '../../server/src/core/util/sharedKeys';

describe('shared keys, updated for one changed key', () => {
  it('equal the keys indexed afresh whenever no group changes, and refuse when one would', () => {
    const key = fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { nil: undefined });
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 8 }), fc.nat(), key, (keys, at, after) => {
        const index = at % keys.length;
        const changed = keys.map((k, i) => (i === index ? after : k));
        const fresh = indexKeys(changed.length, (i) => changed[i]);
        const updated = rekeyed(
          indexKeys(keys.length, (i) => keys[i]),
          index,
          keys[index],
          after,
        );
        const before = indexKeys(keys.length, (i) => keys[i]);
        if (updated) {
          assert.deepStrictEqual(updated.seen, fresh.seen, 'the map is the one of the new keys');
          assert.deepStrictEqual(updated.groups, fresh.groups);
        } else {
          assert.notDeepStrictEqual(fresh.groups, before.groups, 'refused only when a group changes');
        }
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
