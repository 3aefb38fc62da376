import type { CodeParser } from '../code/syntax';
import type { IgnoreEntry } from '../config/model';
import { FINDING_CODES, isCodeOff, type Finding, type FindingCode } from '../findings';
import type { AnalyzedTool, SuppressionOutcome } from '../model';
import { FindingSink } from '../checks/sink';
import type { AnalysisOptions } from '../settings';
import type { SourceLanguage } from '../source';
import { DISABLE_NEXT_LINE, readDirective, type Directive, type LineOf } from './directives';
import { LineIndex } from '../text/lineIndex';
import type { TextReader } from '../text/pieceText';
import { COMMENT_SYNTAX } from './syntax';

interface SuppressionInput {
  /** Read whole only when it holds a directive (a name edit's re-census keeps its pieces). */
  readonly text: TextReader;
  readonly language: SourceLanguage;
  readonly documentKind: 'json' | 'json-lines' | 'yaml' | 'code' | 'empty';
  /** The findings after the user's severities ("off" ones already gone). */
  readonly findings: readonly Finding[];
  readonly tools: readonly AnalyzedTool[];
  readonly options: AnalysisOptions;
  /** Whether the text holds the directive marker anywhere, when the caller knows (else it is looked for). */
  readonly holdsDirective?: boolean;
}

interface SuppressionResult {
  readonly findings: Finding[];
  readonly outcome: SuppressionOutcome;
}

/**
 * The one place suppressions apply, after every check and after the user's severities, for the
 * editor and the CLI alike. A finding is silenced by a `toolwire-disable-next-line` comment on
 * the line above its range's start, or by a `.toolwire.json` `ignore` entry for this file (its
 * tool, or any tool). A directive code that silences nothing, or names no known code, becomes an
 * `unused-suppression` finding on the comment, unless that code is turned off (then there is
 * nothing to silence by design). Config entries are judged across files (`staleIgnoreEntries`).
 */
export function applySuppressions(input: SuppressionInput): SuppressionResult {
  const { language, findings, tools, options } = input;
  const text = (input.holdsDirective ?? input.text.indexOf(DISABLE_NEXT_LINE, 0) >= 0) ? String(input.text) : undefined;
  const lineOf = text === undefined ? undefined : lineFinder(text);
  const directives = text !== undefined && lineOf ? directivesOf(text, language, lineOf, options.code) : [];
  const entries = options.suppressions ?? [];
  if (directives.length === 0 && entries.length === 0)
    return { findings: [...findings], outcome: { suppressed: 0, usedEntries: [], appliedEntries: [] } };

  const byLine = new Map<number, Directive[]>();
  for (const d of directives)
    if (d.problem === undefined) byLine.set(d.targetLine, [...(byLine.get(d.targetLine) ?? []), d]);
  const usedCodes = new Set<string>();
  const usedEntries = new Set<number>();
  const kept: Finding[] = [];
  let suppressed = 0;
  for (const finding of findings) {
    const silencedBy =
      finding.code === 'unused-suppression'
        ? undefined
        : silencer(finding, byLine, lineOf ?? (() => -1), entries, tools);
    if (silencedBy === undefined) kept.push(finding);
    else {
      suppressed += 1;
      if (typeof silencedBy === 'number') usedEntries.add(silencedBy);
      else usedCodes.add(silencedBy);
    }
  }

  const sink = new FindingSink(options.severity);
  if (sink.enabled('unused-suppression')) {
    for (const directive of directives) reportUnused(directive, usedCodes, options, sink);
  }
  for (const f of sink.findings) kept.push(f);
  return {
    findings: kept,
    outcome: {
      suppressed,
      usedEntries: [...usedEntries].sort((a, b) => a - b),
      appliedEntries: entries.map((e) => e.index),
    },
  };
}

/** What silences a finding: a directive's code (`start:code`) or an ignore entry's index. */
function silencer(
  finding: Finding,
  byLine: ReadonlyMap<number, readonly Directive[]>,
  lineOf: LineOf,
  entries: readonly IgnoreEntry[],
  tools: readonly AnalyzedTool[],
): string | number | undefined {
  if (byLine.size > 0) {
    for (const directive of byLine.get(lineOf(finding.range.start)) ?? []) {
      const code = directive.codes.find((c) => c.code === finding.code);
      if (code) return `${code.range.start}`;
    }
  }
  const name = finding.tool === undefined ? undefined : tools[finding.tool]?.name;
  const entry = entries.find(
    (e) => e.codes.some((c) => c.code === finding.code) && (e.tool === undefined || e.tool === name),
  );
  return entry?.index;
}

function reportUnused(
  directive: Directive,
  usedCodes: ReadonlySet<string>,
  options: AnalysisOptions,
  sink: FindingSink,
): void {
  const draft = { pointer: '', related: [] };
  if (directive.problem !== undefined) {
    sink.add('unused-suppression', 'warning', {
      ...draft,
      range: directive.range,
      message: 'This suppression silences nothing.',
      detail: directive.problem,
    });
    return;
  }
  const known = FINDING_CODES as readonly string[];
  for (const { code, range } of directive.codes) {
    if (!known.includes(code) || code === 'unused-suppression') {
      const said =
        code === 'unused-suppression'
          ? {
              message: 'unused-suppression cannot be suppressed.',
              detail: 'Remove the suppression that silences nothing instead.',
            }
          : {
              message: `Unknown code "${code}" in ${DISABLE_NEXT_LINE} silences nothing.`,
              detail: `Known codes: ${FINDING_CODES.filter((c) => c !== 'unused-suppression').join(', ')}.`,
            };
      sink.add('unused-suppression', 'warning', { ...draft, range, ...said });
    } else if (!usedCodes.has(`${range.start}`) && !isCodeOff(options.severity, code as FindingCode)) {
      sink.add('unused-suppression', 'warning', {
        ...draft,
        range,
        message: `No ${code} finding on the next line, so this suppression silences nothing.`,
        detail: 'A stale suppression would hide the next real finding on that line; remove it.',
      });
    }
  }
}

function directivesOf(
  text: string,
  language: SourceLanguage,
  lineOf: LineOf,
  code: CodeParser | undefined,
): Directive[] {
  const out: Directive[] = [];
  for (const comment of COMMENT_SYNTAX[language].scan(text, DISABLE_NEXT_LINE, code)) {
    const directive = readDirective(text, comment, lineOf);
    if (directive) out.push(directive);
  }
  return out;
}

/** Offset → line, with the line starts found once. */
function lineFinder(text: string): LineOf {
  const lines = new LineIndex(text);
  return (offset) => lines.lineOf(offset);
}
