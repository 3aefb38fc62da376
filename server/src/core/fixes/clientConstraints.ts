import type { ClientCensusOptions } from '../clients/census';
import { CLIENTS } from '../clients/profiles';
import type { SurvivalCheck } from '../clients/survival';
import type { NameConstraints } from './namePool';

/**
 * A proposed name must survive every enabled client, and be no longer than the longest name they
 * all keep under this server name (a combined server-and-tool limit, say): read from the profiles
 * themselves, so no client's limit is written twice.
 */
export function clientConstraints(
  firstTool: number,
  options: ClientCensusOptions,
  survival: SurvivalCheck,
): (local: number) => NameConstraints {
  // No name survives: every search would end empty, whatever its length limit.
  if (survival.survivesNone()) return () => NONE_SURVIVES;
  // Found on the first question: most documents propose no name (the search is a few dozen rewrites).
  let maxLength: number | undefined | null = null;
  return (index) => {
    if (maxLength === null) maxLength = longestKeptName(options);
    return {
      ...(maxLength !== undefined ? { maxLength } : {}),
      accept: (candidate) => survival.survives(candidate, index + firstTool),
    };
  };
}

const NONE_SURVIVES: NameConstraints = Object.freeze({ accept: () => false, acceptsNone: true });

/** The longest plain name (`xxx…`, up to 64) every enabled client sends under this server; undefined when 64 passes. */
function longestKeptName(options: ClientCensusOptions): number | undefined {
  // Every client must keep the name, and each answer is its own rewrite of one name: the client
  // that refused the last length is asked first, so a length refused again costs one rewrite (a
  // conjunction of pure answers is the same in any order).
  const clients = options.enabled.slice();
  const keeps = (length: number) => {
    const tool = 'x'.repeat(length);
    const refusing = clients.findIndex((client) => {
      const [outcome] = (options.profiles?.[client] ?? CLIENTS[client]).rewrite([{ server: options.server, tool }]);
      return !(outcome !== undefined && (outcome.fate === 'sent' || outcome.fate === 'renamed'));
    });
    if (refusing > 0) clients.unshift(...clients.splice(refusing, 1));
    return refusing < 0;
  };
  if (keeps(64)) return undefined;
  let good = 0;
  let bad = 64;
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (keeps(mid)) good = mid;
    else bad = mid;
  }
  return Math.max(1, good);
}
