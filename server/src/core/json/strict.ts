import type { Node } from 'jsonc-parser';
import { KeyedProperty } from './keyedProperty';
import type { BuildNode, Keep, KeyList } from './tree';

/**
 * The skeleton of a document that is strict JSON, read without jsonc-parser's scanner, which is faster.
 *
 * Most large tool files are machine-written JSON: no comments, no trailing commas, no errors. For
 * them the general parser does work the analysis never uses: its scanner builds a string for
 * every run of whitespace (an indented 8 MB file is mostly indentation) and for every string in
 * a schema nobody reads. This reader walks the characters once, builds exactly the nodes
 * `parsePrunedTree` builds (same fields, same offsets, the same stand-ins under keys `keep`
 * rejects), and validates the parts it scans over by the same grammar.
 *
 * It only answers when the text is strict JSON, comments aside (JSONC's line and block comments are
 * trivia to jsonc-parser too, when `comments` allows them: one comment made a 10k-tool file four
 * times slower to read). At the first thing that is not (a trailing comma, an unclosed comment, an
 * escape or number jsonc-parser would flag, a control character in a string, whitespace JSON does
 * not know, a second value) it returns undefined and the caller parses with the general parser,
 * which reports the problem. So it never has to reproduce an error or a recovery;
 * `test/core/skeleton.test.ts` and `test/core/strictJson.test.ts` hold its trees to the full
 * parser's.
 */
export function parseStrictSkeleton(text: string, keep: Keep, stand: StandIn, comments = true): Node | undefined {
  return new StrictReader(text, keep, stand, comments).read();
}

/** Makes the node that stands for a subtree under a key `keep` rejects (a `LazyContainer`). */
export type StandIn = (type: 'array' | 'object', parent: BuildNode, offset: number, keys?: KeyList) => BuildNode;

const enum Char {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  Quote = 34,
  Asterisk = 42,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  UpperA = 65,
  UpperE = 69,
  UpperF = 70,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  LowerA = 97,
  LowerB = 98,
  LowerE = 101,
  LowerF = 102,
  LowerN = 110,
  LowerR = 114,
  LowerT = 116,
  LowerU = 117,
  OpenBrace = 123,
  CloseBrace = 125,
}

/** What the reader expects next. */
const enum Expect {
  Value,
  Key,
  AfterValue,
}

/** The kind of each open container (the grammar needs it inside stand-ins too, where no node exists). */
const enum Kind {
  Array,
  Object,
}

class StrictReader {
  private pos = 0;
  private readonly kinds: Kind[] = [];
  /** The container or property the next value goes into (while building). */
  private current: BuildNode = { type: 'array', offset: -1, length: -1 };
  /** Containers open inside a stand-in's subtree (0: building nodes). */
  private prunedDepth = 0;
  /** The key list of the stand-in being scanned over, when it keeps one (see `Keep`). */
  private listing: KeyList | undefined;
  /** The decoded value of the last string read. */
  private stringValue = '';
  /**
   * Whether the text holds a control character other than a tab or line break anywhere: then
   * every string is scanned character by character (see `scanString`).
   */
  private readonly otherControls: boolean;
  /** The next position of each `SPECIAL` character at or after where it was last looked for. */
  private readonly nextSpecial: number[] = SPECIAL.map(() => -1);
  /** The children read so far of every open container, innermost last (see `add`). */
  private readonly pending: BuildNode[] = [];
  /** Where each open container's children start in `pending`. */
  private readonly pendingStarts: number[] = [];
  /** Recently read short strings by length and first characters, so repeated keys and enum values share one string. */
  private readonly recent: Array<string | undefined> = new Array<string | undefined>(RECENT_SIZE);

  constructor(
    private readonly text: string,
    private readonly keep: Keep,
    private readonly stand: StandIn,
    private readonly comments: boolean,
  ) {
    this.otherControls = OTHER_CONTROLS.test(text);
  }

