import { dataStrings } from '../source';
import { analyze } from '../analyze';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { PieceText, type TextReader } from '../text/pieceText';
import { editedDescription } from './descriptionEdit';
import { editedWhitespace } from './whitespaceEdit';
import { changedRegion, type TextChange } from './region';
import { shiftAnalysis } from './shift';

/**
 * A document's last analysis, with the text and options it was computed from. The text may be
 * a `PieceText`: reuse reads only the edited tool's part of it, never the whole.
 */
export interface PreviousAnalysis {
  readonly text: TextReader;
  readonly analysis: Analysis;
  readonly options: AnalysisOptions;
}

/**
 * The analysis of `newText` reusing the previous one, or undefined when reuse cannot be proven
 * exact (the caller then runs the full pipeline, which also re-reads configs and other files).
 * Only edits that no recogniser can see are reused today: inside a tool's description string,
 * and spaces or tabs between two tokens of a tool.
 */
export function tryReanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: TextReader): Analysis | undefined {
  const whole = reuseOver(previous, changes, newText);
  if (whole || changes.length < 2 || changes.length > MAX_STEPWISE_CHANGES) return whole;
  // Changes in several tools (multi-cursor, or versions the debounce skipped): one at a time.
  let step: PreviousAnalysis = { ...previous, text: PieceText.from(previous.text) };
  for (const change of changes) {
    const text = PieceText.from(step.text).replace(change.start, change.end, change.text);
    const analysis = reuseOver(step, [change], text);
    if (!analysis) return undefined;
    step = { text, analysis, options: previous.options };
  }
  // The changes must make `newText` (as for one change, the caller's word holds outside them).
  const region = changedRegion(changes, previous.text.length, newText.length);
  return region && step.text.slice(region.start, region.newEnd) === newText.slice(region.start, region.newEnd) ? step.analysis : undefined;
}

/** Each stepwise change re-checks one tool and shifts the analysis: past this many, a full analysis is cheaper. */
const MAX_STEPWISE_CHANGES = 16;

/** The changes as one region: reused when that region is provably invisible to the analysis. */
function reuseOver(previous: PreviousAnalysis, changes: readonly TextChange[], newText: TextReader): Analysis | undefined {
  const region = changedRegion(changes, previous.text.length, newText.length);
  if (!region) return undefined;
  if (region.start === region.oldEnd && region.start === region.newEnd) return previous.analysis;
  if (!editedDescription(previous.text, newText, previous.analysis, region) && !editedWhitespace(previous.text, newText, previous.analysis, region)) return undefined;
  // The string writer reads the text it edits: the new one, never the old, and only when a fix
  // is made (so a PieceText's whole text is joined then, not now).
  const shifted = shiftAnalysis(previous.analysis, region);
  return shifted && { ...shifted, strings: dataStrings(newText) };
}

/** `analyze(newText, previous.options)`, computed from the previous analysis when that is exact. */
export function reanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: TextReader): Analysis {
  return tryReanalyze(previous, changes, newText) ?? analyze(String(newText), previous.options);
}
