import type { ClientTool } from '../clients/model';
import type { OneByOne } from './oneByOne';
import { indexKeys, rekeyed, type KeyIndex } from '../util/sharedKeys';

/** One client's keys: by place in its input, the places grouped by key, and how many are null. */
export interface KeyCounts {
  readonly keys: Array<string | null | undefined>;
  /** The places by key (`util/sharedKeys.ts`; null keys left out): its groups are the shared keys. */
  index: KeyIndex;
  /** Tools whose key is null (they may meet any tool). */
  wild: number;
}

/** The server every client receives one document's tools from (one server in one file). */
export interface ClientServer {
  readonly server: string;
  readonly announced?: string;
}

/**
 * Every client's keys (`OneByOne.at`) for one server's tools, counted per client when first
 * asked and moved on each lone rename. Counting is most of the first name edit's work with
 * every client (thirteen clients' key for each of ten thousand tools: about a quarter of a
 * second), so `pending` hands it out as steps an idle editor can run ahead of that edit.
 *
 * It keeps its own copy of the names it counts from, renamed with the carry it belongs to, so a
 * client counted late (or ahead of time, between edits) reads the names the carry stands for:
 * never an older or newer analysis's.
 */
export class ClientKeys {
  private readonly names: string[];
  /** Per client: its counts, undefined until counted (or for a client with no one-tool part). */
  private readonly counted: Array<KeyCounts | undefined>;

  constructor(
    private readonly profiles: ReadonlyArray<OneByOne | undefined>,
    readonly server: ClientServer,
    names: readonly string[],
  ) {
    this.names = names.slice();
    this.counted = profiles.map(() => undefined);
  }

  /** Whether these keys were counted for tools sent under `server` (the lone path checks before reading them). */
  sentUnder(server: ClientServer): boolean {
    return server.server === this.server.server && server.announced === this.server.announced;
  }

  /** Client `r`'s keys (counted now if not yet), or undefined when it states no one-tool part. */
  of(r: number): KeyCounts | undefined {
    const profile = this.profiles[r];
    if (!profile) return undefined;
    return (this.counted[r] ??= this.count(profile));
  }

  /** The counting not done yet, one client a step; a step already done by then (by `of`) does nothing. */
  pending(): Array<() => void> {
    return this.profiles.flatMap((profile, r) => (profile && !this.counted[r] ? [() => void this.of(r)] : []));
  }

  /**
   * Tool `place` renamed to `name`, its key per client now `keys[r]` (as `OneByOne.at` gives it):
   * moved in every client counted so far; the others will count the new name.
   */
  renamed(place: number, name: string, keys: ReadonlyArray<string | null | undefined>): void {
    this.names[place] = name;
    this.counted.forEach((counted, r) => counted && moveKey(counted, place, keys[r]));
  }

  private count(profile: OneByOne): KeyCounts {
    const keys = this.names.map((tool, i) => profile.at(clientTool(this.server, tool), i).key);
    return {
      keys,
      index: indexKeys(keys.length, (i) => keys[i] ?? undefined),
      wild: keys.filter((key) => key === null).length,
    };
  }
}

export function clientTool(server: ClientServer, tool: string): ClientTool {
  return server.announced === undefined
    ? { server: server.server, tool }
    : { server: server.server, tool, announced: server.announced };
}

/** The tool's key moved: in place while no group changes (the cheap proof's case), else the places grouped again. */
function moveKey(counted: KeyCounts, place: number, key: string | null | undefined): void {
  const old = counted.keys[place];
  counted.keys[place] = key;
  counted.wild += (key === null ? 1 : 0) - (old === null ? 1 : 0);
  counted.index =
    rekeyed(counted.index, place, old ?? undefined, key ?? undefined) ??
    indexKeys(counted.keys.length, (i) => counted.keys[i] ?? undefined);
}
