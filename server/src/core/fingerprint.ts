import type { Finding, RelatedLocation } from './findings';
import type { OffsetRange } from './json/ranges';
import type { Analysis } from './model';
import { sha1Hex } from './util/sha1';

/**
 * A finding's identity across commits, so a baseline survives unrelated edits: what a baseline stores and what
 * SARIF's `partialFingerprints` carries. It names the file, the code, the tool and the other names
 * involved, and never an offset, a line or an index, so moving lines, reordering tools or
 * reformatting the file keeps it; renaming the tool (fixing it) changes it. Two findings can share
 * one fingerprint (the same tool in two requests of a JSON Lines file): a baseline counts them.
 */
export interface FingerprintParts {
  /** Relative to the folder the run started in, `/`-separated. */
  readonly file: string;
  readonly code: string;
  /** The tool's name; for a finding on no tool, the name it sits on (a reference), else ''. */
  readonly tool: string;
  /** The name the finding sits on when it is not the tool's own (a property key, a tool_choice); else ''. */
  readonly at: string;
  /**
   * The other names involved, sorted: the other members of a collision (`path#name` when in
   * another file), the tool a reference resolves to.
   */
  readonly others: readonly string[];
  /** The client profiles (`client-*`, parameter keys via a client) and providers it comes from, sorted. */
  readonly by: readonly string[];
}

/** The SARIF `partialFingerprints` key; the `v1` changes only if the parts change meaning. */
export const FINGERPRINT_KEY = 'toolwire/v1';

/** The parts as one stable hex string (SHA-1 of a canonical JSON array). */
export function fingerprintHash(parts: FingerprintParts): string {
  return sha1Hex(
    JSON.stringify([
      FINGERPRINT_KEY,
      parts.file,
      parts.code,
      parts.tool,
      parts.at,
      sortedUnique(parts.others),
      sortedUnique(parts.by),
    ]),
  );
}

/** Another file a related location points into, as the adapter shows it (relative path) and reads it. */
export type OtherFile = (file: string) => { readonly path: string; readonly text: string } | undefined;

/**
 * The fingerprinter for one analysed file: a function from each of its findings to its parts.
 * The tools' name sites are indexed once, so a file of ten thousand findings stays linear.
 */
export function fingerprinter(
  file: string,
  text: string,
  analysis: Analysis,
  otherFile: OtherFile = () => undefined,
): (finding: Finding) => FingerprintParts {
  const namesAt = new Map<number, string>();
  for (const tool of analysis.tools)
    if (tool.name !== undefined) namesAt.set(tool.declaration.name.range.start, tool.name);
  const nameAt = (range: OffsetRange) => namesAt.get(range.start) ?? tokenValue(text, range);
  const relatedName = (r: RelatedLocation): string => {
    if (r.file === undefined) return nameAt(r.range);
    const other = otherFile(r.file);
    return `${other?.path ?? r.file}#${other ? tokenValue(other.text, r.range) : ''}`;
  };
  return (finding) => {
    const tool = finding.tool === undefined ? undefined : analysis.tools[finding.tool];
    const onToolName = tool !== undefined && tool.declaration.name.range.start === finding.range.start;
    return {
      file,
      code: finding.code,
      tool: tool?.name ?? tokenValue(text, finding.range),
      at: !onToolName && tool?.name !== undefined ? tokenValue(text, finding.range) : '',
      others: sortedUnique(finding.related.map(relatedName).filter((n) => n !== '')),
      by: sortedUnique([...(finding.clients ?? []), ...(finding.profiles ?? [])]),
    };
  };
}

/** The fingerprint of a finding that is not the core's (the CLI's invalid-json): file and code. */
export function fileFingerprint(file: string, code: string): FingerprintParts {
  return { file, code, tool: '', at: '', others: [], by: [] };
}

/**
 * The string a name token holds: JSON or YAML double quotes decoded, YAML single quotes
 * unescaped, a plain scalar as written. Anything else (an object, an array) is no name: ''.
 */
export function tokenValue(text: string, range: OffsetRange): string {
  const token = text.slice(range.start, range.end);
  if (token.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(token);
      if (typeof value === 'string') return value;
    } catch {
      // A YAML double-quoted scalar can hold escapes JSON lacks: its raw text still identifies it.
    }
    return token.slice(1, token.endsWith('"') && token.length > 1 ? -1 : undefined);
  }
  if (token.startsWith("'"))
    return token
      .slice(1, token.endsWith("'") && token.length > 1 ? -1 : undefined)
      .split("''")
      .join("'");
  if (token.startsWith('{') || token.startsWith('[')) return '';
  return token.trim();
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
