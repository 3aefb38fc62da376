import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { version } from '../../../package.json';
import { FIX_ALL_KIND } from '../features/codeActions';
import { WATCHED_FILES } from '../protocol';
import { PullDiagnostics } from '../validation/pull';
import { PushDiagnostics } from '../validation/push';
import { otherFilesOf, type ServerContext } from './context';
import { explainFolders } from './explain';
import { refreshAll } from './invalidation';

/**
 * `initialize` and `initialized`: what the client can do (kept in the session), how diagnostics
 * reach it, what the server offers, and the registrations that depend on the client.
 */
export function registerCapabilities(context: ServerContext): void {
  const { connection } = context;
  connection.onInitialize((params): InitializeResult => {
    const pull = params.capabilities.textDocument?.diagnostic !== undefined;
    startSession(context, params, pull);
    context.log.started({
      version,
      runtime: context.runtime.label,
      client: params.clientInfo,
      pull,
      folders: context.session.workspaceFolders,
    });
    return { capabilities: serverCapabilities(pull), serverInfo: { name: 'toolwire', version } };
  });
  connection.onInitialized(() => {
    registerWithClient(context);
    // After initialize: the folders' settings are asked of the client, which answers only now.
    void explainFolders(context);
  });
}

function startSession(context: ServerContext, params: InitializeParams, pull: boolean): void {
  const { session, runtime, connection, documents, analyzer, logger } = context;
  session.capabilities = params.capabilities;
  session.workspaceFolders = (
    params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : [])
  ).flatMap((f) => runtime.uriToPath(f.uri) ?? []);
  const files = otherFilesOf(context);
  session.scheduler = pull
    ? new PullDiagnostics(connection, documents, analyzer, runtime, logger, files)
    : new PushDiagnostics(connection, documents, analyzer, runtime, logger, files);
}

function serverCapabilities(pull: boolean): InitializeResult['capabilities'] {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    hoverProvider: true,
    inlayHintProvider: { resolveProvider: false },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: { label: 'toolwire' },
    // Inter-file: an MCP server's tools collide with another server's in the client census.
    ...(pull
      ? { diagnosticProvider: { identifier: 'toolwire', interFileDependencies: true, workspaceDiagnostics: false } }
      : {}),
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
}

function registerWithClient(context: ServerContext): void {
  const { connection, session, runtime } = context;
  const { workspace } = session.capabilities;
  if (workspace?.didChangeConfiguration?.dynamicRegistration) {
    void connection.client.register(DidChangeConfigurationNotification.type, { section: 'toolwire' });
  }
  // Clients that do not watch files for us (the VS Code client does, via synchronize.fileEvents).
  if (workspace?.didChangeWatchedFiles?.dynamicRegistration) {
    void connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: [{ globPattern: WATCHED_FILES }],
    });
  }
  if (workspace?.workspaceFolders) {
    connection.workspace.onDidChangeWorkspaceFolders((event) => {
      const removed = new Set(event.removed.flatMap((f) => runtime.uriToPath(f.uri) ?? []));
      session.workspaceFolders = [
        ...session.workspaceFolders.filter((f) => !removed.has(f)),
        ...event.added.flatMap((f) => runtime.uriToPath(f.uri) ?? []),
      ];
      refreshAll(context);
    });
  }
}
