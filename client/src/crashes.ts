/**
 * How often the server may stop before toolwire stops starting it again: five times within three
 * minutes, as vscode-languageclient's own default handler counts. Past that a server that dies on
 * start would only loop; the user is offered a restart instead (`serverErrors.ts`).
 */
export const MAX_STOPS = 5;
export const STOP_WINDOW_MS = 3 * 60 * 1000;

/** The server's stops, counted: what to do after each. No `vscode` here, so tests run it as is. */
export class ServerStops {
  private readonly times: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** The server stopped on its own: start it again, or give up until the user asks (the fifth stop in the window). */
  stopped(): 'restart' | 'give-up' {
    const at = this.now();
    this.times.push(at);
    while (this.times.length > 0 && at - this.times[0]! > STOP_WINDOW_MS) this.times.shift();
    return this.times.length >= MAX_STOPS ? 'give-up' : 'restart';
  }

  /** Started by hand (the notification's *Restart*, or the command): the count starts over. */
  reset(): void {
    this.times.length = 0;
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
