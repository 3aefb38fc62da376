import type { DerivationId } from '../wire/derivations';
import type { KeyIndex } from '../util/sharedKeys';

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
 * The groups of tools that compete for one wire name, from the tools' wire names indexed
 * (`indexKeys`, eligible tools only). Under `model-safe` the runtime keeps the tool whose real
 * name IS the form and leaves the rest out (naming-rules.md section 1); for exact duplicates of
 * that name it keeps the first. Under `verbatim` and `ads` every copy is sent and no tool is
 * reliably the one a call reaches.
 */
export function wireGroupsOf(keys: KeyIndex, tools: readonly GroupInput[], derivation: DerivationId): WireGroup[] {
  const groups: WireGroup[] = [];
  for (const { key: wireName, members } of keys.groups) {
    const kept = derivation === 'model-safe' ? members.find((i) => tools[i]!.name === wireName) : undefined;
    groups.push({ wireName, members, kept });
  }
  return groups;
}
