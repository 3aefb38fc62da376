import type { ClientOutcome, ClientTool } from '../clients/model';

/**
 * One tool's part of a client's rewrite, stated for tools of one server (every tool has the same
 * `server` and `announced`) at their places in the input: what a name edit that re-rewrites one
 * tool rests on (`clientsAlone.ts`). The contract, held by test/core/clientsOneByOne.test.ts for
 * every client that has one: when no tool's key is null,
 * - under `scope: 'key'`, a tool whose key no other tool shares gets `at(tool, index).outcome`
 *   from `rewrite`, and the outcomes of tools sharing a key depend only on those tools and their
 *   places;
 * - under `scope: 'all'` with no key shared, every tool gets `at(tool, index).outcome`; with a key
 *   shared and a `pivot`, a tool whose key is its own gets `at(tool, index, pivot.of(tools))`.
 * So a tool renamed from one key of its own to another (under a pivot, staying on its side)
 * changes its own outcome and no other.
 */
export interface OneByOne {
  /** `key`: tools meet only through a shared key; `all`: one shared key anywhere can change every outcome. */
  readonly scope: 'key' | 'all';
  /**
   * The tool's key (undefined: it meets no other tool, as a tool dropped before names are
   * compared; null: it may meet any, as a name too long for Codex's plain path) and its outcome
   * while the key is its own (given `pivot.of(tools)` when a key is shared under scope `all`).
   */
  at(
    tool: ClientTool,
    index: number,
    pivot?: unknown,
  ): { readonly key: string | null | undefined; readonly outcome: ClientOutcome };
  /**
   * Scope `all`: the one fact of the whole input that a tool whose key is its own still depends
   * on once some key is shared (VS Code: the tool whose registration throws first; a tool sorted
   * before it registers, one after it is lost with the rest), and which side of it a tool is on.
   * Renaming a tool between keys of its own keeps the fact; on the same side it moves no other
   * outcome.
   */
  readonly pivot?: {
    of(tools: readonly ClientTool[]): unknown;
    before(tool: ClientTool, index: number, pivot: unknown): boolean;
  };
}
