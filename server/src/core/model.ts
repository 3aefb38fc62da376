import type { ClientResult } from './clients/census';
import type { Finding } from './findings';
import type { FormatId, ToolDeclaration, ToolReference } from './formats/model';
import type { OffsetRange } from './json/ranges';
import type { CodeReading } from './code/parse';
import type { SyntaxProblem } from './json/parse';
import type { StringWriter } from './source';
import type { ProviderId } from './profiles/providers';
import type { Verdict } from './profiles/verdict';
import type { DerivationId } from './wire/derivations';

/**
 * What happens to a tool in its request:
 * - `offered`: sent to the model under `wireName`;
 * - `left-out`: the runtime drops it (its wire form is taken by another tool or a runtime tool);
 * - `not-invocable`: no valid wire name exists (ADS over 64, invalid invocationName);
 * - `unnamed`: no usable name at all.
 */
export type ToolFate = 'offered' | 'left-out' | 'not-invocable' | 'unnamed';

export type WireSource = 'verbatim' | 'model-safe' | 'ads-derived' | 'ads-explicit';

export interface ProviderVerdict {
  readonly provider: ProviderId;
  readonly verdict: Verdict;
}

export interface AnalyzedTool {
  readonly request: number;
  readonly declaration: ToolDeclaration;
  /** The real name (identity); undefined when the tool has no usable name. */
  readonly name: string | undefined;
  /** The name that travels on the wire, or null when there is none. */
  readonly wireName: string | null;
  readonly wireSource: WireSource;
  readonly fate: ToolFate;
  /** Targeted providers' verdicts on the wire name (empty when there is no wire name). */
  readonly verdicts: readonly ProviderVerdict[];
  /**
   * Every tool of the request sharing this tool's wire name, itself included (indexes into
   * Analysis.tools); one array shared by the whole group, so a group of thousands stays linear.
   * Empty when the name is not shared. `othersInGroup` gives the others.
   */
  readonly wireGroup: readonly number[];
  /** For a shared wire name: the tool a call dispatches to, if any. */
  readonly keptInGroup: number | undefined;
}

export type Resolution = 'exact' | 'wire-form' | 'runtime-tool';

export interface AnalyzedReference {
  readonly request: number;
  readonly reference: ToolReference;
  /** The tool a runtime would dispatch this name to, if any. */
  readonly target: number | undefined;
  readonly resolution: Resolution | undefined;
}

export interface RequestCensus {
  readonly format: FormatId;
  readonly derivation: DerivationId;
  readonly targets: readonly ProviderId[];
  readonly reservedNames: readonly string[];
  readonly pointer: string;
  readonly anchorRange: OffsetRange;
  /** MCP: the server name the file records, if any. */
  readonly serverName?: string;
  /** MCP: the label the server announces (`serverInfo.title`, else its `name`). */
  readonly serverAnnounced?: string;
  /** Indexes into Analysis.tools, in document order. */
  readonly tools: readonly number[];
  readonly offeredCount: number;
}

export interface Analysis {
  readonly format: FormatId | null;
  readonly documentKind: 'json' | 'json-lines' | 'yaml' | 'code' | 'empty';
  readonly requests: readonly RequestCensus[];
  readonly tools: readonly AnalyzedTool[];
  readonly references: readonly AnalyzedReference[];
  /** Sorted by position. */
  readonly findings: readonly Finding[];
  /** JSON syntax errors; the editor's JSON support shows them, the CLI may too. */
  readonly syntaxProblems: readonly SyntaxProblem[];
  /** Writes a new string at a name token in the document's own syntax (a fix or a rename asks it). */
  readonly strings: StringWriter;
  /** Per enabled MCP client: each tool's wire name and fate in that client (MCP tool files only). */
  readonly clients: readonly ClientResult[];
  /**
   * MCP tool files with a client census: the server name it used. When nothing names the server
   * (`known: false`), `name` is a placeholder, fates that depend on the name's length are not
   * findings, and `budget(tool)` (global index) gives the longest server name under which every
   * enabled client still keeps the tool (undefined: kept under any length, or lost whatever the
   * name). A function, computed on demand: hover asks for one tool, the CLI for none.
   */
  readonly server?: ServerNameInfo;
  /**
   * What suppressions did (comments, `.toolwire.json` `ignore` entries): see suppress/apply.ts.
   * `analyze` always sets it; an analysis an adapter builds for a file that is not a tool file
   * (a config's own findings) may leave it out.
   */
  readonly suppression?: SuppressionOutcome;
  /** Source code only: whether it was parsed, and the declarations whose names are computed (never checked). */
  readonly code?: CodeReading;
}

export interface SuppressionOutcome {
  /** Findings silenced in this document. */
  readonly suppressed: number;
  /** `IgnoreEntry.index` of the config entries that silenced something here. */
  readonly usedEntries: readonly number[];
  /** `IgnoreEntry.index` of the config entries in effect for this file (its glob matched). */
  readonly appliedEntries: readonly number[];
}

export interface ServerNameInfo {
  readonly name: string;
  readonly known: boolean;
  /** Set when `.toolwire.json` `assumedServerNameLength` stands in for the unknown name. */
  readonly assumedLength?: number;
  budget(tool: number): number | undefined;
}

/** The other tools sharing a tool's wire name (at most `limit`, for display). */
export function othersInGroup(tool: AnalyzedTool, index: number, limit = Number.POSITIVE_INFINITY): number[] {
  const out: number[] = [];
  for (const member of tool.wireGroup) {
    if (out.length >= limit) break;
    if (member !== index) out.push(member);
  }
  return out;
}
