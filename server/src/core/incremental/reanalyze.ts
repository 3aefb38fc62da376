import { analyze } from '../analyze';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { editedDescription } from './descriptionEdit';
import { changedRegion, type TextChange } from './region';
import { shiftAnalysis } from './shift';

/** A document's last analysis, with the text and options it was computed from. */
export interface PreviousAnalysis {
  readonly text: string;
  readonly analysis: Analysis;
  readonly options: AnalysisOptions;
}

/**
 * The analysis of `newText` reusing the previous one, or undefined when reuse cannot be proven
 * exact (the caller then runs the full pipeline, which also re-reads configs and other files).
 * Only edits that no recogniser can see are reused today: inside a tool's description string.
 */
export function tryReanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: string): Analysis | undefined {
  const region = changedRegion(changes, previous.text.length, newText.length);
  if (!region) return undefined;
  if (region.start === region.oldEnd && region.start === region.newEnd) return previous.analysis;
  if (!editedDescription(previous.text, newText, previous.analysis, region)) return undefined;
  return shiftAnalysis(previous.analysis, region.oldEnd, region.newEnd - region.oldEnd);
}

/** `analyze(newText, previous.options)`, computed from the previous analysis when that is exact. */
export function reanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: string): Analysis {
  return tryReanalyze(previous, changes, newText) ?? analyze(newText, previous.options);
}
