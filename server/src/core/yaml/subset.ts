import type { Node } from 'jsonc-parser';
import type { BuildNode, Keep, KeyList } from '../json/tree';
import { LazyYamlContainer } from './lazy';
import { foldLines, resolvePlain, type ScalarValue } from './scalars';
import { COLON, HASH, isBreak, isNotPlainStart, LineScanner, NEWLINE, SPACE, type Token } from './lines';

/**
 * The YAML most tool files are written in, read straight into the tree `parse.ts` makes from
 * `yaml`'s documents, or undefined when the text steps outside what this reader knows. `yaml`'s
 * lexer, CST and composition cost twenty times reading the same tools as JSON; this reader is one
 * pass over the characters. It reads one document (LF or CRLF) of block mappings and sequences
 * (compact ones included), flow collections, quoted scalars (over lines too), plain scalars
 * (folded over lines in block context) and literal or folded block scalars (clip or strip, no
 * indentation indicator). Anything else (anchors, aliases, tags, complex or non-string keys,
 * `<<`, directives, document markers, tabs, a carriage return outside a CRLF, control
 * characters, a duplicate key, a syntax error, a root scalar, comments where `yaml` has rules of
 * its own for ranges) gives undefined, and `yaml` reads the text instead, with its errors: the
 * reader never decides what an error is, it only steps aside, so every problem `yaml` reports is
 * still reported (test/core/yamlSubset.test.ts holds the two to the same analysis).
 *
 * Nesting past `maxDepth` (block or flow) is reported where it goes over, never handed to `yaml`:
 * `yaml` composes by recursion and, thousands of levels down with its regexps being recompiled,
 * aborts the process (no catchable error; a 3,000-deep `- - - x` did, now and then). The reader's
 * own recursion follows the nesting, so it is bounded by the same limit.
 */
export function readYamlSubset(text: string, maxDepth: number, keep?: Keep): SubsetReading {
  if (OUTSIDE.test(text)) return undefined;
  return new SubsetReader(text, maxDepth, keep).document();
}

/**
 * A stand-in's children (`LazyYamlContainer`): with `keep` (the JSON skeleton's, `json/tree.ts`),
 * a mapping or sequence under a key `keep` rejects is read over and left as a stand-in, and this
 * reads it again when someone reads it.
 */
function rereadCollection(text: string, at: number, parentIndent: number): BuildNode[] {
  const target: BuildNode = { type: 'null', offset: at, length: 0 };
  const read = new SubsetReader(text, Number.POSITIVE_INFINITY).collection(target, at, parentIndent);
  return read ? (target.children ?? []) : [];
}

/**
 * The tree, or where nesting went past the limit (the offset of the collection that went over),
 * or undefined: `yaml` reads the text.
 */
export type SubsetReading = { readonly node: Node } | { readonly nestedAt: number } | undefined;

/** Characters and line starts the subset leaves to `yaml` wherever they are (a scalar holding one included). */
const OUTSIDE = /[\t\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff]|\r(?!\n)|^(?:---|\.\.\.|%)/m;

/** Longest implicit key read here (`yaml` refuses one longer than 1024 characters). */
const MAX_KEY = 1000;

interface Key extends Token {
  /** The offset of its `:`. */
  readonly colon: number;
}

/**
 * One pass over a text. Every method that reads a block node leaves `pos` at the start of the
 * line after the node's last line and `end` at the end of what it read there (its trailing
 * comment included); a method that fails returns false and the whole read is abandoned.
 */
class SubsetReader extends LineScanner {
  private depth = 0;
  private flowDepth = 0;
  private pos = 0;
  private end = 0;
  /** Set by `nextContent`: the column of the content line found (-1 at the end of the text). */
  private column = -1;
  /** Set by `nextContent`: the end of the last comment line it passed that was indented more than asked. */
  private trail = -1;
  /**
   * Set by `nextContent`: whether a comment line it passed sits no deeper than the nested
   * collection asked about yet deeper than the line that follows (or than column 0 at the end).
   * Where a nested collection ends on such a comment, `yaml` places it by rules of its own (not
   * in the collections it is indented past): the subset steps aside. A comment in a column no
   * deeper than what follows (`# section` between top-level keys) is the next entry's.
   */
  private trailAtColumn = false;
  /** Set by `nextContent`: whether it passed a comment line. */
  private passedComment = false;
  /** Set by `flow`: the offset after its closing bracket. */
  private flowEnd = 0;

