import type { TextDocuments, ClientCapabilities, Connection } from 'vscode-languageserver';
import type { TreeSitterParsers } from '../code/treeSitter';
import { LineIndex, type ToolwireService } from '../core';
import { toRange, type OtherFiles } from '../convert';
import type { DocumentAnalyzer, DocumentState, Logger } from '../documentState';
import type { EditLog } from '../editLog';
import type { ServerLog } from '../explain/log';
import type { PieceDocument } from '../pieceDocument';
import type { RuntimeEnvironment } from '../runtime';
import type { SettingsStore } from '../settings';
import type { DiagnosticsScheduler } from '../validation/scheduler';
import type { ServerWorkspace } from '../workspace';

/** What the client told at `initialize`: unknown (empty) until then. */
export interface ClientSession {
  capabilities: ClientCapabilities;
  /** The workspace folders as paths; they change with `workspace/didChangeWorkspaceFolders`. */
  workspaceFolders: string[];
  /** Pull or push, chosen by the client's capabilities at `initialize`. */
  scheduler: DiagnosticsScheduler | undefined;
}

/**
 * Everything one server instance holds, created once per connection and handed to each job's
 * `register…(context)`. All state lives here (no module-level state), so a test can start as
 * many servers as it likes, in one process.
 */
export interface ServerContext {
  readonly connection: Connection;
  readonly runtime: RuntimeEnvironment;
  readonly documents: TextDocuments<PieceDocument>;
  /** The changes of each didChange, kept (as offsets) so an edit is re-analysed in proportion to what it touched. */
  readonly editLog: EditLog;
  readonly logger: Logger;
  /** What the server tells the editor's log: its version, each folder's configuration, each file's models or why it was skipped. */
  readonly log: ServerLog;
  readonly settings: SettingsStore;
  readonly workspace: ServerWorkspace;
  /** The core's one pipeline over `workspace`. */
  readonly service: ToolwireService;
  /**
   * Source code: tree-sitter and a grammar load on the first file of that language that imports a
   * known library; each open document keeps its tree for incremental parses.
   */
  readonly parsers: TreeSitterParsers | undefined;
  readonly analyzer: DocumentAnalyzer;
  readonly session: ClientSession;
}

/** A document state that holds an analysis. */
type AnalysedState = Extract<DocumentState, { kind: 'analysis' }>;

/** The context without the analyzer: what the analyzer itself is built from. */
export type ServerParts = Omit<ServerContext, 'analyzer'>;

/** The innermost workspace folder holding `path`, if any. */
export function innermostFolder(folders: readonly string[], path: string): string | undefined {
  return folders.filter((f) => path.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
}

/** Whether the client takes versioned edits (`documentChanges`), so a stale one is refused. */
export function versionedEdits(context: ServerContext): boolean {
  return context.session.capabilities.workspace?.workspaceEdit?.documentChanges === true;
}

/** Positions in another file: its open document's, else its text on disk. */
export function otherFilesOf(context: ServerContext): OtherFiles {
  const { runtime, documents, workspace } = context;
  return (path) => {
    const uri = runtime.pathToUri(path);
    const open = documents.get(uri);
    if (open) return { uri, range: (r) => toRange(open, r) };
    const text = workspace.readFile(path);
    if (text === undefined) return undefined;
    const lines = new LineIndex(text);
    return { uri, range: (r) => lines.range(r) };
  };
}

/** The analysis of the document's current version, or undefined for anything else. */
export async function analysisOf(
  context: ServerContext,
  uri: string,
): Promise<{ readonly document: PieceDocument; readonly state: AnalysedState } | undefined> {
  const document = context.documents.get(uri);
  if (!document) return undefined;
  const state = await context.analyzer.stateFor(document);
  return state.kind === 'analysis' ? { document, state } : undefined;
}
