import type {
  Extraction,
  NameSite,
  SchemaIssue,
  SchemaKeywordSite,
  SchemaSite,
  ToolDeclaration,
} from '../formats/model';
import type { OffsetRange } from '../json/ranges';
import type { Finding } from '../findings';
import type { Analysis, AnalyzedTool } from '../model';
import type { ChangedRegion } from './region';

/** Raised inside the walk when an offset lies on the edit; caught below (never leaves this file). */
class Ambiguous extends Error {}

/**
 * The analysis of a text whose span `[start, oldEnd)` became `[start, newEnd)` where no
 * recogniser saw the change: every offset after the span moves by the length delta. An offset
 * on the span itself (a range that ends where whitespace was typed, say) could belong to either
 * side, so then this gives undefined and the caller runs a full analysis. Only what lies after
 * the edit is copied; everything else is shared with the previous
 * analysis, so a description edit in a 10k-tool file copies half of the tools, not all of them.
 *
 * Parts that cannot hold an offset of this document are not walked: the client outcomes (a
 * local tool is an index there, and a peer with a range is in another file), and the server
 * name's budget (a function of tool indexes and names). The differential test
 * (`test/core/incremental.test.ts`) holds this to a full analysis.
 */
export function shiftAnalysis(analysis: Analysis, region: ChangedRegion): Analysis | undefined {
  try {
    return shiftUnsafe(analysis, region);
  } catch (error) {
    if (error instanceof Ambiguous) return undefined;
    throw error;
  }
}

function shiftUnsafe(analysis: Analysis, region: ChangedRegion): Analysis {
  const walker = new OffsetWalker(region);
  const shiftedTools = shiftedAfter(
    analysis.tools,
    (tool) => tool.declaration,
    region,
    (tool) => shiftTool(tool, walker),
  );
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(analysis)) {
    if (key === 'tools') out[key] = shiftedTools;
    else if (key === 'findings') out[key] = shiftedList(analysis.findings, (finding) => shiftFinding(finding, walker));
    else if (key === 'clients' || key === 'server') out[key] = value;
    else out[key] = walker.walk(value);
  }
  return out as unknown as Analysis;
}

/**
 * The extraction of a text whose span `[start, oldEnd)` became `[start, newEnd)`, every offset
 * after it moved, under the same rule as `shiftAnalysis` (undefined when an offset lies on the
 * edit). A name edit (`nameEdit.ts`) then puts the new name in; nothing else changed.
 */
export function shiftExtraction(extraction: Extraction, region: ChangedRegion): Extraction | undefined {
  const walker = new OffsetWalker(region);
  try {
    const requests = extraction.requests.map((request) => {
      const { declarations, ...rest } = request;
      return {
        ...walker.walk(rest),
        declarations: shiftedAfter(
          declarations,
          (d) => d,
          region,
          (d) => shiftDeclaration(d, walker),
        ),
      };
    });
    return { format: extraction.format, requests };
  } catch (error) {
    if (error instanceof Ambiguous) return undefined;
    throw error;
  }
}

/**
 * Whether `now` is `before` with its offsets moved by the edit, under the walker's rule (a
 * range is a plain object with numeric `start` and `end`; an object with a string `file` is
 * another file's, all of it, and compares as it is; an offset on the edit is never equal). For a
 * re-census: which of its findings are the previous ones, moved, so an adapter may keep what it
 * made of them.
 */
export function sameAfterShift(now: unknown, before: unknown, region: ChangedRegion | undefined): boolean {
  if (now === before) return true;
  if (typeof now !== 'object' || typeof before !== 'object' || now === null || before === null) return false;
  if (Array.isArray(now) || Array.isArray(before)) {
    if (!Array.isArray(now) || !Array.isArray(before) || now.length !== before.length) return false;
    for (let i = 0; i < now.length; i += 1) if (!sameAfterShift(now[i], before[i], region)) return false;
    return true;
  }
  const a = now as Record<string, unknown>;
  const b = before as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  // Undefined region: inside another file's location, where nothing moves.
  const within = typeof b.file === 'string' ? undefined : region;
  const moves = within !== undefined && typeof b.start === 'number' && typeof b.end === 'number';
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (moves && (key === 'start' || key === 'end')) {
      const moved = shiftedOffset(b[key] as number, within);
      if (moved === undefined || moved !== a[key]) return false;
    } else if (!sameAfterShift(a[key], b[key], within)) return false;
  }
  return true;
}

/** An offset of the old text in the new one; undefined on the edit itself (either side). */
export function shiftedOffset(position: number, region: ChangedRegion): number | undefined {
  if (position < region.start) return position;
  if (position > region.oldEnd) return position + region.newEnd - region.oldEnd;
  return undefined;
}