  /** Where nesting first went past the limit, if it did. */
  private nestedAt = -1;

  /** How deep the reader is inside a value that becomes a stand-in (whose nodes are dropped). */
  private discarding = 0;
  /** The value being read for a stand-in that lists its keys (`'keys'`): its own children are built. */
  private keysOf: BuildNode | undefined;

  constructor(
    text: string,
    private readonly maxDepth: number,
    private readonly keep?: Keep,
  ) {
    super(text);
  }

  /** A collection at `at` read again for its stand-in (`rereadCollection`). */
  collection(target: BuildNode, at: number, parentIndent: number): boolean {
    const c = this.text[at];
    return c === '[' || c === '{' ? this.flow(target, at, parentIndent) : this.node(target, at, parentIndent, true);
  }

  /**
   * Whether the value under `key` (to be read into `value`) is kept, or stood in for (with its
   * keys listed, for `'keys'`); a value stood in for is read as `discarding` until `standIn`.
   */
  private prune(key: string, value: BuildNode): false | 'standIn' | 'keys' {
    if (this.keep === undefined || this.discarding > 0) return false;
    const kept = this.keep(key);
    if (kept === true) return false;
    this.discarding += 1;
    if (kept === 'keys') this.keysOf = value;
    return kept === 'keys' ? 'keys' : 'standIn';
  }

  /**
   * Whether a collection read into `target` builds its children: outside a value stood in for,
   * or for the one whose keys its stand-in lists (its values' own children are never built).
   */
  private builds(target: BuildNode): boolean {
    return this.discarding === 0 || target === this.keysOf;
  }

  /**
   * Puts a stand-in where a collection was read under a pruned key (its nodes were built, then
   * dropped: young garbage, cheap; what the analysis saves is walking and keeping them).
   */
  private standIn(value: BuildNode, how: 'standIn' | 'keys', parentIndent: number): void {
    this.discarding -= 1;
    this.keysOf = undefined;
    if (value.type !== 'object' && value.type !== 'array') return;
    const property = value.parent!;
    let keys: KeyList | undefined;
    if (how === 'keys' && value.type === 'object') {
      keys = [];
      for (const child of value.children ?? []) {
        const key = child.children![0]!;
        keys.push(key.value as string, key.offset, key.length);
      }
    }
    const stand = new LazyYamlContainer(
      value.type,
      property as Node,
      this.text,
      value.offset,
      value.length,
      parentIndent,
      rereadCollection,
      keys,
    );
    property.children![1] = stand as unknown as BuildNode;
  }

  document(): SubsetReading {
    const first = this.nextContent(0, -1);
    if (this.column < 0) return undefined;
    const root: BuildNode = { type: 'null', offset: 0, length: 0 };
    if (!this.node(root, first + this.column, -1, true))
      return this.nestedAt >= 0 ? { nestedAt: this.nestedAt } : undefined;
    // A root scalar is rare in a tool file and has rules of its own: `yaml` reads it.
    if (root.type !== 'object' && root.type !== 'array') return undefined;
    this.nextContent(this.pos, -1);
    return this.column < 0 ? { node: root as Node } : undefined;
  }

  /**
   * One level deeper at `at`; false (and `nestedAt` set) past the limit. Block and flow levels
   * count apart, as `parse.ts` limits flow nesting alone: a flow collection nested to that limit
   * inside a few block levels is still read.
   */
  private enter(at: number, flow: boolean): boolean {
    const depth = flow ? ++this.flowDepth : ++this.depth;
    if (depth <= this.maxDepth) return true;
    this.nestedAt = at;
    return false;
  }

