import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  parseConfig,
  reanalyzeEdits,
  type Analysis,
  type CensusCarry,
  type AnalysisOptions,
  type ConfigProblem,
  type DocumentResult,
  type Finding,
  type LoadedConfig,
  type Modelled,
  type PieceText,
  type TextChange,
  type TextReader,
} from './core';
import { AnalysisIndex } from './analysisIndex';
import { pieceTextOf } from './pieceDocument';
import { checksLanguage, type SettingsStore, type ToolwireSettings } from './settings';

interface Common {
  readonly uri: string;
  readonly version: number;
  readonly settings: ToolwireSettings;
}

/** Everything a request handler needs to know about one version of one document. */
export type DocumentState =
  | (Common & {
      readonly kind: 'analysis';
      /** The whole text: after an edit that reused the analysis, joined from its pieces when first read. */
      readonly text: string;
      /** The same text read in windows, never joined: what the diagnostics read. */
      readonly reader: TextReader;
      readonly analysis: Analysis;
      /** Lookups over `analysis` for hover, inlay hints and the census view (built with it). */
      readonly index: AnalysisIndex;
      readonly options: AnalysisOptions;
      readonly config: LoadedConfig | undefined;
      /** The providers and clients it was checked against, and who chose them (the server's log tells them). */
      readonly modelled: Modelled;
      /** Set when this analysis is the previous one carried over edits that each stay within a line (see `CarriedOver`). */
      readonly carriedOver?: CarriedOver;
    })
  | (Common & {
      readonly kind: 'config-file';
      readonly problems: readonly ConfigProblem[];
      /** `ignore` entries that silence nothing (`unused-suppression`), located in the config. */
      readonly findings: readonly Finding[];
    })
  | (Common & { readonly kind: 'disabled' | 'ignored'; readonly detail: string })
  | (Common & { readonly kind: 'too-large'; readonly detail: string })
  | (Common & { readonly kind: 'failed'; readonly detail: string });

/**
 * How an analysis was carried over from the previous version's (`core/incremental`): its
 * findings correspond to `previousFindings` (one to one, in order, or as `predecessorOf` pairs
 * them), and each change, now at the
 * new text's offset in `editedOffsets`, changed text on that offset's line alone, adding and
 * removing no line. So a diagnostic made for a previous finding is still right for its successor
 * when none of its positions lies on those lines (`features/diagnostics.ts`).
 */
export interface CarriedOver {
  readonly previousFindings: readonly Finding[];
  readonly editedOffsets: readonly number[];
  /**
   * After a name edit (a re-census or a lone re-check): the index in `previousFindings` of the
   * finding that finding `index` is, moved, or undefined for a new one. Undefined after a shift,
   * where every finding is its predecessor at the same index.
   */
  readonly predecessorOf?: (index: number) => number | undefined;
}

interface Entry {
  readonly version: number;
  readonly generation: number;
  readonly epoch: number;
  readonly state: Promise<DocumentState>;
}

/** The last full or incremental analysis of a document: what the next version may reuse. */
interface Base {
  readonly version: number;
  readonly generation: number;
  readonly epoch: number;
  /** In pieces: reuse reads only the edited tool's part, and nothing joins the whole text for it. */
  readonly text: PieceText;
  readonly analysis: Analysis;
  /** The lookups built beside `analysis`; a reused analysis's index takes over what holds no offset. */
  readonly index: AnalysisIndex;
  readonly options: AnalysisOptions;
  readonly config: LoadedConfig | undefined;
  readonly modelled: Modelled;
  /** What its census kept for the next name edit. */
  readonly carry?: CensusCarry;
}

/** The changes between two versions of a document (`EditLog.since`), or undefined when not known. */
type EditsBetween = (uri: string, from: number, to: number) => readonly TextChange[] | undefined;

export interface Logger {
  error(message: string): void;
  info(message: string): void;
}

