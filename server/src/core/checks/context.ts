import type { CensusResult } from '../census/census';
import type { ExtractedRequest } from '../formats/model';
import type { AnalyzedTool } from '../model';
import type { RequestSettings } from '../settings';
import type { TextReader } from '../text/pieceText';
import type { FindingSink } from './sink';

/** What every check of one request reads. Tool positions are request-local unless named global. */
export interface CheckContext {
  readonly text: TextReader;
  readonly request: ExtractedRequest;
  readonly census: CensusResult;
  readonly settings: RequestSettings;
  readonly sink: FindingSink;
  /** Global index of the request's first tool. */
  readonly firstTool: number;
  /** All tools of the document so far (global indexes). */
  readonly allTools: readonly AnalyzedTool[];
  /** The member of a client's shared-name group that keeps the name, computed once per group. */
  readonly keepers: Map<readonly unknown[], number | undefined>;
}

/**
 * A check of each tool, made once per request (what every tool's check shares is found then):
 * what it finds on a tool (request-local position) depends on that tool and the request's
 * census alone (a name fix is an intent: the name is proposed where fixes are built,
 * fixes/buildFixes.ts). Which tools it visits is the caller's choice (`runChecks` in analyze.ts):
 * a check never knows whether it sees every tool or a few.
 */
export type ToolVisitor = (tool: AnalyzedTool, local: number) => void;

/**
 * Names longer than this are cut in messages: a hostile file's million-character name would
 * otherwise be copied into every message, detail and related location that mentions it. Well
 * above every provider's and client's length limit, so a name a limit rejects is still shown
 * whole; the finding's range still covers the whole name.
 */
export const QUOTED_NAME_LIMIT = 1024;
/** How much of a longer name a message keeps. */
const QUOTED_NAME_KEPT = 256;

/** A name as messages show it: quoted, and past QUOTED_NAME_LIMIT cut with an ellipsis and its length. */
export function quote(name: string): string {
  if (name.length <= QUOTED_NAME_LIMIT) return JSON.stringify(name);
  // Cut between code points, never inside a surrogate pair.
  const cut = Array.from(name.slice(0, QUOTED_NAME_KEPT + 1))
    .slice(0, -1)
    .join('');
  return `${JSON.stringify(cut).slice(0, -1)}…" (${name.length} characters)`;
}

/** `"a", "b" and 3 more`: callers pass only the first few names (groups can be huge) and the total. */
export function listNames(names: readonly string[], limit = 4, total = names.length): string {
  const shown = names.slice(0, limit).map(quote).join(', ');
  return total > limit ? `${shown} and ${total - limit} more` : shown;
}
