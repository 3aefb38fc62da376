import { findNodeAtLocation, modify, parseTree, type FormattingOptions } from 'jsonc-parser';
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  commentSuppressor,
  LineIndex,
  proveEdits,
  proveSuppressComment,
  suppressionRemover,
  suppressTarget,
  type Analysis,
  type AnalysisOptions,
  type Finding,
  type FindingCode,
  type OffsetEdit,
  type TextReader,
} from '../core';
import type { AnalysisIndex } from '../analysisIndex';
import { findingOf, isDiagnosticData, SOURCE, toRange, type CheckedEdit } from '../convert';

/**
 * A suppression, as plain data: in a file that takes comments, the edit that writes (or extends)
 * the directive above the finding's line; otherwise what the `ignore` entry names (the handler
 * writes it into the `.toolwire.json` that applies to the document).
 */
type LspSuppress =
  | {
      readonly kind: 'comment';
      readonly title: string;
      readonly code: FindingCode;
      readonly edits: readonly CheckedEdit[];
    }
  | { readonly kind: 'config'; readonly title: string; readonly code: FindingCode; readonly tool?: string }
  /** On `unused-suppression`: the edit that removes the stale code or directive. */
  | {
      readonly kind: 'remove';
      readonly title: string;
      readonly code: FindingCode;
      readonly edits: readonly CheckedEdit[];
    };

/** Builds a finding's suppression (undefined: none offered, as for a stale suppression no edit removes). */
type SuppressionOf = (finding: Finding) => LspSuppress | undefined;

/** Proofs of suppress comments one request may run (each is an analysis), as for quick fixes. */
const MAX_SUPPRESS_PROOFS = 3;

/**
 * What each finding's *Suppress CODE for this tool* is: a comment edit in a file that takes
 * comments, else the `ignore` entry to write (where the comment would break the file's readers).
 * `unused-suppression` gets the edit that removes it: a stale suppression is removed, not
 * silenced. Whether YAML takes the comment at its place is judged by the comment's proof (see
 * suppressActions).
 */
function suppressionOf(
  document: TextDocument,
  text: TextReader,
  analysis: Analysis,
  options: AnalysisOptions,
  index: AnalysisIndex,
): SuppressionOf {
  const target = index.suppressTarget(() => suppressTarget(text, analysis, options));
  // The document's own lines: a text in pieces is read a line at a time, never joined.
  const lines = {
    lineOf: (offset: number) => document.positionAt(offset).line,
    lineStart: (line: number) => document.offsetAt({ line, character: 0 }),
  };
  const comment = target === 'comment' ? commentSuppressor(text, options.language ?? 'json', lines) : undefined;
  let remover: ReturnType<typeof suppressionRemover> | undefined;
  return (finding) => {
    if (finding.code === 'unused-suppression') {
      const edit = (remover ??= suppressionRemover(String(text), options.language ?? 'json', options.code))(
        finding.range,
      );
      return edit
        ? {
            kind: 'remove',
            title: 'Remove unused suppression',
            code: finding.code,
            edits: [{ range: toRange(document, edit.range), newText: edit.newText, oldText: edit.oldText }],
          }
        : undefined;
    }
    const tool = finding.tool === undefined ? undefined : analysis.tools[finding.tool]?.name;
    if (!comment) {
      return {
        kind: 'config',
        title: tool === undefined ? `Suppress ${finding.code} in this file` : `Suppress ${finding.code} for this tool`,
        code: finding.code,
        ...(tool !== undefined ? { tool } : {}),
      };
    }
    const edit = comment(finding);
    return {
      kind: 'comment',
      title: tool === undefined ? `Suppress ${finding.code} on this line` : `Suppress ${finding.code} for this tool`,
      code: finding.code,
      edits: [{ range: toRange(document, edit.range), newText: edit.newText, oldText: edit.oldText }],
    };
  };
}

