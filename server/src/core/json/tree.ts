import {
  createScanner,
  type JSONScanner,
  type Node,
  type NodeType,
  type ParseError,
  type ParseErrorCode,
  type ParseOptions,
} from 'jsonc-parser';

/**
 * jsonc-parser's `parseTree`, without recursion. Its `visit` descends one JS call per nesting
 * level, so a few thousand `[` overflow the stack (at a depth that depends on the caller's stack,
 * hence flaky) and the whole document, tools included, was lost. This is the
 * same algorithm with the call stack made an explicit array: the same tree, the same errors at
 * the same offsets (a differential test holds it to that), for any depth.
 */
export function parseJsonTree(text: string, errors: ParseError[] = [], options: ParseOptions = {}): Node | undefined {
  return new TreeBuilder(text, errors, options).parse();
}

/**
 * How the skeleton builder (`skeleton.ts`) prunes: `keep(key)` says whether the array or object
 * under a property with that key is built; when not, `stand` gives the node that stands for the
 * whole subtree while the parser scans over it (same grammar, same errors, no nodes).
 */
export interface Pruning {
  keep: Keep;
  stand(type: 'array' | 'object', parent: BuildNode, offset: number, keys?: KeyList): BuildNode;
}

/**
 * Whether the array or object under a property with this key is built: `true` builds it, `false`
 * leaves a stand-in, `'keys'` a stand-in that also lists the object's own keys (a schema's
 * `properties`, whose keys are all a reader wants; see `KeyList`).
 */
export type Keep = (key: string) => boolean | 'keys';

/**
 * An object's own keys as read while scanning over it: for each, the decoded key, its token's
 * offset and its length, flat (three slots per key: a few bytes instead of three nodes).
 */
export type KeyList = Array<string | number>;

/** `parseJsonTree` with pruning; `pruned` receives every stand-in node, in document order. */
export function parsePrunedTree(
  text: string,
  errors: ParseError[],
  options: ParseOptions,
  pruning: Pruning,
  pruned: BuildNode[],
): Node | undefined {
  return new TreeBuilder(text, errors, options, pruning, pruned).parse();
}

// jsonc-parser's const enums cannot be read under isolatedModules; these are their values.
const enum Token {
  OpenBrace = 1,
  CloseBrace = 2,
  OpenBracket = 3,
  CloseBracket = 4,
  Comma = 5,
  Colon = 6,
  Null = 7,
  True = 8,
  False = 9,
  String = 10,
  Number = 11,
  LineComment = 12,
  BlockComment = 13,
  LineBreak = 14,
  Trivia = 15,
  Unknown = 16,
  EOF = 17,
}
const enum ScanError {
  UnexpectedEndOfComment = 1,
  UnexpectedEndOfString = 2,
  UnexpectedEndOfNumber = 3,
  InvalidUnicode = 4,
  InvalidEscapeCharacter = 5,
  InvalidCharacter = 6,
}
const enum Code {
  InvalidSymbol = 1,
  InvalidNumberFormat = 2,
  PropertyNameExpected = 3,
  ValueExpected = 4,
  ColonExpected = 5,
  CommaExpected = 6,
  CloseBraceExpected = 7,
  CloseBracketExpected = 8,
  EndOfFileExpected = 9,
  InvalidCommentToken = 10,
  UnexpectedEndOfComment = 11,
  UnexpectedEndOfString = 12,
  UnexpectedEndOfNumber = 13,
  InvalidUnicode = 14,
  InvalidEscapeCharacter = 15,
  InvalidCharacter = 16,
}

/** A node while its tree is being built (mutable, with its parent); the finished tree is jsonc-parser's `Node`. */
export interface BuildNode {
  type: NodeType;
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: BuildNode;
  children?: BuildNode[];
}

/** One open array or object: what the recursive parser kept in a stack frame. */
interface Frame {
  readonly kind: 'array' | 'object';
  needsComma: boolean;
}

/** What the last step produced: a finished value (ok or not), or nothing to hand back yet. */
type Step = 'value' | 'no-value' | 'pending';

const NO_TOKENS: readonly number[] = [];
const ARRAY_RECOVERY: readonly number[] = [Token.CloseBracket, Token.Comma];
const OBJECT_RECOVERY: readonly number[] = [Token.CloseBrace, Token.Comma];

class TreeBuilder {
  private readonly scanner: JSONScanner;
  private readonly frames: Frame[] = [];
  private current: BuildNode = { type: 'array', offset: -1, length: -1, children: [] };
  /** Containers open inside the subtree being scanned over (0: building nodes). */
  private prunedDepth = 0;

  constructor(
    text: string,
    private readonly errors: ParseError[],
    private readonly options: ParseOptions,
    private readonly pruning?: Pruning,
    private readonly pruned?: BuildNode[],
  ) {
    this.scanner = createScanner(text, false);
  }

