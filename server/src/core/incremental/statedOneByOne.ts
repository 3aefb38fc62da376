import { plainName } from '../clients/codex';
import type { ClientId } from '../clients/profiles';
import { ALONE, sentOrRenamed } from '../clients/shared';
import { firstThrower, isThrower, loneServerId, lostAfter, registersBefore } from '../clients/vscode';
import type { OneByOne } from './oneByOne';

/**
 * The one-tool parts of the registered profiles whose rewrite is no name rule, by client id
 * (`oneByOneOf` reads them only for those very profiles). A client without an entry (and no name
 * rule) is rewritten again in full after a name edit; adding one changes no other file.
 */
export const STATED_ONE_BY_ONE: Readonly<Partial<Record<ClientId, OneByOne>>> = {
  // Tools meet only through a shared key (its members take hashes of their own identities, or
  // duplicates are skipped) while every name fits even hashed: then the plain path runs and no
  // other tool's name moves. A name that might not fit, or that already ends like a hash, may
  // send the rewrite down the sorted path: null.
  codex: {
    scope: 'key',
    at(tool) {
      const plain = plainName(tool);
      return {
        key: plain.mayMeetAny ? null : plain.key,
        outcome: { wireName: plain.wireName, fate: sentOrRenamed(tool, plain.wireName), group: ALONE },
      };
    },
  },
  // With no id taken twice every tool registers under its own id. Once one is, the server's
  // tools register sorted and the first tool of a shared id throws: a tool whose id is its own
  // registers when it sorts before that tool and is lost with the rest after it.
  vscode: {
    scope: 'all',
    at(tool, index, pivot) {
      const id = loneServerId(tool);
      if (!isThrower(pivot) || registersBefore(tool, index, pivot))
        return { key: id, outcome: { wireName: id, fate: sentOrRenamed(tool, id), group: ALONE } };
      return {
        key: id,
        outcome: {
          wireName: id,
          fate: 'dropped',
          reason: lostAfter(pivot.id, pivot.tool),
          collateral: true,
          group: ALONE,
        },
      };
    },
    pivot: {
      of: firstThrower,
      before: (tool, index, pivot) => isThrower(pivot) && registersBefore(tool, index, pivot),
    },
  },
};