/** What the server plugs in around the pipeline; every hook has a harmless default (tests leave them out). */
interface DocumentHooks {
  /** Told about every freshly computed state (the server uses it to warn about a broken config). */
  readonly onComputed?: (state: DocumentState) => void;
  /** Problems of an open `.toolwire.json` (the disk is read to tell an undecodable file). */
  readonly configProblems?: (uri: string, text: string) => readonly ConfigProblem[];
  /** Its `ignore` entries that silence nothing in the files they match. */
  readonly configFindings?: (
    uri: string,
    text: string,
    settings: ToolwireSettings,
  ) => readonly Finding[] | Promise<readonly Finding[]>;
  /** The edits since an analysed version; without it every version is a full analysis. */
  readonly edits?: EditsBetween;
  /** Told when a version becomes a base, so older edits can be dropped. */
  readonly onBase?: (uri: string, version: number) => void;
  /**
   * Handed the work the base's carry leaves for the next edit (`CensusCarry.pending`), to run
   * while idle; each newer base hands its own, and a closed document hands none.
   */
  readonly workAhead?: (uri: string, steps: ReadonlyArray<() => void>) => void;
}

/**
 * One analysis per document version, shared by diagnostics, hover, inlay hints, code actions
 * and symbols. A settings or `.toolwire.json` change bumps the generation, so every cached state
 * is recomputed on next use without tracking which documents a change concerns.
 */
export class DocumentAnalyzer {
  private readonly cache = new Map<string, Entry>();
  private generationCounter = 0;
  /** Per document: bumped when a file its census read changes (another document, or the disk). */
  private readonly epochs = new Map<string, number>();
  /** Per document: the analysis the next version starts from (core/incremental). */
  private readonly bases = new Map<string, Base>();
  /** Per document: bumped when it closes, so an analysis still running then sets no base. */
  private readonly lives = new Map<string, number>();

  constructor(
    private readonly settings: Pick<SettingsStore, 'forDocument'>,
    /** The core's one pipeline (config → options → client context → analysis) over the server's workspace. */
    private readonly pipeline: (
      uri: string,
      text: string,
      settings: ToolwireSettings,
    ) => DocumentResult | Promise<DocumentResult>,
    private readonly logger: Logger,
    private readonly hooks: DocumentHooks = {},
  ) {}

  get generation(): number {
    return this.generationCounter;
  }

  /** Changes whenever the document's diagnostics may change: its version, settings, or a file its census read. */
  resultId(document: TextDocument): string {
    return `${document.version}:${this.generationCounter}:${this.epochs.get(document.uri) ?? 0}`;
  }

  /** A file this document's census read has changed. */
  touch(uri: string): void {
    this.epochs.set(uri, (this.epochs.get(uri) ?? 0) + 1);
  }

  stateFor(document: TextDocument): Promise<DocumentState> {
    const cached = this.cache.get(document.uri);
    const epoch = this.epochs.get(document.uri) ?? 0;
    if (
      cached &&
      cached.version === document.version &&
      cached.generation === this.generationCounter &&
      cached.epoch === epoch
    )
      return cached.state;
    const state = this.compute(document, this.generationCounter, epoch).then((computed) => {
      this.hooks.onComputed?.(computed);
      return computed;
    });
    this.cache.set(document.uri, { version: document.version, generation: this.generationCounter, epoch, state });
    return state;
  }

  invalidateAll(): void {
    this.generationCounter += 1;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.epochs.delete(uri);
    this.bases.delete(uri);
    this.hooks.workAhead?.(uri, []);
    this.lives.set(uri, (this.lives.get(uri) ?? 0) + 1);
  }

