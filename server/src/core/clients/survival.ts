import { profileOf, wireNameOf, type ClientCensusOptions, type ClientResult } from './census';

/**
 * A cheap test for a proposed name, built once per request where name fixes are built: in each client, the name alone must
 * be sent (not dropped, not failing), and its wire name must not be any other tool's. Checking a
 * candidate costs one rewrite per client, not a whole census, so proposing names for thousands
 * of findings stays linear.
 */
export class SurvivalCheck {
  /** Per result, how many tools hold each wire name: counted on the first question. */
  private counts: Array<Map<string, number>> | undefined;

  constructor(
    private readonly results: readonly ClientResult[],
    readonly options: ClientCensusOptions,
  ) {}

  /** Whether `name`, replacing tool `replacing` (global index), is sent by every client and meets no other tool there. */
  survives(name: string, replacing: number): boolean {
    // A client that loses every tool of the server gives `false` for any name at its turn, and
    // the clients before it cannot turn that around: the same answer, without the rewrites.
    if (this.survivesNone()) return false;
    const counts = (this.counts ??= this.count());
    return this.results.every((result, r) => {
      const [alone] = profileOf(this.options, result.client).rewrite([{ server: this.options.server, tool: name }]);
      if (!alone || alone.wireName === null || (alone.fate !== 'sent' && alone.fate !== 'renamed')) return false;
      const holders =
        (counts[r]!.get(alone.wireName) ?? 0) - (wireNameOf(result, replacing) === alone.wireName ? 1 : 0);
      return holders <= 0;
    });
  }

  /** True when no name survives: some client refuses the server itself (`ClientRule.refusesServer`). */
  survivesNone(): boolean {
    return this.results.some(
      (result) => profileOf(this.options, result.client).refusesServer?.(this.options.server) === true,
    );
  }

  private count(): Array<Map<string, number>> {
    return this.results.map((result) => {
      const counts = new Map<string, number>();
      for (const t of result.tools) if (t.wireName !== null) counts.set(t.wireName, (counts.get(t.wireName) ?? 0) + 1);
      for (const other of this.options.others ?? []) {
        if (!other.clients.includes(result.client)) continue;
        const rewritten = result.profile.rewrite(other.tools.map((t) => ({ server: other.server, tool: t.name })));
        for (const o of rewritten) if (o.wireName !== null) counts.set(o.wireName, (counts.get(o.wireName) ?? 0) + 1);
      }
      return counts;
    });
  }
}
