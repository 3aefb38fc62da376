import { getNodePath, type Node } from 'jsonc-parser';
import { analyze } from '../analyze';
import type { Finding, OffsetEdit } from '../findings';
import { parseDocument } from '../json/parse';
import { propertyKey } from '../json/nodes';
import type { ToolDeclaration } from '../formats/model';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { DUPLICATE_KEY } from '../yaml/parse';

/**
 * The one proof every fix goes through (a quick fix, fix-all, F2 rename), so that no fix is offered that does not fix: apply the
 * edits, re-analyse with the same options, and require that
 * - the edits apply cleanly (each still finds its old text, none overlaps another);
 * - the document is recognised as the same format, and a text that parsed still parses;
 * - every finding the fix claims to fix is gone (same code on the same name site);
 * - no error-severity finding (after the user's severities) appears that was not there before,
 *   compared by identity (code, name site, wire name), never by count, so a fix that removes one
 *   error and adds another is refused;
 * - no schema finding of any severity appears (`newSchemaFindings`): a schema fix must not trade
 *   a refused keyword for one a client drops;
 * - no JSON object holds a duplicate key it did not hold before.
 * It never throws; a refusal says why, and names the tools at fault so fix-all can drop them.
 */
export type Proof =
  | { readonly kind: 'proven'; readonly text: string; readonly after: Analysis }
  | {
      readonly kind: 'refused';
      readonly reason: string;
      readonly after?: Analysis;
      readonly culprits: readonly Culprit[];
    };

/** Where a finding sits: its code and the JSON pointer of its name site (stable across a rename). */
export interface FindingSite {
  readonly code: Finding['code'];
  readonly pointer: string;
}

/** A finding the proof blames: one that stayed, or a new error (with its tool, when it has one). */
export interface Culprit extends FindingSite {
  readonly tool?: number;
  /** Set for a new error: its message, which a refusal can quote. */
  readonly message?: string;
}

export function proveEdits(
  text: string,
  options: AnalysisOptions,
  before: Analysis,
  edits: readonly OffsetEdit[],
  fixed: readonly FindingSite[],
): Proof {
  const after = applyOffsetEdits(text, edits);
  if (after === undefined) return { kind: 'refused', reason: 'the document changed', culprits: [] };
  if (after === text) return { kind: 'refused', reason: 'it changes nothing', culprits: [] };
  const checked = analyze(after, options);
  return judge(text, before, edits, after, checked, fixed);
}

/** The proof's verdict on an already analysed result (fix-all reuses the analysis of each round). */
export function judge(
  text: string,
  before: Analysis,
  edits: readonly OffsetEdit[],
  afterText: string,
  after: Analysis,
  fixed: readonly FindingSite[],
): Proof {
  const refuse = (reason: string, culprits: readonly Culprit[] = []): Proof => ({
    kind: 'refused',
    reason,
    after,
    culprits,
  });
  if (after.format !== before.format) return refuse('the text would no longer be recognised as the same format');
  const remaining = new Set(after.findings.map(siteKey));
  const unfixed = fixed.filter((site) => remaining.has(siteKey(site)));
  if (unfixed.length > 0) return refuse(`it would not clear ${unfixed[0]!.code} at ${unfixed[0]!.pointer}`, unfixed);
  const known = new Set(before.findings.filter(isError).map((f) => errorKey(before, f)));
  const fresh = after.findings.filter((f) => isError(f) && !known.has(errorKey(after, f)));
  if (fresh.length > 0)
    return refuse(
      `it would bring a new error: ${fresh[0]!.message}`,
      fresh.map(({ code, pointer, tool, message }) => ({
        code,
        pointer,
        message,
        ...(tool === undefined ? {} : { tool }),
      })),
    );
  const schemaNews = newSchemaFindings(before, after);
  if (schemaNews.length > 0)
    return refuse(
      `it would bring a new schema finding: ${schemaNews[0]!.message}`,
      schemaNews.map(({ code, pointer, tool, message }) => ({
        code,
        pointer,
        message,
        ...(tool === undefined ? {} : { tool }),
      })),
    );
  const duplicate = newDuplicateKey(text, before, afterText, after, edits);
  if (duplicate !== undefined) return refuse(`it would repeat the key ${JSON.stringify(duplicate)} in one object`);
  // A reader that recovers (YAML's, JSONC's) may still find the tools in a broken text, so the
  // findings alone do not show that a fix (a comment line inside a scalar, say) broke the syntax.
  // Checked last: YAML reports a repeated key as a syntax problem too, which the check above names.
  if (before.syntaxProblems.length === 0 && after.syntaxProblems.length > 0)
    return refuse(`the text would no longer parse: ${after.syntaxProblems[0]!.message}`);
  return { kind: 'proven', text: afterText, after };
}

