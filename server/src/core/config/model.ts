import type { OffsetRange } from '../json/ranges';
import type { ProviderId } from '../profiles/providers';
import type { FindingCode, SeveritySetting } from '../findings';
import type { DerivationId } from '../wire/derivations';
import type { ClientId } from '../clients/profiles';

/** One `overrides[]` entry: settings for the files its globs match (later entries win). */
export interface ConfigOverride {
  readonly files: readonly string[];
  readonly derivation?: DerivationId;
  readonly targets?: readonly ProviderId[];
}

/**
 * One object entry of `ignore`: silences codes for a tool (or every tool) in the files its glob
 * matches, for files that cannot hold a comment (plain JSON). Ranges point into `.toolwire.json`,
 * where an entry that silences nothing is reported.
 */
export interface IgnoreEntry {
  /** Its place among the config's entries: an analysis reports which ones it used by this. */
  readonly index: number;
  readonly file: string;
  readonly tool?: string;
  readonly codes: readonly { readonly code: FindingCode; readonly range: OffsetRange }[];
  readonly reason?: string;
  /** The entry's object. */
  readonly range: OffsetRange;
}

/** `.toolwire.json`, validated. Globs are relative to the folder holding the file. */
export interface ToolwireConfig {
  readonly targets?: readonly ProviderId[];
  readonly reservedNames?: readonly string[];
  readonly severity?: Readonly<Partial<Record<FindingCode, SeveritySetting>>>;
  readonly ignore?: readonly string[];
  /** The object entries of `ignore`: suppressions by file, tool and code. */
  readonly suppressions?: readonly IgnoreEntry[];
  readonly overrides?: readonly ConfigOverride[];
  /** Client profiles to check MCP tool files against, as each rewrites names its own way; default: those configured in the workspace. */
  readonly clients?: readonly ClientId[];
  /** MCP server name -> its tool files (paths or globs): which tools are sent together, under which server name. */
  readonly servers?: Readonly<Record<string, readonly string[]>>;
  /**
   * The server-name length to assume for MCP tool files whose server nothing names (for CI):
   * fates that depend on that length become findings, rather than guessing a name.
   */
  readonly assumedServerNameLength?: number;
}

export interface ConfigProblem {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly range: OffsetRange;
}

export interface ParsedConfig {
  readonly config: ToolwireConfig;
  readonly problems: readonly ConfigProblem[];
}

export const CONFIG_FILE_NAME = '.toolwire.json';
