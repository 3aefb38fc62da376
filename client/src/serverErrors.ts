import * as vscode from 'vscode';
import { CloseAction, ErrorAction, type ErrorHandler } from 'vscode-languageclient';
import { ServerStops } from './crashes';

/**
 * The language client's error handler: `crashes.ts` decides (restart a server that stopped, give
 * up after five stops in three minutes and offer *Restart*); this maps its answers to the
 * library's and shows the offer as a VS Code notification.
 */
export function serverErrors(output: vscode.OutputChannel): ErrorHandler & { reset(): void } {
  const stops = new ServerStops({
    ask: (message, ...choices) => vscode.window.showErrorMessage(message, ...choices),
    restart: () => vscode.commands.executeCommand('toolwire.restartServer'),
    showOutput: () => output.show(),
  });
  return {
    error: (_error, _message, count) =>
      stops.connectionError(count) === 'continue'
        ? { action: ErrorAction.Continue }
        : { action: ErrorAction.Shutdown, handled: true },
    closed: () =>
      stops.stopped() === 'restart'
        ? { action: CloseAction.Restart }
        : { action: CloseAction.DoNotRestart, handled: true },
    reset: () => stops.reset(),
  };
}
