import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, Logger } from '../documentState';
import type { OtherFiles } from '../convert';
import { diagnosticsOf, type DiagnosticCache } from '../features/diagnostics';
import type { Disposable, RuntimeEnvironment } from '../runtime';
import type { DiagnosticsScheduler } from './scheduler';
import { sameJson } from '../sameJson';

/**
 * Pull diagnostics: the client asks, per document version. The handler yields first, so a newer
 * didChange or a cancellation is read before any work, and a stale request is answered at once
 * with ServerCancelled (the client asks again for the new version; no empty flash of squiggles)
 * instead of waiting behind an analysis. A request for a version already answered is answered
 * `unchanged` (resultId = version + settings generation), and so is one whose new diagnostics
 * equal those of the client's previous result: an edit inside one description moves no line
 * and no squiggle, and encoding ten thousand diagnostics again was most of an edit's cost.
 */
export class PullDiagnostics implements DiagnosticsScheduler {
  private pendingRefresh: Disposable | undefined;
  /** The last full report sent per document: its resultId and items. */
  private readonly sent = new Map<string, { readonly resultId: string; readonly items: readonly Diagnostic[] }>();
  /** Per document, the diagnostics made for its findings (see `DiagnosticCache`). */
  private readonly converted = new Map<string, DiagnosticCache>();

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
        throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed; ask again.', {
          retriggerRequest: true,
        });
      }
      try {
        const state = await this.analyzer.stateFor(document);
        const uri = params.textDocument.uri;
        let cache = this.converted.get(uri);
        if (!cache) this.converted.set(uri, (cache = new WeakMap()));
        const items = diagnosticsOf(document, state, this.otherFiles, cache);
        const previous = this.sent.get(uri);
        this.sent.set(uri, { resultId, items });
        if (previous && params.previousResultId === previous.resultId && sameJson(previous.items, items, dataVersion))
          return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
        return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
      } catch (error) {
        this.logger.error(
          `toolwire: diagnostics for ${params.textDocument.uri} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
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

  closed(uri: string): void {
    this.sent.delete(uri);
    this.converted.delete(uri);
  }

  refreshAll(): void {
    void this.connection.languages.diagnostics.refresh().catch(() => undefined);
  }
}

/**
 * In a list of diagnostics, `[i].data.version` (depth 2): the version a diagnostic was made for.
 * Code actions honour an older one when the current analysis gives the same fix (features/codeActions.ts).
 */
function dataVersion(key: string, depth: number): boolean {
  return depth === 2 && key === 'version';
}
