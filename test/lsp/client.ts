import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type Diagnostic,
  type DidChangeTextDocumentParams,
  type DocumentDiagnosticReport,
  type DocumentSymbol,
  type Hover,
  type InlayHint,
  type Position,
  type ProtocolConnection,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { nodeRuntime } from '../../server/src/node/runtime';
import { startServer } from '../../server/src/server';

export const ROOT = resolve(__dirname, '../..');
export const SERVER = resolve(ROOT, 'dist/server.js');

export interface ClientOptions {
  /** Pull diagnostics (LSP 3.17) or push (publishDiagnostics). */
  readonly pull?: boolean;
  /** What the client answers to workspace/configuration for section "toolwire". */
  readonly settings?: Record<string, unknown>;
  /** What it answers for one `scopeUri`, where it differs from `settings` (undefined: `settings`). */
  readonly settingsFor?: (scopeUri: string | undefined) => Record<string, unknown> | undefined;
  readonly workspaceFolder?: string;
  /** `workspace.workspaceEdit.resourceOperations` (e.g. `['create']`): none by default. */
  readonly resourceOperations?: readonly string[];
  /**
   * Where the server runs. `in-process` (the default): the server's sources (through tsx), started
   * in this process over a pair of streams, with the runtime main.ts serves with: no process to
   * spawn, and a failure's stack points into the sources. `bundle`: dist/server.js spawned with
   * --stdio, as an editor runs it (scripts/build.mjs first); for the tests that prove what ships.
   */
  readonly server?: 'in-process' | 'bundle';
}

/** A server the client talks to: its two streams, and how to end it once the client is done. */
interface ServerEnd {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** The server process, whose process id the server watches; none in-process. */
  readonly processId: number | null;
  /** Whether the server takes the `exit` notification (in-process it would exit the test process). */
  readonly exits: boolean;
  readonly stop: () => void;
  readonly onLog: (log: (text: string) => void) => void;
}

