import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { checkName } from '../profiles/verdict';
import type { AnalyzedTool } from '../model';
import { ADS_INVOCATION_NAME, modelSafeCharacters } from '../wire/derivations';

/**
 * Hands out replacement names for one request that are valid for every target and unique
 * (case-insensitively, since lower-casing clients merge case variants). Each name handed out is
 * taken at once, so fixes computed together (and applied together by fix-all) never collide
 * with each other. A tool's own names do not block it: `mcp/x` may become `mcp_x`, its own form,
 * unless another tool also has that form.
 */
export class NamePool {
  /**
   * How many tools hold each lower-cased name (reserved names count as tools): counted on the
   * first question, since most requests propose no name at all and counting costs a map entry per
   * tool.
   */
  private counted: Map<string, number> | undefined;
  /** The names handed out so far, kept apart from the tools' counts. */
  private readonly claimed = new Map<string, number>();
  private own: ReadonlySet<string> = new Set();
  /**
   * Where the numbered search for a base name resumes: numbers below it were handed out (or
   * refused), so a group of thousands of colliding tools is numbered in linear time.
   */
  private readonly nextNumber = new Map<string, number>();

  /** `namesPerTool` is read on the first question, so it must not change before then. */
  constructor(
    private readonly namesPerTool: Iterable<readonly string[]>,
    private readonly targets: readonly ProviderId[],
  ) {}

  private get holders(): Map<string, number> {
    return (this.counted ??= countNames(this.namesPerTool));
  }

  isFree(name: string): boolean {
    const key = name.toLowerCase();
    return (this.holders.get(key) ?? 0) + (this.claimed.get(key) ?? 0) - (this.own.has(key) ? 1 : 0) <= 0;
  }

  take(name: string): void {
    const key = name.toLowerCase();
    this.claimed.set(key, (this.claimed.get(key) ?? 0) + 1);
  }

  /** Runs `pick` with the names of the tool it picks for not counting against it. */
  forTool<T>(ownNames: readonly string[], pick: () => T): T {
    this.own = new Set(ownNames.map((n) => n.toLowerCase()));
    try {
      return pick();
    } finally {
      this.own = new Set();
    }
  }

  /**
   * A tool name every target accepts, derived from `name`, not yet taken, and meeting the extra
   * constraints (a shorter limit, a check that it survives every enabled MCP client); undefined
   * when no such name is found (a fix must then not be offered).
   */
  toolName(name: string, constraints: NameConstraints = {}): string | undefined {
    // Every candidate would be refused by `accept`: no search.
    if (constraints.acceptsNone === true) return undefined;
    const limit = Math.max(1, Math.min(this.maxLength(), constraints.maxLength ?? Number.POSITIVE_INFINITY));
    // Mapped but not yet cut: `conform` cuts at a word boundary, never inside a word.
    const base = this.conform(modelSafeCharacters(name), limit);
    const hyphenated =
      name.includes('.') && this.allowsHyphen()
        ? this.conform(modelSafeCharacters(name.replace(/\./g, '-')), limit)
        : undefined;
    const accept = constraints.accept ?? (() => true);
    return this.first(
      [base, hyphenated],
      (candidate) => this.acceptedByAll(candidate) && accept(candidate),
      base,
      limit,
    );
  }

  /** An ADS invocationName for a capability, from the most readable candidate to the least. */
  invocationName(candidates: readonly string[]): string | undefined {
    const fallback = this.conformInvocation(candidates[candidates.length - 1] ?? 'capability');
    const conformed = candidates.map((c) => this.conformInvocation(c));
    return this.first(conformed, (c) => ADS_INVOCATION_NAME.test(c) && this.acceptedByAll(c), fallback, 64);
  }

  private first(
    candidates: ReadonlyArray<string | undefined>,
    valid: (c: string) => boolean,
    base: string,
    limit: number,
  ): string | undefined {
    for (const candidate of candidates) {
      if (candidate !== undefined && this.isFree(candidate) && valid(candidate)) return this.claim(candidate);
    }
    // The numbered search resumes where earlier tools' searches ended (why proposals are handed
    // out in one order, `buildFixes.ts`).
    const separator = this.allowsHyphen() && base.includes('-') && !base.includes('_') ? '-' : '_';
    // Numbered candidates at the full length first. A client that prefixes the server and cuts
    // at 64 (VS Code) sees only the start of a long name, so every numbered form of it can look
    // alike there: shorter cuts follow, with fewer numbers each, so the search stays bounded.
    for (let cut = limit, tries = 1000; cut >= Math.min(limit, MIN_CUT); cut -= CUT_STEP, tries = 50) {
      const found = this.numbered(base, cut, separator, tries, valid);
      if (found !== undefined) return this.claim(found);
    }
    return undefined;
  }

