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
import { version } from '../../package.json';
import { TreeSitterParsers } from './code/treeSitter';
import { isManifestPath } from './core/code/manifests';
import {
  createToolwireService,
  grammarOf,
  hasTriggerImport,
  isCodeLanguage,
  languageOfPath,
  LineIndex,
  MCP_CLIENT_CONFIGS,
  parentOf,
  placeholderServer,
  relativeTo,
  type DocumentResult,
  type LoadedConfig,
  type SourceLanguage,
  syntaxOfLanguageId,
} from './core';
import { staleConfigEntries } from './configSuppressions';
import { suppressActions, type ConfigLocation } from './features/suppress';
import { toRange, type OtherFiles } from './convert';
import { DocumentAnalyzer, type DocumentState, type Logger } from './documentState';
import { EditLog } from './editLog';
import { censusReport } from './features/census';
import { FIX_ALL_KIND, fixAllActions, quickFixes } from './features/codeActions';
import { hoverAt } from './features/hover';
import { inlayHintsIn } from './features/inlayHints';
import { prepareRename, rename } from './features/rename';
import { statusOf } from './features/status';
import { documentSymbols } from './features/symbols';
import {
  CENSUS_REQUEST,
  STATUS_REQUEST,
  WATCHED_FILES,
  type CensusParams,
  type CensusReport,
  type DocumentParams,
  type DocumentStatus,
} from './protocol';
import type { RuntimeEnvironment } from './runtime';
import { safe } from './safe';
import { baseOptions, SettingsStore, type ToolwireSettings } from './settings';
import { IdleWork } from './idleWork';
import { ServerWorkspace } from './workspace';
import { PullDiagnostics } from './validation/pull';
import { PushDiagnostics } from './validation/push';
import type { DiagnosticsScheduler } from './validation/scheduler';

/** Rounds of reads one analysis waits for where the runtime reads asynchronously (RuntimeEnvironment.settle). */
const MAX_READ_ROUNDS = 6;

function isWorkspaceConfig(path: string): boolean {
  return path.endsWith('/.toolwire.json') || MCP_CLIENT_CONFIGS.some((c) => path.endsWith(`/${c.path}`));
}

/**
 * The LSP adapter: wires the connection to the core. Every handler is stateless over the request
 * and the cached analysis of the document version it names; all state lives in the instances
 * created here (no module-level state), so a test can start as many servers as it likes.
 */