  parse(): Node | undefined {
    this.visit();
    const result = this.current.children?.[0];
    if (result) delete result.parent;
    return result as Node | undefined;
  }

  private token(): number {
    return this.scanner.getToken();
  }

  /** The loop of jsonc-parser's `visit`, with `parseArray`/`parseObject` resumed from `frames`. */
  private visit(): void {
    this.scanNext();
    if (this.token() === Token.EOF) {
      if (!this.options.allowEmptyContent) this.error(Code.ValueExpected);
      return;
    }
    let step = this.beginValue();
    for (;;) {
      const frame = this.frames[this.frames.length - 1];
      if (!frame) {
        if (step === 'no-value') this.error(Code.ValueExpected);
        else if (this.token() !== Token.EOF) this.error(Code.EndOfFileExpected);
        return;
      }
      if (step !== 'pending') {
        // A value inside this frame has ended: the code after `parseValue()` in the parent.
        if (step === 'no-value')
          this.error(Code.ValueExpected, NO_TOKENS, frame.kind === 'array' ? ARRAY_RECOVERY : OBJECT_RECOVERY);
        frame.needsComma = true;
      }
      step = frame.kind === 'array' ? this.arrayStep(frame) : this.objectStep(frame);
    }
  }

  /** `parseValue`: a literal is read at once; an array or object opens a frame. */
  private beginValue(): Step {
    switch (this.token()) {
      case Token.OpenBracket:
        this.onContainerBegin('array');
        this.scanNext();
        this.frames.push({ kind: 'array', needsComma: false });
        return 'pending';
      case Token.OpenBrace:
        this.onContainerBegin('object');
        this.scanNext();
        this.frames.push({ kind: 'object', needsComma: false });
        return 'pending';
      case Token.String:
        this.onLiteral(this.scanner.getTokenValue());
        this.scanNext();
        return 'value';
      default:
        return this.literal();
    }
  }

  private literal(): Step {
    switch (this.token()) {
      case Token.Number: {
        let value = Number(this.scanner.getTokenValue());
        if (Number.isNaN(value)) {
          this.error(Code.InvalidNumberFormat);
          value = 0;
        }
        this.onLiteral(value);
        break;
      }
      case Token.Null:
        this.onLiteral(null);
        break;
      case Token.True:
        this.onLiteral(true);
        break;
      case Token.False:
        this.onLiteral(false);
        break;
      default:
        return 'no-value';
    }
    this.scanNext();
    return 'value';
  }

  /** One turn of `parseArray`'s loop, or its end. */
  private arrayStep(frame: Frame): Step {
    const token = this.token();
    if (token !== Token.CloseBracket && token !== Token.EOF) {
      if (this.token() === Token.Comma) {
        if (!frame.needsComma) this.error(Code.ValueExpected);
        this.onSeparator(',');
        this.scanNext();
        if (this.token() === Token.CloseBracket && this.options.allowTrailingComma) return this.endArray();
      } else if (frame.needsComma) {
        this.error(Code.CommaExpected);
      }
      return this.beginValue();
    }
    return this.endArray();
  }

  private endArray(): Step {
    this.onContainerEnd();
    if (this.token() !== Token.CloseBracket) this.error(Code.CloseBracketExpected, [Token.CloseBracket], NO_TOKENS);
    else this.scanNext();
    this.frames.pop();
    return 'value';
  }

  /** One turn of `parseObject`'s loop (with `parseProperty` inlined), or its end. */
  private objectStep(frame: Frame): Step {
    const token = this.token();
    if (token === Token.CloseBrace || token === Token.EOF) return this.endObject();
    if (token === Token.Comma) {
      if (!frame.needsComma) this.error(Code.ValueExpected);
      this.onSeparator(',');
      this.scanNext();
      if (this.token() === Token.CloseBrace && this.options.allowTrailingComma) return this.endObject();
    } else if (frame.needsComma) {
      this.error(Code.CommaExpected);
    }
    if (this.token() !== Token.String) {
      this.error(Code.PropertyNameExpected, NO_TOKENS, OBJECT_RECOVERY);
      this.error(Code.ValueExpected, NO_TOKENS, OBJECT_RECOVERY);
      frame.needsComma = true;
      return 'pending';
    }
    this.onProperty(this.scanner.getTokenValue());
    this.scanNext();
    if (this.token() !== Token.Colon) {
      this.error(Code.ColonExpected, NO_TOKENS, OBJECT_RECOVERY);
      frame.needsComma = true;
      return 'pending';
    }
    this.onSeparator(':');
    this.scanNext();
    return this.beginValue();
  }

  private endObject(): Step {
    this.onContainerEnd();
    if (this.token() !== Token.CloseBrace) this.error(Code.CloseBraceExpected, [Token.CloseBrace], NO_TOKENS);
    else this.scanNext();
    this.frames.pop();
    return 'value';
  }