export function siteKey(site: FindingSite): string {
  return `${site.code}\u0000${site.pointer}`;
}

function isError(finding: Finding): boolean {
  return finding.severity === 'error';
}

/**
 * An error's identity: code, site, and what the error is about. For the codes about the wire
 * name that is the tool's wire name (lower-cased for case collisions), so a renamed tool landing
 * in another collision counts as a new error; for the others it is the tool's real name, so
 * adding an invocationName (a new wire name) does not make a capability-name error look new.
 */
function errorKey(analysis: Analysis, finding: Finding): string {
  const tool = finding.tool === undefined ? undefined : analysis.tools[finding.tool];
  const about = SCHEMA_CODES.has(finding.code)
    ? ''
    : WIRE_CODES.has(finding.code)
      ? (tool?.wireName ?? '')
      : (tool?.name ?? '');
  return `${siteKey(finding)}\u0000${finding.code === 'case-collision' ? about.toLowerCase() : about}`;
}

/**
 * The schema findings (any severity) of `after` beyond those of `before`, counted per tool and
 * message rather than by place: a parameter rename moves the findings under its key to another
 * pointer, the same findings still; a fix that writes `anyOf` a client rewrites makes a new one.
 */
function newSchemaFindings(before: Analysis, after: Analysis): Finding[] {
  const key = (f: Finding) => `${f.code}\u0000${f.tool ?? ''}\u0000${f.message}`;
  const counts = new Map<string, number>();
  for (const f of before.findings) if (SCHEMA_FINDINGS.has(f.code)) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  const fresh: Finding[] = [];
  for (const f of after.findings) {
    if (!SCHEMA_FINDINGS.has(f.code)) continue;
    const left = counts.get(key(f)) ?? 0;
    if (left > 0) counts.set(key(f), left - 1);
    else fresh.push(f);
  }
  return fresh;
}

const SCHEMA_FINDINGS: ReadonlySet<Finding['code']> = new Set(['schema-rejected', 'schema-altered']);

/**
 * Codes about what a tool's schema holds: the pointer says it all, so renaming the tool does not
 * make a schema error it already had look new.
 */
const SCHEMA_CODES: ReadonlySet<Finding['code']> = new Set(['schema-rejected']);

const WIRE_CODES: ReadonlySet<Finding['code']> = new Set([
  'invalid-name',
  'wire-collision',
  'case-collision',
  'reserved-name',
  'renamed-on-wire',
]);

/**
 * A key repeated in a JSON object an edit touched that was not repeated there before. Fixes edit
 * inside tool objects, so only those are read again (a fix-all on a 10 MB file must not parse it
 * twice more); an edit outside every tool object (a reference in tool_choice or a replayed call)
 * makes the whole document the touched region. Objects are matched by their tool's pointer.
 */
