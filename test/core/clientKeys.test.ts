import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALL_CLIENT_IDS } from '../../server/src/core';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import { oneByOneOf } from '../../server/src/core/incremental/oneByOneOf';
import { ClientKeys, clientTool, type ClientServer } from '../../server/src/core/incremental/clientKeys';

/**
 * `ClientKeys` (incremental/clientKeys.ts): whatever the order of counting (asked by a name edit,
 * or run ahead by an idle editor through `pending`) and renaming, every client's keys are the
 * keys of the names as they stand, as counting them afresh gives.
 */
const profiles = ALL_CLIENT_IDS.map((id) => oneByOneOf(id, CLIENTS[id]));
const name = fc
  .array(fc.constantFrom('a', 'b', 'A', '.', '_', '-', 'x'.repeat(40)), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''));
const server = fc.constantFrom<ClientServer>({ server: 's' }, { server: 'My Server', announced: 'Label' });
const action = fc.oneof(
  fc.record({ kind: fc.constant('rename' as const), place: fc.nat(), name }),
  fc.record({ kind: fc.constant('ahead' as const), steps: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('ask' as const), client: fc.nat() }),
);

describe('client keys: counted when asked or ahead of time, moved on each rename', () => {
  it('equal a fresh count of the current names after any mix of renames, steps ahead and questions', () => {
    fc.assert(
      fc.property(
        server,
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.array(action, { maxLength: 12 }),
        (host, initial, actions) => {
          const keys = new ClientKeys(profiles, host, initial);
          const names = initial.slice();
          for (const step of actions) {
            if (step.kind === 'ahead')
              keys
                .pending()
                .slice(0, step.steps)
                .forEach((work) => work());
            else if (step.kind === 'ask') keys.of(step.client % profiles.length);
            else {
              const place = step.place % names.length;
              names[place] = step.name;
              // What a lone rename commits: the tool's key in each client, as `OneByOne.at` gives it.
              keys.renamed(
                place,
                step.name,
                profiles.map((profile) => profile?.at(clientTool(host, step.name), place).key),
              );
            }
          }
          const fresh = new ClientKeys(profiles, host, names);
          profiles.forEach((_, r) => {
            const now = keys.of(r);
            const expected = fresh.of(r);
            assert.deepEqual(
              now && { keys: now.keys, groups: now.index.groups, wild: now.wild },
              expected && { keys: expected.keys, groups: expected.index.groups, wild: expected.wild },
              `client ${ALL_CLIENT_IDS[r]}`,
            );
          });
        },
      ),
      { numRuns: 300, seed: 20_261_202 },
    );
  });

  it('hands out one step per client not counted yet, and none once every client is', () => {
    const keys = new ClientKeys(profiles, { server: 's' }, ['a', 'b']);
    const stated = profiles.filter(Boolean).length;
    assert.equal(keys.pending().length, stated);
    keys.of(profiles.findIndex(Boolean));
    assert.equal(keys.pending().length, stated - 1);
    keys.pending().forEach((work) => work());
    assert.deepEqual(keys.pending(), []);
  });
});