  /** `scanNext`: the next token that is not trivia, reporting scan errors on the way. */
  private scanNext(): number {
    for (;;) {
      const token: number = this.scanner.scan();
      switch (this.scanner.getTokenError() as number) {
        case ScanError.InvalidUnicode:
          this.error(Code.InvalidUnicode);
          break;
        case ScanError.InvalidEscapeCharacter:
          this.error(Code.InvalidEscapeCharacter);
          break;
        case ScanError.UnexpectedEndOfNumber:
          this.error(Code.UnexpectedEndOfNumber);
          break;
        case ScanError.UnexpectedEndOfComment:
          if (!this.options.disallowComments) this.error(Code.UnexpectedEndOfComment);
          break;
        case ScanError.UnexpectedEndOfString:
          this.error(Code.UnexpectedEndOfString);
          break;
        case ScanError.InvalidCharacter:
          this.error(Code.InvalidCharacter);
          break;
      }
      switch (token) {
        case Token.LineComment:
        case Token.BlockComment:
          if (this.options.disallowComments) this.error(Code.InvalidCommentToken);
          break;
        case Token.Unknown:
          this.error(Code.InvalidSymbol);
          break;
        case Token.Trivia:
        case Token.LineBreak:
          break;
        default:
          return token;
      }
    }
  }

  /** `handleError`: records the error, then skips to (or past) a token to recover at. */
  private error(
    code: number,
    skipUntilAfter: readonly number[] = NO_TOKENS,
    skipUntil: readonly number[] = NO_TOKENS,
  ): void {
    this.errors.push({
      error: code as ParseErrorCode,
      offset: this.scanner.getTokenOffset(),
      length: this.scanner.getTokenLength(),
    });
    if (skipUntilAfter.length + skipUntil.length === 0) return;
    let token = this.token();
    while (token !== Token.EOF) {
      if (skipUntilAfter.includes(token)) {
        this.scanNext();
        break;
      }
      if (skipUntil.includes(token)) break;
      token = this.scanNext();
    }
  }

  // The tree-building half: parseTree's visitor, unchanged.

  private ensurePropertyComplete(endOffset: number): void {
    if (this.current.type === 'property') {
      this.current.length = endOffset - this.current.offset;
      this.current = this.current.parent!;
    }
  }

  private add(node: BuildNode): BuildNode {
    const children = this.current.children!;
    // A property's value: a new two-slot array, since a push would reserve 17, wasting memory on large files.
    if (this.current.type === 'property' && children.length === 1) this.current.children = [children[0]!, node];
    else children.push(node);
    return node;
  }

  private onContainerBegin(type: 'array' | 'object'): void {
    if (this.prunedDepth > 0) {
      this.prunedDepth += 1;
      return;
    }
    const holder = this.current;
    if (
      this.pruning &&
      holder.type === 'property' &&
      this.pruning.keep(holder.children![0]!.value as string) !== true
    ) {
      this.current = this.add(this.pruning.stand(type, holder, this.scanner.getTokenOffset()));
      this.pruned!.push(this.current);
      this.prunedDepth = 1;
      return;
    }
    this.current = this.add({
      type,
      offset: this.scanner.getTokenOffset(),
      length: -1,
      parent: this.current,
      children: [],
    });
  }

  private onContainerEnd(): void {
    const standIn = this.prunedDepth > 0;
    if (standIn && --this.prunedDepth > 0) return;
    const end = this.scanner.getTokenOffset() + this.scanner.getTokenLength();
    // An object may end with a property still open (a missing value): close it first.
    this.ensurePropertyComplete(end);
    this.current.length = end - this.current.offset;
    // Pushes leave spare capacity (17 slots for 3 properties): keep an exact copy instead.
    if (!standIn) this.current.children = this.current.children!.slice();
    this.current = this.current.parent!;
    this.ensurePropertyComplete(end);
  }

  private onProperty(name: string): void {
    if (this.prunedDepth > 0) return;
    const offset = this.scanner.getTokenOffset();
    const length = this.scanner.getTokenLength();
    this.current = this.add({ type: 'property', offset, length: -1, parent: this.current, children: [] });
    this.current.children!.push({ type: 'string', value: name, offset, length, parent: this.current });
  }

  private onLiteral(value: string | number | boolean | null): void {
    if (this.prunedDepth > 0) return;
    const offset = this.scanner.getTokenOffset();
    const length = this.scanner.getTokenLength();
    this.add({
      type: value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean'),
      offset,
      length,
      parent: this.current,
      value,
    });
    this.ensurePropertyComplete(offset + length);
  }

  private onSeparator(separator: ':' | ','): void {
    if (this.prunedDepth > 0 || this.current.type !== 'property') return;
    if (separator === ':') this.current.colonOffset = this.scanner.getTokenOffset();
    else this.ensurePropertyComplete(this.scanner.getTokenOffset());
  }
}
