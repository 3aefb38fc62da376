/** A key asked about by more than one tool. */
const SEVERAL = -1;

/**
 * Who asked about each key: one tool, or several. What a name edit needs to prove that another
 * tool's answers cannot change: no tool but the edited one asked about a key the edit moves
 * (`incremental/proposalLog.ts` for the pool of proposed names, `incremental/survivalLog.ts` for the clients).
 */
export class Askers {
  private readonly byKey = new Map<string, number>();

  add(tool: number, key: string): void {
    const asker = this.byKey.get(key);
    if (asker === undefined) this.byKey.set(key, tool);
    else if (asker !== tool) this.byKey.set(key, SEVERAL);
  }

  /** Whether a tool other than `tool` asked about `key`. */
  byOther(key: string, tool: number): boolean {
    const asker = this.byKey.get(key);
    return asker !== undefined && asker !== tool;
  }

  /** Forgets what `tool` asked; a key others asked too stays (who else asked is not kept). */
  forget(tool: number, keys: Iterable<string>): void {
    for (const key of keys) if (this.byKey.get(key) === tool) this.byKey.delete(key);
  }
}
