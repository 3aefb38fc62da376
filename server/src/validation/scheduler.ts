/**
 * How diagnostics reach the client: pulled (LSP 3.17 textDocument/diagnostic) when the client
 * supports it, pushed otherwise; never both (lsp-sample's habit of doing both doubles the work).
 */
export interface DiagnosticsScheduler {
  /** A document was opened or changed (or, `fromDependency`, a file its census reads changed). */
  changed(uri: string, fromDependency?: boolean): void;
  closed(uri: string): void;
  /** Settings or a .toolwire.json changed: every open document must be recomputed. */
  refreshAll(): void;
}
