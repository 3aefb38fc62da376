import { joinPointer } from '../json/nodes';
import { offsetRange } from '../json/ranges';
import type { SchemaKeywordSite } from './model';
import { valueRole, type SchemaRole } from './schemaKeys';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** One open container of the scan: its role, its pointer, and where its next value sits. */
interface Open {
  readonly role: SchemaRole;
  readonly array: boolean;
  readonly pointer: string;
  /** An object's next string is a key (after its brace or a comma). */
  expectsKey: boolean;
  index: number;
}

/**
 * The keyword sites of `wanted` in a subtree of JSON text (`text[start, end)`, a lazy container's),
 * read with the scanner: no node is built. Finds what `formats/schemaSites.ts`'s walk finds there
 * (a key of a schema object, in the schemas under the keys of `schemaKeys.ts` and nowhere else:
 * never in `enum`, `default` or `examples`, and a `properties` key is a name), in text order. Building the
 * subtree only to find a few keys made every tool's schema body a tree, most of the cost of an
 * analysis with clients. `role`: what the subtree's value is. The text must be JSON without a
 * comment (a lazy subtree parsed without error; the caller's test sends one with a comment to the
 * walk): a bracket inside a comment would be counted.
 */
export function scanKeywordSites(
  text: string,
  start: number,
  end: number,
  role: SchemaRole,
  pointer: string,
  base: number,
  wanted: ReadonlySet<string>,
  out: SchemaKeywordSite[],
): void {
  const stack: Open[] = [];
  // The role of the next value, set by its key or its container, and where it sits: its parent's
  // pointer and its key (joined only for a value read further: most keys hold data).
  let next: SchemaRole = role;
  let parentPointer = pointer;
  let key: string | number | undefined;
  // How deep the scan is inside data (`enum`, `default`...): only its brackets are counted there.
  let dataDepth = 0;
  // By character, not with jsonc-parser's scanner: only brackets, commas and strings matter here,
  // and its tokens (every number and string decoded) were most of the scan's time.
  for (let at = start; at < end; ) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      const close = stringEnd(text, at + 1, end);
      const top = stack[stack.length - 1];
      if (dataDepth === 0 && top && !top.array && top.expectsKey) {
        top.expectsKey = false;
        const name = keyAt(text, at, close);
        parentPointer = top.pointer;
        key = name;
        if (top.role === 'schema-map') next = 'schema';
        else {
          if (wanted.has(name)) {
            const range = offsetRange(base + at, base + close + 1);
            out.push({ keyword: name, range, pointer: joinPointer(top.pointer, name) });
          }
          next = valueRole(name);
        }
      }
      at = close + 1;
      continue;
    }
    at += 1;
    const opens = c === OPEN_BRACE || c === OPEN_BRACKET;
    const closes = c === CLOSE_BRACE || c === CLOSE_BRACKET;
    if (dataDepth > 0) {
      if (opens) dataDepth += 1;
      else if (closes) dataDepth -= 1;
      continue;
    }
    if (opens) {
      const array = c === OPEN_BRACKET;
      const containerRoleOf = containerRole(next, array);
      if (containerRoleOf === 'data') {
        // A subtree that is data all through holds no keyword: at the top, nothing is left to read.
        if (stack.length === 0) return;
        dataDepth = 1;
        continue;
      }
      const pointed = key === undefined ? parentPointer : joinPointer(parentPointer, key);
      const open: Open = { role: containerRoleOf, array, pointer: pointed, expectsKey: !array, index: 0 };
      stack.push(open);
      if (array) elementOf(open);
      continue;
    }
    if (closes) {
      stack.pop();
      if (stack.length === 0) return;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c !== COMMA || !top) continue;
    if (top.array) {
      top.index += 1;
      elementOf(top);
    } else top.expectsKey = true;
  }

  function elementOf(open: Open): void {
    next = open.role === 'schema-list' ? 'schema' : 'data';
    parentPointer = open.pointer;
    key = open.index;
  }
}

/** A container's role: a schema is an object, a list of schemas an array; anything else is data. */
function containerRole(role: SchemaRole, array: boolean): SchemaRole {
  if (array) return role === 'schema-list' || role === 'schema-or-list' ? 'schema-list' : 'data';
  if (role === 'schema' || role === 'schema-or-list') return 'schema';
  return role === 'schema-map' ? 'schema-map' : 'data';
}

/** The offset of the quote that closes the string whose text starts at `from` (past an escaped one). */
function stringEnd(text: string, from: number, end: number): number {
  let at = from;
  while (at < end) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) return at;
    at += c === BACKSLASH ? 2 : 1;
  }
  return end;
}

/** A key's decoded text (the string token is `text[open, close]`, quotes included). */
function keyAt(text: string, open: number, close: number): string {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    // Not reachable from a subtree that parsed: the key as written is the best left.
    return raw;
  }
}
