/**
 * Glob matching for `.toolwire.json` (`ignore`, `overrides[].files`, `servers`) without
 * backtracking. A backtracking matcher (picomatch compiles to a RegExp) took over a minute on
 * `**\/*a*a*a*a*a*a*a*a*a*a*a*a*b` against a 44-character name, and a cloned repository chooses
 * the config, so it must not be able to hang the product. Here a pattern compiles to an NFA that is run as a set of states,
 * one step per character of the path: the cost is at most states × (path length + 1), whatever the
 * pattern. No recursion either, so no pattern overflows the stack.
 *
 * The syntax, as picomatch reads it with `dot: true` (the differential test holds the two
 * together): `*` (any run within a segment), `?` (one character but `/`), `**` as a whole
 * segment (any number of segments, dotfiles included), `[abc]`, `[a-z]`, `[!a]`/`[^a]`,
 * `{a,b}` (nested, may hold `/`), `\` escapes, a leading `!` negates, a leading `./` is dropped.
 * Not supported: extglobs (`+(a|b)`), POSIX classes (`[[:alpha:]]`) and ranges (`{1..3}`):
 * they match literally.
 */

/** Longest glob a config may hold; longer ones are a config problem (and are not used). */
export const MAX_GLOB_LENGTH = 1000;
/** Most globs one config may hold, so that matching one file stays cheap. */
export const MAX_GLOBS = 500;

const enum Kind {
  Char,
  NotSlash,
  Any,
  Class,
  Split,
  Epsilon,
  Match,
}

interface State {
  readonly kind: Kind;
  /** Char: the UTF-16 unit; Class: its index. */
  readonly arg: number;
  out1: number;
  out2: number;
}

interface CharClass {
  readonly negated: boolean;
  /** Inclusive ranges of UTF-16 units, [from, to, from, to, ...]. */
  readonly ranges: readonly number[];
}

/** An unfinished piece of the NFA: where it starts and the exits still to connect. */
interface Fragment {
  readonly start: number;
  readonly exits: readonly Exit[];
}

interface Exit {
  readonly state: number;
  readonly which: 'out1' | 'out2';
}

type Token =
  | { readonly t: 'char'; readonly c: number }
  | { readonly t: 'qmark' | 'star' | 'globstar' | 'globstar-dir' | 'slash-globstar' | 'open' | 'comma' | 'close' }
  | { readonly t: 'class'; readonly cls: CharClass };

const SLASH = 0x2f;
const UNSET = -1;

interface GlobRun {
  readonly matched: boolean;
  /** States visited: the work done, at most states × (path length + 1). */
  readonly steps: number;
}

/** One compiled glob. Compiling and matching never throw, on any pattern and any path. */
export class Glob {
  private readonly states: State[] = [];
  private readonly classes: CharClass[] = [];
  private readonly negated: boolean;
  private readonly start: number;

  constructor(pattern: string) {
    let body = pattern;
    let bangs = 0;
    while (body.startsWith('!') && !body.startsWith('!(')) {
      body = body.slice(1);
      bangs += 1;
    }
    if (body.startsWith('./')) body = body.slice(2);
    // `**/**` is `**`. (A linear regex: one alternation, no nested repetition.)
    for (let previous = ''; previous !== body; ) {
      previous = body;
      body = body.replace(/(^|\/)\*\*\/\*\*(?=\/|$)/g, '$1**');
    }
    this.negated = bangs % 2 === 1;
    this.start = pattern.length === 0 ? this.add(Kind.Match, 0) : this.build(resolveBraces(tokenize(body)));
  }

  /** States in the NFA: the cost of one step. */
  get size(): number {
    return this.states.length;
  }

  matches(path: string): boolean {
    return this.run(path).matched;
  }

  run(path: string): GlobRun {
    if (path.length === 0) return { matched: false, steps: 0 };
    const seen = new Int32Array(this.states.length).fill(-1);
    let current: number[] = [];
    let steps = this.close(this.start, 0, seen, current);
    for (let i = 0; i < path.length && current.length > 0; i++) {
      const c = path.charCodeAt(i);
      const next: number[] = [];
      for (const s of current) {
        const state = this.states[s]!;
        steps += 1;
        if (this.accepts(state, c)) steps += this.close(state.out1, i + 1, seen, next);
      }
      current = next;
    }
    const reached = current.some((s) => this.states[s]!.kind === Kind.Match);
    return { matched: reached !== this.negated, steps };
  }

  private accepts(state: State, c: number): boolean {
    switch (state.kind) {
      case Kind.Char:
        return state.arg === c;
      case Kind.NotSlash:
        return c !== SLASH;
      case Kind.Any:
        return true;
      case Kind.Class:
        return c !== SLASH && inClass(this.classes[state.arg]!, c);
      default:
        return false;
    }
  }

