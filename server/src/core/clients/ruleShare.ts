import type { ClientOutcome, ClientTool, NameRule } from './model';
import type { ProviderId } from '../profiles/providers';
import { sharedKeys, type SharedKey } from '../util/sharedKeys';
import { outcomes, providerRejects } from './shared';

type Preset = ReturnType<NonNullable<NameRule['preset']>>;

/** One computed part, with the identities it was computed from (compared with `===`). */
interface Part<T> {
  readonly from: readonly unknown[];
  readonly value: T;
}

/**
 * What the clients of one census compute once where their name rules agree. A name rule
 * (`NameRule`) is data: its `names`, `preset`, `provider` and `onShared`. Two clients whose rules
 * hold the same parts, over the same input, get the same outcomes, so each part is computed
 * once and handed to every client whose rule holds it:
 * - the names, per `names` function (clients that send a tool as written share one list);
 * - the provider's verdicts on those names, per provider (each computed when first asked);
 * - the presets, per `preset` function over those names;
 * - the whole outcome list, when every part agrees (a registry may give two ids one rule).
 * Agreement is identity, never a guess about what two functions do: a rule shares a part by
 * holding the same function (`shared.ts` has the common ones). Made per census and dropped with
 * it, so nothing outlives the request it was computed for.
 */
export class RuleShare {
  private readonly names: Array<Part<ReadonlyArray<string | null>>> = [];
  private readonly presets: Array<Part<ReadonlyArray<Preset>>> = [];
  private readonly verdicts: Array<Part<Array<string | undefined | typeof UNASKED>>> = [];
  private readonly whole: Array<Part<readonly ClientOutcome[]>> = [];
  private readonly met: Array<Part<readonly SharedKey[] | undefined>> = [];

  /** `rules`: every rule this census will read, so that a part no two of them hold is never kept. */
  constructor(private readonly rules: readonly NameRule[]) {}

  /** `rewriteByName(rule, tools)`, from the parts other clients of this census already computed. */
  outcomesOf(rule: NameRule, tools: readonly ClientTool[]): readonly ClientOutcome[] {
    const { names: nameFn, preset, provider, onShared } = rule;
    return this.part(this.whole, rule, WHOLE, [tools, nameFn, preset, provider, onShared], () => {
      const names = this.part(this.names, rule, NAMES, [tools, nameFn], () => nameFn(tools));
      const presets = preset
        ? this.part(this.presets, rule, PRESET, [names, nameFn, preset], () =>
            tools.map((tool, i) => preset(tool, i, names[i]!)),
          )
        : [];
      // Only a list two rules ask is kept; a rule alone asks the provider directly (`outcomes`).
      const rejected =
        provider && this.holders(rule, VERDICTS) > 1
          ? askedOnce(
              this.part(this.verdicts, rule, VERDICTS, [names, nameFn, provider], () =>
                new Array<string | undefined | typeof UNASKED>(names.length).fill(UNASKED),
              ),
              provider,
            )
          : undefined;
      const met = rule.keepsApart ? this.metOf(tools) : undefined;
      return outcomes(tools, names, provider, (members) => onShared(members, tools), presets, rejected, met);
    });
  }

  /**
   * The tools whose own names meet, when they are one server's (else undefined): found once for
   * every rule that keeps tools apart as their names do (`NameRule.keepsApart`).
   */
  private metOf(tools: readonly ClientTool[]): readonly SharedKey[] | undefined {
    return lookUp(this.met, [tools], () => {
      const server = tools[0]?.server;
      return tools.every((t) => t.server === server) ? sharedKeys(tools.length, (i) => tools[i]!.tool) : undefined;
    });
  }

  /** The part from these identities: kept for the next rule that holds it, when another does. */
  private part<T>(parts: Array<Part<T>>, rule: NameRule, keys: Keys, from: readonly unknown[], compute: () => T): T {
    return this.holders(rule, keys) < 2 ? compute() : lookUp(parts, from, compute);
  }

  /** How many of the census's rules hold the same parts as `rule` (itself included). */
  private holders(rule: NameRule, keys: Keys): number {
    return this.rules.filter((other) => keys.every((k) => other[k] === rule[k])).length;
  }
}

/** The parts of a rule a computed part depends on. */
type Keys = ReadonlyArray<keyof NameRule>;
const NAMES: Keys = ['names'];
const PRESET: Keys = ['names', 'preset'];
const VERDICTS: Keys = ['names', 'provider'];
const WHOLE: Keys = ['names', 'preset', 'provider', 'onShared'];

/** Not asked yet (a verdict is a reason or undefined, so a third value marks the hole). */
const UNASKED = Symbol('unasked');

/** The provider's verdict on the name at each place, asked the first time and kept in `verdicts`. */
function askedOnce(
  verdicts: Array<string | undefined | typeof UNASKED>,
  provider: ProviderId,
): (index: number, wireName: string) => string | undefined {
  return (i, wireName) => {
    let reason = verdicts[i];
    if (reason === UNASKED) verdicts[i] = reason = providerRejects(provider, wireName);
    return reason;
  };
}

/** The part computed from these identities, computed now if nobody asked for it before. */
function lookUp<T>(parts: Array<Part<T>>, from: readonly unknown[], compute: () => T): T {
  const found = parts.find((part) => part.from.every((x, i) => x === from[i]));
  if (found) return found.value;
  const value = compute();
  parts.push({ from, value });
  return value;
}