export function startServer(connection: Connection, runtime: RuntimeEnvironment): void {
  // The changes of each didChange are kept (as offsets) so an edit is re-analysed in proportion to what it touched.
  const editLog = new EditLog();
  const documents = new TextDocuments(editLog.documents);
  const logger: Logger = { error: (m) => connection.console.error(m), info: (m) => connection.console.info(m) };
  let capabilities: ClientCapabilities = {};
  let workspaceFolders: string[] = [];
  const settings = new SettingsStore(connection, () => capabilities.workspace?.configuration === true);
  const warnedConfigs = new Set<string>();
  const warnAboutConfig = (state: DocumentState) => {
    if (state.kind !== 'analysis' || !state.config) return;
    const { found, parsed } = state.config;
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    const key = `${found.path}\n${found.text}`;
    if (errors.length === 0 || warnedConfigs.has(key)) return;
    warnedConfigs.add(key);
    // A notification, not showMessageRequest: nothing to answer, and every client supports it.
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: `toolwire: ${found.path} has ${errors.length} problem${errors.length === 1 ? '' : 's'} (first: ${errors[0]!.message}). Its valid settings still apply; open the file to see them all.`,
    });
  };
  const workspace = new ServerWorkspace(documents, runtime);
  const service = createToolwireService({ workspace });
  // Source code: tree-sitter and a grammar load on the first file of that language
  // that imports a known library; each open document keeps its tree for incremental parses.
  const parsers = runtime.wasm ? new TreeSitterParsers(runtime.wasm, (m) => logger.error(m)) : undefined;
  if (parsers) workspace.code = parsers.parserFor('other files');
  /**
   * The pipeline, again while the runtime answers reads it could not answer at once (the browser's
   * client reads): each round reads what the one before found (the configs up the tree and the MCP
   * client configurations, then the files they name). Bounded: a later answer is picked up by the
   * next analysis.
   */
  const pipeline = async (uri: string, text: string, current: ToolwireSettings): Promise<DocumentResult> => {
    const languageId = documents.get(uri)?.languageId;
    // A JSON-family id defers to the extension (a `.yaml` file opened as JSON is still YAML);
    // a code or YAML id wins over it (an untitled buffer has no extension).
    const byId = languageId !== undefined ? syntaxOfLanguageId(languageId) : undefined;
    const language = byId === 'json' ? undefined : byId;
    const code = language ?? languageOfPath(runtime.uriToPath(uri));
    if (parsers && isCodeLanguage(code) && hasTriggerImport(text, code, projectOf(uri, code)))
      await parsers.load(grammarOf(code));
    // Each round waits for the reads this analysis asked for (not another one's: see trackReads).
    const analyzeTracked = () =>
      runtime.trackReads
        ? runtime.trackReads(() => analyzeOnce(uri, text, current, language, languageId))
        : { value: analyzeOnce(uri, text, current, language, languageId), settled: undefined };
    let { value: result, settled } = analyzeTracked();
    for (let round = 0; round < MAX_READ_ROUNDS && settled; round++) {
      workspace.arrived(await settled);
      ({ value: result, settled } = analyzeTracked());
    }
    // Reads still in flight after the last round: when they are answered, this document is
    // analysed again in full (an edit meanwhile would otherwise reuse this analysis without them).
    const late = settled;
    if (late) {
      void late.then(
        (arrived) => {
          workspace.arrived(arrived);
          if (!documents.get(uri)) return;
          analyzer.touch(uri);
          scheduler?.changed(uri, true);
        },
        () => undefined,
      );
    }
    // A file that is not open (closed meanwhile, or read to judge `.toolwire.json`) keeps no tree.
    if (!documents.get(uri)) parsers?.forget(uri);
    return result;
  };
  /** What a source document's package manifest names: a helper given the server imports no SDK itself. */
  const projectOf = (uri: string, language: SourceLanguage | undefined): readonly string[] => {
    const path = runtime.uriToPath(uri);
    return path !== undefined && isCodeLanguage(language) ? (runtime.projectLibraries?.of(path, language) ?? []) : [];
  };
  /** Waits, where the runtime reads asynchronously, for the reads in flight (bounded rounds). */
  const settleReads = async (): Promise<void> => {
    for (let round = 0; round < MAX_READ_ROUNDS; round++) {
      const arrived = await runtime.settle?.();
      if (!arrived) return;
      workspace.arrived(arrived);
    }
  };
  /** The core's one pipeline, as the CLI runs it, with the editor's settings and folders. */
  const analyzeOnce = (
    uri: string,
    text: string,
    current: ToolwireSettings,
    language: SourceLanguage | undefined,
    languageId: string | undefined,
  ): DocumentResult => {
    const path = runtime.uriToPath(uri);
    const folder =
      path === undefined
        ? undefined
        : workspaceFolders.filter((f) => path.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
    const result = service.analyzeDocument({
      path,
      text,
      ...(folder !== undefined ? { workspaceFolder: folder, configBoundary: folder } : {}),
      base: baseOptions(current),
      requestedClients: current.clients,
      // The editor's language id wins over the extension (an untitled YAML buffer has none).
      ...(language !== undefined ? { language } : {}),
      ...(languageId === 'jsonc' ? { commentsAllowed: true } : {}),
      ...(parsers
        ? {
            code: parsers.parserFor(
              uri,
              projectOf(uri, language ?? (path === undefined ? undefined : languageOfPath(path))),
            ),
          }
        : {}),
    });
    // The census runs inside analyze: what it read is known once the analysis is done.
    if (result.kind === 'analysis') workspace.recordDependencies(uri, result.reads);
    return result;
  };
  /** Positions in another file: its open document's, else its text on disk. */
  const otherFiles: OtherFiles = (path) => {
    const uri = runtime.pathToUri(path);
    const open = documents.get(uri);
    if (open) return { uri, range: (r) => toRange(open, r) };
    const text = workspace.readFile(path);
    if (text === undefined) return undefined;
    const lines = new LineIndex(text);
    return { uri, range: (r) => lines.range(r) };
  };
  const staleEntriesHost = {
    uriToPath: (uri: string) => runtime.uriToPath(uri),
    savedConfig: (path: string) => {
      const read = workspace.readConfig(path);
      return typeof read === 'string' ? read : undefined;
    },
    findFiles: (folder: string, globs: readonly string[]) => workspace.findFiles(folder, globs),
    settle: settleReads,
    analyze: async (path: string, current: ToolwireSettings): Promise<DocumentResult> => {
      let text = workspace.readFile(path);
      if (text === undefined) {
        // In a browser the read may only just have been asked for.
        await settleReads();
        text = workspace.readFile(path);
      }
      // Never judged as an empty file: an entry is "unknown" where its file cannot be read.
      return text === undefined
        ? { kind: 'unreadable', config: undefined }
        : pipeline(runtime.pathToUri(path), text, current);
    },
    baseSeverity: (current: ToolwireSettings) => baseOptions(current).severity,
    recordReads: (uri: string, paths: readonly string[]) => workspace.recordDependencies(uri, paths),
  };
  const workAhead = new IdleWork(runtime.timer, logger);
  const analyzer = new DocumentAnalyzer(settings, pipeline, logger, {
    onComputed: warnAboutConfig,
    configProblems: (uri, text) => workspace.configDocumentProblems(runtime.uriToPath(uri), text),
    configFindings: (uri, text, current) => staleConfigEntries(staleEntriesHost, uri, text, current),
    edits: (uri, from, to) => editLog.since(uri, from, to),
    onBase: (uri, version) => editLog.trim(uri, version),
    workAhead: (uri, steps) => workAhead.schedule(uri, steps),
  });
  /** The `.toolwire.json` a suppression entry for this document goes in (created when there is none). */
  const configLocation = (uri: string, config: LoadedConfig | undefined): ConfigLocation | undefined => {
    const path = runtime.uriToPath(uri);
    if (path === undefined || config?.found.unreadable) return undefined;
    const folder =
      config?.found.folder ??
      workspaceFolders.filter((f) => path.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ??
      parentOf(path);
    const configUri = runtime.pathToUri(config?.found.path ?? `${folder}/.toolwire.json`);
    const open = documents.get(configUri);
    return {
      uri: configUri,
      relativePath: relativeTo(folder, path),
      text: open ? open.getText() : config?.found.text,
      version: open ? open.version : null,
    };
  };
  let scheduler: DiagnosticsScheduler | undefined;
  const versioned = () => capabilities.workspace?.workspaceEdit?.documentChanges === true;

  connection.onInitialize((params): InitializeResult => {
    capabilities = params.capabilities;
    workspaceFolders = (
      params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : [])
    ).flatMap((f) => runtime.uriToPath(f.uri) ?? []);
    const pull = capabilities.textDocument?.diagnostic !== undefined;
    scheduler = pull
      ? new PullDiagnostics(connection, documents, analyzer, runtime, logger, otherFiles)
      : new PushDiagnostics(connection, documents, analyzer, runtime, logger, otherFiles);
    return {
      capabilities: {
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
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: WATCHED_FILES }],
      });
    }
    if (capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.flatMap((f) => runtime.uriToPath(f.uri) ?? []));
        workspaceFolders = [
          ...workspaceFolders.filter((f) => !removed.has(f)),
          ...event.added.flatMap((f) => runtime.uriToPath(f.uri) ?? []),
        ];
        refreshAll();
      });
    }
  });

  const refreshAll = () => {
    analyzer.invalidateAll();
    scheduler?.refreshAll();
    if (capabilities.workspace?.inlayHint?.refreshSupport)
      void connection.languages.inlayHint.refresh().catch(() => undefined);
  };

  connection.onDidChangeConfiguration((params) => {
    settings.changed(params.settings);
    refreshAll();
  });

  /** Files changed on disk (or created or deleted): forget what was read, analyse what read them. */
  const filesChanged = (paths: readonly string[]) => {
    if (runtime.projectLibraries && paths.some(isManifestPath)) {
      // A package's dependencies changed: which source files are read may have too.
      runtime.projectLibraries.forget();
      workspace.invalidate(paths);
      refreshAll();
      return;
    }
    if (paths.some(isWorkspaceConfig)) {
      // .toolwire.json or an MCP client configuration: every document may be affected.
      workspace.invalidate();
      refreshAll();
      return;
    }
    workspace.invalidate(paths);
    for (const path of paths) dependencyChanged(path);
  };
  connection.onDidChangeWatchedFiles((params) =>
    filesChanged(params.changes.flatMap((c) => runtime.uriToPath(c.uri) ?? [])),
  );
  // A read that timed out was taken as "no such file"; its late answer is the file changing.
  runtime.onLateAnswer?.((path) => filesChanged([path]));

  /** A file some documents' client census read has changed: recompute those documents. */
  const dependencyChanged = (path: string) => {
    for (const uri of workspace.dependentsOf(path)) {
      analyzer.touch(uri);
      scheduler?.changed(uri, true);
    }
  };

  documents.onDidOpen((e) => {
    scheduler?.changed(e.document.uri);
    const path = runtime.uriToPath(e.document.uri);
    if (path) dependencyChanged(path);
  });
  documents.onDidChangeContent((e) => {
    scheduler?.changed(e.document.uri);
    const path = runtime.uriToPath(e.document.uri);
    if (path) dependencyChanged(path);
  });
  documents.onDidClose((e) => {
    scheduler?.closed(e.document.uri);
    analyzer.forget(e.document.uri);
    editLog.forget(e.document.uri);
    parsers?.forget(e.document.uri);
    settings.forget(e.document.uri);
    workspace.forget(e.document.uri);
    // Closed, its text on disk applies again to the documents that read it.
    const path = runtime.uriToPath(e.document.uri);
    if (path) {
      workspace.invalidate([path]);
      dependencyChanged(path);
    }
  });
  // A saved .toolwire.json (or MCP client configuration) applies at once, even where no file
  // watcher reports it.
  documents.onDidSave((e) => {
    const path = runtime.uriToPath(e.document.uri);
    if (path && isWorkspaceConfig(path)) {
      workspace.invalidate();
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

  connection.onHover(
    safe(logger, 'hover', null, async (params) => {
      const found = await analysisOf(params.textDocument.uri);
      return found
        ? hoverAt(found.document, found.state.index, found.document.offsetAt(params.position), placeholderServer())
        : null;
    }),
  );

  connection.languages.inlayHint.on(
    safe(logger, 'inlay hints', [], async (params) => {
      const found = await analysisOf(params.textDocument.uri);
      if (!found?.state.settings.inlayHints) return [];
      return inlayHintsIn(found.document, found.state.index, params.range);
    }),
  );

  connection.onCodeAction(
    safe(logger, 'code actions', [], async (params) => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      const found = await analysisOf(params.textDocument.uri);
      // Stale request (the user typed on): no fix can be proven on text that moved on.
      if (!found || documents.get(params.textDocument.uri)?.version !== document.version) return [];
      const fixes = quickFixes(document, params, found.state.options, found.state.index, versioned());
      const { state } = found;
      const suppressions = suppressActions(document, params, {
        options: state.options,
        index: state.index,
        config: () => configLocation(document.uri, state.config),
        versionedEdits: versioned(),
        canCreateFiles:
          capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create') === true && versioned(),
      });
      return [
        ...fixes,
        ...fixAllActions(document, params, found.state.options, found.state.index, versioned()),
        ...suppressions,
      ];
    }),
  );

  connection.onPrepareRename(
    safe(logger, 'prepare rename', null, async (params) => {
      const found = await analysisOf(params.textDocument.uri);
      return found
        ? prepareRename(found.document, found.state.analysis, found.document.offsetAt(params.position))
        : null;
    }),
  );

  connection.onRenameRequest(
    safe(logger, 'rename', null, async (params) => {
      const found = await analysisOf(params.textDocument.uri);
      return found
        ? rename(
            found.document,
            found.state.options,
            found.document.offsetAt(params.position),
            params.newName,
            versioned(),
          )
        : null;
    }),
  );

  connection.onDocumentSymbol(
    safe(logger, 'document symbols', [], async (params) => {
      const found = await analysisOf(params.textDocument.uri);
      return found ? documentSymbols(found.document, found.state.analysis) : [];
    }),
  );

  const notAnalysed: DocumentStatus = {
    state: 'not-a-tool-file',
    format: null,
    tools: 0,
    offered: 0,
    errors: 0,
    warnings: 0,
  };
  connection.onRequest(
    STATUS_REQUEST,
    safe(logger, 'status', notAnalysed, async (params: DocumentParams) => {
      const document = documents.get(params.uri);
      return document ? statusOf(await analyzer.stateFor(document)) : notAnalysed;
    }),
  );

  connection.onRequest(
    CENSUS_REQUEST,
    safe<CensusParams, CensusReport | null>(logger, 'census', null, async (params) => {
      const found = await analysisOf(params.uri);
      if (!found) return null;
      const fileName = decodeURIComponent(params.uri.slice(params.uri.lastIndexOf('/') + 1));
      return censusReport(fileName, found.state.index, placeholderServer(), params.page, params.pageSize);
    }),
  );

  documents.listen(connection);
  connection.listen();
}
