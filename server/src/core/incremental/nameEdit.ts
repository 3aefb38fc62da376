import { createScanner } from 'jsonc-parser';
import type { Extraction, ExtractedRequest, ToolReference } from '../formats/model';
import type { Analysis } from '../model';
import type { TextReader } from '../text/pieceText';
import type { ChangedRegion } from './region';
import { lastToolFrom } from './descriptionEdit';
import { shiftExtraction } from './shift';

// jsonc-parser's const enums cannot be read under isolatedModules; these are their values.
const STRING_LITERAL = 10;
const NO_SCAN_ERROR = 0;

/**
 * Proves that an edit lies strictly inside one tool's name string (a declaration's, not a
 * reference's) and leaves it one valid, non-empty string token, and returns the new text's
 * extraction: the previous one rebuilt from the analysis, every offset after the edit moved, and
 * that name's value replaced (and where that tool is). Why this is exact: a recogniser asks of a
 * name only whether it is a string (formats/classify.ts, sites.ts `nameSite`), and a string
 * token holds no other token, so the new text reads as the old one but for this value. A JSON
 * name site is always a property's value (`nameSite`), never a key, so no pointer changes with
 * it. What a name changes (wire groups, client outcomes) is decided by the
 * whole set: the caller re-checks the one tool where that is proven to change nothing else
 * (`renamedAlone.ts`), else takes the census again (`analyze.ts` `analyzeCarrying`).
 *
 * Only the edited name's token is scanned; the text is never read whole.
 */
export function editedName(
  oldText: TextReader,
  newText: TextReader,
  analysis: Analysis,
  region: ChangedRegion,
): EditedName | undefined {
  if (analysis.syntaxProblems.length > 0) return undefined;
  if (analysis.documentKind !== 'json' && analysis.documentKind !== 'json-lines') return undefined;
  const tool = toolNamed(analysis, region);
  if (tool === undefined) return undefined;
  const site = analysis.tools[tool]!.declaration.name;
  if (site.problem !== undefined || site.value === undefined) return undefined;
  const token = site.range;
  // Strictly inside the quotes of a JSON string token: the token keeps its delimiters.
  if (!(token.start < region.start && region.oldEnd < token.end)) return undefined;
  if (oldText.charCodeAt(token.start) !== 0x22 || oldText.charCodeAt(token.end - 1) !== 0x22) return undefined;
  const newEnd = token.end + region.newEnd - region.oldEnd;
  const scanner = createScanner(newText.slice(token.start, newEnd), false);
  if ((scanner.scan() as number) !== STRING_LITERAL || scanner.getTokenError() !== NO_SCAN_ERROR) return undefined;
  if (scanner.getTokenOffset() !== 0 || scanner.getTokenLength() !== newEnd - token.start) return undefined;
  const value = scanner.getTokenValue();
  // An empty name is a `missing-name` site, which a recogniser makes differently.
  if (value.length === 0) return undefined;
  if (analysis.references.some((r) => r.reference.range.start < token.end && token.start < r.reference.range.end))
    return undefined;
  const shifted = shiftExtraction(extractionOf(analysis), region);
  const request = analysis.tools[tool]!.request;
  const local = tool - analysis.requests[request]!.tools[0]!;
  const extraction = shifted && withName(shifted, request, local, value);
  return extraction && { extraction, request, tool: local };
}

/** The new text's extraction, and where the tool whose name changed is in it. */
export interface EditedName {
  readonly extraction: Extraction;
  readonly request: number;
  /** Request-local position of the tool. */
  readonly tool: number;
}

/**
 * What the recognisers gave for the analysed text, rebuilt from the analysis: each request's
 * census keeps its format, pointer, anchor and server names, each tool its declaration, each
 * reference its site (`test/core/nameEdit.test.ts` holds it to `recognizeDocument`).
 */
export function extractionOf(analysis: Analysis): Extraction {
  const references = new Map<number, ToolReference[]>();
  for (const r of analysis.references) {
    const list = references.get(r.request);
    if (list) list.push(r.reference);
    else references.set(r.request, [r.reference]);
  }
  const requests = analysis.requests.map(
    (census, index): ExtractedRequest => ({
      format: census.format,
      declarations: census.tools.map((t) => analysis.tools[t]!.declaration),
      references: references.get(index) ?? [],
      anchorRange: census.anchorRange,
      pointer: census.pointer,
      ...(census.serverName ? { serverName: census.serverName } : {}),
      ...(census.serverAnnounced ? { serverAnnounced: census.serverAnnounced } : {}),
    }),
  );
  return { format: analysis.format, requests };
}

/** The tool whose name token holds the whole edit. */
function toolNamed(analysis: Analysis, region: ChangedRegion): number | undefined {
  const found = lastToolFrom(analysis, region.start);
  if (found === undefined) return undefined;
  const name = analysis.tools[found]!.declaration.name.range;
  return name.start <= region.start && region.oldEnd <= name.end ? found : undefined;
}

function withName(extraction: Extraction, request: number, local: number, value: string): Extraction | undefined {
  const requests = extraction.requests.slice();
  const target = requests[request];
  const declaration = target?.declarations[local];
  if (!target || !declaration) return undefined;
  const declarations = target.declarations.slice();
  declarations[local] = { ...declaration, name: { ...declaration.name, value } };
  requests[request] = { ...target, declarations };
  return { ...extraction, requests };
}