/** Where the `.toolwire.json` that applies to a document is, or would be created. */
export interface ConfigLocation {
  readonly uri: string;
  /** The document's path relative to the config's folder, `/`-separated. */
  readonly relativePath: string;
  /** Its current text (an open buffer first); undefined when there is no such file. */
  readonly text: string | undefined;
  /** The open buffer's version, for a versioned edit. */
  readonly version: number | null;
}

interface SuppressContext {
  readonly options: AnalysisOptions;
  readonly index: AnalysisIndex;
  /** The config a new `ignore` entry goes in; undefined when there is none to write (unreadable). */
  readonly config: () => ConfigLocation | undefined;
  readonly versionedEdits: boolean;
  /** The client can create files in a WorkspaceEdit (`resourceOperations: create`). */
  readonly canCreateFiles: boolean;
}

/**
 * *Suppress CODE for this tool*, for each toolwire diagnostic whose finding the current analysis
 * still has (same code, same range), never preferred: silencing is a decision, not the fix. The
 * suppression is built here from that finding, not carried in `Diagnostic.data`: it is the same
 * for every version that has the finding, and carrying it cost a third of the report's `data` on a
 * large list (an edit and a title per finding that nobody may ever ask for). A comment is proven
 * (`proveSuppressComment`: a place the file takes a comment line, the fix proof, every other
 * finding kept); one refused becomes the tool's `ignore` entry. An `ignore` entry is added with
 * jsonc-parser's `modify`, keeping the config's formatting, or a new `.toolwire.json` is created
 * holding it.
 */
export function suppressActions(
  document: TextDocument,
  params: CodeActionParams,
  context: SuppressContext,
): CodeAction[] {
  const only = params.context.only;
  if (
    only &&
    only.length > 0 &&
    !only.some((o) => CodeActionKind.QuickFix === o || CodeActionKind.QuickFix.startsWith(`${o}.`))
  )
    return [];
  const text = document.getText();
  const analysis = context.index.analysis;
  let suppressions: SuppressionOf | undefined;
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  let proofs = 0;
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== SOURCE || !isDiagnosticData(diagnostic.data)) continue;
    const finding = findingOf(document, analysis.findings, diagnostic);
    if (!finding) continue;
    suppressions ??= suppressionOf(document, text, analysis, context.options, context.index);
    const suppress = suppressions(finding);
    if (!suppress) continue;
    const key = JSON.stringify(suppress);
    if (seen.has(key)) continue;
    seen.add(key);
    if (suppress.kind !== 'config') {
      if (proofs >= MAX_SUPPRESS_PROOFS) continue;
      proofs += 1;
    }
    const edit =
      suppress.kind === 'remove'
        ? removalAction(document, text, suppress, context)
        : suppress.kind === 'comment'
          ? (commentAction(document, text, suppress, finding, context) ?? configFallback(suppress, finding, context))
          : configAction(suppress, context);
    if (edit)
      actions.push({
        title: suppress.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: suppress.kind === 'remove',
        edit,
      });
  }
  return actions;
}

/**
 * Removing a code that silences nothing, proven like any fix: in a source file that no longer
 * parses cleanly the comment can be part of how the parser recovers, and removing it can change
 * what is read (a Go file pasted into one of its own strings: two tools fell into one census).
 */
function removalAction(
  document: TextDocument,
  text: string,
  suppress: Extract<LspSuppress, { kind: 'remove' }>,
  context: SuppressContext,
): WorkspaceEdit | undefined {
  const offsetEdits: OffsetEdit[] = suppress.edits.map((e) => ({
    range: { start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end) },
    oldText: e.oldText,
    newText: e.newText,
  }));
  const proof = context.index.memo(`remove:${JSON.stringify(offsetEdits)}`, () =>
    proveEdits(text, context.options, context.index.analysis, offsetEdits, []),
  );
  if (proof.kind !== 'proven') return undefined;
  const edits: TextEdit[] = suppress.edits.map(({ range, newText }) => ({ range, newText }));
  return context.versionedEdits
    ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] }
    : { changes: { [document.uri]: edits } };
}

