import type { ClientRule, NameRule } from '../clients/model';
import type { ClientId } from '../clients/profiles';
import { CLIENTS } from '../clients/profiles';
import { outcomes } from '../clients/shared';
import type { OneByOne } from './oneByOne';
import { STATED_ONE_BY_ONE } from './statedOneByOne';

/**
 * A client's one-tool part: read off its name rule (`byName`), or, for a registered profile whose
 * rewrite is no name rule, the part stated for it (`STATED_ONE_BY_ONE`, which holds only for that
 * profile: one passed in under the same id is another rewrite). Undefined: any name may change any
 * outcome, so a name edit rewrites that client's tools again in full.
 */
export function oneByOneOf(client: ClientId, profile: ClientRule): OneByOne | undefined {
  if (profile.nameRule) return byNameOneByOne(profile.nameRule);
  return profile === CLIENTS[client] ? STATED_ONE_BY_ONE[client] : undefined;
}

/** A name rule's one-tool part: scope `key`, tools meet only through a shared wire name. */
function byNameOneByOne(rule: NameRule): OneByOne {
  return {
    scope: 'key',
    at(tool, index) {
      const names = rule.names([tool]);
      const preset = rule.preset?.(tool, index, names[0]!);
      // One tool meets no other: `onShared` is never asked.
      const outcome = outcomes([tool], names, rule.provider, () => ({ reason: '' }), [preset])[0]!;
      // As `outcomes` groups them: a dropped tool's name meets no other.
      return { key: outcome.fate === 'dropped' ? undefined : (outcome.wireName ?? undefined), outcome };
    },
  };
}