function newDuplicateKey(
  text: string,
  before: Analysis,
  afterText: string,
  after: Analysis,
  edits: readonly OffsetEdit[],
): string | undefined {
  // A slice of a YAML block mapping is no document of its own; `yaml` reports every repeated
  // key of the whole text as it parses, so the analyses already hold the answer.
  if (after.documentKind === 'yaml') return newYamlDuplicateKey(before, afterText, after);
  // Source code: a fix rewrites one literal (or adds `name=` to a decorator) and adds no key; the
  // tool objects are synthesised from calls, which a JSON reader cannot re-read from a slice.
  if (after.documentKind === 'code') return undefined;
  const beforeTools = new Map(before.tools.map((t) => [t.declaration.toolPointer, t.declaration.toolRange]));
  const touched = touchedTools(after, edits);
  if (touched === 'document') return firstNew(duplicateKeys(afterText, ''), () => duplicateKeys(text, ''));
  for (const declaration of touched) {
    const range = declaration.toolRange;
    const found = duplicateKeys(afterText.slice(range.start, range.end), declaration.toolPointer);
    const old = beforeTools.get(declaration.toolPointer);
    const repeated = firstNew(found, () =>
      old ? duplicateKeys(text.slice(old.start, old.end), declaration.toolPointer) : new Map(),
    );
    if (repeated !== undefined) return repeated;
  }
  return undefined;
}

function newYamlDuplicateKey(before: Analysis, afterText: string, after: Analysis): string | undefined {
  const repeated = (analysis: Analysis) => analysis.syntaxProblems.filter((p) => p.code === DUPLICATE_KEY);
  const found = repeated(after);
  if (found.length <= repeated(before).length) return undefined;
  // Which key: the parser points at the start of a repeated key (the last is the likelier new one).
  const last = found[found.length - 1]!;
  const key = /^(?:"([^"]*)"|'([^']*)'|([^:\n]*?))\s*:/.exec(afterText.slice(last.start, last.start + 1024));
  return key?.[1] ?? key?.[2] ?? key?.[3] ?? 'a key';
}

function firstNew(after: Map<string, string>, before: () => Map<string, string>): string | undefined {
  if (after.size === 0) return undefined;
  const known = before();
  for (const [key, property] of after) if (!known.has(key)) return property;
  return undefined;
}

/** The declarations of the tools whose objects hold an edit (positions in the edited text). */
function touchedTools(after: Analysis, edits: readonly OffsetEdit[]): ToolDeclaration[] | 'document' {
  const declarations = after.tools.map((t) => t.declaration).sort((a, b) => a.toolRange.start - b.toolRange.start);
  const touched = new Set<ToolDeclaration>();
  let shift = 0;
  for (const edit of [...edits].sort((a, b) => a.range.start - b.range.start)) {
    const start = edit.range.start + shift;
    const end = start + edit.newText.length;
    shift += edit.newText.length - (edit.range.end - edit.range.start);
    // The last tool object starting at or before the edit; nested tools do not occur.
    let low = 0;
    let high = declarations.length - 1;
    let holder: ToolDeclaration | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (declarations[mid]!.toolRange.start <= start) {
        holder = declarations[mid];
        low = mid + 1;
      } else high = mid - 1;
    }
    if (!holder || end > holder.toolRange.end) return 'document';
    touched.add(holder);
  }
  return [...touched];
}

/**
 * Every repeated key, as `pointer of the object` + key -> key. Parsed with the analysis's own
 * reader, so a JSON Lines file is read line by line (its pointers start with the line).
 */
function duplicateKeys(text: string, prefix: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of parseDocument(text).values) {
    // An explicit stack: a 5000-deep nest must not overflow the call stack.
    const stack: Node[] = [root.node];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.type === 'object') {
        const keys = new Set<string>();
        for (const property of node.children ?? []) {
          const key = propertyKey(property);
          if (typeof key !== 'string') continue;
          if (keys.has(key)) found.set(`${prefix}${root.pointer}${JSON.stringify(getNodePath(node))}\u0000${key}`, key);
          keys.add(key);
        }
      }
      for (const child of node.children ?? [])
        if (child.type === 'object' || child.type === 'array' || child.type === 'property') stack.push(child);
    }
  }
  return found;
}

/**
 * Applies edits, or returns undefined when one no longer finds its old text or two overlap.
 * Builds the result from slices in one pass (a fix-all of thousands of renames on a 10 MB file
 * would otherwise copy the whole text once per edit).
 */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string | undefined {
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.range.start < at || edit.range.end > text.length) return undefined;
    if (text.slice(edit.range.start, edit.range.end) !== edit.oldText) return undefined;
    parts.push(text.slice(at, edit.range.start), edit.newText);
    at = edit.range.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
