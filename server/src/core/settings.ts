import type { FindingCode, SeveritySetting } from './findings';
import type { FormatId } from './formats/model';
import { FORMATS } from './formats/registry';
import { DEFAULT_TARGETS, type ProviderId } from './profiles/providers';
import { MODEL_SAFE_RESERVED, type DerivationId } from './wire/derivations';
import type { CodeParser } from './code/syntax';
import type { SourceLanguage } from './languages';
import type { ClientContext } from './workspace/model';
import type { IgnoreEntry } from './config/model';

/**
 * What the caller (LSP server, CLI) resolved for one document: `.toolwire.json`, editor settings.
 * Everything is optional; the defaults below follow naming-rules.md.
 */
export interface AnalysisOptions {
  /** The document's syntax (default JSON): the adapters set it from the file name or language id. */
  readonly language?: SourceLanguage;
  /**
   * Reads source code: the adapter loads tree-sitter and the grammar (async I/O) before
   * it analyses a source file with a trigger import, and hands the parser in here.
   */
  readonly code?: CodeParser;
  /** Force one derivation for every request of the document (a config override by glob). */
  readonly derivation?: DerivationId;
  /** Force these targets for every request, whatever its format (a config override by glob). */
  readonly targets?: readonly ProviderId[];
  /** Targets for formats that do not name a provider themselves (MCP, generic, ADS). */
  readonly defaultTargets?: readonly ProviderId[];
  /** Names taken in every request, in addition to a derivation's own (the runtime's tools). */
  readonly reservedNames?: readonly string[];
  readonly severity?: Readonly<Partial<Record<FindingCode, SeveritySetting>>>;
  /**
   * MCP clients to model for this document, its server name and the servers sent with it. A
   * function is called only when the document turns out to be an MCP tool file, so an editor
   * does not read the workspace around every JSON file it opens.
   */
  readonly clients?: ClientContext | (() => ClientContext | undefined);
  /** `.toolwire.json` `ignore` entries whose glob matches this file. */
  readonly suppressions?: readonly IgnoreEntry[];
  /**
   * The file may hold comments (`.jsonc`, an editor's JSONC file, YAML): the suppress quick fix
   * writes a comment there, else an `ignore` entry (a comment in plain JSON breaks its readers).
   */
  readonly commentsAllowed?: boolean;
}

/** What one request is checked with, once the document's options meet its format. */
export interface RequestSettings {
  readonly derivation: DerivationId;
  readonly targets: readonly ProviderId[];
  readonly reservedNames: readonly string[];
}

function defaultDerivation(format: FormatId): DerivationId {
  if (format === 'ads-manifest') return 'ads';
  return FORMATS[format].provider ? 'verbatim' : 'model-safe';
}

export function settingsForRequest(format: FormatId, options: AnalysisOptions): RequestSettings {
  const derivation = options.derivation ?? defaultDerivation(format);
  const provider = FORMATS[format].provider;
  const targets = options.targets ?? (provider ? [provider] : (options.defaultTargets ?? DEFAULT_TARGETS));
  const own = derivation === 'model-safe' ? MODEL_SAFE_RESERVED : [];
  const reservedNames =
    options.reservedNames && options.reservedNames.length > 0 ? [...own, ...options.reservedNames] : own;
  return { derivation, targets, reservedNames };
}