  read(): Node | undefined {
    const text = this.text;
    let expect = Expect.Value;
    for (;;) {
      this.skipSpace();
      const pos = this.pos;
      const c = text.charCodeAt(pos);
      if (expect === Expect.Value) {
        if (c === Char.OpenBrace || c === Char.OpenBracket) {
          const kind = c === Char.OpenBrace ? Kind.Object : Kind.Array;
          this.open(kind);
          this.pos = pos + 1;
          this.skipSpace();
          if (text.charCodeAt(this.pos) === (kind === Kind.Object ? Char.CloseBrace : Char.CloseBracket)) {
            this.close();
            expect = Expect.AfterValue;
          } else {
            expect = kind === Kind.Object ? Expect.Key : Expect.Value;
          }
          continue;
        }
        if (!this.literal(c)) return undefined;
        expect = Expect.AfterValue;
      } else if (expect === Expect.Key) {
        if (c !== Char.Quote || !this.scanString()) return undefined;
        this.property(pos);
        this.skipSpace();
        if (text.charCodeAt(this.pos) !== Char.Colon) return undefined;
        if (this.prunedDepth === 0) this.current.colonOffset = this.pos;
        this.pos += 1;
        expect = Expect.Value;
      } else {
        const kind = this.kinds[this.kinds.length - 1];
        if (kind === undefined) return pos === text.length ? this.root() : undefined;
        if (c === Char.Comma) {
          this.pos = pos + 1;
          expect = kind === Kind.Object ? Expect.Key : Expect.Value;
        } else if (c === (kind === Kind.Object ? Char.CloseBrace : Char.CloseBracket)) {
          this.close();
        } else {
          return undefined;
        }
      }
    }
  }

  private root(): Node | undefined {
    // The top-level value waits in `pending` like any container's child.
    const result = this.pending[0];
    if (result) delete result.parent;
    return result as Node | undefined;
  }