function commentAction(
  document: TextDocument,
  text: string,
  suppress: Extract<LspSuppress, { kind: 'comment' }>,
  finding: Finding,
  context: SuppressContext,
): WorkspaceEdit | undefined {
  const edits: OffsetEdit[] = suppress.edits.map((e) => ({
    range: { start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end) },
    oldText: e.oldText,
    newText: e.newText,
  }));
  const proof = context.index.memo(`suppress:${JSON.stringify(edits)}`, () =>
    proveSuppressComment(text, context.options, context.index.analysis, edits, finding),
  );
  if (proof.kind !== 'proven') return undefined;
  const lspEdits: TextEdit[] = suppress.edits.map(({ range, newText }) => ({ range, newText }));
  return context.versionedEdits
    ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: lspEdits }] }
    : { changes: { [document.uri]: lspEdits } };
}

/**
 * A tool's comment the proof refuses (inside a YAML scalar that goes on over lines, or a directive
 * that would silence the other tools on its line too, in a flow map on one line) becomes its
 * `ignore` entry: the same title holds, since
 * the entry names the tool. A finding of no tool gets none: a file-wide entry is not "this line".
 */
function configFallback(
  suppress: Extract<LspSuppress, { kind: 'comment' }>,
  finding: Finding,
  context: SuppressContext,
): WorkspaceEdit | undefined {
  const tool = finding.tool === undefined ? undefined : context.index.analysis.tools[finding.tool]?.name;
  if (tool === undefined) return undefined;
  return configAction({ kind: 'config', title: suppress.title, code: suppress.code, tool }, context);
}

function configAction(
  suppress: Extract<LspSuppress, { kind: 'config' }>,
  context: SuppressContext,
): WorkspaceEdit | undefined {
  const config = context.config();
  if (!config) return undefined;
  const entry = {
    file: escapeGlob(config.relativePath),
    ...(suppress.tool !== undefined ? { tool: suppress.tool } : {}),
    code: suppress.code,
  };
  if (config.text === undefined) {
    if (!context.canCreateFiles) return undefined;
    const created = `${JSON.stringify({ ignore: [entry] }, null, 2)}\n`;
    return {
      documentChanges: [
        { kind: 'create', uri: config.uri, options: { ignoreIfExists: true } },
        {
          textDocument: { uri: config.uri, version: null },
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: created }],
        },
      ],
    };
  }
  const edits = ignoreEntryEdits(config.text, entry);
  if (!edits) return undefined;
  const lines = new LineIndex(config.text);
  const lspEdits: TextEdit[] = edits.map((e) => ({
    range: lines.range({ start: e.offset, end: e.offset + e.length }),
    newText: e.content,
  }));
  return context.versionedEdits
    ? { documentChanges: [{ textDocument: { uri: config.uri, version: config.version }, edits: lspEdits }] }
    : { changes: { [config.uri]: lspEdits } };
}

/** Adds the entry to `ignore` (created when absent); undefined when `ignore` is not an array. */
function ignoreEntryEdits(text: string, entry: Record<string, string>): ReturnType<typeof modify> | undefined {
  const formattingOptions = formattingOf(text);
  try {
    const root = parseTree(text);
    if (root !== undefined && root.type !== 'object') return undefined;
    const ignore = root ? findNodeAtLocation(root, ['ignore']) : undefined;
    if (ignore && ignore.type !== 'array') return undefined;
    const edits = ignore
      ? modify(text, ['ignore', -1], entry, { formattingOptions })
      : modify(text, ['ignore'], [entry], { formattingOptions });
    return edits.length > 0 ? edits : undefined;
  } catch {
    // A config too deep for jsonc-parser's recursion: no entry is written (the config is a problem already).
    return undefined;
  }
}

function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 4 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** A path as a glob that matches only itself (`config/glob.ts` syntax: `\` escapes, leading `!` negates). */
function escapeGlob(path: string): string {
  return path.replace(/[\\*?[\]{}!]/g, '\\$&');
}
