import { dataStrings } from '../source';
import { analyze } from '../analyze';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { editedDescription } from './descriptionEdit';
import { editedWhitespace } from './whitespaceEdit';
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
 * Only edits that no recogniser can see are reused today: inside a tool's description string,
 * and spaces or tabs between two tokens of a tool.
 */
export function tryReanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: string): Analysis | undefined {
  const whole = reuseOver(previous, changes, newText);
  if (whole || changes.length < 2 || changes.length > MAX_STEPWISE_CHANGES) return whole;
  // Changes in several tools (multi-cursor, or versions the debounce skipped): one at a time.
  let step = previous;
  for (const change of changes) {
    const text = step.text.slice(0, change.start) + change.text + step.text.slice(change.end);
    const analysis = reuseOver(step, [change], text);
    if (!analysis) return undefined;
    step = { text, analysis, options: previous.options };
  }
  return step.text === newText ? step.analysis : undefined;
}

/** Each stepwise change copies the text once: past this many, a full analysis is cheaper. */
const MAX_STEPWISE_CHANGES = 16;

/** The changes as one region: reused when that region is provably invisible to the analysis. */
function reuseOver(previous: PreviousAnalysis, changes: readonly TextChange[], newText: string): Analysis | undefined {
  const region = changedRegion(changes, previous.text.length, newText.length);
  if (!region) return undefined;
  if (region.start === region.oldEnd && region.start === region.newEnd) return previous.analysis;
  if (!editedDescription(previous.text, newText, previous.analysis, region) && !editedWhitespace(previous.text, newText, previous.analysis, region)) return undefined;
  // The string writer reads the text it edits: the new one, never the old.
  const shifted = shiftAnalysis(previous.analysis, region);
  return shifted && { ...shifted, strings: dataStrings(newText) };
}

/** `analyze(newText, previous.options)`, computed from the previous analysis when that is exact. */
export function reanalyze(previous: PreviousAnalysis, changes: readonly TextChange[], newText: string): Analysis {
  return tryReanalyze(previous, changes, newText) ?? analyze(newText, previous.options);
}
