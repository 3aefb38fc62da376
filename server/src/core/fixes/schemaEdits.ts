import type { Node } from 'jsonc-parser';
import type { OffsetEdit } from '../findings';
import { parseDocument } from '../json/parse';
import { propertyKey } from '../json/nodes';
import { parseYaml } from '../yaml/parse';

/**
 * A schema object of the document, read again where a fix is built (the analysis keeps no tree),
 * and the edits that remove, insert or replace one of its keys in the object's own layout: a JSON
 * or YAML flow object (`{...}`) by commas, a YAML block mapping by lines at the keys' column.
 * Values are written as JSON, which a YAML document reads too (JSON is YAML's flow syntax). An
 * edit this gets wrong for some layout is refused by the proof (`proof.ts`), never applied.
 */
export interface SchemaObject {
  readonly text: string;
  readonly node: Node;
  /** Added to a node's offset for its place in the text (a JSON Lines value's line). */
  readonly base: number;
  readonly flow: boolean;
  readonly eol: string;
}

export interface KeyedEntry {
  readonly key: string;
  readonly keyStart: number;
  readonly value: Node | undefined;
  /** Where the entry ends: its value's end, else its key's. */
  readonly end: number;
}

/** The document read whole for fix building (JSON, JSONC, JSON Lines or YAML), and its line ending. */
export interface FixTree {
  readonly text: string;
  readonly tree: ReturnType<typeof parseDocument>;
  readonly eol: string;
}

