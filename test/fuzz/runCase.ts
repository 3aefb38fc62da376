// Runs one fuzz case against a live server and checks every invariant after every step. A
// broken invariant throws FuzzFailure (fast-check then shrinks the case).
import type { CodeAction, Diagnostic, DocumentSymbol, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { TestClient } from '../lsp/client';
import type { DocumentStatus } from '../../server/src/protocol';
import { CoreOracle, diagnosticProblems, editProblems, rangeProblems, symbolProblems, type Fixed } from './invariants';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { failureLogs, FuzzFailure, within, type OpenedDocument, type Publication } from './session';
import { editsIn, type FuzzCase, type Step } from './steps';
import { applyTextEdits, lineStarts, positionAt, rangeOffsets } from './text';

export interface RunOptions {
  /** Deadline for every request and for push diagnostics to arrive. */
  readonly boundMs: number;
}

export interface Counts {
  edits: number;
  requests: number;
  /** Code actions and renames checked on a copy of the text (each applied one is also an edit). */
  fixesChecked: number;
}

const FIX_ALL_KIND = 'source.fixAll.toolwire';
/** LSP InvalidParams: how the server refuses a rename it cannot prove (a message for the user). */
const REFUSED = -32602;

export async function runCase(
  client: TestClient,
  document: OpenedDocument,
  fuzzCase: FuzzCase,
  options: RunOptions,
  counts: Counts,
  parsers?: TreeSitterParsers,
): Promise<void> {
  const uri = document.uri;
  const run = new CaseRun(client, document, fuzzCase, options, counts, new CoreOracle(document, parsers));
  try {
    await run.start();
    for (const [index, step] of fuzzCase.steps.entries()) {
      try {
        await run.step(step);
        run.checkLogs();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new FuzzFailure(`step ${index} ${JSON.stringify(step)}: ${message}`);
      }
    }
    await run.settle();
  } finally {
    await client.close(uri).catch(() => undefined);
  }
}

class CaseRun {
  private readonly uri: string;
  /** Push mode: the text of every version not yet superseded by a publication. */
  private readonly texts = new Map<number, string>();
  private lastPublished = 0;
  /** The server's diagnostics for the current version, once known. */
  private diagnostics: Diagnostic[] | undefined;

  constructor(
    private readonly client: TestClient,
    private readonly document: OpenedDocument,
    private readonly fuzzCase: FuzzCase,
    private readonly options: RunOptions,
    private readonly counts: Counts,
    private readonly oracle: CoreOracle,
  ) {
    this.uri = document.uri;
  }

  private get text(): string {
    return this.client.text(this.uri);
  }

  private get version(): number {
    return this.client.version(this.uri);
  }

  private request<T>(what: string, promise: Promise<T>): Promise<T> {
    this.counts.requests += 1;
    return within(promise, this.options.boundMs, what);
  }

  async start(): Promise<void> {
    await this.client.open(this.uri, this.fuzzCase.initial, this.document.languageId);
    await this.changed();
  }

  checkLogs(): void {
    const logs = failureLogs(this.client);
    if (logs.length > 0) throw new FuzzFailure(`the server logged a failure: ${logs[0]!.slice(0, 1500)}`);
  }

  async step(step: Step): Promise<void> {
    const text = this.text;
    const at = (n: number) => n % (text.length + 1);
    const starts = lineStarts(text);
    const position = (n: number) => positionAt(starts, at(n));
    switch (step.kind) {
      case 'edit': {
        const start = at(step.at);
        const end = Math.min(text.length, start + step.remove);
        await this.edit({
          range: { start: positionAt(starts, start), end: positionAt(starts, end) },
          newText: step.insert,
        });
        return;
      }
      case 'paste': {
        const start = at(step.at);
        await this.edit({ range: { start: positionAt(starts, start), end: positionAt(starts, start) }, newText: text });
        return;
      }
      case 'type': {
        let offset = at(step.at);
        for (const char of step.text) {
          const typeStarts = lineStarts(this.text);
          await this.edit({
            range: { start: positionAt(typeStarts, offset), end: positionAt(typeStarts, offset) },
            newText: char,
          });
          offset += char.length;
        }
        return;
      }
      case 'hover': {
        const hover = await this.request('hover', this.client.hover(this.uri, position(step.at)));
        this.expect(rangeProblems(text, hover?.range ? [{ what: 'hover range', range: hover.range }] : []));
        return;
      }
      case 'inlayHints': {
        const [from, to] = [at(step.from), at(step.to)].sort((a, b) => a - b) as [number, number];
        const hints = await this.request(
          'inlay hints',
          this.client.inlayHints(this.uri, { start: positionAt(starts, from), end: positionAt(starts, to) }),
        );
        this.expect(
          rangeProblems(
            text,
            (hints ?? []).map((h, i) => ({ what: `inlay hint ${i}`, range: { start: h.position, end: h.position } })),
          ),
        );
        return;
      }
      case 'quickFix':
        return this.quickFix(step.pick, step.all);
      case 'fixAll':
        return this.fixAll();
      case 'rename': {
        // On a tool's name (a random offset would rarely land on one), when there is a tool.
        const tools = this.oracle.analysis(text).tools;
        const tool = tools[step.at % Math.max(1, tools.length)];
        return this.rename(
          tool ? positionAt(starts, tool.declaration.name.range.start + 1) : position(step.at),
          step.newName,
        );
      }
      case 'symbols': {
        const symbols = await this.request('document symbols', this.client.symbols(this.uri));
        this.expect(symbolProblems(text, (symbols ?? []) as DocumentSymbol[]));
        return;
      }
      case 'status': {
        const status = await this.request<DocumentStatus>(
          'toolwire/status',
          this.client.connection.sendRequest('toolwire/status', { uri: this.uri }),
        );
        const analysis = this.oracle.analysis(text);
        const errors = analysis.findings.filter((f) => f.severity === 'error').length;
        const expected =
          analysis.format === null
            ? { state: 'not-a-tool-file', format: null, tools: 0, errors: 0 }
            : { state: 'analysed', format: analysis.format, tools: analysis.tools.length, errors };
        const got = { state: status.state, format: status.format, tools: status.tools, errors: status.errors };
        if (JSON.stringify(got) !== JSON.stringify(expected))
          this.expect([`toolwire/status ${JSON.stringify(got)} differs from the core's ${JSON.stringify(expected)}`]);
        return;
      }
      case 'census':
        await this.request('toolwire/census', this.client.connection.sendRequest('toolwire/census', { uri: this.uri }));
        return;
    }
  }

  private expect(problems: readonly string[]): void {
    if (problems.length > 0) throw new FuzzFailure(problems.join('\n'));
  }

  private async edit(edit: TextEdit): Promise<void> {
    this.counts.edits += 1;
    await this.client.edit(this.uri, [edit]);
    await this.changed();
  }

  /** After every new version: pull and check its diagnostics, or check what was pushed so far. */
  private async changed(): Promise<void> {
    this.diagnostics = undefined;
    if (this.fuzzCase.mode === 'pull') {
      const report = await this.request('textDocument/diagnostic', this.client.pull(this.uri));
      if (report.kind !== 'full') throw new FuzzFailure(`a pull for a new version answered ${report.kind}`);
      this.checkDiagnostics(this.text, this.version, report.items);
      this.diagnostics = report.items;
      // Asked again with its resultId, nothing having changed: "unchanged".
      if (report.resultId !== undefined && this.version % 7 === 0) {
        const again = await this.request(
          'textDocument/diagnostic (again)',
          this.client.pull(this.uri, report.resultId),
        );
        if (again.kind !== 'unchanged')
          throw new FuzzFailure(`a pull with the current resultId answered ${again.kind}`);
      }
    } else {
      this.texts.set(this.version, this.text);
      this.drain();
    }
  }

  private checkDiagnostics(text: string, version: number, diagnostics: readonly Diagnostic[]): void {
    this.expect(diagnosticProblems(text, version, diagnostics, this.oracle.analysis(text)));
  }

  /** Push mode: every publication is for a version the document had, never older than the last one, and right for that version. */
  private drain(): boolean {
    const mine = (this.client.published.splice(0) as Publication[]).filter((p) => p.uri === this.uri);
    for (const publication of mine) {
      const version = publication.version;
      if (version === undefined) throw new FuzzFailure('a publication for an open document has no version');
      if (version < this.lastPublished || version > this.version)
        throw new FuzzFailure(`published version ${version} after ${this.lastPublished}, document at ${this.version}`);
      const text = this.texts.get(version);
      if (text === undefined) throw new FuzzFailure(`published version ${version}, which the document never had`);
      this.checkDiagnostics(text, version, publication.diagnostics);
      this.lastPublished = version;
      for (const old of this.texts.keys()) if (old < version) this.texts.delete(old);
      if (version === this.version) this.diagnostics = publication.diagnostics;
    }
    return this.diagnostics !== undefined;
  }

  /** Push mode: waits until the current version's diagnostics are published. */
  async settle(): Promise<Diagnostic[]> {
    if (this.diagnostics) return this.diagnostics;
    await this.client.waitFor(
      `diagnostics pushed for version ${this.version}`,
      () => (this.drain() ? true : undefined),
      this.options.boundMs,
    );
    return this.diagnostics!;
  }

  private async quickFix(pick: number, all: boolean): Promise<void> {
    const diagnostics = (await this.settle()).filter((d) => d.source === 'toolwire');
    if (diagnostics.length === 0) return;
    const chosen = all ? diagnostics : [diagnostics[pick % diagnostics.length]!];
    const range = all
      ? { start: { line: 0, character: 0 }, end: positionAt(lineStarts(this.text), this.text.length) }
      : chosen[0]!.range;
    const actions = await this.request('code actions', this.client.codeActions(this.uri, range, chosen));
    await this.applyActions(actions ?? [], all ? undefined : chosen[0]);
  }

  private async fixAll(): Promise<void> {
    const diagnostics = await this.settle();
    const whole = { start: { line: 0, character: 0 }, end: positionAt(lineStarts(this.text), this.text.length) };
    const actions = await this.request(
      'code actions (fix all)',
      this.client.codeActions(this.uri, whole, diagnostics, [FIX_ALL_KIND]),
    );
    if ((actions ?? []).some((a) => a.kind !== FIX_ALL_KIND))
      throw new FuzzFailure(`asked only for ${FIX_ALL_KIND}, got ${JSON.stringify(actions!.map((a) => a.kind))}`);
    await this.applyActions(actions ?? [], undefined);
  }

  /** Checks every action on a copy of the text, then applies the first, as a user picking it would. */
  private async applyActions(actions: readonly CodeAction[], single: Diagnostic | undefined): Promise<void> {
    const text = this.text;
    const before = this.oracle.analysis(text);
    for (const action of actions) {
      if (!action.edit) throw new FuzzFailure(`code action "${action.title}" has no edit`);
      this.counts.fixesChecked += 1;
      const afterText = this.applied(action.edit, text, `code action "${action.title}"`);
      const fixesOne = single !== undefined && !action.title.startsWith('Fix all');
      const after = this.oracle.analysis(afterText);
      this.expect(
        editProblems(
          `code action "${action.title}"`,
          before,
          after,
          fixesOne ? this.findingOf(single, text) : undefined,
        ),
      );
    }
    if (actions[0]?.edit) await this.apply(actions[0].edit);
  }

  /** The core finding a diagnostic reports (same code, same range). */
  private findingOf(diagnostic: Diagnostic, text: string): Fixed | undefined {
    const range = rangeOffsets(text, lineStarts(text), diagnostic.range);
    if (typeof range === 'string') return undefined;
    const finding = this.oracle
      .analysis(text)
      .findings.find((f) => f.code === diagnostic.code && f.range.start === range.start && f.range.end === range.end);
    return finding ? { code: finding.code, pointer: finding.pointer } : undefined;
  }

  /** The text a WorkspaceEdit for this document produces; it must be for the current version. */
  private applied(edit: WorkspaceEdit, text: string, what: string): string {
    const changes = edit.documentChanges ?? [];
    if (changes.length !== 1 || !('textDocument' in changes[0]!) || edit.changes !== undefined)
      throw new FuzzFailure(
        `${what}: expected one versioned TextDocumentEdit, got ${JSON.stringify(edit).slice(0, 300)}`,
      );
    const change = changes[0];
    if (change.textDocument.uri !== this.uri || change.textDocument.version !== this.version)
      throw new FuzzFailure(
        `${what}: edit for ${change.textDocument.uri} v${change.textDocument.version}, document at v${this.version}`,
      );
    try {
      return applyTextEdits(text, change.edits as TextEdit[]);
    } catch (error) {
      throw new FuzzFailure(
        `${what} does not apply cleanly: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async apply(edit: WorkspaceEdit): Promise<void> {
    const edits = edit.documentChanges?.[0] && 'edits' in edit.documentChanges[0] ? edit.documentChanges[0].edits : [];
    if (edits.length === 0) return;
    this.counts.edits += 1;
    await this.client.apply(edit);
    await this.changed();
  }

  private async rename(position: { line: number; character: number }, newName: string): Promise<void> {
    const text = this.text;
    const prepared = await this.request('prepareRename', this.client.prepareRename(this.uri, position));
    if (!prepared) return;
    this.expect(rangeProblems(text, [{ what: 'prepareRename range', range: prepared.range }]));
    let edit: WorkspaceEdit | null;
    try {
      edit = await this.request('rename', this.client.rename(this.uri, position, newName));
    } catch (error) {
      if ((error as { code?: unknown }).code === REFUSED) return;
      throw error;
    }
    if (!edit) throw new FuzzFailure('rename after a successful prepareRename answered null');
    this.counts.fixesChecked += 1;
    const before = this.oracle.analysis(text);
    const after = this.oracle.analysis(this.applied(edit, text, `rename to ${JSON.stringify(newName)}`));
    this.expect(editProblems(`rename to ${JSON.stringify(newName)}`, before, after, undefined));
    await this.apply(edit);
  }
}

export function editCount(fuzzCase: FuzzCase): number {
  return fuzzCase.steps.reduce((n, s) => n + editsIn(s), 0);
}
