import assert from 'node:assert/strict';
import { proveEdits, type Analysis, type AnalysisOptions, type Finding, type OffsetEdit } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { withFixes } from '../../server/src/core/fixes/buildFixes';

/**
 * Findings as compact lines, `severity code <text under the range>`, in document order: the
 * shape rust-analyzer's `check(input, expect)` tests use. The range is shown as the text it
 * covers, so no test hand-counts columns.
 */
export function findingLines(text: string, options?: AnalysisOptions): string[] {
  const analysis = analyze(text, options);
  // A folded finding shows the codes it tells besides its own: `error wire-collision+client-rejected "a.b"`.
  return analysis.findings.map(
    (f) => `${f.severity} ${[f.code, ...(f.also ?? [])].join('+')} ${text.slice(f.range.start, f.range.end)}`,
  );
}

/** Like findingLines without the hints, for tests about errors and warnings. */
export function problemLines(text: string, options?: AnalysisOptions): string[] {
  return findingLines(text, options).filter((line) => !line.startsWith('hint '));
}

export function wireNames(text: string, options?: AnalysisOptions): string[] {
  return analyze(text, options).tools.map((t) => `${t.name} -> ${t.wireName ?? '∅'} (${t.fate})`);
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Applies offset edits (non-overlapping) to a text, last first. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.range.start - a.range.start);
  let out = text;
  for (const edit of sorted) {
    if (out.slice(edit.range.start, edit.range.end) !== edit.oldText)
      throw new Error(`stale edit at ${edit.range.start}`);
    out = out.slice(0, edit.range.start) + edit.newText + out.slice(edit.range.end);
  }
  return out;
}

/**
 * The analysis with its name fixes built (`withFixes`), as code actions, fix-all and
 * `toolwire fix` see it: a finding asks for a name fix, and the name is chosen where fixes are built.
 */
export function fixedAnalysis(text: string, options: AnalysisOptions = {}): Analysis {
  return withFixes(text, options, analyze(text, options));
}

export function analysisOf(text: string, options?: AnalysisOptions): Analysis {
  return analyze(text, options);
}

/** A tools/list result of the given names. */
export function mcpList(...names: unknown[]): string {
  return pretty({ tools: names.map((name) => ({ name, description: 'd', inputSchema: { type: 'object' } })) });
}

export function openaiChat(names: readonly unknown[], extra: Record<string, unknown> = {}): string {
  return pretty({
    model: 'gpt-4o',
    tools: names.map((name) => ({
      type: 'function',
      function: { name, parameters: { type: 'object', properties: {} } },
    })),
    ...extra,
  });
}

export function adsManifest(capabilities: ReadonlyArray<Record<string, unknown>>): string {
  return pretty({
    specVersion: '0.3.0',
    id: 'https://example.com',
    name: 'Example',
    provider: { name: 'Example', url: 'https://example.com' },
    capabilities: capabilities.map((c) => ({
      version: '1.0.0',
      endpoint: { transport: 'https', address: 'https://example.com/x' },
      ...c,
    })),
  });
}

/**
 * An analysis as data to compare: functions compare by identity, so the string writer is
 * compared by what it writes for every tool's name and a server budget by its answers.
 */
export function comparable(analysis: Analysis): unknown {
  const { server, strings, ...data } = analysis;
  const rest = { ...data, strings: analysis.tools.map((t) => strings(t.declaration.name.range, 'renamed_tool')) };
  if (!server) return rest;
  return { ...rest, server: { ...server, budget: analysis.tools.map((_, i) => server.budget(i)) } };
}

/** Applies a finding's fix after proving it (the proof must hold), and returns the fixed text. */
export function applyProvenFix(text: string, options: AnalysisOptions, finding: Finding): string {
  assert.ok(finding.fix, `no fix on ${finding.code} ${finding.message}`);
  const before = fixedAnalysis(text, options);
  const proof = proveEdits(text, options, before, finding.fix.edits, [
    { code: finding.code, pointer: finding.pointer },
  ]);
  assert.equal(proof.kind, 'proven', proof.kind === 'refused' ? proof.reason : '');
  return applyEdits(text, finding.fix.edits);
}