export function readTree(text: string, language: 'json' | 'yaml'): FixTree {
  const tree = language === 'yaml' ? parseYaml(text) : parseDocument(text);
  // Once per document: a scan of the text per fix made ten thousand fixes quadratic.
  return { text, tree, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The object at a pointer, or undefined when the pointer does not lead to one. */
export function objectAt({ text, tree, eol }: FixTree, pointer: string): SchemaObject | undefined {
  for (const root of tree.values) {
    if (pointer !== root.pointer && !pointer.startsWith(`${root.pointer}/`)) continue;
    let node: Node | undefined = root.node;
    for (const token of tokens(pointer.slice(root.pointer.length))) node = node && child(node, token);
    if (node?.type !== 'object') return undefined;
    const flow = text.charCodeAt(root.base + node.offset) === 0x7b;
    return { text, node, base: root.base, flow, eol };
  }
  return undefined;
}

/** The pointer of the object holding a key's value: the pointer without its last token. */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

export function lastToken(pointer: string): string {
  return decode(pointer.slice(pointer.lastIndexOf('/') + 1));
}

/** The object's entries in order, with absolute offsets. */
export function entries(object: SchemaObject): KeyedEntry[] {
  const out: KeyedEntry[] = [];
  for (const property of object.node.children ?? []) {
    const key = propertyKey(property);
    const keyNode = property.children?.[0];
    if (typeof key !== 'string' || !keyNode) continue;
    const value = property.children?.[1];
    const keyStart = object.base + keyNode.offset;
    const end = value ? object.base + value.offset + value.length : keyStart + keyNode.length;
    out.push({ key, keyStart, value, end });
  }
  return out;
}

export function entry(object: SchemaObject, key: string): KeyedEntry | undefined {
  return entries(object).find((e) => e.key === key);
}

/**
 * Removes one entry with its separator. An entry on a line of its own takes its line along (its
 * comment too), and as the last of a flow object the comma before it, unless the object already
 * ends in a trailing comma (JSONC); an entry sharing its line goes with the comma after it (or
 * before it, as the last).
 */
export function removeEntry(object: SchemaObject, key: string): OffsetEdit[] | undefined {
  const all = entries(object);
  const at = all.findIndex((e) => e.key === key);
  const target = all[at];
  if (!target) return undefined;
  const next = all[at + 1];
  const previous = all[at - 1];
  const { text } = object;
  const lines = ownLines(text, target);
  if (lines && (next || previous)) {
    const edits = [cut(text, lines.start, lines.end)];
    if (object.flow && !next && previous && !lines.trailingComma) {
      const comma = /^\s*,/.exec(text.slice(previous.end, lines.start));
      if (!comma) return undefined;
      edits.push(cut(text, previous.end + comma[0].length - 1, previous.end + comma[0].length));
    }
    return edits;
  }
  if (next) return [cut(text, target.keyStart, next.keyStart)];
  if (previous) return [cut(text, previous.end, target.end)];
  // The only key: the object becomes empty.
  return [object.flow ? cut(text, target.keyStart, target.end) : replace(text, target.keyStart, target.end, '{}')];
}

/**
 * The whole lines an entry fills (its line break included), when nothing but whitespace comes
 * before it on its first line and nothing but a comma and a comment after it on its last.
 */
function ownLines(
  text: string,
  target: KeyedEntry,
): { start: number; end: number; trailingComma: boolean } | undefined {
  const start = text.lastIndexOf('\n', target.keyStart - 1) + 1;
  if (start === 0 && target.keyStart > 0 && !/^[ \t]*$/.test(text.slice(0, target.keyStart))) return undefined;
  if (!/^[ \t]*$/.test(text.slice(start, target.keyStart))) return undefined;
  const newline = text.indexOf('\n', target.end);
  if (newline < 0) return undefined;
  const rest = text.slice(target.end, newline);
  const after = /^[ \t]*(,?)[ \t]*(?:(?:\/\/|#).*)?\r?$/.exec(rest);
  if (!after) return undefined;
  return { start, end: newline + 1, trailingComma: after[1] === ',' };
}

/** Replaces an entry's value with a JSON value. */
export function replaceValue(object: SchemaObject, key: string, json: string): OffsetEdit | undefined {
  const target = entry(object, key);
  if (!target?.value) return undefined;
  return replace(object.text, object.base + target.value.offset, target.end, json);
}

/** Replaces a whole entry (key and value) by others, written as `key: json` pairs. */
export function replaceEntry(
  object: SchemaObject,
  key: string,
  pairs: readonly (readonly [string, string])[],
): OffsetEdit | undefined {
  const target = entry(object, key);
  if (!target) return undefined;
  const indent = object.flow ? ' ' : `${object.eol}${blockIndent(object.text, target.keyStart) ?? ''}`;
  const separator = object.flow ? `,${indent}` : indent;
  return replace(object.text, target.keyStart, target.end, pairs.map(([k, v]) => pair(object, k, v)).join(separator));
}

/**
 * Inserts `key: json` pairs after an entry (the last one when `after` is absent): on lines of
 * their own at the entry's column when the entry has one, else inline.
 */
export function insertAfter(
  object: SchemaObject,
  pairs: readonly (readonly [string, string])[],
  after?: string,
): OffsetEdit | undefined {
  const all = entries(object);
  const anchor = after === undefined ? all[all.length - 1] : all.find((e) => e.key === after);
  if (!anchor || pairs.length === 0) return undefined;
  const { text, eol } = object;
  const written = pairs.map(([k, v]) => pair(object, k, v));
  const indent = blockIndent(text, anchor.keyStart);
  if (object.flow) {
    const ownLine = indent !== undefined && /^[ \t]*,?[ \t]*(\/\/.*)?\r?$/.test(restOfLine(text, anchor.end));
    const joined = ownLine
      ? written.map((w) => `,${eol}${indent}${w}`).join('')
      : written.map((w) => `, ${w}`).join('');
    return insert(anchor.end, joined);
  }
  if (indent === undefined) return undefined;
  // Block: after the anchor's last line (its value may be a block of several lines).
  if (text.charCodeAt(anchor.end - 1) === 0x0a)
    return insert(anchor.end, written.map((w) => `${indent}${w}${eol}`).join(''));
  const end = lineEndOf(text, anchor.end);
  return insert(end, written.map((w) => `${eol}${indent}${w}`).join(''));
}

/** `"key": json` in a flow object, `key: json` in a block mapping (the keys written here are plain words). */
function pair(object: SchemaObject, key: string, json: string): string {
  return object.flow ? `${JSON.stringify(key)}: ${json}` : `${key}: ${json}`;
}

/**
 * The column a key starts at, as the whitespace to write there; a key after a sequence's `- `
 * counts the dash as indentation. Undefined when something else precedes it on its line.
 */
function blockIndent(text: string, keyStart: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
  const before = text.slice(lineStart, keyStart);
  const match = /^([ \t]*)((?:-[ \t]+)*)$/.exec(before);
  return match ? match[1]! + ' '.repeat(match[2]!.length) : undefined;
}

/** The end of the line holding `offset`, before its line break (and a comment's end with it). */
function lineEndOf(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  if (newline < 0) return text.length;
  return newline > 0 && text.charCodeAt(newline - 1) === 0x0d ? newline - 1 : newline;
}

function restOfLine(text: string, offset: number): string {
  const newline = text.indexOf('\n', offset);
  return text.slice(offset, newline < 0 ? text.length : newline);
}

function cut(text: string, start: number, end: number): OffsetEdit {
  return replace(text, start, end, '');
}

function replace(text: string, start: number, end: number, newText: string): OffsetEdit {
  return { range: { start, end }, oldText: text.slice(start, end), newText };
}

function insert(at: number, newText: string): OffsetEdit {
  return { range: { start: at, end: at }, oldText: '', newText };
}

function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(decode);
}

function decode(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function child(node: Node, token: string): Node | undefined {
  if (node.type === 'array') return /^\d+$/.test(token) ? node.children?.[Number(token)] : undefined;
  if (node.type !== 'object') return undefined;
  for (const property of node.children ?? []) if (propertyKey(property) === token) return property.children?.[1];
  return undefined;
}

/** A value as compact JSON with spaces after separators, as people write schemas. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}
