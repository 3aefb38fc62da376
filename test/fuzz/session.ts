// One language server per diagnostics mode (dist/server.js --stdio, driven by the LSP tests'
// TestClient), reused across cases: each case opens its own untitled document. A server that
// failed a case is replaced, so a hang or crash cannot poison the cases after it.
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from '../lsp/client';
import type { Mode } from './steps';

export class FuzzFailure extends Error {}

export interface Publication {
  readonly uri: string;
  readonly version: number | undefined;
  readonly diagnostics: Diagnostic[];
}

/** Resolves with the request's answer, or fails when the server does not answer within `bound`. */
export function within<T>(promise: Promise<T>, boundMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FuzzFailure(`${what}: no answer within ${boundMs} ms`)), boundMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export class Servers {
  private readonly clients = new Map<Mode, Promise<TestClient>>();
  private counter = 0;

  client(mode: Mode): Promise<TestClient> {
    let client = this.clients.get(mode);
    if (!client) {
      // The shipped bundle, in its own process: a crash found by fuzzing is the server's alone.
      client = TestClient.start({ pull: mode === 'pull', server: 'bundle' });
      this.clients.set(mode, client);
    }
    return client;
  }

  /** A fresh document URI, never reused within this run. */
  nextUri(): string {
    this.counter += 1;
    return `untitled:fuzz-${this.counter}.json`;
  }

  /** Drops a server after a failure; the next case of its mode starts a new one. */
  async discard(mode: Mode): Promise<void> {
    const client = this.clients.get(mode);
    this.clients.delete(mode);
    if (client) await (await client).stop().catch(() => undefined);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.clients.keys()].map((mode) => this.discard(mode)));
  }
}

/** Server log lines that mean a handler or an analysis failed (the adapter logs and answers empty). */
export function failureLogs(client: TestClient): string[] {
  const lines = client.logs.filter((line) => /failed:|uncaught|unhandled rejection/i.test(line));
  client.logs.length = 0;
  return lines;
}
