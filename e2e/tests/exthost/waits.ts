// Waiting inside the extension host: on events where VS Code has one (diagnostics), by polling
// with a deadline where it has none (hover and code actions can answer empty right after the
// server starts). Never a fixed sleep; a timeout says what it waited for and what it saw.
import * as vscode from 'vscode';

export class WaitTimeout extends Error {
  override name = 'WaitTimeout';
}

export interface PollOptions {
  readonly timeoutMs: number;
  readonly intervalMs?: number;
  /** Describes the state for the failure message. */
  readonly seen: () => string | Promise<string>;
}

/** Re-runs `probe` until it returns a value other than undefined; a throwing probe counts as "not yet". */
export async function poll<T>(what: string, probe: () => Promise<T | undefined>, options: PollOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
  const last =
    lastError === undefined
      ? ''
      : `\nlast error: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
  throw new WaitTimeout(
    `timed out after ${options.timeoutMs} ms waiting for ${what}${last}\nlast seen:\n${await options.seen()}`,
  );
}

/**
 * Resolves with the document's diagnostics (all sources) as soon as `accept` holds for them:
 * checked now and on every onDidChangeDiagnostics for the document, and rejected at the deadline
 * with what was there.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  what: string,
  accept: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  describe: (diagnostics: readonly vscode.Diagnostic[]) => string,
  timeoutMs = 20_000,
): Promise<vscode.Diagnostic[]> {
  const key = uri.toString();
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      subscription.dispose();
      outcome();
    };
    const check = (): void => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      if (accept(diagnostics)) finish(() => resolve(diagnostics));
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((u) => u.toString() === key)) check();
    });
    const timer = setTimeout(() => {
      const seen = describe(vscode.languages.getDiagnostics(uri));
      finish(() =>
        reject(
          new WaitTimeout(`timed out after ${timeoutMs} ms waiting for ${what} in ${uri.path}\nlast seen:\n${seen}`),
        ),
      );
    }, timeoutMs);
    check();
  });
}
