import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  type CloseHandlerResult,
  type ErrorHandler,
  type ErrorHandlerResult,
} from 'vscode-languageclient';
import { gaveUpMessage, ServerStops } from './crashes';

/** Errors on the connection tolerated before the library shuts the server down (its default). */
const MAX_CONNECTION_ERRORS = 3;

export const RESTART = 'Restart';
export const SHOW_OUTPUT = 'Show Output';

/**
 * The client's error handler: restarts a server that stopped, as the library's default does, but
 * when it gives up (five stops in three minutes, or a connection that keeps failing) it says so
 * with *Restart* and *Show Output* instead of leaving the user with no squiggles and no way back
 * short of reloading the window.
 */
export class ServerErrors implements ErrorHandler {
  private readonly stops = new ServerStops();

  constructor(private readonly output: vscode.OutputChannel) {}

  error(_error: Error, _message: unknown, count: number | undefined): ErrorHandlerResult {
    if (count !== undefined && count <= MAX_CONNECTION_ERRORS) return { action: ErrorAction.Continue };
    this.offerRestart('errors');
    return { action: ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult {
    if (this.stops.stopped() === 'restart') return { action: CloseAction.Restart };
    this.offerRestart('stopped');
    return { action: CloseAction.DoNotRestart, handled: true };
  }

  /** Started by hand: the stops before no longer count. */
  reset(): void {
    this.stops.reset();
  }

  private offerRestart(reason: 'stopped' | 'errors'): void {
    void vscode.window.showErrorMessage(gaveUpMessage(reason), RESTART, SHOW_OUTPUT).then(async (choice) => {
      if (choice === SHOW_OUTPUT) this.output.show();
      if (choice === RESTART) await vscode.commands.executeCommand('toolwire.restartServer');
    });
  }
}
