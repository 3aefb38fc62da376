import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { FORMATS } from '../../server/src/core';
import { STATUS_REQUEST, type DocumentStatus } from '../../server/src/protocol';
import { DOCUMENT_SELECTOR } from './selector';

/** The format's label from the core's one registry (a format added there shows here too). */
function formatLabel(format: string): string {
  return (FORMATS as Readonly<Record<string, { readonly label: string }>>)[format]?.label ?? format;
}

/**
 * The language-status item: the file's format, tool count and findings, asked of the server
 * when the active editor changes or its diagnostics change (debounced).
 */
export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.languages.createLanguageStatusItem('toolwire.status', DOCUMENT_SELECTOR);
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: BaseLanguageClient) {
    this.item.name = 'toolwire';
    this.item.text = 'toolwire';
    this.item.command = { title: 'Show census', command: 'toolwire.showCensus' };
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active && e.uris.some((u) => u.toString() === active)) this.refresh();
      }),
    );
  }

  refresh(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), 150);
  }

  private async update(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !this.client.isRunning()) return;
    let status: DocumentStatus;
    try {
      status = await this.client.sendRequest<DocumentStatus>(STATUS_REQUEST, { uri: document.uri.toString() });
    } catch {
      return;
    }
    this.item.severity =
      status.errors > 0
        ? vscode.LanguageStatusSeverity.Error
        : status.warnings > 0
          ? vscode.LanguageStatusSeverity.Warning
          : vscode.LanguageStatusSeverity.Information;
    if (status.state === 'analysed' && status.format) {
      const left = status.tools - status.offered;
      this.item.text = `$(symbol-function) ${status.tools} tool${status.tools === 1 ? '' : 's'}${left > 0 ? `, ${left} not sent` : ''}`;
      this.item.detail = `${formatLabel(status.format)}: ${status.errors} error${status.errors === 1 ? '' : 's'}, ${status.warnings} warning${status.warnings === 1 ? '' : 's'}${status.detail ? `. ${status.detail}` : ''}`;
    } else {
      this.item.text = 'toolwire';
      this.item.detail = status.detail ?? 'Not a tool file';
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
