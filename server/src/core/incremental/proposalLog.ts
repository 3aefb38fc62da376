import type { ProposalObserver } from '../fixes/namePool';
import { Askers } from '../util/askers';

/** What one tool's proposal asked of the pool and was given. */
export interface ProposalEntry {
  /** Lower-cased names whose freedom it asked about, in order. */
  readonly asked: string[];
  /** The lower-cased name it was given, if any. */
  claimed?: string;
  /** Whether it searched numbered names (which resume where other tools' searches ended). */
  numbered: boolean;
}

/**
 * What the proposals of one request asked of its `NamePool` and were given, by tool (kept by the
 * incremental layer: the pool only tells, `ProposalObserver`). A name edit
 * changes the pool's answers only for the edited tool's old and new names and for the name its
 * own proposal is given; when no other tool asked about any of them, and the edited tool asked
 * about no name another was given, every other proposal is what it was, in any order, and only
 * the edited tool's proposal is made again (`incremental/renamedAlone.ts`).
 */
export class ProposalLog implements ProposalObserver {
  private readonly askers = new Askers();
  private readonly entries = new Map<number, ProposalEntry>();

  asked(tool: number, name: string): void {
    this.entryOf(tool).asked.push(name);
    this.askers.add(tool, name);
  }

  claimed(tool: number, name: string): void {
    this.entryOf(tool).claimed = name;
  }

  numbered(tool: number): void {
    this.entryOf(tool).numbered = true;
  }

  entry(tool: number): ProposalEntry | undefined {
    return this.entries.get(tool);
  }

  /** Whether a tool other than `tool` asked about `name` (lower-cased). */
  askedByOther(name: string, tool: number): boolean {
    return this.askers.byOther(name, tool);
  }

  /** The names given to every tool but `tool`. */
  *claimedExcept(tool: number): Iterable<string> {
    for (const [owner, entry] of this.entries) if (owner !== tool && entry.claimed !== undefined) yield entry.claimed;
  }

  /**
   * This log with `tool`'s entry replaced by `replacement` (in place: the log belongs to one
   * census). A name the tool no longer asks about is forgotten only when it alone asked.
   */
  replace(tool: number, replacement: ProposalEntry | undefined): this {
    this.askers.forget(tool, this.entries.get(tool)?.asked ?? []);
    this.entries.delete(tool);
    for (const name of replacement?.asked ?? []) this.asked(tool, name);
    if (replacement?.claimed !== undefined) this.claimed(tool, replacement.claimed);
    if (replacement?.numbered) this.numbered(tool);
    return this;
  }

  private entryOf(tool: number): ProposalEntry {
    let entry = this.entries.get(tool);
    if (!entry) this.entries.set(tool, (entry = { asked: [], numbered: false }));
    return entry;
  }
}
