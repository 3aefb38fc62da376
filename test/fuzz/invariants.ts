// The invariants checked after every step, as pure functions that return what is wrong (an
// empty list when nothing is). The reference is always the core's own analysis of the text.
import type { Diagnostic, DocumentSymbol, Range } from 'vscode-languageserver-protocol';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import {
  createToolwireService,
  NESTING_LIMIT,
  type Analysis,
  type Finding,
  type SourceLanguage,
} from '../../server/src/core';
import { lineStarts, rangeOffsets } from './text';

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

/** Where the oracle reads a document as the server does: its path and language id's syntax. */
export interface OracleDocument {
  /** undefined for an untitled document. */
  readonly path: string | undefined;
  /** The syntax the language id names, as the server passes it (undefined for the JSON family). */
  readonly language: SourceLanguage | undefined;
}

/**
 * The core's analysis of `text` through the same pipeline the server runs, with default settings
 * (no folder, so no config; every modelled client, as advice). Source code is parsed from
 * scratch every time, so the server's incremental parse of an edited document is checked
 * against a fresh parse of the same text. Kept for a few texts only.
 */
export class CoreOracle {
  private readonly cache = new Map<string, Analysis>();
  private readonly service = createToolwireService({
    workspace: { readFile: () => undefined, findFiles: () => [], toolsOf: () => [] },
  });
  private parses = 0;

  constructor(
    private readonly document: OracleDocument = { path: undefined, language: undefined },
    private readonly parsers?: TreeSitterParsers,
  ) {}

  analysis(text: string): Analysis {
    let found = this.cache.get(text);
    if (!found) {
      // A key of its own per analysis, forgotten after it: no tree is reused from another text.
      this.parses += 1;
      const key = `oracle-${this.parses}`;
      const { path, language } = this.document;
      try {
        const result = this.service.analyzeDocument({
          path,
          text,
          base: {},
          requestedClients: [],
          ...(language !== undefined ? { language } : {}),
          ...(this.parsers ? { code: this.parsers.parserFor(key) } : {}),
        });
        if (result.kind !== 'analysis')
          throw new Error(`the pipeline did not analyse ${path ?? 'an untitled document'}: ${result.kind}`);
        found = result.analysis;
      } finally {
        this.parsers?.forget(key);
      }
      if (this.cache.size >= 8) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(text, found);
    }
    return found;
  }
}

export function rangeProblems(
  text: string,
  ranges: ReadonlyArray<{ readonly what: string; readonly range: Range }>,
): string[] {
  const starts = lineStarts(text);
  return ranges.flatMap(({ what, range }) => {
    const checked = rangeOffsets(text, starts, range);
    return typeof checked === 'string'
      ? [`${what} ${JSON.stringify(range)} is not inside the document: ${checked}`]
      : [];
  });
}

/**
 * Diagnostics of `version` of `text` against the core: same findings, in order, same ranges, same
 * fixes, and fix data of this version or an older one (a diagnostic kept from a reused analysis
 * keeps the version it was made for; code actions honour it while the current analysis agrees).
 */