  /** The first free, valid `base_n` cut to `limit`; resumes where the last search for it ended. */
  private numbered(
    base: string,
    limit: number,
    separator: string,
    tries: number,
    valid: (c: string) => boolean,
  ): string | undefined {
    const key = `${base}\u0000${limit}`;
    const start = this.nextNumber.get(key) ?? 2;
    for (let n = start; n < start + tries; n++) {
      const suffix = `${separator}${n}`;
      const candidate = cutAtBoundary(base, Math.max(1, limit - suffix.length)) + suffix;
      if (this.isFree(candidate) && valid(candidate)) {
        this.nextNumber.set(key, n + 1);
        return candidate;
      }
    }
    return undefined;
  }

  private claim(name: string): string {
    this.take(name);
    return name;
  }

  private acceptedByAll(name: string): boolean {
    return this.targets.every((id) => {
      const verdict = checkName(PROVIDERS[id], name);
      return verdict.accepted && verdict.reasons.length === 0;
    });
  }

  private maxLength(): number {
    let limit = 64;
    for (const id of this.targets) limit = Math.min(limit, PROVIDERS[id].practicalMaxLength ?? PROVIDERS[id].maxLength);
    return limit;
  }

  private allowsHyphen(): boolean {
    return this.targets.every((id) => PROVIDERS[id].rest.test('-'));
  }

  /** Fits a model-safe name to the strictest target: no hyphen where one is refused, a letter first. */
  private conform(name: string, limit: number): string {
    let out = this.allowsHyphen() ? name : name.replace(/-/g, '_');
    // The MCP SDKs warn on a name that starts or ends with `-` (or `.`): a proposal never does.
    out = out.replace(/^[_-]+/, '').replace(/-+$/, '') || 'tool';
    const needsLetter = this.targets.some(
      (id) => PROVIDERS[id].first !== undefined && !PROVIDERS[id].first!.test(out[0] ?? ''),
    );
    if (needsLetter || !/^[A-Za-z]/.test(out)) out = `tool_${out}`;
    return cutAtBoundary(out, limit).replace(/-+$/, '');
  }

  private conformInvocation(candidate: string): string {
    let out = candidate
      .replace(/\./g, '-')
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .replace(/^[^A-Za-z]+/, '');
    if (out.length === 0) out = 'capability';
    return cutAtBoundary(out, 64).replace(/[-_]+$/, '') || 'capability';
  }
}

/**
 * A name cut to `limit` characters at a word or segment boundary (before a `-`, `_` or an upper-
 * case letter after a lower-case one) in its second half, so a proposal never ends inside a word;
 * a name with no such boundary there is cut at the limit.
 */
export function cutAtBoundary(name: string, limit: number): string {
  if (name.length <= limit) return name;
  for (let at = limit; at >= Math.ceil(limit / 2); at--) {
    const next = name[at]!;
    const previous = name[at - 1]!;
    if (next === '-' || next === '_' || (/[A-Z]/.test(next) && /[a-z0-9]/.test(previous)))
      return name.slice(0, at).replace(/[-_]+$/, '');
  }
  return name.slice(0, limit);
}

/** Shorter cuts a numbered name is tried at, when no full-length one is valid. */
const CUT_STEP = 6;
const MIN_CUT = 16;

export interface NameConstraints {
  readonly maxLength?: number;
  readonly accept?: (candidate: string) => boolean;
  /** `accept` refuses every candidate (a client loses every tool of the server): no name is searched for. */
  readonly acceptsNone?: boolean;
}

/** How many tools hold each lower-cased name: a tool counts once per distinct name. */
function countNames(namesPerTool: Iterable<readonly string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const names of namesPerTool) count(counts, names);
  return counts;
}

function count(counts: Map<string, number>, names: readonly string[]): void {
  // A tool's names are one or two, so the duplicate test is a look back rather than a Set per tool.
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!.toLowerCase();
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = names[j]!.toLowerCase() === name;
    if (seen) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
}

export function ownNames(tool: AnalyzedTool): string[] {
  const names: string[] = [];
  if (tool.name !== undefined) names.push(tool.name);
  if (tool.wireName !== null) names.push(tool.wireName);
  return names;
}