  /** Adds `from` and every state reachable from it without reading a character (a stack, not recursion). */
  private close(from: number, generation: number, seen: Int32Array, into: number[]): number {
    let steps = 0;
    const stack = [from];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (s === UNSET || seen[s] === generation) continue;
      seen[s] = generation;
      steps += 1;
      const state = this.states[s]!;
      if (state.kind === Kind.Split) stack.push(state.out2, state.out1);
      else if (state.kind === Kind.Epsilon) stack.push(state.out1);
      else into.push(s);
    }
    return steps;
  }

  private add(kind: Kind, arg: number, out1 = UNSET, out2 = UNSET): number {
    this.states.push({ kind, arg, out1, out2 });
    return this.states.length - 1;
  }

  private connect(exits: readonly Exit[], to: number): void {
    for (const exit of exits) this.states[exit.state]![exit.which] = to;
  }

  private single(kind: Kind, arg = 0): Fragment {
    const s = this.add(kind, arg);
    return { start: s, exits: [{ state: s, which: 'out1' }] };
  }

  /** `x*`: a split that either reads one more `x` and comes back, or leaves. */
  private repeat(kind: Kind.NotSlash | Kind.Any): Fragment {
    const split = this.add(Kind.Split, 0);
    const read = this.add(kind, 0, split);
    this.states[split]!.out1 = read;
    return { start: split, exits: [{ state: split, which: 'out2' }] };
  }

  private fragment(token: Token): Fragment {
    switch (token.t) {
      case 'char':
        return this.single(Kind.Char, token.c);
      case 'qmark':
        return this.single(Kind.NotSlash);
      case 'class': {
        this.classes.push(token.cls);
        return this.single(Kind.Class, this.classes.length - 1);
      }
      case 'star':
        return this.repeat(Kind.NotSlash);
      case 'globstar':
        return this.repeat(Kind.Any);
      case 'globstar-dir': {
        // `**/`: nothing, or anything that ends with `/` (any number of whole segments).
        const any = this.repeat(Kind.Any);
        const slash = this.add(Kind.Char, SLASH);
        this.connect(any.exits, slash);
        const skip = this.add(Kind.Split, 0, any.start);
        return {
          start: skip,
          exits: [
            { state: skip, which: 'out2' },
            { state: slash, which: 'out1' },
          ],
        };
      }
      case 'slash-globstar': {
        // `/**` at the end: nothing (the folder itself), or `/` and anything.
        const slash = this.add(Kind.Char, SLASH);
        const any = this.repeat(Kind.Any);
        this.states[slash]!.out1 = any.start;
        const skip = this.add(Kind.Split, 0, slash);
        return { start: skip, exits: [{ state: skip, which: 'out2' }, ...any.exits] };
      }
      default:
        return this.single(Kind.Epsilon);
    }
  }

  /** Thompson's construction over the tokens, with braces kept on an explicit stack. */
  private build(tokens: readonly Token[]): number {
    interface Group {
      alternatives: Fragment[];
      current: Fragment | undefined;
    }
    const groups: Group[] = [{ alternatives: [], current: undefined }];
    const append = (group: Group, piece: Fragment): void => {
      if (!group.current) group.current = piece;
      else {
        this.connect(group.current.exits, piece.start);
        group.current = { start: group.current.start, exits: piece.exits };
      }
    };
    for (const token of tokens) {
      const group = groups[groups.length - 1]!;
      if (token.t === 'open') groups.push({ alternatives: [], current: undefined });
      else if (token.t === 'comma') {
        group.alternatives.push(group.current ?? this.single(Kind.Epsilon));
        group.current = undefined;
      } else if (token.t === 'close') {
        groups.pop();
        group.alternatives.push(group.current ?? this.single(Kind.Epsilon));
        append(groups[groups.length - 1]!, this.alternation(group.alternatives));
      } else append(group, this.fragment(token));
    }
    const whole = groups[0]!.current ?? this.single(Kind.Epsilon);
    this.connect(whole.exits, this.add(Kind.Match, 0));
    return whole.start;
  }

  /** Splits into each alternative; all of them end in one join state, so exits never pile up. */
  private alternation(alternatives: readonly Fragment[]): Fragment {
    const join = this.add(Kind.Epsilon, 0);
    let start = alternatives[alternatives.length - 1]!.start;
    for (const alternative of alternatives) this.connect(alternative.exits, join);
    for (let i = alternatives.length - 2; i >= 0; i--) start = this.add(Kind.Split, 0, alternatives[i]!.start, start);
    return { start, exits: [{ state: join, which: 'out1' }] };
  }
}

/** Whether any of the globs matches the path (relative, `/`-separated). */
export function matchesAny(globs: readonly string[], path: string): boolean {
  for (const glob of globs) if (new Glob(glob).matches(path)) return true;
  return false;
}

/** A matcher for many paths against the same globs, compiled once. */
export function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const compiled = globs.map((g) => new Glob(g));
  return (path) => compiled.some((g) => g.matches(path));
}