function spawnBundle(): ServerEnd {
  // TOOLWIRE_SERVER_NODE_ARGS: node flags for the server process (`--cpu-prof` when profiling a bench).
  const child = spawn(
    process.execPath,
    [...(process.env.TOOLWIRE_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), SERVER, '--stdio'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  return {
    input: child.stdout!,
    output: child.stdin!,
    processId: process.pid,
    exits: true,
    stop: () => child.kill(),
    onLog: (log) => child.stderr!.on('data', (chunk: Buffer) => log(chunk.toString())),
  };
}

/**
 * The server in this process: its connection reads what the client writes and writes what the
 * client reads. It gets message readers and writers, not the streams: given streams,
 * vscode-languageserver exits the process when they close.
 */
function startInProcess(): ServerEnd {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(
    ProposedFeatures.all,
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  startServer(connection, nodeRuntime());
  return {
    input: toClient,
    output: toServer,
    // A process id would have the server poll it forever (vscode-languageserver's watchdog).
    processId: null,
    exits: false,
    // Retired, not disposed: after `shutdown` the server may still have work due (a diagnostics
    // timer, idle work), and a send on a disposed connection throws into this process. What it
    // still writes is read and dropped; with no process id to watch it holds no timer of its
    // own, so the connection and its streams are collected once that work is done.
    stop: () => {
      toClient.unpipe();
      toClient.resume();
    },
    // Its log travels as window/logMessage, like the bundle's; it has no stderr of its own.
    onLog: () => undefined,
  };
}

interface Published {
  readonly uri: string;
  readonly version: number | undefined;
  readonly diagnostics: Diagnostic[];
}

/**
 * A real JSON-RPC client driving the server (in-process, or the bundle: `ClientOptions.server`), as an editor would.
 * Every wait is on an event with a deadline; no test sleeps.
 */
export class TestClient {
  private readonly documents = new Map<string, TextDocument>();
  readonly published: Published[] = [];
  private readonly waiters: Array<() => void> = [];
  readonly messages: string[] = [];
  readonly refreshes: string[] = [];
  readonly logs: string[] = [];
  settings: Record<string, unknown>;
  /** Settings for one resource (multi-root folders differ): wins over `settings` where it answers. */
  settingsFor: ((scopeUri: string | undefined) => Record<string, unknown> | undefined) | undefined;

  private constructor(
    private readonly server: ServerEnd,
    readonly connection: ProtocolConnection,
    options: ClientOptions,
  ) {
    this.settings = options.settings ?? {};
    this.settingsFor = options.settingsFor;
    connection.onNotification('textDocument/publishDiagnostics', (params: Published) => {
      this.published.push(params);
      this.wake();
    });
    connection.onNotification('window/showMessage', (params: { message: string }) => {
      this.messages.push(params.message);
      this.wake();
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
      this.wake();
    });
    connection.onRequest(
      'workspace/configuration',
      (params: { items: Array<{ section?: string; scopeUri?: string }> }) =>
        params.items.map((item) => this.settingsFor?.(item.scopeUri) ?? this.settings),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes.push('diagnostic');
      this.wake();
      return null;
    });
    connection.onRequest('workspace/inlayHint/refresh', () => {
      this.refreshes.push('inlayHint');
      return null;
    });
  }

  static async start(options: ClientOptions = {}): Promise<TestClient> {
    const server = options.server === 'bundle' ? spawnBundle() : startInProcess();
    const connection = createProtocolConnection(
      new StreamMessageReader(server.input),
      new StreamMessageWriter(server.output),
    );
    const client = new TestClient(server, connection, options);
    server.onLog((text) => client.logs.push(text));
    connection.listen();
    const folder = options.workspaceFolder;
    await connection.sendRequest('initialize', {
      processId: server.processId,
      clientInfo: { name: 'toolwire TestClient', version: '1.0' },
      rootUri: folder ? pathToFileURL(folder).href : null,
      workspaceFolders: folder ? [{ uri: pathToFileURL(folder).href, name: 'ws' }] : null,
      capabilities: {
        workspace: {
          configuration: true,
          workspaceEdit: {
            documentChanges: true,
            ...(options.resourceOperations ? { resourceOperations: options.resourceOperations } : {}),
          },
          diagnostics: { refreshSupport: true },
          inlayHint: { refreshSupport: true },
        },
        textDocument: {
          ...(options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
          publishDiagnostics: {
            relatedInformation: true,
            versionSupport: true,
            codeDescriptionSupport: true,
            dataSupport: true,
          },
          codeAction: {
            codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
            dataSupport: true,
            isPreferredSupport: true,
          },
          rename: { prepareSupport: true },
          hover: { contentFormat: ['markdown'] },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          inlayHint: {},
        },
      },
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  text(uri: string): string {
    return this.documents.get(uri)!.getText();
  }

  version(uri: string): number {
    return this.documents.get(uri)!.version;
  }

  async open(uri: string, text: string, languageId = 'json'): Promise<void> {
    this.documents.set(uri, TextDocument.create(uri, languageId, 1, text));
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
  }

  async close(uri: string): Promise<void> {
    this.documents.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Applies incremental edits locally and sends them, as VS Code does. */
  async edit(uri: string, edits: TextEdit[]): Promise<void> {
    await this.sendChange(this.applyLocally(uri, edits));
  }

  /**
   * The local half of `edit`: the client's copy takes the edits, and the didChange that tells the
   * server comes back to be sent with `sendChange` (benchmarks time the server, not this copy).
   */
  applyLocally(uri: string, edits: TextEdit[]): DidChangeTextDocumentParams {
    const document = this.documents.get(uri)!;
    const version = document.version + 1;
    // Ranges are relative to the text before this change; apply from the last to the first.
    const sorted = [...edits].sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start));
    const contentChanges = sorted.map((e) => ({ range: e.range, text: e.newText }));
    this.documents.set(uri, TextDocument.update(document, contentChanges, version));
    return { textDocument: { uri, version }, contentChanges };
  }

  async sendChange(params: DidChangeTextDocumentParams): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', params);
  }

  /** Applies a WorkspaceEdit from the server, refusing it when its version is not the current one. */
  async apply(edit: WorkspaceEdit): Promise<void> {
    for (const change of edit.documentChanges ?? []) {
      if (!('textDocument' in change)) throw new Error('unexpected resource operation');
      const current = this.documents.get(change.textDocument.uri)!;
      if (change.textDocument.version !== null && change.textDocument.version !== current.version) {
        throw new Error(`stale edit: version ${change.textDocument.version}, document at ${current.version}`);
      }
      await this.edit(change.textDocument.uri, change.edits as TextEdit[]);
    }
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) await this.edit(uri, edits);
  }

  /** Resolves with the first publishDiagnostics for this uri (and version, if given) matching `accept`. */
  async diagnostics(
    uri: string,
    accept: (d: Diagnostic[]) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Diagnostic[]> {
    const version = this.documents.get(uri)?.version;
    return this.waitFor(
      `diagnostics for ${uri} v${version}`,
      () => {
        const last = [...this.published].reverse().find((p) => p.uri === uri);
        return last && (last.version === undefined || last.version === version) && accept(last.diagnostics)
          ? last.diagnostics
          : undefined;
      },
      timeoutMs,
      () => JSON.stringify(this.published.filter((p) => p.uri === uri).slice(-2), null, 1).slice(0, 2000),
    );
  }

  async pull(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri },
      ...(previousResultId ? { previousResultId } : {}),
    });
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  }

  inlayHints(uri: string, range: Range): Promise<InlayHint[] | null> {
    return this.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range });
  }

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[] | null> {
    return this.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, ...(only ? { only } : {}) },
    });
  }

  prepareRename(uri: string, position: Position): Promise<{ range: Range; placeholder: string } | null> {
    return this.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri }, position });
  }

  rename(uri: string, position: Position, newName: string): Promise<WorkspaceEdit | null> {
    return this.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position, newName });
  }

  symbols(uri: string): Promise<DocumentSymbol[] | null> {
    return this.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  }

  async changeConfiguration(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { toolwire: settings } });
  }

  async watchedFilesChanged(uri: string): Promise<void> {
    await this.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
  }

  /** Polls `probe` on every incoming message until it returns a value, or fails with what was seen. */
  waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000, seen: () => string = () => ''): Promise<T> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        let value: T | undefined;
        try {
          value = probe();
        } catch (error) {
          // A probe that throws (a broken invariant) fails the wait with its own error, at once:
          // thrown from a notification handler it was swallowed and read as a timeout.
          clearTimeout(timer);
          reject(error);
          return true;
        }
        if (value === undefined) return false;
        clearTimeout(timer);
        resolvePromise(value);
        return true;
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(listener);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}; seen: ${seen()}\nserver log: ${this.logs.join('').slice(-2000)}`,
          ),
        );
      }, timeoutMs);
      const listener = () => {
        if (check()) this.waiters.splice(this.waiters.indexOf(listener), 1);
      };
      if (!check()) this.waiters.push(listener);
    });
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      if (this.server.exits) await this.connection.sendNotification('exit');
    } catch {
      // the process may already be gone
    }
    this.connection.dispose();
    this.server.stop();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** The position of the n-th occurrence of `needle` (plus `delta` characters) in `text`. */
export function positionOf(text: string, needle: string, occurrence = 0, delta = 1): Position {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${needle} not found`);
  }
  const document = TextDocument.create('x:', 'json', 0, text);
  return document.positionAt(index + delta);
}

export function rangeText(text: string, range: Range): string {
  const document = TextDocument.create('x:', 'json', 0, text);
  return text.slice(document.offsetAt(range.start), document.offsetAt(range.end));
}
