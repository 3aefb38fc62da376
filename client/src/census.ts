import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CENSUS_REQUEST, type CensusReport } from '../../server/src/protocol';

/**
 * "toolwire: Show Census": the file's tools, wire names per provider and collisions as a table in
 * a webview (the server renders it; no scripts run in the page). One panel, reused.
 */
export class CensusView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly client: LanguageClient, private readonly extensionUri: vscode.Uri) {}

  async show(uri: vscode.Uri | undefined): Promise<void> {
    if (!uri) {
      void vscode.window.showInformationMessage('toolwire: open a tool file first.');
      return;
    }
    const report = await this.client.sendRequest<CensusReport | null>(CENSUS_REQUEST, { uri: uri.toString() });
    if (!report) {
      void vscode.window.showInformationMessage('toolwire: this file is not analysed (not JSON, too large, ignored or turned off).');
      return;
    }
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('toolwire.census', report.title, vscode.ViewColumn.Beside, { enableScripts: false, localResourceRoots: [this.extensionUri] });
      this.panel.onDidDispose(() => (this.panel = undefined));
    }
    this.panel.title = report.title;
    this.panel.webview.html = report.html;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