  /**
   * A node starting at `at` (its first character) whose parent collection sits at column
   * `parentIndent`. `compact`: a mapping or sequence may start here (after `- `, or on its own
   * line), not only a scalar or flow collection (after `key: `).
   */
  private node(target: BuildNode, at: number, parentIndent: number, compact: boolean): boolean {
    const c = this.text[at]!;
    if (c === '[' || c === '{') {
      if (!this.flow(target, at, parentIndent)) return false;
      return this.finishLine(this.flowEnd);
    }
    if (c === '|' || c === '>') return this.blockScalar(target, at, parentIndent);
    if (this.isDash(at)) return compact && this.sequence(target, at, this.columnOf(at));
    if (c === '"' || c === "'") {
      const token = this.quoted(at, parentIndent);
      if (!token) return false;
      if (this.keyColonAfter(token.end) >= 0) return compact && this.mapping(target, at, this.columnOf(at));
      setLeaf(target, token.value, token.start, token.end);
      return this.finishLine(token.end);
    }
    if (!this.mayStartPlain(at)) return false;
    const end = this.plainLineEnd(at, false);
    if (this.text.charCodeAt(this.stopNext) === COLON) return compact && this.mapping(target, at, this.columnOf(at));
    return this.plainScalar(target, at, end, parentIndent);
  }

  /** A block mapping whose first key starts at `at`, in column `column`. */
  private mapping(target: BuildNode, at: number, column: number): boolean {
    if (!this.enter(at, false)) return false;
    target.type = 'object';
    target.offset = at;
    const children: BuildNode[] = [];
    target.children = children;
    const built = this.builds(target);
    const keys = new Set<string>();
    for (let p = at; ; ) {
      const key = this.blockKey(p);
      if (!key || keys.has(key.value)) return false;
      keys.add(key.value);
      if (!built) {
        if (!this.value(dropped(), key.colon + 1, column, false)) return false;
      } else {
        const value = addProperty(target, children, key);
        const pruned = this.prune(key.value, value);
        if (!this.value(value, key.colon + 1, column, false)) return false;
        if (pruned) this.standIn(value, pruned, column);
        const property = value.parent!;
        property.length = Math.max(property.length, value.offset + value.length - property.offset);
      }
      const resume = this.pos;
      const end = this.end;
      const next = this.nextContent(resume, column);
      if (this.column === column) {
        // A `- ` here would be a sequence where a key belongs.
        if (this.isDash(next + column)) return false;
        p = next + column;
        continue;
      }
      if (this.column > column) return false;
      return this.close(target, resume, Math.max(end, this.trail));
    }
  }

  /** A block sequence whose first `-` is at `at`, in column `column`. */
  private sequence(target: BuildNode, at: number, column: number): boolean {
    if (!this.enter(at, false)) return false;
    target.type = 'array';
    target.offset = at;
    const children: BuildNode[] = [];
    target.children = children;
    const built = this.builds(target);
    for (let p = at; ; ) {
      const item: BuildNode = built ? { type: 'null', value: null, offset: at, length: 0, parent: target } : dropped();
      if (built) children.push(item);
      if (!this.value(item, p + 1, column, true)) return false;
      const resume = this.pos;
      const end = this.end;
      const next = this.nextContent(resume, column);
      if (this.column === column && this.isDash(next + column)) {
        p = next + column;
        continue;
      }
      if (this.column > column) return false;
      return this.close(target, resume, Math.max(end, this.trail));
    }
  }

  /** Ends a block collection: it spans to `end`, and reading goes on at the line `resume`. */
  private close(target: BuildNode, resume: number, end: number): boolean {
    if (this.trailAtColumn) return false;
    target.length = end - target.offset;
    this.pos = resume;
    this.end = end;
    this.depth -= 1;
    return true;
  }

  /**
   * The value after an indicator (`:` or `-`) that ends at `after`, in a collection at `column`:
   * on the same line, on the lines below, or empty (null, placed where `yaml` places an empty
   * scalar: after the indicator and the spaces that follow it).
   */
  private value(target: BuildNode, after: number, column: number, inSequence: boolean): boolean {
    let q = after;
    while (this.text.charCodeAt(q) === SPACE) q++;
    const c = q < this.length ? this.text.charCodeAt(q) : NEWLINE;
    if (!isBreak(c) && c !== HASH) return this.node(target, q, column, inSequence);
    const below = this.lineAfter(q);
    const next = this.nextContent(below, column);
    // A mapping's value may be a sequence in the mapping's own column (`key:` then `- item`).
    if (this.column > column || (this.column === column && !inSequence && this.isDash(next + column)))
      return this.node(target, next + this.column, column, true);
    // An empty value followed by comment lines: `yaml` gives them to the empty node, with ranges of its own.
    if (this.passedComment) return false;
    target.offset = q;
    target.length = 0;
    this.pos = below;
    this.end = c === HASH ? this.lineContentEnd(q) : after;
    return true;
  }

