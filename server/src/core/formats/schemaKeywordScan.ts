import { createScanner } from 'jsonc-parser';
import { joinPointer } from '../json/nodes';
import { offsetRange } from '../json/ranges';
import { Token } from '../json/tree';
import type { SchemaKeywordSite } from './model';
import { valueRole, type SchemaRole } from './schemaKeys';

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
 * analysis with clients. `role`: what the subtree's value is. The text is JSON without a comment
 * or an escape (the caller's test sends any other to the walk), though either is read right.
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
  const scanner = createScanner(text, true);
  scanner.setPosition(start);
  const stack: Open[] = [];
  // The role of the next value, set by its key or its container, and where it sits: its parent's
  // pointer and its key (joined only for a value read further: most keys hold data).
  let next: SchemaRole = role;
  let parentPointer = pointer;
  let key: string | number | undefined;
  // How deep the scan is inside data (`enum`, `default`...): only its brackets are counted there.
  let dataDepth = 0;
  // The scanner's kinds as numbers: its const enum cannot be read under isolatedModules (`Token`).
  for (
    let token: number = scanner.scan();
    token !== Token.EOF && scanner.getTokenOffset() < end;
    token = scanner.scan()
  ) {
    const opens = token === Token.OpenBrace || token === Token.OpenBracket;
    const closes = token === Token.CloseBrace || token === Token.CloseBracket;
    if (dataDepth > 0) {
      if (opens) dataDepth += 1;
      else if (closes) dataDepth -= 1;
      continue;
    }
    if (opens) {
      const array = token === Token.OpenBracket;
      const containerRoleOf = containerRole(next, array);
      if (containerRoleOf === 'data') {
        // A subtree that is data all through holds no keyword: at the top, nothing is left to read.
        if (stack.length === 0) return;
        dataDepth = 1;
        continue;
      }
      const at = key === undefined ? parentPointer : joinPointer(parentPointer, key);
      const open: Open = { role: containerRoleOf, array, pointer: at, expectsKey: !array, index: 0 };
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
    if (!top) return;
    if (token === Token.Comma) {
      if (top.array) {
        top.index += 1;
        elementOf(top);
      } else top.expectsKey = true;
      continue;
    }
    if (token !== Token.String || !top.expectsKey) continue;
    top.expectsKey = false;
    const name = scanner.getTokenValue();
    parentPointer = top.pointer;
    key = name;
    if (top.role === 'schema-map') {
      next = 'schema';
      continue;
    }
    if (wanted.has(name)) {
      const offset = base + scanner.getTokenOffset();
      const range = offsetRange(offset, offset + scanner.getTokenLength());
      out.push({ keyword: name, range, pointer: joinPointer(top.pointer, name) });
    }
    next = valueRole(name);
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