/**
 * Items in document order, each one's ranges inside its tool's object: the ones whose tool ends
 * before the edit stay as they are (shared), the rest are shifted.
 */
function shiftedAfter<T>(
  items: readonly T[],
  declarationOf: (item: T) => ToolDeclaration,
  region: ChangedRegion,
  shift: (item: T) => T,
): T[] {
  let first = items.length;
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (declarationOf(items[middle]!).toolRange.end >= region.start) {
      first = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  const shifted = items.slice();
  for (let i = first; i < items.length; i += 1) shifted[i] = shift(items[i]!);
  return shifted;
}

/**
 * Which fields of a tool, of its declaration, of a name site and of a finding can hold offsets
 * of the document: the checklist `shiftTool` and `shiftFinding` follow. Typed over every key, so
 * a field added to `AnalyzedTool`, `ToolDeclaration`, `NameSite` or `Finding` does not compile
 * until it is placed here (and, if it holds offsets, moved below); test/core/shift.test.ts holds
 * both to the structural walk and to these lists. Half the tools of a 10k-tool file move on every edit: moving only
 * these fields, not walking every field of every tool, made the shift of tools about twice as fast.
 */
export const TOOL_FIELDS_WITH_OFFSETS = {
  request: false,
  declaration: true,
  name: false,
  wireName: false,
  wireSource: false,
  fate: false,
  verdicts: false,
  wireGroup: false,
  keptInGroup: false,
} as const satisfies Record<keyof AnalyzedTool, boolean>;

export const DECLARATION_FIELDS_WITH_OFFSETS = {
  name: true,
  toolRange: true,
  toolPointer: false,
  invocationName: true,
  version: false,
  inputSchema: true,
  schema: true,
} as const satisfies Record<keyof ToolDeclaration, boolean>;

export const FINDING_FIELDS_WITH_OFFSETS = {
  code: false,
  severity: false,
  message: false,
  detail: false,
  range: true,
  pointer: false,
  related: true,
  tool: false,
  profiles: false,
  clients: false,
  also: false,
  fix: true,
  nameFix: false,
  schemaFix: false,
} as const satisfies Record<keyof Finding, boolean>;

export const NAME_SITE_FIELDS_WITH_OFFSETS = {
  value: false,
  problem: false,
  range: true,
  pointer: false,
} as const satisfies Record<keyof NameSite, boolean>;

/**
 * A schema site's fields, and its places' (an issue, a keyword): with every client modelled an MCP
 * tool keeps a few keyword places, and half of ten thousand of them move on each edit, where the
 * structural walk over them was half the cost of a description edit.
 */
export const SCHEMA_SITE_FIELDS_WITH_OFFSETS = {
  field: false,
  strict: false,
  issues: true,
  pointer: false,
  keywords: true,
} as const satisfies Record<keyof SchemaSite, boolean>;

export const SCHEMA_PLACE_FIELDS_WITH_OFFSETS = {
  problem: false,
  keyword: false,
  range: true,
  pointer: false,
} as const satisfies Record<keyof SchemaIssue | keyof SchemaKeywordSite, boolean>;

/** A schema site with its places' ranges moved (`SCHEMA_SITE_FIELDS_WITH_OFFSETS`). */
export function shiftSchemaSite(site: SchemaSite, walker: OffsetWalker): SchemaSite {
  const issues = shiftedPlaces(site.issues, walker);
  const keywords = site.keywords && shiftedPlaces(site.keywords, walker);
  if (issues === site.issues && keywords === site.keywords) return site;
  const moved: Mutable<SchemaSite> = { ...site, issues };
  if (keywords) moved.keywords = keywords;
  return moved;
}

function shiftedPlaces<T extends { readonly range: OffsetRange }>(
  places: readonly T[],
  walker: OffsetWalker,
): readonly T[] {
  let copy: T[] | undefined;
  for (let i = 0; i < places.length; i += 1) {
    const place = places[i]!;
    const range = walker.range(place.range);
    if (range !== place.range) (copy ??= places.slice())[i] = { ...place, range };
  }
  return copy ?? places;
}

/** A tool with its offsets moved: only its declaration holds any (`TOOL_FIELDS_WITH_OFFSETS`). */
export function shiftTool(tool: AnalyzedTool, walker: OffsetWalker): AnalyzedTool {
  const declaration = shiftDeclaration(tool.declaration, walker);
  return declaration === tool.declaration ? tool : { ...tool, declaration };
}

/**
 * A declaration with the offsets of its name sites, its range and its schema's keys moved
 * (`DECLARATION_FIELDS_WITH_OFFSETS`). Written out field by field: a store to a computed key
 * in a loop was slower than the structural walk it replaces.
 */
export function shiftDeclaration(declaration: ToolDeclaration, walker: OffsetWalker): ToolDeclaration {
  const name = shiftSite(declaration.name, walker);
  const toolRange = walker.range(declaration.toolRange);
  const invocationName = declaration.invocationName && shiftSite(declaration.invocationName, walker);
  const inputSchema = declaration.inputSchema && walker.walk(declaration.inputSchema);
  const schema = declaration.schema && shiftSchemaSite(declaration.schema, walker);
  if (
    name === declaration.name &&
    toolRange === declaration.toolRange &&
    invocationName === declaration.invocationName &&
    inputSchema === declaration.inputSchema &&
    schema === declaration.schema
  )
    return declaration;
  const moved: Mutable<ToolDeclaration> = { ...declaration, name, toolRange };
  if (invocationName) moved.invocationName = invocationName;
  if (inputSchema) moved.inputSchema = inputSchema;
  if (schema) moved.schema = schema;
  return moved;
}

/**
 * A finding with its range, its related locations (the walk: one in another file stays) and its
 * fix's edits moved (`FINDING_FIELDS_WITH_OFFSETS`). A finding before the edit is itself unless
 * it points past it.
 */
export function shiftFinding(finding: Finding, walker: OffsetWalker): Finding {
  const range = walker.range(finding.range);
  const related = finding.related.length === 0 ? finding.related : walker.walk(finding.related);
  const fix = finding.fix && walker.walk(finding.fix);
  if (range === finding.range && related === finding.related && fix === finding.fix) return finding;
  const moved: Mutable<Finding> = { ...finding, range, related };
  if (fix) moved.fix = fix;
  return moved;
}

/** The list with each item shifted; the list itself when none moved. */
function shiftedList<T>(items: readonly T[], shift: (item: T) => T): readonly T[] {
  let copy: T[] | undefined;
  for (let i = 0; i < items.length; i += 1) {
    const moved = shift(items[i]!);
    if (moved !== items[i]) (copy ??= items.slice())[i] = moved;
  }
  return copy ?? items;
}

/** A name site with its range moved (`NAME_SITE_FIELDS_WITH_OFFSETS`). */
function shiftSite(site: NameSite, walker: OffsetWalker): NameSite {
  const range = walker.range(site.range);
  return range === site.range ? site : { ...site, range };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Structural on purpose: any plain object with numeric `start` and `end` is a range into this
 * document (OffsetRange, SyntaxProblem), so a field added to the analysis later moves too. An
 * object with a string `file` points into another file and never moves. Arrays are memoised (a
 * wire group's member list is one array shared by thousands of tools) and an array of numbers is
 * returned as it is.
 */
export class OffsetWalker {
  private readonly arrays = new Map<readonly unknown[], unknown>();

  constructor(private readonly region: ChangedRegion) {}

  walk<T>(item: T): T {
    if (typeof item !== 'object' || item === null) return item;
    if (Array.isArray(item)) return this.walkArray(item) as T;
    if (Object.getPrototypeOf(item) !== Object.prototype) return item;
    const source = item as Record<string, unknown>;
    if (typeof source.file === 'string') return item;
    let copy: Record<string, unknown> | undefined;
    if (typeof source.start === 'number' && typeof source.end === 'number') {
      const start = this.shift(source.start);
      const end = this.shift(source.end);
      if (start !== source.start || end !== source.end) copy = { ...source, start, end };
    }
    for (const key in source) {
      const field = source[key];
      // Only objects and arrays can hold offsets (a range's own numbers are moved above).
      if (typeof field !== 'object' || field === null) continue;
      const moved = this.walk(field);
      if (moved !== field) (copy ??= { ...source })[key] = moved;
    }
    return (copy ?? item) as T;
  }

  private walkArray(items: readonly unknown[]): unknown {
    // A frozen list is shared by every analysis (ACCEPTED, NO_RELATED): it holds no offsets.
    if (items.length === 0 || typeof items[0] !== 'object' || Object.isFrozen(items)) return items; // indexes, names
    const known = this.arrays.get(items);
    if (known !== undefined) return known;
    let copy: unknown[] | undefined;
    for (let i = 0; i < items.length; i += 1) {
      const moved = this.walk(items[i]);
      if (moved !== items[i]) (copy ??= items.slice())[i] = moved;
    }
    const out = copy ?? items;
    this.arrays.set(items, out);
    return out;
  }

  /** A range (`start` and `end` alone) moved, or itself when it does not move. */
  range(range: OffsetRange): OffsetRange {
    const start = this.shift(range.start);
    const end = this.shift(range.end);
    // A literal, not a spread: every typed range is `start` and `end` alone (the shift test holds it).
    return start === range.start && end === range.end ? range : { start, end };
  }

  private shift(position: number): number {
    const moved = shiftedOffset(position, this.region);
    if (moved === undefined) throw new Ambiguous();
    return moved;
  }
}
