import type { OffsetRange } from './json/ranges';
import type { ProviderId } from './profiles/providers';
import type { SchemaProblem } from './profiles/schemaRules';
import type { ClientId } from './clients/profiles';

/** Every finding code, once: the type, settings, schema checks and docs all derive from this list. */
export const FINDING_CODES = [
  'invalid-name',
  'wire-collision',
  'reserved-name',
  'not-invocable',
  'invalid-invocation-name',
  'invalid-capability-name',
  'invalid-parameter-name',
  'schema-rejected',
  'schema-altered',
  'case-collision',
  'unresolved-reference',
  'missing-name',
  'too-many-tools',
  'renamed-on-wire',
  'client-rejected',
  'client-dropped',
  'client-collision',
  'unused-suppression',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

/** Codes for two names meeting in one request: a rename or fix-all must not create a new one. */
export const NAME_COLLISION_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  'wire-collision',
  'case-collision',
  'reserved-name',
]);

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];
/** A severity a user may set for a code: one of the four, or `off` to drop its findings. */
export type SeveritySetting = Severity | 'off';

/**
 * Codes that are off unless the user sets a severity for them. renamed-on-wire says what the
 * inlay hint and the hover already show (both read the tool's wire name, not a finding): as a
 * diagnostic it is one per renamed tool, every tool of an ADS manifest, for nothing new.
 */
const OFF_BY_DEFAULT: Readonly<Partial<Record<FindingCode, 'off'>>> = Object.freeze({ 'renamed-on-wire': 'off' });

/**
 * A code's setting: the user's, else `off` for a code off by default, else undefined (the check's
 * own severity). The one reading of a severity map: the sink, suppressions and stale entries agree.
 */
export function severitySetting(
  severity: Readonly<Partial<Record<FindingCode, SeveritySetting>>> | undefined,
  code: FindingCode,
): SeveritySetting | undefined {
  return severity?.[code] ?? OFF_BY_DEFAULT[code];
}

/** Whether a code's findings are dropped under these settings (its own, or off by default). */
export function isCodeOff(
  severity: Readonly<Partial<Record<FindingCode, SeveritySetting>>> | undefined,
  code: FindingCode,
): boolean {
  return severitySetting(severity, code) === 'off';
}

export interface RelatedLocation {
  readonly range: OffsetRange;
  readonly message: string;
  /** Set when the location is in another file (a cross-file client collision). */
  readonly file?: string;
}

/** A text replacement, with the text it expects to replace so a stale fix can be refused. */
export interface OffsetEdit {
  readonly range: OffsetRange;
  readonly oldText: string;
  readonly newText: string;
}

/**
 * Everything a quick fix needs, as plain data: an LSP code action is rebuilt from this alone
 * (it travels in `Diagnostic.data`), so no request handler has to keep state between calls.
 */
export interface FixData {
  readonly kind: 'rename' | 'add-invocation-name' | 'rename-parameter' | SchemaFixKind;
  readonly title: string;
  /**
   * The name the fix proposes (the new tool name, invocationName or property key); for a schema
   * fix, the JSON pointer of what it rewrites (a keyword's value; for strict mode, the object):
   * fix-all picks one fix per such place.
   */
  readonly proposed: string;
  readonly edits: readonly OffsetEdit[];
  /**
   * The canonical fix for this finding, the one fix-all picks for its tool; an editor sees it as
   * preferred (VS Code's auto-fix) only when it is also safe.
   */
  readonly preferred: boolean;
  /**
   * Whether the fix keeps what callers see. Safe: no name a caller sends changes (adding an ADS
   * `invocationName`, or replacing one no client can invoke: the capability keeps its name).
   * Unsafe: a name callers use changes under them (a declared or served tool's name, an
   * `invocationName` clients invoke, an input-schema key arguments are sent by), even when the
   * same file's references move with it, since callers elsewhere do not. Fix-all, `toolwire fix`
   * and fix-on-save apply only safe fixes unless asked for unsafe ones; a quick fix offers both.
   */
  readonly safety: 'safe' | 'unsafe';
}

/**
 * The name fix a finding asks for, without the name: which name to propose depends on every other
 * proposal of the request (two fixes applied together must not meet), so it is chosen where fixes
 * are built (`fixes/buildFixes.ts`), in document order, and the analysis stays a function of the
 * tools alone. `invocation-name`: an ADS invocationName where the format reads one, else a rename.
 */
/** What a schema fix does (`fixes/schemaFix.ts`). */
export type SchemaFixKind = 'remove-keyword' | 'add-items' | 'rewrite-type-list' | 'close-strict-object';

const SCHEMA_FIX_KINDS: ReadonlySet<FixData['kind']> = new Set<SchemaFixKind>([
  'remove-keyword',
  'add-items',
  'rewrite-type-list',
  'close-strict-object',
]);

/** Whether a fix edits a schema (`fixes/schemaFix.ts`) rather than a name. */
export function isSchemaFix(fix: Pick<FixData, 'kind'>): boolean {
  return SCHEMA_FIX_KINDS.has(fix.kind);
}

/**
 * The schema fix a `schema-rejected` finding asks for: which problem at its place. Built where
 * fixes are used (`fixes/buildFixes.ts`) from the schema's subtree, read again then: the analysis
 * keeps no tree, and the values a fix needs (`enum`, `default`, the `type` list) are in none of
 * its sites.
 */
export interface SchemaFixIntent {
  readonly problem: SchemaProblem;
  readonly keyword: string;
}

export interface NameFixIntent {
  readonly kind: 'rename' | 'invocation-name';
  /** As `FixData.preferred`: the fix fix-all picks for the tool. */
  readonly preferred: boolean;
}

export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  /**
   * One sentence, about 100 characters at most: what happens, naming the wire name. It is what the
   * Problems panel and a CI log line show, so it carries no advice (the hover carries it).
   */
  readonly message: string;
  /**
   * The why and the fix, in sentences the message does not repeat: shown in the hover, with
   * `--verbose`, and in JSON and SARIF. Empty when the message says it all.
   */
  readonly detail: string;
  readonly range: OffsetRange;
  readonly pointer: string;
  readonly related: readonly RelatedLocation[];
  /** Index into Analysis.tools of the tool this finding is about, when there is one. */
  readonly tool?: number;
  /** The provider profiles the finding comes from, when it comes from some. */
  readonly profiles?: readonly ProviderId[];
  /** The client profiles the finding comes from (client-* codes). */
  readonly clients?: readonly ClientId[];
  /**
   * The codes of the same tool's other name problems, told in this finding's detail instead of
   * diagnostics of their own (checks/onePerProblem.ts).
   */
  readonly also?: readonly FindingCode[];
  /** A fix that depends on no other tool's (a parameter rename); name fixes are `nameFix` until built. */
  readonly fix?: FixData;
  readonly nameFix?: NameFixIntent;
  readonly schemaFix?: SchemaFixIntent;
}

/** Document order; at one place, the most severe first. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    a.range.start - b.range.start ||
    a.range.end - b.range.end ||
    SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
    a.code.localeCompare(b.code)
  );
}

/** Related locations without repeats (one place named twice, from two clients or folded findings). */
export function uniqueLocations(locations: readonly RelatedLocation[]): RelatedLocation[] {
  const seen = new Set<string>();
  return locations.filter((location) => {
    const key = `${location.file ?? ''}:${location.range.start}:${location.range.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
