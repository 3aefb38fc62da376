import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis, type AnalysisOptions, type ClientCensusOptions, type ConfigProblem } from './core';
import type { ConfigStore, ResolvedConfig } from './configStore';
import { baseOptions, type SettingsStore, type ToolwireSettings } from './settings';

interface Common {
  readonly uri: string;
  readonly version: number;
  readonly settings: ToolwireSettings;
}

/** Everything a request handler needs to know about one version of one document. */
export type DocumentState =
  | (Common & { readonly kind: 'analysis'; readonly text: string; readonly analysis: Analysis; readonly options: AnalysisOptions; readonly config: ResolvedConfig | undefined })
  | (Common & { readonly kind: 'config-file'; readonly problems: readonly ConfigProblem[] })
  | (Common & { readonly kind: 'disabled' | 'ignored'; readonly detail: string })
  | (Common & { readonly kind: 'too-large'; readonly detail: string })
  | (Common & { readonly kind: 'failed'; readonly detail: string });

interface Entry {
  readonly version: number;
  readonly generation: number;
  readonly epoch: number;
  readonly state: Promise<DocumentState>;
}

export interface Logger {
  error(message: string): void;
  info(message: string): void;
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

  constructor(
    private readonly settings: SettingsStore,
    private readonly configs: ConfigStore,
    private readonly workspaceFolders: () => readonly string[],
    private readonly logger: Logger,
    /** Told about every freshly computed state (the server uses it to warn about a broken config). */
    private readonly onComputed: (state: DocumentState) => void = () => undefined,
    /** The client census around a document (issue #5): who sends it, with which other servers. */
    private readonly clientsFor: (uri: string, config: ResolvedConfig | undefined, settings: ToolwireSettings) => ClientCensusOptions | undefined = () => undefined,
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
    if (cached && cached.version === document.version && cached.generation === this.generationCounter && cached.epoch === epoch) return cached.state;
    const state = this.compute(document).then((computed) => {
      this.onComputed(computed);
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
  }

  private async compute(document: TextDocument): Promise<DocumentState> {
    const settings = await this.settings.forDocument(document.uri);
    const common = { uri: document.uri, version: document.version, settings };
    const text = document.getText();
    if (isConfigFile(document.uri)) return { ...common, kind: 'config-file', problems: this.configs.problemsOfConfigDocument(document.uri, text) };
    if (!settings.enable) return { ...common, kind: 'disabled', detail: 'toolwire is turned off for this folder (setting toolwire.enable).' };
    const limit = settings.maxFileSizeMB * 1024 * 1024;
    if (text.length > limit) {
      return { ...common, kind: 'too-large', detail: `toolwire skipped this file: ${(text.length / 1048576).toFixed(1)} MB is over the ${settings.maxFileSizeMB} MB limit (setting toolwire.maxFileSize).` };
    }
    const resolved = this.configs.optionsFor(document.uri, baseOptions(settings), this.workspaceFolders());
    if (resolved.kind === 'ignored') {
      return { ...common, kind: 'ignored', detail: `Ignored by ${resolved.config.found.path} ("ignore").` };
    }
    try {
      // Read the workspace around the document only if it is an MCP tool file (see AnalysisOptions).
      const options: AnalysisOptions = { ...resolved.options, clients: () => this.clientsFor(document.uri, resolved.config, settings) };
      return { ...common, kind: 'analysis', text, analysis: analyze(text, options), options, config: resolved.config };
    } catch (error) {
      // A bug in a check must not take the server down or leave stale squiggles: log, report.
      this.logger.error(`toolwire: analysis of ${document.uri} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return { ...common, kind: 'failed', detail: 'toolwire could not analyse this file (an internal error, logged in the toolwire output channel).' };
    }
  }
}

export function isConfigFile(uri: string): boolean {
  return uri.endsWith('/.toolwire.json');
}
