import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type ClientCapabilities,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { version } from '../../package.json';
import { ConfigStore } from './configStore';
import { DocumentAnalyzer, type DocumentState, type Logger } from './documentState';
import { censusReport } from './features/census';
import { FIX_ALL_KIND, fixAllActions, quickFixes } from './features/codeActions';
import { hoverAt } from './features/hover';
import { inlayHintsIn } from './features/inlayHints';
import { prepareRename, rename } from './features/rename';
import { statusOf } from './features/status';
import { documentSymbols } from './features/symbols';
import { CENSUS_REQUEST, STATUS_REQUEST, type CensusReport, type DocumentParams, type DocumentStatus } from './protocol';
import type { RuntimeEnvironment } from './runtime';
import { safe } from './safe';
import { SettingsStore } from './settings';
import { PullDiagnostics } from './validation/pull';
import { PushDiagnostics } from './validation/push';
import type { DiagnosticsScheduler } from './validation/scheduler';

/**
 * The LSP adapter: wires the connection to the core. Every handler is stateless over the request
 * and the cached analysis of the document version it names; all state lives in the instances
 * created here (no module-level state), so a test can start as many servers as it likes.
 */
export function startServer(connection: Connection, runtime: RuntimeEnvironment): void {
  const documents = new TextDocuments(TextDocument);
  const logger: Logger = { error: (m) => connection.console.error(m), info: (m) => connection.console.info(m) };
  let capabilities: ClientCapabilities = {};
  let workspaceFolders: string[] = [];
  const settings = new SettingsStore(connection, () => capabilities.workspace?.configuration === true);
  const configs = new ConfigStore(runtime);
  const warnedConfigs = new Set<string>();
  const warnAboutConfig = (state: DocumentState) => {
    if (state.kind !== 'analysis' || !state.config) return;
    const { found, parsed } = state.config;
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    const key = `${found.path}\n${found.text}`;
    if (errors.length === 0 || warnedConfigs.has(key)) return;
    warnedConfigs.add(key);
    // A notification, not showMessageRequest: nothing to answer, and every client supports it.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `toolwire: ${found.path} has ${errors.length} problem${errors.length === 1 ? '' : 's'} (first: ${errors[0]!.message}). Its valid settings still apply; open the file to see them all.` });
  };
  const analyzer = new DocumentAnalyzer(settings, configs, () => workspaceFolders, logger, warnAboutConfig);
  let scheduler: DiagnosticsScheduler | undefined;
  const versioned = () => capabilities.workspace?.workspaceEdit?.documentChanges === true;

  connection.onInitialize((params): InitializeResult => {
    capabilities = params.capabilities;
    workspaceFolders = (params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []))
      .flatMap((f) => runtime.uriToPath(f.uri) ?? []);
    const pull = capabilities.textDocument?.diagnostic !== undefined;
    scheduler = pull ? new PullDiagnostics(connection, documents, analyzer, runtime, logger) : new PushDiagnostics(connection, documents, analyzer, runtime, logger);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        inlayHintProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: { label: 'toolwire' },
        ...(pull ? { diagnosticProvider: { identifier: 'toolwire', interFileDependencies: false, workspaceDiagnostics: false } } : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'toolwire', version },
    };
  });

  connection.onInitialized(() => {
    if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'toolwire' });
    }
    // Clients that do not watch files for us (the VS Code client does, via synchronize.fileEvents).
    if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/.toolwire.json' }] });
    }
    if (capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.flatMap((f) => runtime.uriToPath(f.uri) ?? []));
        workspaceFolders = [...workspaceFolders.filter((f) => !removed.has(f)), ...event.added.flatMap((f) => runtime.uriToPath(f.uri) ?? [])];
        refreshAll();
      });
    }
  });

  const refreshAll = () => {
    analyzer.invalidateAll();
    scheduler?.refreshAll();
    if (capabilities.workspace?.inlayHint?.refreshSupport) void connection.languages.inlayHint.refresh().catch(() => undefined);
  };

  connection.onDidChangeConfiguration((params) => {
    settings.changed(params.settings);
    refreshAll();
  });

  connection.onDidChangeWatchedFiles(() => {
    configs.invalidate();
    refreshAll();
  });

  documents.onDidOpen((e) => scheduler?.changed(e.document.uri));
  documents.onDidChangeContent((e) => scheduler?.changed(e.document.uri));
  documents.onDidClose((e) => {
    scheduler?.closed(e.document.uri);
    analyzer.forget(e.document.uri);
    settings.forget(e.document.uri);
  });
  // A saved .toolwire.json applies at once, even where no file watcher reports it.
  documents.onDidSave((e) => {
    if (e.document.uri.endsWith('/.toolwire.json')) {
      configs.invalidate();
      refreshAll();
    }
  });

  /** The analysis of the document's current version, or undefined for anything else. */
  const analysisOf = async (uri: string) => {
    const document = documents.get(uri);
    if (!document) return undefined;
    const state = await analyzer.stateFor(document);
    return state.kind === 'analysis' ? { document, state } : undefined;
  };

  connection.onHover(safe(logger, 'hover', null, async (params) => {
    const found = await analysisOf(params.textDocument.uri);
    return found ? hoverAt(found.document, found.state.analysis, found.document.offsetAt(params.position)) : null;
  }));

  connection.languages.inlayHint.on(safe(logger, 'inlay hints', [], async (params) => {
    const found = await analysisOf(params.textDocument.uri);
    if (!found || !found.state.settings.inlayHints) return [];
    return inlayHintsIn(found.document, found.state.analysis, params.range);
  }));

  connection.onCodeAction(safe(logger, 'code actions', [], async (params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    const fixes = quickFixes(document, params, versioned());
    const found = await analysisOf(params.textDocument.uri);
    // Stale request (the user typed on): answer with what needs no analysis.
    if (!found || documents.get(params.textDocument.uri)?.version !== document.version) return fixes;
    return [...fixes, ...fixAllActions(document, params, found.state.options, versioned())];
  }));

  connection.onPrepareRename(safe(logger, 'prepare rename', null, async (params) => {
    const found = await analysisOf(params.textDocument.uri);
    return found ? prepareRename(found.document, found.state.analysis, found.document.offsetAt(params.position)) : null;
  }));

  connection.onRenameRequest(safe(logger, 'rename', null, async (params) => {
    const found = await analysisOf(params.textDocument.uri);
    return found ? rename(found.document, found.state.options, found.document.offsetAt(params.position), params.newName, versioned()) : null;
  }));

  connection.onDocumentSymbol(safe(logger, 'document symbols', [], async (params) => {
    const found = await analysisOf(params.textDocument.uri);
    return found ? documentSymbols(found.document, found.state.analysis) : [];
  }));

  const notAnalysed: DocumentStatus = { state: 'not-a-tool-file', format: null, tools: 0, offered: 0, errors: 0, warnings: 0 };
  connection.onRequest(STATUS_REQUEST, safe(logger, 'status', notAnalysed, async (params: DocumentParams) => {
    const document = documents.get(params.uri);
    return document ? statusOf(await analyzer.stateFor(document)) : notAnalysed;
  }));

  connection.onRequest(CENSUS_REQUEST, safe<DocumentParams, CensusReport | null>(logger, 'census', null, async (params) => {
    const found = await analysisOf(params.uri);
    if (!found) return null;
    const fileName = decodeURIComponent(params.uri.slice(params.uri.lastIndexOf('/') + 1));
    return censusReport(fileName, found.state.analysis);
  }));

  documents.listen(connection);
  connection.listen();
}
