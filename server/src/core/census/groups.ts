import type { DerivationId } from '../wire/derivations';

/** Tools of one request that share one wire name. */
export interface WireGroup {
  readonly wireName: string;
  /** Request-local positions of the tools, in document order. */
  readonly members: readonly number[];
  /** The member a call dispatches to, when the runtime decides one. */
  readonly kept: number | undefined;
}

export interface GroupInput {
  readonly name: string | undefined;
  readonly wireName: string | null;
}

/**
 * Groups the tools that compete for one wire name. Under `model-safe` the runtime keeps the tool
 * whose real name IS the form and leaves the rest out (naming-rules.md section 1); for exact
 * duplicates of that name it keeps the first. Under `verbatim` and `ads` every copy is sent and
 * no tool is reliably the one a call reaches.
 */
export function groupByWireName(tools: readonly GroupInput[], eligible: (i: number) => boolean, derivation: DerivationId): WireGroup[] {
  const byWire = new Map<string, number[]>();
  for (let i = 0; i < tools.length; i++) {
    const wire = tools[i]!.wireName;
    if (wire === null || !eligible(i)) continue;
    const members = byWire.get(wire);
    if (members) members.push(i);
    else byWire.set(wire, [i]);
  }
  const groups: WireGroup[] = [];
  for (const [wireName, members] of byWire) {
    if (members.length < 2) continue;
    const kept = derivation === 'model-safe' ? members.find((i) => tools[i]!.name === wireName) : undefined;
    groups.push({ wireName, members, kept });
  }
  return groups;
}