  /**
   * Whitespace and, where allowed, comments, as jsonc-parser's scanner reads them: a line comment
   * runs to the next \n or \r, a block comment to its first closing star-slash. An unclosed block
   * comment (an error there) or a lone `/` stops here, at the `/`, which no token of the grammar
   * starts with, so the reader gives up.
   */
  private skipSpace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Char.Space || c === Char.LineFeed || c === Char.CarriageReturn || c === Char.Tab) {
        pos += 1;
        continue;
      }
      if (c !== Char.Slash || !this.comments) break;
      const next = text.charCodeAt(pos + 1);
      if (next === Char.Slash) {
        pos += 2;
        for (
          let d = text.charCodeAt(pos);
          pos < text.length && d !== Char.LineFeed && d !== Char.CarriageReturn;
          d = text.charCodeAt(pos)
        )
          pos += 1;
      } else if (next === Char.Asterisk) {
        const end = text.indexOf('*/', pos + 2);
        if (end < 0) break;
        pos = end + 2;
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  /** A string, number, `true`, `false` or `null` at the position; false when there is none. */
  private literal(c: number): boolean {
    const start = this.pos;
    if (c === Char.Quote) {
      if (!this.scanString()) return false;
      this.leaf('string', this.stringValue, start);
    } else if (c === Char.Minus || (c >= Char.Zero && c <= Char.Nine)) {
      if (!this.scanNumber()) return false;
      this.leaf('number', Number(this.text.slice(start, this.pos)), start);
    } else if (this.word('true')) {
      this.leaf('boolean', true, start);
    } else if (this.word('false')) {
      this.leaf('boolean', false, start);
    } else if (this.word('null')) {
      this.leaf('null', null, start);
    } else {
      return false;
    }
    return true;
  }

  /**
   * A keyword. What follows it is left to the grammar: jsonc-parser reads `truex` as one unknown
   * word, and here the `x` is not a comma or bracket, so the reader gives up all the same.
   */
  private word(keyword: string): boolean {
    if (!this.text.startsWith(keyword, this.pos)) return false;
    this.pos += keyword.length;
    return true;
  }

  /** jsonc-parser's number token, without its error cases: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. */
  private scanNumber(): boolean {
    const text = this.text;
    let pos = this.pos;
    if (text.charCodeAt(pos) === Char.Minus) pos += 1;
    const first = text.charCodeAt(pos);
    if (first === Char.Zero) pos += 1;
    else if (isDigit(first)) while (isDigit(text.charCodeAt(pos))) pos += 1;
    else return false;
    if (text.charCodeAt(pos) === Char.Dot) {
      pos += 1;
      if (!isDigit(text.charCodeAt(pos))) return false;
      while (isDigit(text.charCodeAt(pos))) pos += 1;
    }
    const e = text.charCodeAt(pos);
    if (e === Char.LowerE || e === Char.UpperE) {
      pos += 1;
      const sign = text.charCodeAt(pos);
      if (sign === Char.Plus || sign === Char.Minus) pos += 1;
      if (!isDigit(text.charCodeAt(pos))) return false;
      while (isDigit(text.charCodeAt(pos))) pos += 1;
    }
    this.pos = pos;
    return true;
  }

  /**
   * A string token from its opening quote; its decoded value goes to `stringValue`, decoded as
   * jsonc-parser's scanner does. False on anything the scanner reports: a control character (a
   * line break ends the string there), an unknown escape, a `\u` without four hex digits, the end
   * of the text.
   */
  private scanString(): boolean {
    const text = this.text;
    const open = this.pos + 1;
    // Most strings hold no escape and no control character: find the closing quote natively.
    const close = this.otherControls ? -1 : text.indexOf('"', open);
    if (close !== -1 && this.nothingBefore(close, open)) {
      // Inside a stand-in no node is made: the value is needed only for a listed key.
      if (this.prunedDepth === 0 || (this.prunedDepth === 1 && this.listing !== undefined))
        this.stringValue = this.shared(open, close);
      this.pos = close + 1;
      return true;
    }
    let pos = open;
    let start = pos;
    let value = '';
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Char.Quote) break;
      // NaN (the end of the text) fails this test too.
      if (!(c >= Char.Space)) return false;
      if (c !== Char.Backslash) {
        pos += 1;
        continue;
      }
      value += text.slice(start, pos);
      const escaped = text.charCodeAt(pos + 1);
      pos += 2;
      switch (escaped) {
        case Char.Quote:
          value += '"';
          break;
        case Char.Backslash:
          value += '\\';
          break;
        case Char.Slash:
          value += '/';
          break;
        case Char.LowerB:
          value += '\b';
          break;
        case Char.LowerF:
          value += '\f';
          break;
        case Char.LowerN:
          value += '\n';
          break;
        case Char.LowerR:
          value += '\r';
          break;
        case Char.LowerT:
          value += '\t';
          break;
        case Char.LowerU: {
          let code = 0;
          for (let i = 0; i < 4; i++) {
            const digit = hexValue(text.charCodeAt(pos + i));
            if (digit < 0) return false;
            code = code * 16 + digit;
          }
          value += String.fromCharCode(code);
          pos += 4;
          break;
        }
        default:
          return false;
      }
      start = pos;
    }
    this.stringValue = start === this.pos + 1 ? this.shared(start, pos) : value + text.slice(start, pos);
    this.pos = pos + 1;
    return true;
  }

  /**
   * Whether no backslash, tab or line break lies in `[from, close)`. Each is found by `indexOf`
   * and remembered until the reader passes it, so the text is searched once per kind, however
   * many strings there are (a minified file is one line).
   */
  private nothingBefore(close: number, from: number): boolean {
    const next = this.nextSpecial;
    for (let kind = 0; kind < SPECIAL.length; kind++) {
      if (next[kind]! < from) {
        const found = this.text.indexOf(SPECIAL[kind]!, from);
        next[kind] = found === -1 ? Number.POSITIVE_INFINITY : found;
      }
      if (next[kind]! < close) return false;
    }
    return true;
  }

  /**
   * `text.slice(start, end)`, from the cache when the same short string was read recently: a
   * tool file repeats a few keys (`name`, `type`, `description`) and enum values thousands of
   * times, and a new string for each was a good part of the garbage.
   */
  private shared(start: number, end: number): string {
    const length = end - start;
    if (length > RECENT_MAX_LENGTH || length === 0) return this.text.slice(start, end);
    const text = this.text;
    const slot = (length * 31 + text.charCodeAt(start) * 7 + text.charCodeAt(end - 1)) & (RECENT_SIZE - 1);
    const cached = this.recent[slot];
    if (cached !== undefined && cached.length === length && text.startsWith(cached, start)) return cached;
    const fresh = text.slice(start, end);
    this.recent[slot] = fresh;
    return fresh;
  }

  // The tree-building half: what `parsePrunedTree`'s visitor does for the same tokens.

  /**
   * Puts a value into the current container or property. A container's children wait in
   * `pending` until it closes and then get an array of their exact size (growing one by pushes
   * would leave spare slots and garbage); a property holds its value in a field.
   */
  private add(node: BuildNode): void {
    const holder = this.current;
    if (holder.type === 'property') (holder as KeyedProperty).valueNode = node;
    else this.pending.push(node);
  }

  private open(kind: Kind): void {
    this.kinds.push(kind);
    if (this.prunedDepth > 0) {
      this.prunedDepth += 1;
      return;
    }
    const type = kind === Kind.Object ? 'object' : 'array';
    const holder = this.current;
    const how = holder.type === 'property' ? this.keep((holder as KeyedProperty).key) : true;
    if (how !== true) {
      this.listing = how === 'keys' && kind === Kind.Object ? [] : undefined;
      const standIn = this.stand(type, holder, this.pos, this.listing);
      this.add(standIn);
      this.current = standIn;
      this.prunedDepth = 1;
      return;
    }
    const node: BuildNode = { type, offset: this.pos, length: -1, parent: holder, children: undefined };
    this.add(node);
    this.current = node;
    this.pendingStarts.push(this.pending.length);
  }

  /** The closing bracket at the position: ends the innermost container. */
  private close(): void {
    this.kinds.pop();
    this.pos += 1;
    const standIn = this.prunedDepth > 0;
    if (standIn && --this.prunedDepth > 0) return;
    const node = this.current;
    node.length = this.pos - node.offset;
    if (!standIn) {
      const start = this.pendingStarts.pop()!;
      node.children = this.pending.slice(start);
      this.pending.length = start;
    }
    this.current = node.parent!;
    this.endValue(this.pos);
  }

  private property(start: number): void {
    if (this.prunedDepth > 0) {
      if (this.prunedDepth === 1 && this.listing) this.listing.push(this.stringValue, start, this.pos - start);
      return;
    }
    // The key stays in the property's fields until someone reads its children (keyedProperty.ts).
    const node = new KeyedProperty(start, this.stringValue, this.pos - start, this.current);
    this.add(node);
    this.current = node;
  }

  private leaf(
    type: 'string' | 'number' | 'boolean' | 'null',
    value: string | number | boolean | null,
    start: number,
  ): void {
    if (this.prunedDepth > 0) return;
    this.add({ type, offset: start, length: this.pos - start, parent: this.current, value });
    this.endValue(this.pos);
  }

  /** A value has ended: the property holding it is complete. */
  private endValue(end: number): void {
    const holder = this.current;
    if (holder.type !== 'property') return;
    holder.length = end - holder.offset;
    this.current = holder.parent!;
  }
}

/** What ends the native search for a string's closing quote: an escape, or a control character JSON allows only outside strings. */
const SPECIAL: readonly string[] = ['\\', '\n', '\r', '\t'];
/** Control characters other than those in `SPECIAL`. */
const OTHER_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Slots of the short-string cache (a power of two). */
const RECENT_SIZE = 256;
/** Strings up to this length are looked up in the cache before a new one is made. */
const RECENT_MAX_LENGTH = 24;

function isDigit(c: number): boolean {
  return c >= Char.Zero && c <= Char.Nine;
}

function hexValue(c: number): number {
  if (c >= Char.Zero && c <= Char.Nine) return c - Char.Zero;
  if (c >= Char.UpperA && c <= Char.UpperF) return c - Char.UpperA + 10;
  if (c >= Char.LowerA && c <= Char.LowerF) return c - Char.LowerA + 10;
  return -1;
}
