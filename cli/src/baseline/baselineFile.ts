import { fingerprintHash, type FingerprintParts } from '../../../server/src/core';

/**
 * The baseline file: the findings known when it was taken, so `check --baseline`
 * fails only on new ones. One entry per finding (two identical findings are two entries), one
 * line each, sorted, so a baseline diffs and merges like source:
 *
 *   {
 *     "version": 1,
 *     "findings": [
 *       {"file":"tools/a.json","code":"wire-collision","tool":"a.b","others":["a_b"]},
 *       ...
 *     ]
 *   }
 *
 * An entry is a finding's fingerprint parts (`server/src/core/fingerprint.ts`): no line, no
 * offset, so moving or reformatting a tool keeps it matched. `at`, `others` and `by` are left out
 * when empty.
 */
const BASELINE_VERSION = 1;

export type BaselineEntry = FingerprintParts;

/** The file's text: a header, then one entry per line, sorted. */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const lines = [...entries].map(entryJson).sort(compareText);
  const body = lines.length === 0 ? '[]' : `[\n${lines.map((l) => `    ${l}`).join(',\n')}\n  ]`;
  return `{\n  "version": ${BASELINE_VERSION},\n  "findings": ${body}\n}\n`;
}

function entryJson(entry: BaselineEntry): string {
  return JSON.stringify({
    file: entry.file,
    code: entry.code,
    tool: entry.tool,
    ...(entry.at !== '' ? { at: entry.at } : {}),
    ...(entry.others.length > 0 ? { others: entry.others } : {}),
    ...(entry.by.length > 0 ? { by: entry.by } : {}),
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A baseline's entries, or why the text is not one (the CLI exits 2: a typo must not pass CI). */
export function parseBaseline(text: string): { readonly entries: BaselineEntry[] } | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { problem: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isObject(value))
    return { problem: 'not a toolwire baseline (expected an object with "version" and "findings")' };
  if (value.version !== BASELINE_VERSION)
    return {
      problem: `version ${JSON.stringify(value.version)} is not one this toolwire reads (${BASELINE_VERSION}); take a new baseline`,
    };
  if (!Array.isArray(value.findings)) return { problem: '"findings" must be an array' };
  const entries: BaselineEntry[] = [];
  for (const [i, item] of value.findings.entries()) {
    const entry = isObject(item) ? toEntry(item) : undefined;
    if (!entry)
      return {
        problem: `findings[${i}] needs "file", "code" and "tool" strings (and "at" a string, "others" and "by" lists of strings, if any)`,
      };
    entries.push(entry);
  }
  return { entries };
}

function toEntry(item: Record<string, unknown>): BaselineEntry | undefined {
  const { file, code, tool } = item;
  const at = item.at ?? '';
  const others = item.others ?? [];
  const by = item.by ?? [];
  if (
    typeof file !== 'string' ||
    typeof code !== 'string' ||
    typeof tool !== 'string' ||
    typeof at !== 'string' ||
    !isStrings(others) ||
    !isStrings(by)
  )
    return undefined;
  return { file, code, tool, at, others, by };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** An entry's identity, computed from its parts (so a hand-edited entry is read as written). */
export function entryHash(entry: BaselineEntry): string {
  return fingerprintHash(entry);
}

/**
 * The looser identity of the second matching pass: the finding on this tool (and key), whoever
 * else is involved. A known collision that a new tool joins is still the known finding; the new
 * tool's own finding is the new one.
 */
export function entrySite(entry: BaselineEntry): string {
  return JSON.stringify([entry.file, entry.code, entry.tool, entry.at]);
}
