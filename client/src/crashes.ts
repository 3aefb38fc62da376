/**
 * How often the server may stop before toolwire stops starting it again: five times within three
 * minutes, as vscode-languageclient's own default handler counts. Past that a server that dies on
 * start would only loop; the user is offered a restart instead.
 */
export const MAX_STOPS = 5;
export const STOP_WINDOW_MS = 3 * 60 * 1000;
/** Errors on the connection tolerated before the server is shut down (the library's default). */
export const MAX_CONNECTION_ERRORS = 3;

export const RESTART = 'Restart';
export const SHOW_OUTPUT = 'Show Output';

/** What the policy needs from the editor; `serverErrors.ts` gives VS Code's, tests their own. */
export interface CrashHost {
  /** An error notification with buttons; resolves with the one chosen, or undefined. */
  ask(message: string, ...choices: string[]): PromiseLike<string | undefined>;
  /** Starts the server again (the *Restart Server* command). */
  restart(): PromiseLike<unknown>;
  showOutput(): void;
  readonly now?: () => number;
}

/**
 * The server's stops and connection errors, counted, and what to do after each: no `vscode` here,
 * so tests run it as is. When it gives up, it says so with *Restart* and *Show Output*, instead of
 * leaving the user with no squiggles and no way back short of reloading the window.
 */
export class ServerStops {
  private readonly times: number[] = [];
  private readonly now: () => number;

  constructor(private readonly host: CrashHost) {
    this.now = host.now ?? Date.now;
  }

  /** The server stopped on its own: start it again, or give up and offer a restart (the fifth stop in the window). */
  stopped(): 'restart' | 'give-up' {
    const at = this.now();
    this.times.push(at);
    while (this.times.length > 0 && at - this.times[0]! > STOP_WINDOW_MS) this.times.shift();
    if (this.times.length < MAX_STOPS) return 'restart';
    this.offerRestart('stopped');
    return 'give-up';
  }

  /** The connection failed (`count` times in a row): carry on, or shut the server down and offer a restart. */
  connectionError(count: number | undefined): 'continue' | 'shut-down' {
    if (count !== undefined && count <= MAX_CONNECTION_ERRORS) return 'continue';
    this.offerRestart('errors');
    return 'shut-down';
  }

  /** Started by hand (the notification's *Restart*, or the command): the count starts over. */
  reset(): void {
    this.times.length = 0;
  }

  private offerRestart(reason: 'stopped' | 'errors'): void {
    void Promise.resolve(this.host.ask(gaveUpMessage(reason), RESTART, SHOW_OUTPUT)).then(async (choice) => {
      if (choice === SHOW_OUTPUT) this.host.showOutput();
      if (choice === RESTART) await this.host.restart();
    });
  }
}

/** The notification toolwire shows when it gives up: what is lost, and what the buttons do. */
export function gaveUpMessage(reason: 'stopped' | 'errors'): string {
  const what =
    reason === 'stopped'
      ? `the toolwire server stopped ${MAX_STOPS} times in ${STOP_WINDOW_MS / 60_000} minutes`
      : 'the connection to the toolwire server kept failing';
  return `toolwire: ${what}, so it is not running and its diagnostics are gone. The output channel says why.`;
}
