import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, Logger } from '../documentState';
import type { OtherFiles } from '../convert';
import { diagnosticsOf, type DiagnosticCache } from '../features/diagnostics';
import type { Disposable, RuntimeEnvironment } from '../runtime';
import type { DiagnosticsScheduler } from './scheduler';

/**
 * Push diagnostics, debounced per document: each edit cancels the pending run for that document
 * and schedules a new one; when it fires, the version is checked before and after the analysis,
 * so a result computed for a text the user has already changed is never published.
 */
export class PushDiagnostics implements DiagnosticsScheduler {
  private readonly pending = new Map<string, Disposable>();
  /** Per document, the diagnostics made for its findings (see `DiagnosticCache`). */
  private readonly converted = new Map<string, DiagnosticCache>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly analyzer: DocumentAnalyzer,
    private readonly runtime: RuntimeEnvironment,
    private readonly logger: Logger,
    private readonly otherFiles: OtherFiles,
    private readonly delayMs = 150,
  ) {}

  changed(uri: string): void {
    this.pending.get(uri)?.dispose();
    this.pending.set(
      uri,
      this.runtime.timer.setTimeout(() => void this.validate(uri), this.delayMs),
    );
  }

  closed(uri: string): void {
    this.pending.get(uri)?.dispose();
    this.pending.delete(uri);
    this.converted.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  refreshAll(): void {
    for (const document of this.documents.all()) this.changed(document.uri);
  }

  private async validate(uri: string): Promise<void> {
    this.pending.delete(uri);
    const document = this.documents.get(uri);
    if (!document) return;
    const version = document.version;
    try {
      const state = await this.analyzer.stateFor(document);
      const current = this.documents.get(uri);
      if (!current || current.version !== version) return; // a newer edit will publish its own
      let cache = this.converted.get(uri);
      if (!cache) this.converted.set(uri, (cache = new WeakMap()));
      await this.connection.sendDiagnostics({
        uri,
        version,
        diagnostics: diagnosticsOf(document, state, this.otherFiles, cache),
      });
    } catch (error) {
      this.logger.error(
        `toolwire: diagnostics for ${uri} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