  /** A plain scalar whose first line's text ends at `firstEnd`, folded over the lines that continue it. */
  private plainScalar(target: BuildNode, at: number, firstEnd: number, parentIndent: number): boolean {
    const tail = this.lineTail(firstEnd);
    if (tail < 0) return false;
    if (tail > firstEnd) {
      // A comment ends the scalar: nothing on the next lines continues it.
      setLeaf(target, resolvePlain(this.text.slice(at, firstEnd)), at, firstEnd);
      return this.finishLine(firstEnd);
    }
    // Lines are collected only once a second one continues the first (most values are one line).
    let lines: string[] | undefined;
    let end = firstEnd;
    let blanks = 0;
    for (let p = this.lineAfter(firstEnd); p < this.length; ) {
      const column = this.spacesAt(p);
      const q = p + column;
      if (q >= this.length) break;
      const c = this.text.charCodeAt(q);
      if (isBreak(c)) {
        blanks += 1;
        p = this.lineAfter(q);
        continue;
      }
      if (c === HASH || column <= parentIndent) break;
      // A continuation line that could be read as anything else (a key, an indicator, a comment) is left to `yaml`.
      if (isNotPlainStart(c) || this.isDash(q)) return false;
      const lineEnd = this.plainLineEnd(q, false);
      if (this.stopNext < this.length && !isBreak(this.text.charCodeAt(this.stopNext))) return false;
      lines ??= [this.text.slice(at, firstEnd)];
      for (; blanks > 0; blanks--) lines.push('');
      lines.push(this.text.slice(q, lineEnd));
      end = lineEnd;
      p = this.lineAfter(end);
    }
    setLeaf(target, resolvePlain(lines ? foldLines(lines) : this.text.slice(at, firstEnd)), at, end);
    return this.finishLine(end);
  }

  /** A literal (`|`) or folded (`>`) block scalar, clipped or stripped (`-`), its header at `at`. */
  private blockScalar(target: BuildNode, at: number, parentIndent: number): boolean {
    const folded = this.text[at] === '>';
    let h = at + 1;
    const strip = this.text[h] === '-';
    if (strip) h += 1;
    const c = h < this.length ? this.text.charCodeAt(h) : NEWLINE;
    if (c !== SPACE && !isBreak(c)) return false;
    if (this.lineTail(h) < 0) return false;
    const lines: string[] = [];
    let indent = -1;
    let end = -1;
    let resume = -1;
    for (let p = this.lineAfter(h); p < this.length; ) {
      const column = this.spacesAt(p);
      const q = p + column;
      if (q >= this.length) {
        if (column > 0) return false;
        break;
      }
      if (isBreak(this.text.charCodeAt(q))) {
        // Blank lines with spaces past the indentation hold those spaces: left to `yaml`.
        if (column > Math.max(indent, 0)) return false;
        lines.push('');
        p = this.lineAfter(q);
        continue;
      }
      if (indent < 0) {
        if (column <= parentIndent) break;
        indent = column;
      }
      if (column < indent) {
        if (column > parentIndent) return false;
        break;
      }
      const lineEnd = this.lineEndOf(q);
      // The last line must end with a line break (clipping one that is absent is `yaml`'s call).
      if (lineEnd >= this.length) return false;
      lines.push(this.text.slice(p + indent, lineEnd));
      end = this.trimEnd(q, lineEnd);
      resume = this.lineAfter(lineEnd);
      p = resume;
    }
    if (indent < 0) return false;
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    if (folded && lines.some((line) => line.charCodeAt(0) === SPACE)) return false;
    const body = folded ? foldLines(lines) : lines.join('\n');
    setLeaf(target, strip ? body : `${body}\n`, at, end);
    this.pos = resume;
    this.end = end;
    return true;
  }

