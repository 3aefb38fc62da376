import type { Logger } from './documentState';
import type { Disposable, RuntimeEnvironment } from './runtime';

/**
 * Work the core hands out to be done before the next edit needs it (`CensusCarry.pending`: every
 * client's keys, a quarter of a second at ten thousand tools through every client), run while
 * the server is idle instead of in the user's first keystroke inside a name: after a short quiet
 * spell, one step per timer tick, so a message that arrives meanwhile waits for one step at most.
 * The work for a document is replaced by the next analysis's (a newer base hands out what is
 * still left) and dropped when the document closes. The steps keep their own consistency (each
 * counts from the names its carry stands for), so running one late is wasted work, never wrong.
 */
export class IdleWork {
  private readonly scheduled = new Map<string, Disposable>();

  constructor(
    private readonly timer: RuntimeEnvironment['timer'],
    private readonly logger: Logger,
    /** How long the document stays untouched before the first step: the answers the client asks for right after diagnostics go first. */
    private readonly quietMs = 50,
  ) {}

  /** Replaces the document's pending work with `steps` (none: just cancels). */
  schedule(uri: string, steps: ReadonlyArray<() => void>): void {
    this.scheduled.get(uri)?.dispose();
    this.scheduled.delete(uri);
    if (steps.length > 0) this.runFrom(uri, steps, 0, this.quietMs);
  }

  private runFrom(uri: string, steps: ReadonlyArray<() => void>, next: number, delay: number): void {
    this.scheduled.set(
      uri,
      this.timer.setTimeout(() => {
        this.scheduled.delete(uri);
        try {
          steps[next]!();
        } catch (error) {
          // Ahead-of-time work only: the edit that needs it does it again, and reports a failure there.
          this.logger.error(
            `toolwire: work ahead of the next edit of ${uri} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          return;
        }
        if (next + 1 < steps.length) this.runFrom(uri, steps, next + 1, 0);
      }, delay),
    );
  }
}
