import { sharedNote, type ClientResult, type ClientToolOutcome } from '../core';
import type { AnalysisIndex } from '../analysisIndex';

interface ClientRow {
  readonly client: string;
  readonly wireName: string | null;
  readonly fate: string;
  /** Why, in the client's terms; it quotes other tools' names, so it is the user's text. */
  readonly note: string;
}

/**
 * One tool in each client, for hover. The outcomes come from the index (the enabled clients', or
 * every client's when none is enabled, computed once per version) and are found by tool through a
 * map, not a scan, so a hover on a 10k-tool file costs what it costs on a small one.
 */
export function rowsForTool(index: AnalysisIndex, results: readonly ClientResult[], tool: number): ClientRow[] {
  return results.flatMap((result) => {
    const outcome = index.outcomeOf(result, tool);
    return outcome ? [clientRow(result, outcome)] : [];
  });
}

export function clientRow(result: ClientResult, outcome: ClientToolOutcome): ClientRow {
  const { profile } = result;
  const note = outcome.group.length > 1 ? sharedNote(outcome) : (outcome.reason ?? '');
  return { client: `${profile.label} ${profile.version}`, wireName: outcome.wireName, fate: outcome.fate, note };
}