  /**
   * A flow collection opening at `at`; it sets `flowEnd`. Every line it continues on must be
   * indented past `parentIndent`.
   */
  private flow(target: BuildNode, at: number, parentIndent: number): boolean {
    if (!this.enter(at, true)) return false;
    const sequence = this.text[at] === '[';
    const closing = sequence ? ']' : '}';
    target.type = sequence ? 'array' : 'object';
    target.offset = at;
    const children: BuildNode[] = [];
    target.children = children;
    const keys = new Set<string>();
    const built = this.builds(target);
    let p = this.flowSpace(at + 1, parentIndent);
    while (p >= 0) {
      if (this.text[p] === closing) {
        target.length = p + 1 - at;
        this.flowEnd = p + 1;
        this.flowDepth -= 1;
        return true;
      }
      if (sequence) {
        const item: BuildNode = built
          ? { type: 'null', value: null, offset: at, length: 0, parent: target }
          : dropped();
        if (built) children.push(item);
        p = this.flowItem(item, p, parentIndent);
      } else p = this.flowPair(built ? target : undefined, children, keys, p, parentIndent);
      if (p < 0) return false;
      p = this.flowSpace(p, parentIndent);
      if (p < 0) return false;
      if (this.text[p] === ',') {
        p = this.flowSpace(p + 1, parentIndent);
        // An empty entry (`[a,,b]`) is an error `yaml` reports.
        if (p >= 0 && this.text[p] === ',') return false;
      } else if (this.text[p] !== closing) return false;
    }
    return false;
  }

  /** One `key: value` of a flow mapping at `p`; the offset after it, or -1. */
  private flowPair(
    target: BuildNode | undefined,
    children: BuildNode[],
    keys: Set<string>,
    p: number,
    parentIndent: number,
  ): number {
    const key = this.flowKey(p);
    if (!key || keys.has(key.value)) return -1;
    keys.add(key.value);
    const value = target ? addProperty(target, children, key) : dropped();
    let empty = key.colon + 1;
    while (this.text.charCodeAt(empty) === SPACE) empty++;
    const q = this.flowSpace(key.colon + 1, parentIndent);
    if (q < 0) return -1;
    let after = q;
    if (this.text[q] === ',' || this.text[q] === '}') {
      value.offset = empty;
      value.length = 0;
    } else {
      const pruned = target ? this.prune(key.value, value) : false;
      after = this.flowItem(value, q, parentIndent);
      if (after < 0) return -1;
      if (pruned) this.standIn(value, pruned, parentIndent);
    }
    const property = value.parent;
    if (property) property.length = Math.max(property.length, value.offset + value.length - property.offset);
    return after;
  }

  /** A value inside a flow collection at `p`: a collection or a one-line scalar; the offset after it, or -1. */
  private flowItem(target: BuildNode, p: number, parentIndent: number): number {
    const c = this.text[p];
    if (c === '[' || c === '{') return this.flow(target, p, parentIndent) ? this.flowEnd : -1;
    if (c === '"' || c === "'") {
      const token = this.quoted(p, parentIndent);
      if (!token) return -1;
      setLeaf(target, token.value, token.start, token.end);
      return token.end;
    }
    if (!this.mayStartPlain(p)) return -1;
    const end = this.plainLineEnd(p, true);
    if (end === p) return -1;
    setLeaf(target, resolvePlain(this.text.slice(p, end)), p, end);
    return end;
  }

  /** A flow mapping's key at `p` and its `:` (a quoted key's may follow at once, JSON's way). */
  private flowKey(p: number): Key | undefined {
    const c = this.text[p];
    if (c === '"' || c === "'") {
      const token = this.quoted(p);
      if (!token) return undefined;
      let q = token.end;
      while (this.text.charCodeAt(q) === SPACE) q++;
      return this.text.charCodeAt(q) === COLON ? { ...token, colon: q } : undefined;
    }
    if (!this.mayStartPlain(p)) return undefined;
    const end = this.plainLineEnd(p, true);
    const next = this.stopNext;
    if (this.text.charCodeAt(next) !== COLON || !this.isSeparated(next + 1)) return undefined;
    return this.plainKey(p, end, next);
  }

  /** A block mapping's key at `p` (quoted or plain, on one line) and its `:`. */
  private blockKey(p: number): Key | undefined {
    const c = this.text[p];
    if (c === '"' || c === "'") {
      const token = this.quoted(p);
      if (!token) return undefined;
      const colon = this.keyColonAfter(token.end);
      return colon < 0 || colon - p > MAX_KEY ? undefined : { ...token, colon };
    }
    if (!this.mayStartPlain(p)) return undefined;
    const end = this.plainLineEnd(p, false);
    if (this.text.charCodeAt(this.stopNext) !== COLON) return undefined;
    return this.plainKey(p, end, this.stopNext);
  }

