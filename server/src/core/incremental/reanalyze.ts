import { dataStrings } from '../source';
import { analyze, analyzeCarrying } from '../analyze';
import type { CensusCarry } from './carry';
import { CensusUpdate } from './censusUpdate';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { PieceText, type TextReader } from '../text/pieceText';
import { editedDescription } from './descriptionEdit';
import { editedName } from './nameEdit';
import { renamedAlone } from './renamedAlone';
import { editedWhitespace } from './whitespaceEdit';
import { changedRegion, type TextChange } from './region';
import { findingPairs } from './pairFindings';
import { shiftAnalysis } from './shift';

/**
 * A document's last analysis, with the text and options it was computed from. The text may be
 * a `PieceText`: reuse reads only the edited tool's part of it, never the whole.
 */
export interface PreviousAnalysis {
  readonly text: TextReader;
  readonly analysis: Analysis;
  readonly options: AnalysisOptions;
  /** What its census kept for the next name edit (a re-census's `carry`), when the caller kept it. */
  readonly carry?: CensusCarry;
}

/**
 * An analysis computed from the previous one, and how:
 * - `shifted`: the previous analysis with the offsets after the edit moved. Every finding is the
 *   previous one's (moved), so an adapter may pair them by position and keep what it made of them.
 * - `recensused`: the previous extraction with one tool's name replaced, then the census, checks
 *   and suppressions run again. Any finding and any client outcome may differ: only the findings
 *   `predecessorOf` pairs may be taken for their predecessors.
 * - `rechecked`: a name edit proven to change no finding but the renamed tool's
 *   (`renamedAlone.ts`): the previous analysis shifted, that tool's census entry and findings
 *   made again. As after a re-census, only the findings `predecessorOf` pairs are their predecessors.
 */
export interface Reanalysis {
  readonly analysis: Analysis;
  readonly reuse: 'shifted' | 'recensused' | 'rechecked';
  /**
   * After a re-census or a lone re-check of one change: the index of the previous finding that
   * finding `index` is, with its offsets moved, or undefined for a new finding (most are their
   * predecessors: a name edit changes a few). Shifted findings are their predecessors at the
   * same index.
   */
  readonly predecessorOf?: (index: number) => number | undefined;
  /**
   * What the census keeps for the next name edit: a re-census's own, or after a shift the previous
   * one's (a shift changes no name). Pass it back as `PreviousAnalysis.carry`.
   */
  readonly carry?: CensusCarry;
}

/**
 * The analysis of `newText` reusing the previous one, or undefined when reuse cannot be proven
 * exact (the caller then runs the full pipeline, which also re-reads configs and other files).
 * Reused today: edits inside a tool's description string, spaces or tabs between two tokens of a
 * tool (both invisible to every recogniser), and edits inside a tool's name string (the read is
 * reused, the census is taken again).
 */
export function reanalyzeEdits(
  previous: PreviousAnalysis,
  changes: readonly TextChange[],
  newText: TextReader,
): Reanalysis | undefined {
  const whole = reuseOver(previous, changes, newText);
  if (whole || changes.length < 2 || changes.length > MAX_STEPWISE_CHANGES) return whole;
  // Changes in several tools (multi-cursor, or versions the debounce skipped): one at a time.
  let step: PreviousAnalysis = { ...previous, text: PieceText.from(previous.text) };
  let censuses = 0;
  let rechecked = false;
  for (const change of changes) {
    const text = PieceText.from(step.text).replace(change.start, change.end, change.text);
    const reused = reuseOver(step, [change], text);
    if (!reused) return undefined;
    // A census costs a good part of a full analysis: two of them cost more than one full one.
    if (reused.reuse === 'recensused' && ++censuses > 1) return undefined;
    if (reused.reuse === 'rechecked') rechecked = true;
    step = {
      text,
      analysis: reused.analysis,
      options: previous.options,
      ...(reused.carry ? { carry: reused.carry } : {}),
    };
  }
  // The changes must make `newText` (as for one change, the caller's word holds outside them).
  const region = changedRegion(changes, previous.text.length, newText.length);
  if (!region || step.text.slice(region.start, region.newEnd) !== newText.slice(region.start, region.newEnd))
    return undefined;
  return {
    analysis: step.analysis,
    reuse: censuses > 0 ? 'recensused' : rechecked ? 'rechecked' : 'shifted',
    ...(step.carry ? { carry: step.carry } : {}),
  };
}

/** `reanalyzeEdits`'s analysis alone. */
export function tryReanalyze(
  previous: PreviousAnalysis,
  changes: readonly TextChange[],
  newText: TextReader,
): Analysis | undefined {
  return reanalyzeEdits(previous, changes, newText)?.analysis;
}

/** Each stepwise change re-checks one tool and shifts the analysis: past this many, a full analysis is cheaper. */
const MAX_STEPWISE_CHANGES = 16;

/** The changes as one region: reused when that region is provably invisible to the analysis, or inside one name. */
function reuseOver(
  previous: PreviousAnalysis,
  changes: readonly TextChange[],
  newText: TextReader,
): Reanalysis | undefined {
  const region = changedRegion(changes, previous.text.length, newText.length);
  if (!region) return undefined;
  if (region.start === region.oldEnd && region.start === region.newEnd)
    return { analysis: previous.analysis, reuse: 'shifted', ...(previous.carry ? { carry: previous.carry } : {}) };
  // The string writer reads the token it edits in the new text (never the whole of it).
  const strings = dataStrings(newText);
  if (
    editedDescription(previous.text, newText, previous.analysis, region) ||
    editedWhitespace(previous.text, newText, previous.analysis, region)
  ) {
    const shifted = shiftAnalysis(previous.analysis, region);
    const carry = shifted && previous.carry?.after(region, newText);
    return shifted && { analysis: { ...shifted, strings }, reuse: 'shifted', ...(carry ? { carry } : {}) };
  }
  const edited = editedName(previous.text, newText, previous.analysis, region);
  if (!edited) return undefined;
  const carry = previous.carry?.after(region, newText);
  // Most name edits change no group and no other tool's client outcome: only the renamed tool is checked again.
  const alone = carry && renamedAlone(previous.analysis, previous.options, carry, edited, region, newText, strings);
  if (alone)
    return {
      analysis: alone.analysis,
      reuse: 'rechecked',
      predecessorOf: findingPairs(alone.analysis.findings, previous.analysis.findings, region),
      carry: alone.carry,
    };
  // A name edit rewrites one literal: which declarations have computed names is unchanged.
  const { documentKind: kind, syntaxProblems: problems, code } = previous.analysis;
  const change = { previous: previous.analysis, carry, request: edited.request, tool: edited.tool };
  const { analysis, carry: next } = analyzeCarrying(
    newText,
    { kind, problems, strings, ...(code ? { code } : {}) },
    edited.extraction,
    previous.options,
    new CensusUpdate(change, edited.extraction.requests.length),
  );
  return {
    analysis,
    reuse: 'recensused',
    predecessorOf: findingPairs(analysis.findings, previous.analysis.findings, region),
    carry: next,
  };
}

/** `analyze(newText, previous.options)`, computed from the previous analysis when that is exact. */
export function reanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: TextReader): Analysis {
  return tryReanalyze(previous, changes, newText) ?? analyze(String(newText), previous.options);
}
