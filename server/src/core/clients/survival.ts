import { Askers } from '../util/askers';
import { profileOf, wireNameOf, type ClientCensusOptions, type ClientResult } from './census';

/**
 * A cheap test for a proposed name, built once per census: in each client, the name alone must
 * be sent (not dropped, not failing), and its wire name must not be any other tool's. Checking a
 * candidate costs one rewrite per client, not a whole census, so proposing names for thousands
 * of findings stays linear.
 *
 * It also keeps what it was asked: which client wire names each tool's candidates were checked
 * against. A name edit that moves one tool's client wire names changes no other tool's answers
 * when no other tool asked about those names (`incremental/clientsAlone.ts`), and then the
 * counts are moved for that tool (`renamed`) instead of counted again.
 */
export class SurvivalCheck {
  constructor(
    private readonly results: readonly ClientResult[],
    private readonly options: ClientCensusOptions,
    private readonly state: SurvivalState = { counts: undefined, askers: new Askers(), asks: new Map() },
  ) {}

  /** Whether `name`, replacing tool `replacing` (global index), is sent by every client and meets no other tool there. */
  survives(name: string, replacing: number): boolean {
    // A client that loses every tool of the server gives `false` for any name at its turn, and
    // the clients before it cannot turn that around: the same answer, without the rewrites.
    if (this.survivesNone()) return false;
    const counts = (this.state.counts ??= this.count());
    return this.results.every((result, r) => {
      const [alone] = profileOf(this.options, result.client).rewrite([{ server: this.options.server, tool: name }]);
      if (!alone || alone.wireName === null || (alone.fate !== 'sent' && alone.fate !== 'renamed')) return false;
      this.ask(replacing, askKey(r, alone.wireName));
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

  /** Whether a tool other than `tool` asked about `wireName` in result `r`. */
  askedByOther(r: number, wireName: string, tool: number): boolean {
    return this.state.askers.byOther(askKey(r, wireName), tool);
  }

  /**
   * The check over `results`, the census after tool `tool` alone changed its wire names (`before`
   * and `after`, per result): its counts moved and what it asked forgotten, so it asks afresh.
   * Takes this check's state over (a census's check is used once).
   */
  renamed(
    results: readonly ClientResult[],
    tool: number,
    before: ReadonlyArray<string | null>,
    after: ReadonlyArray<string | null>,
  ): SurvivalCheck {
    const { counts, askers, asks } = this.state;
    counts?.forEach((held, r) => {
      move(held, before[r] ?? null, -1);
      move(held, after[r] ?? null, +1);
    });
    askers.forget(tool, asks.get(tool) ?? []);
    asks.delete(tool);
    return new SurvivalCheck(results, this.options, this.state);
  }

  private ask(tool: number, key: string): void {
    this.state.askers.add(tool, key);
    const list = this.state.asks.get(tool);
    if (list) list.push(key);
    else this.state.asks.set(tool, [key]);
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

interface SurvivalState {
  /** Per result, how many tools hold each wire name: counted on the first question (most analyses propose no name). */
  counts: Array<Map<string, number>> | undefined;
  readonly askers: Askers;
  /** The keys each tool asked about, to forget them when it is asked again. */
  readonly asks: Map<number, string[]>;
}

function askKey(r: number, wireName: string): string {
  return `${r}\u0000${wireName}`;
}

function move(counts: Map<string, number>, wireName: string | null, by: number): void {
  if (wireName === null) return;
  const count = (counts.get(wireName) ?? 0) + by;
  if (count > 0) counts.set(wireName, count);
  else counts.delete(wireName);
}