  /** A plain key's token: only a string key, never `<<` (a merge key in YAML 1.1), within the length `yaml` allows. */
  private plainKey(start: number, end: number, colon: number): Key | undefined {
    if (colon - start > MAX_KEY) return undefined;
    const value = resolvePlain(this.text.slice(start, end));
    if (typeof value !== 'string' || value === '<<') return undefined;
    return { value, start, end, colon };
  }

  /** Whiteness in flow context from `p`: spaces, line breaks and comments; the next token's offset, or -1. */
  private flowSpace(p: number, parentIndent: number): number {
    const text = this.text;
    for (let i = p; i < this.length; ) {
      const c = text.charCodeAt(i);
      // A carriage return is always one of a CRLF here: the line feed after it is the break.
      if (c === SPACE || c === 0x0d) i++;
      else if (c === HASH && (i === 0 || text.charCodeAt(i - 1) === SPACE || text.charCodeAt(i - 1) === NEWLINE))
        i = this.lineEndOf(i);
      else if (c === NEWLINE) {
        const column = this.spacesAt(i + 1);
        const q = i + 1 + column;
        // A line of a flow collection no more indented than its block parent is an error `yaml`
        // reports, but for the outermost collection's closing bracket, or a comment, in the
        // parent's own column (`tools: [` ... `]`). Flow holds no block collection, so
        // `flowDepth` 1 is the outermost here.
        if (q < this.length && !isBreak(text.charCodeAt(q)) && column <= parentIndent) {
          const first = text.charCodeAt(q);
          const closesOrComments = first === 0x5d || first === 0x7d || first === HASH;
          if (column < parentIndent || !closesOrComments || this.flowDepth !== 1) return -1;
        }
        i = q;
      } else return i;
    }
    return -1;
  }

  /**
   * After a value that ends at `valueEnd` on its line: the rest must be spaces and perhaps a
   * comment. Sets `pos` to the next line and `end` to the value's or the comment's end.
   */
  private finishLine(valueEnd: number): boolean {
    const tail = this.lineTail(valueEnd);
    if (tail < 0) return false;
    this.pos = this.lineAfter(valueEnd);
    this.end = Math.max(valueEnd, tail);
    return true;
  }

  /**
   * From the line starting at `p`: skips blank and comment lines, and returns the start of the
   * next line with content (`column` is its indentation, -1 when the text ends first). `trail`
   * becomes the end of the last comment line passed that is indented more than `indent` (a block
   * collection's range takes those in, as `yaml`'s does).
   */
  private nextContent(p: number, indent: number): number {
    this.trail = -1;
    this.passedComment = false;
    // The deepest comment column not past `indent`, to tell whether one sits between this collection and what follows.
    let low = -1;
    for (let line = p; line < this.length; ) {
      const column = this.spacesAt(line);
      const q = line + column;
      if (q >= this.length) break;
      const c = this.text.charCodeAt(q);
      if (isBreak(c)) {
        line = this.lineAfter(q);
        continue;
      }
      if (c === HASH) {
        this.passedComment = true;
        if (column > indent) this.trail = this.lineContentEnd(q);
        if (column <= indent) low = Math.max(low, column);
        line = this.lineAfter(q);
        continue;
      }
      this.column = column;
      this.trailAtColumn = indent > 0 && low > column;
      return line;
    }
    this.column = -1;
    this.trailAtColumn = indent > 0 && low > 0;
    return this.length;
  }
}

/** A key's property in a mapping under construction, and its value node (null until read), as `parse.ts` places them. */
function addProperty(target: BuildNode, children: BuildNode[], key: Key): BuildNode {
  const keyNode: BuildNode = { type: 'string', value: key.value, offset: key.start, length: key.end - key.start };
  const property: BuildNode = {
    type: 'property',
    offset: key.start,
    length: key.end - key.start,
    parent: target,
    children: [keyNode],
  };
  keyNode.parent = property;
  const value: BuildNode = { type: 'null', value: null, offset: key.end, length: 0, parent: property };
  property.children!.push(value);
  children.push(property);
  return value;
}

/** A node that receives a value read only to be checked (inside a stand-in's text), never kept. */
function dropped(): BuildNode {
  return { type: 'null', offset: 0, length: 0 };
}

function setLeaf(target: BuildNode, value: ScalarValue, start: number, end: number): void {
  target.type = value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
  target.value = value;
  target.offset = start;
  target.length = end - start;
}
