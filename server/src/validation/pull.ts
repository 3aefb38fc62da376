import { DocumentDiagnosticReportKind, LSPErrorCodes, ResponseError, type Connection, type DocumentDiagnosticReport, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, Logger } from '../documentState';
import type { OtherFiles } from '../convert';
import { diagnosticsOf } from '../features/diagnostics';
import type { Disposable, RuntimeEnvironment } from '../runtime';
import type { DiagnosticsScheduler } from './scheduler';

/**
 * Pull diagnostics: the client asks, per document version. The handler yields first, so a newer
 * didChange or a cancellation is read before any work, and a stale request is answered at once
 * with ServerCancelled (the client asks again for the new version; no empty flash of squiggles)
 * instead of waiting behind an analysis. A request for a version already answered is answered
 * `unchanged` (resultId = version + settings generation).
 */
export class PullDiagnostics implements DiagnosticsScheduler {
  private pendingRefresh: Disposable | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly analyzer: DocumentAnalyzer,
    private readonly runtime: RuntimeEnvironment,
    private readonly logger: Logger,
    private readonly otherFiles: OtherFiles,
  ) {
    connection.languages.diagnostics.on(async (params, token) => {
      const empty: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const document = this.documents.get(params.textDocument.uri);
      if (!document) return empty;
      const version = document.version;
      const resultId = this.analyzer.resultId(document);
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      await this.runtime.timer.yieldToEventLoop();
      if (token.isCancellationRequested || this.documents.get(params.textDocument.uri)?.version !== version) {
        throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed; ask again.', { retriggerRequest: true });
      }
      try {
        const state = await this.analyzer.stateFor(document);
        return { kind: DocumentDiagnosticReportKind.Full, resultId, items: diagnosticsOf(document, state, this.otherFiles) };
      } catch (error) {
        this.logger.error(`toolwire: diagnostics for ${params.textDocument.uri} failed: ${error instanceof Error ? error.message : String(error)}`);
        return empty;
      }
    });
  }

  /**
   * The client pulls on open and change by itself; a change that comes from another file (a
   * dependency of this document's census) needs a refresh, debounced while the user types.
   */
  changed(_uri: string, fromDependency = false): void {
    if (!fromDependency) return;
    this.pendingRefresh?.dispose();
    this.pendingRefresh = this.runtime.timer.setTimeout(() => {
      this.pendingRefresh = undefined;
      this.refreshAll();
    }, 300);
  }

  closed(_uri: string): void {}

  refreshAll(): void {
    void this.connection.languages.diagnostics.refresh().catch(() => undefined);
  }
}
