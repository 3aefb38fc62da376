import type { ClientResult } from '../clients/census';
import { SurvivalCheck, type SurvivalObserver } from '../clients/survival';
import { Askers } from '../util/askers';

/**
 * Which client wire names each tool's proposed names were checked against (`SurvivalCheck`). A
 * name edit that moves one tool's client wire names changes no other tool's answers when no other
 * tool asked about those names (`clientsAlone.ts`), and then the check's counts are moved for
 * that tool (`survivalRenamed`) instead of counted again. Used once, like the carry it is in.
 */
export class SurvivalLog implements SurvivalObserver {
  private readonly askers = new Askers();
  /** The keys each tool asked about, to forget them when it is asked again. */
  private readonly asks = new Map<number, string[]>();

  asked(tool: number, r: number, wireName: string): void {
    const key = askKey(r, wireName);
    this.askers.add(tool, key);
    const list = this.asks.get(tool);
    if (list) list.push(key);
    else this.asks.set(tool, [key]);
  }

  /** Whether a tool other than `tool` asked about `wireName` in result `r`. */
  askedByOther(r: number, wireName: string, tool: number): boolean {
    return this.askers.byOther(askKey(r, wireName), tool);
  }

  /** Forgets what `tool` asked, so it asks afresh. */
  forget(tool: number): void {
    this.askers.forget(tool, this.asks.get(tool) ?? []);
    this.asks.delete(tool);
  }
}

/**
 * The check over `results`, the census after tool `tool` alone changed its wire names (`before`
 * and `after`, per result): the previous check's counts moved (in place: a census's check is used
 * once) and what the tool asked forgotten.
 */
export function survivalRenamed(
  check: SurvivalCheck,
  log: SurvivalLog,
  results: readonly ClientResult[],
  tool: number,
  before: ReadonlyArray<string | null>,
  after: ReadonlyArray<string | null>,
): SurvivalCheck {
  const counts = check.heldCounts();
  counts?.forEach((held, r) => {
    move(held, before[r] ?? null, -1);
    move(held, after[r] ?? null, +1);
  });
  log.forget(tool);
  return new SurvivalCheck(results, check.options, log, counts);
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