export function diagnosticProblems(
  text: string,
  version: number,
  diagnostics: readonly Diagnostic[],
  analysis: Analysis,
): string[] {
  const inside = rangeProblems(
    text,
    diagnostics.flatMap((d, i) => [
      { what: `diagnostic ${i} (${String(d.code)})`, range: d.range },
      ...(d.relatedInformation ?? []).map((r, j) => ({
        what: `diagnostic ${i} related ${j}`,
        range: r.location.range,
      })),
    ]),
  );
  if (inside.length > 0) return inside;
  const starts = lineStarts(text);
  const offsets = (range: Range) => {
    const o = rangeOffsets(text, starts, range);
    return typeof o === 'string' ? o : `${o.start}-${o.end}`;
  };
  const served = diagnostics.map((d) => {
    const data = d.data as
      | {
          version?: unknown;
          fix?: { edits: Array<{ range: Range; newText: string; oldText: string }> };
          nameFix?: unknown;
        }
      | undefined;
    return JSON.stringify({
      code: d.code,
      severity: d.severity,
      message: d.message,
      range: offsets(d.range),
      related: (d.relatedInformation ?? []).map((r) => `${offsets(r.location.range)} ${r.message}`),
      version:
        typeof data?.version === 'number' && data.version >= 1 && data.version <= version
          ? 'this or older'
          : data?.version,
      fix: data?.fix?.edits.map((e) => `${offsets(e.range)} ${JSON.stringify(e.newText)} ${JSON.stringify(e.oldText)}`),
      // A name fix travels as the intent: its edits are built when a code action asks.
      nameFix: data?.nameFix,
    });
  });
  // An offset between the CR and the LF of one line break has no LSP position: a position past a
  // line's last character means its end, before the CR (as VS Code's model and
  // vscode-languageserver-textdocument clamp it). jsonc-parser's scanner ends an unclosed string
  // there after a backslash (`"a\` CR LF), so the core's offset is compared as a client sees it.
  const seen = (offset: number) =>
    offset > 0 && text.charCodeAt(offset - 1) === 0x0d && text.charCodeAt(offset) === 0x0a ? offset - 1 : offset;
  const span = (range: { readonly start: number; readonly end: number }) => `${seen(range.start)}-${seen(range.end)}`;
  const expected = analysis.findings.map((f: Finding) =>
    JSON.stringify({
      code: f.code,
      severity: SEVERITY[f.severity],
      message: f.message,
      range: span(f.range),
      // Related information points only at the other places (convert.ts): the detail is in the hover.
      related: f.related.filter((r) => r.file === undefined).map((r) => `${span(r.range)} ${r.message}`),
      version: 'this or older',
      fix: f.fix?.edits.map((e) => `${span(e.range)} ${JSON.stringify(e.newText)} ${JSON.stringify(e.oldText)}`),
      nameFix: f.nameFix,
    }),
  );
  // After the findings: toolwire's own limits, which the server says since no editor would.
  for (const problem of analysis.syntaxProblems)
    if (problem.code === NESTING_LIMIT)
      expected.push(
        JSON.stringify({
          code: NESTING_LIMIT,
          severity: 2,
          message: `${problem.message}: toolwire checks nothing in this file`,
          range: `${problem.start}-${problem.end}`,
          related: [],
        }),
      );
  for (let i = 0; i < Math.max(served.length, expected.length); i++) {
    if (served[i] !== expected[i]) {
      return [
        `diagnostics of version ${version} differ from the core's analysis at ${i} of ${expected.length}:\n  server: ${served[i] ?? '(none)'}\n  core:   ${expected[i] ?? '(none)'}`,
      ];
    }
  }
  return [];
}

export interface Fixed {
  readonly code: string;
  readonly pointer: string;
}

/**
 * An edit the server proposed (quick fix, fix-all, rename), applied: a parseable document stays
 * parseable, no error appears that was not there (same code at the same JSON pointer), and the
 * finding it fixes, if one, is gone.
 */
export function editProblems(what: string, before: Analysis, after: Analysis, fixed: Fixed | undefined): string[] {
  const problems: string[] = [];
  if (before.syntaxProblems.length === 0 && after.syntaxProblems.length > 0) {
    problems.push(`${what} made a parseable document unparseable: ${JSON.stringify(after.syntaxProblems[0])}`);
  }
  const key = (f: Finding) => `${f.code} at ${f.pointer}`;
  const known = new Set(before.findings.filter((f) => f.severity === 'error').map(key));
  for (const finding of after.findings) {
    if (finding.severity === 'error' && !known.has(key(finding)))
      problems.push(`${what} added an error: ${key(finding)}: ${finding.message}`);
  }
  // By count, not presence: findings with no pointer (a suppression comment's) can be two alike, and
  // a fix removes one of them.
  const alike = (analysis: Analysis) =>
    fixed ? analysis.findings.filter((f) => f.code === fixed.code && f.pointer === fixed.pointer).length : 0;
  if (fixed && alike(after) >= alike(before)) {
    problems.push(`${what} did not remove the finding it fixes: ${fixed.code} at ${fixed.pointer}`);
  }
  return problems;
}

/** Symbols inside the document, each selectionRange inside its range (VS Code rejects others). */
export function symbolProblems(text: string, symbols: readonly DocumentSymbol[]): string[] {
  const starts = lineStarts(text);
  const walk = (list: readonly DocumentSymbol[], path: string): string[] =>
    list.flatMap((s, i) => {
      const here = `${path}/${i} ${JSON.stringify(s.name)}`;
      const range = rangeOffsets(text, starts, s.range);
      const selection = rangeOffsets(text, starts, s.selectionRange);
      if (typeof range === 'string') return [`symbol ${here} range: ${range}`];
      if (typeof selection === 'string') return [`symbol ${here} selectionRange: ${selection}`];
      const own =
        selection.start < range.start || selection.end > range.end
          ? [
              `symbol ${here}: selectionRange ${JSON.stringify(s.selectionRange)} is not inside its range ${JSON.stringify(s.range)}`,
            ]
          : [];
      return [...own, ...walk(s.children ?? [], here)];
    });
  return walk(symbols, '');
}