  private async compute(document: TextDocument, generation: number, epoch: number): Promise<DocumentState> {
    // Read before any await: the document is updated in place on each edit, and the version must
    // be the one of this text (an edit log trimmed to a newer version would corrupt reuse).
    const version = document.version;
    const pieces = pieceTextOf(document);
    const life = this.lives.get(document.uri) ?? 0;
    const settings = await this.settings.forDocument(document.uri);
    const common = { uri: document.uri, version, settings };
    try {
      const unanalysed = await this.withoutAnalysis(common, pieces, document.languageId);
      if (unanalysed) return unanalysed;
      const reused = this.reuse(document.uri, version, pieces, generation, epoch);
      if (reused) {
        const { next, carriedOver } = reused;
        // The whole text only for a handler that reads it (hover, code actions): the
        // diagnostics of a reused analysis never do, so an edit never joins the pieces.
        return {
          ...common,
          kind: 'analysis',
          get text() {
            return pieces.toString();
          },
          reader: pieces,
          analysis: next.analysis,
          index: next.index,
          options: next.options,
          config: next.config,
          modelled: next.modelled,
          ...(carriedOver ? { carriedOver } : {}),
        };
      }
      return await this.analyzeFully(common, pieces, { generation, epoch, life });
    } catch (error) {
      // A bug in a check must not take the server down or leave stale squiggles: log, report.
      this.logger.error(
        `toolwire: analysis of ${document.uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (isConfigFile(document.uri))
        return { ...common, kind: 'config-file', problems: parseConfig(pieces.toString()).problems, findings: [] };
      return {
        ...common,
        kind: 'failed',
        detail: 'toolwire could not analyse this file (an internal error, logged in the toolwire output channel).',
      };
    }
  }

  /** The state of a document that gets no analysis: a `.toolwire.json`, turned off, or too large. */
  private async withoutAnalysis(
    common: Common,
    pieces: PieceText,
    languageId: string,
  ): Promise<DocumentState | undefined> {
    const { uri, settings } = common;
    if (isConfigFile(uri)) {
      const text = pieces.toString();
      return {
        ...common,
        kind: 'config-file',
        problems: this.hooks.configProblems?.(uri, text) ?? parseConfig(text).problems,
        findings: (await this.hooks.configFindings?.(uri, text, settings)) ?? [],
      };
    }
    if (!settings.enable)
      return {
        ...common,
        kind: 'disabled',
        detail: 'toolwire is turned off for this folder (setting toolwire.enable).',
      };
    if (!checksLanguage(settings, languageId, uri))
      return {
        ...common,
        kind: 'disabled',
        detail: `toolwire does not check ${languageId} files in this folder (setting toolwire.languages).`,
      };
    const limit = settings.maxFileSizeMB * 1024 * 1024;
    if (pieces.length > limit) {
      return {
        ...common,
        kind: 'too-large',
        detail: `toolwire skipped this file: ${(pieces.length / 1048576).toFixed(1)} MB is over the ${settings.maxFileSizeMB} MB limit (setting toolwire.maxFileSize).`,
      };
    }
    return undefined;
  }

  /** The whole pipeline over the text; the result becomes the base of the next version. */
  private async analyzeFully(
    common: Common,
    pieces: PieceText,
    at: { readonly generation: number; readonly epoch: number; readonly life: number },
  ): Promise<DocumentState> {
    const { uri, version, settings } = common;
    // A source file may first need its grammar loaded, and in a browser the
    // workspace's files arrive asynchronously: hence the await.
    const text = pieces.toString();
    const result = await this.pipeline(uri, text, settings);
    if (result.kind === 'ignored')
      return { ...common, kind: 'ignored', detail: `Ignored by ${result.config.found.path} ("ignore").` };
    if (result.kind === 'config-unreadable' || result.kind === 'unreadable')
      return {
        ...common,
        kind: 'failed',
        detail: `toolwire cannot read ${result.kind === 'unreadable' ? 'this file' : result.path}.`,
      };
    // Closed while it was analysed: no base for a document that is gone (a reopened one starts over).
    const index = new AnalysisIndex(result.analysis);
    if ((this.lives.get(uri) ?? 0) === at.life)
      this.setBase(uri, {
        version,
        generation: at.generation,
        epoch: at.epoch,
        text: pieces,
        analysis: result.analysis,
        index,
        options: result.options,
        config: result.config,
        modelled: result.modelled,
        carry: result.carry,
      });
    return {
      ...common,
      kind: 'analysis',
      text,
      reader: text,
      analysis: result.analysis,
      index,
      options: result.options,
      config: result.config,
      modelled: result.modelled,
    };
  }

  /**
   * The previous version's analysis carried over the edits since, when the core can prove that
   * equals a full analysis. Only within one settings generation and one inter-file epoch: a
   * settings, config or dependency change always runs the whole pipeline again.
   */
  private reuse(
    uri: string,
    version: number,
    text: PieceText,
    generation: number,
    epoch: number,
  ): { next: Base; carriedOver: CarriedOver | undefined } | undefined {
    const base = this.bases.get(uri);
    if (!base || base.generation !== generation || base.epoch !== epoch) return undefined;
    const changes = this.hooks.edits?.(uri, base.version, version);
    // No edits recorded between the versions must mean the same text.
    if (!changes || (changes.length === 0 && base.text.toString() !== text.toString())) return undefined;
    const reused = reanalyzeEdits(base, changes, text);
    if (!reused) return undefined;
    const { analysis } = reused;
    // Only a shifted analysis holds the previous one's findings and client outcomes, moved; a
    // name edit (a re-census, or a lone re-check) may change any of them, so only the findings
    // the core pairs with their predecessors, moved, keep what was made of them.
    const shifted = reused.reuse === 'shifted';
    const next: Base = {
      ...base,
      version,
      text,
      analysis,
      index: new AnalysisIndex(analysis, { from: base.index, shifted }),
      carry: reused.carry,
    };
    this.setBase(uri, next);
    if (shifted) return { next, carriedOver: carriedOver(base, changes, analysis, undefined) };
    // A re-census pairs its findings with their predecessors, or nothing is carried over.
    return {
      next,
      carriedOver: reused.predecessorOf ? carriedOver(base, changes, analysis, reused.predecessorOf) : undefined,
    };
  }

  private setBase(uri: string, base: Base): void {
    // Versions are analysed in order of requests; an older one never replaces a newer base.
    const current = this.bases.get(uri);
    if (current && current.version > base.version && current.generation === base.generation) return;
    this.bases.set(uri, base);
    this.hooks.onBase?.(uri, base.version);
    this.hooks.workAhead?.(uri, base.carry?.pending() ?? []);
  }
}

/**
 * What a carried-over analysis keeps of the previous one's findings, for changes that each stay
 * within one line (what the incremental path reuses: edits inside descriptions or spaces between
 * tokens, one change or several at once). Any line break written or removed gives undefined:
 * then every moved finding gets a new diagnostic.
 */
function carriedOver(
  base: Base,
  changes: readonly TextChange[],
  analysis: Analysis,
  predecessorOf: CarriedOver['predecessorOf'],
): CarriedOver | undefined {
  if (changes.length === 0 || (!predecessorOf && analysis.findings.length !== base.analysis.findings.length))
    return undefined;
  // Each change's offsets are in the text the changes before it left: follow them along.
  let text = base.text;
  const offsets: number[] = [];
  for (const change of changes) {
    if (hasLineBreak(change.text) || hasLineBreak(text.slice(change.start, change.end))) return undefined;
    const delta = change.text.length - (change.end - change.start);
    // An earlier change's place moves with this one; no line moves, so its line stays right.
    for (let i = 0; i < offsets.length; i += 1) {
      const at = offsets[i]!;
      if (at >= change.end) offsets[i] = at + delta;
      else if (at > change.start) offsets[i] = change.start;
    }
    offsets.push(change.start);
    text = text.replace(change.start, change.end, change.text);
  }
  return {
    previousFindings: base.analysis.findings,
    editedOffsets: offsets,
    ...(predecessorOf ? { predecessorOf } : {}),
  };
}

/** LSP's line breaks: `\n`, `\r\n` and `\r`. */
function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

function isConfigFile(uri: string): boolean {
  return uri.endsWith('/.toolwire.json');
}
