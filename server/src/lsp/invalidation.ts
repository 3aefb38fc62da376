import { isManifestPath, MCP_CLIENT_CONFIGS } from '../core';
import type { ServerContext } from './context';
import { explainFolders } from './explain';

/**
 * What makes an analysis out of date, and the one way each reaches the documents: a document's
 * own edits, a file it read (edited in the editor, saved, closed, changed on disk, or answered
 * late), a `.toolwire.json` or MCP client configuration, the settings, the workspace folders.
 */
export function registerInvalidation(context: ServerContext): void {
  const { connection, documents, runtime } = context;
  // TextDocuments fires onDidChangeContent for an open as well as for each change, so this one
  // handler serves both: the document itself is validated, and the documents that read it are
  // analysed again with its editor text.
  documents.onDidChangeContent((e) => {
    context.session.scheduler?.changed(e.document.uri);
    const path = runtime.uriToPath(e.document.uri);
    if (path) dependencyChanged(context, path);
  });
  documents.onDidClose((e) => documentClosed(context, e.document.uri));
  // A saved .toolwire.json (or MCP client configuration) applies at once, even where no file
  // watcher reports it.
  documents.onDidSave((e) => {
    const path = runtime.uriToPath(e.document.uri);
    if (path && isWorkspaceConfig(path)) workspaceConfigChanged(context);
  });
  connection.onDidChangeWatchedFiles((params) =>
    filesChanged(
      context,
      params.changes.flatMap((c) => runtime.uriToPath(c.uri) ?? []),
    ),
  );
  // A read that timed out was taken as "no such file"; its late answer is the file changing.
  runtime.onLateAnswer?.((path) => filesChanged(context, [path]));
  connection.onDidChangeConfiguration((params) => {
    context.settings.changed(params.settings);
    refreshAll(context);
  });
}

/** The one entry point for "a file some documents read has changed": recompute those documents. */
export function dependencyChanged(context: ServerContext, path: string): void {
  for (const uri of context.workspace.dependentsOf(path)) reanalyse(context, uri);
}

/** This open document's analysis is out of date (a file it read changed): analyse and report it again. */
export function reanalyse(context: ServerContext, uri: string): void {
  context.analyzer.touch(uri);
  context.session.scheduler?.changed(uri, true);
}

/** Settings, folders or a workspace configuration changed: every open document is analysed again. */
export function refreshAll(context: ServerContext): void {
  const { analyzer, session, connection } = context;
  analyzer.invalidateAll();
  session.scheduler?.refreshAll();
  // What the folders configure may have changed with them: the log tells it if it did.
  void explainFolders(context);
  if (session.capabilities.workspace?.inlayHint?.refreshSupport)
    void connection.languages.inlayHint.refresh().catch(() => undefined);
}

function isWorkspaceConfig(path: string): boolean {
  return path.endsWith('/.toolwire.json') || MCP_CLIENT_CONFIGS.some((c) => path.endsWith(`/${c.path}`));
}

/** .toolwire.json or an MCP client configuration: every document may be affected. */
function workspaceConfigChanged(context: ServerContext): void {
  context.workspace.invalidate();
  refreshAll(context);
}

/** Files changed on disk (or created or deleted): forget what was read, analyse what read them. */
function filesChanged(context: ServerContext, paths: readonly string[]): void {
  const { projectLibraries } = context.runtime;
  if (projectLibraries && paths.some(isManifestPath)) {
    // A package's dependencies changed: which source files are read may have too.
    projectLibraries.forget();
    context.runtime.projectWrappers?.forget();
    context.runtime.projectConstants?.forget();
    context.workspace.invalidate(paths);
    refreshAll(context);
    return;
  }
  if (paths.some(isWorkspaceConfig)) {
    workspaceConfigChanged(context);
    return;
  }
  // A file that defines a wrapper of a library, or now offers other constants, changed: its
  // project's call sites read again (both are asked: each drops what it kept of the file).
  const wrappersChanged = context.parsers ? context.runtime.projectWrappers?.changed(paths, context.parsers) : false;
  const constantsChanged = context.parsers ? context.runtime.projectConstants?.changed(paths, context.parsers) : false;
  if (wrappersChanged || constantsChanged) {
    context.workspace.invalidate(paths);
    refreshAll(context);
    return;
  }
  context.workspace.invalidate(paths);
  for (const path of paths) dependencyChanged(context, path);
}

function documentClosed(context: ServerContext, uri: string): void {
  const { session, analyzer, editLog, parsers, settings, workspace, runtime, log } = context;
  session.scheduler?.closed(uri);
  log.forget(uri);
  analyzer.forget(uri);
  editLog.forget(uri);
  parsers?.forget(uri);
  settings.forget(uri);
  workspace.forget(uri);
  // Closed, its text on disk applies again to the documents that read it.
  const path = runtime.uriToPath(uri);
  if (path) {
    workspace.invalidate([path]);
    dependencyChanged(context, path);
  }
}
