import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CENSUS_PAGE_COMMAND, CENSUS_REQUEST, type CensusParams, type CensusReport } from '../../server/src/protocol';

/**
 * "toolwire: Show Census": the file's tools, wire names per provider and collisions as a table in
 * a webview (the server renders it, one page of rows at a time; no scripts run in the page). One
 * panel, reused. The page links are `command:` URIs, and the webview allows the paging command
 * alone, so no other command can be reached from the page's (escaped) content.
 */
export class CensusView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The document the panel shows, so a page link knows what to ask for. */
  private shown: vscode.Uri | undefined;
  private readonly command: vscode.Disposable;

  constructor(
    private readonly client: BaseLanguageClient,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.command = vscode.commands.registerCommand(CENSUS_PAGE_COMMAND, (page: unknown) =>
      this.showPage(typeof page === 'number' ? page : 0),
    );
  }

  async show(uri: vscode.Uri | undefined): Promise<void> {
    if (!uri) {
      void vscode.window.showInformationMessage('toolwire: open a tool file first.');
      return;
    }
    await this.render(uri, 0);
  }

  private async showPage(page: number): Promise<void> {
    if (this.shown && this.panel) await this.render(this.shown, page);
  }

  private async render(uri: vscode.Uri, page: number): Promise<void> {
    const params: CensusParams = { uri: uri.toString(), page };
    const report = await this.client.sendRequest<CensusReport | null>(CENSUS_REQUEST, params);
    if (!report) {
      void vscode.window.showInformationMessage(
        'toolwire: this file is not analysed (not JSON, too large, ignored or turned off).',
      );
      return;
    }
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('toolwire.census', report.title, vscode.ViewColumn.Beside, {
        enableScripts: false,
        enableCommandUris: [CENSUS_PAGE_COMMAND],
        localResourceRoots: [this.extensionUri],
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
      });
    }
    this.shown = uri;
    this.panel.title = report.title;
    this.panel.webview.html = report.html;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  dispose(): void {
    this.command.dispose();
    this.panel?.dispose();
  }
}