function inClass(cls: CharClass, c: number): boolean {
  let inside = false;
  for (let i = 0; i + 1 < cls.ranges.length; i += 2) {
    if (c >= cls.ranges[i]! && c <= cls.ranges[i + 1]!) {
      inside = true;
      break;
    }
  }
  return inside !== cls.negated;
}

/** Splits a pattern into tokens; braces stay tentative until `resolveBraces` pairs them. */
function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  // Once a `[` finds no `]`, no later one will: stop looking, or `[[[[...` is quadratic.
  let classesClose = true;
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      tokens.push({ t: 'char', c: pattern.charCodeAt(i + 1) });
      i += 2;
    } else if (ch === '*') {
      let end = i;
      while (pattern[end] === '*') end += 1;
      const segmentStart = i === 0 || '/{,'.includes(pattern[i - 1]!);
      const segmentEnd = end === pattern.length || '/},'.includes(pattern[end]!);
      // picomatch reads the whole pattern `**.json` as `**/*.json`; `x/**.json`, `**.js*` and
      // `**b` stay within one segment.
      const leadingDotted = i === 0 && end === 2 && /^\*\*\.[^*?[\]{}()/\\!,.]+$/.test(pattern);
      if (leadingDotted) tokens.push({ t: 'globstar' });
      else if (end - i === 2 && segmentStart && segmentEnd) {
        const previous = tokens[tokens.length - 1];
        if (pattern[end] === '/') {
          tokens.push({ t: 'globstar-dir' });
          end += 1;
        } else if (previous?.t === 'char' && previous.c === SLASH && tokens[tokens.length - 2]?.t !== 'star') {
          // `a/**` also matches the folder `a` itself; picomatch does not extend that to `*/**`.
          tokens[tokens.length - 1] = { t: 'slash-globstar' };
        } else tokens.push({ t: 'globstar' });
      } else tokens.push({ t: 'star' });
      i = end;
    } else if (ch === '?') {
      tokens.push({ t: 'qmark' });
      i += 1;
    } else if (ch === '[') {
      const parsed: ReturnType<typeof charClass> = classesClose ? charClass(pattern, i) : undefined;
      classesClose = parsed !== undefined;
      if (parsed) {
        tokens.push({ t: 'class', cls: parsed.cls });
        i = parsed.end;
      } else {
        tokens.push({ t: 'char', c: ch.charCodeAt(0) });
        i += 1;
      }
    } else if (ch === '{' || ch === ',' || ch === '}') {
      tokens.push({ t: ch === '{' ? 'open' : ch === ',' ? 'comma' : 'close' });
      i += 1;
    } else {
      tokens.push({ t: 'char', c: pattern.charCodeAt(i) });
      i += 1;
    }
  }
  return tokens;
}

/** `[...]` starting at `open`, or undefined when it does not close (then `[` is literal). */
function charClass(pattern: string, open: number): { cls: CharClass; end: number } | undefined {
  let i = open + 1;
  const negated = pattern[i] === '!' || pattern[i] === '^';
  if (negated) i += 1;
  const ranges: number[] = [];
  let first = true;
  while (i < pattern.length && (pattern[i] !== ']' || first)) {
    first = false;
    let from = pattern.charCodeAt(i);
    if (pattern[i] === '\\' && i + 1 < pattern.length) {
      i += 1;
      from = pattern.charCodeAt(i);
    }
    i += 1;
    if (pattern[i] === '-' && i + 1 < pattern.length && pattern[i + 1] !== ']') {
      let to = pattern.charCodeAt(i + 1);
      i += 2;
      if (to === 0x5c && i < pattern.length) {
        to = pattern.charCodeAt(i);
        i += 1;
      }
      ranges.push(Math.min(from, to), Math.max(from, to));
    } else ranges.push(from, from);
  }
  if (i >= pattern.length) return undefined;
  return { cls: { negated, ranges }, end: i + 1 };
}

/**
 * Pairs braces. A `{` that never closes, a `}` that opens nothing, and a group without a comma
 * at its own level (`{a}`) are plain characters, as in picomatch; so is a comma outside a group.
 */
function resolveBraces(tokens: readonly Token[]): Token[] {
  const out: Token[] = [...tokens];
  const open: Array<{ index: number; commas: number[] }> = [];
  const literal = (i: number, ch: string): void => {
    out[i] = { t: 'char', c: ch.charCodeAt(0) };
  };
  tokens.forEach((token, i) => {
    if (token.t === 'open') open.push({ index: i, commas: [] });
    else if (token.t === 'comma') {
      const group = open[open.length - 1];
      if (group) group.commas.push(i);
      else literal(i, ',');
    } else if (token.t === 'close') {
      const group = open.pop();
      if (!group) literal(i, '}');
      else if (group.commas.length === 0) {
        literal(group.index, '{');
        literal(i, '}');
      }
    }
  });
  for (const group of open) {
    literal(group.index, '{');
    for (const comma of group.commas) literal(comma, ',');
  }
  return out;
}
