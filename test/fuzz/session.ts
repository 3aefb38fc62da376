// One language server per diagnostics mode (dist/server.js --stdio, driven by the LSP tests'
// TestClient), reused across cases: each case opens its own untitled document. A server that
// failed a case is replaced, so a hang or crash cannot poison the cases after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { loadAllGrammars } from '../core/codeParsers';
import { TestClient } from '../lsp/client';
import type { Mode } from './steps';
import { OPENED, type Surface } from './surfaces';

export class FuzzFailure extends Error {}

/** A document as a case opens it, and where the oracle reads it (the server's path and syntax for it). */
export interface OpenedDocument {
  readonly uri: string;
  readonly languageId: string;
  readonly path: string | undefined;
  /** The syntax the server takes from the language id; undefined for JSON (the extension decides). */
  readonly language: Exclude<Surface, 'json'> | undefined;
}

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
  /** Where file URIs of non-JSON documents point: an empty folder, so no config or manifest applies. */
  private folder: string | undefined;
  private parsers: Promise<TreeSitterParsers> | undefined;

  client(mode: Mode): Promise<TestClient> {
    let client = this.clients.get(mode);
    if (!client) {
      // The shipped bundle, in its own process: a crash found by fuzzing is the server's alone.
      client = TestClient.start({ pull: mode === 'pull', server: 'bundle' });
      this.clients.set(mode, client);
    }
    return client;
  }

  /**
   * A fresh document, never reused within this run: JSON untitled (as before there were other
   * surfaces), every other surface a file URI with its extension, opened with its language id.
   * The file is never written: the server reads open documents from the editor, not the disk.
   */
  nextDocument(surface: Surface): OpenedDocument {
    this.counter += 1;
    const { languageId, extension } = OPENED[surface];
    if (surface === 'json')
      return { uri: `untitled:fuzz-${this.counter}.json`, languageId, path: undefined, language: undefined };
    this.folder ??= mkdtempSync(join(tmpdir(), 'toolwire-fuzz-'));
    const path = join(this.folder, `fuzz-${this.counter}${extension}`);
    return { uri: pathToFileURL(path).href, languageId, path: path.split('\\').join('/'), language: surface };
  }

  /** The oracle's tree-sitter, every grammar loaded, shared by all cases (each parse is from scratch). */
  codeParsers(): Promise<TreeSitterParsers> {
    this.parsers ??= loadAllGrammars('the fuzz oracle');
    return this.parsers;
  }

  /** Drops a server after a failure; the next case of its mode starts a new one. */
  async discard(mode: Mode): Promise<void> {
    const client = this.clients.get(mode);
    this.clients.delete(mode);
    if (client) await (await client).stop().catch(() => undefined);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.clients.keys()].map((mode) => this.discard(mode)));
    if (this.parsers) (await this.parsers).dispose();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
  }
}

/** Server log lines that mean a handler or an analysis failed (the adapter logs and answers empty). */
export function failureLogs(client: TestClient): string[] {
  const lines = client.logs.filter((line) => /failed:|uncaught|unhandled rejection/i.test(line));
  client.logs.length = 0;
  return lines;
}
