import { findConfig, loadConfig, optionsForFile, parseConfig, relativeTo, type AnalysisOptions, type ConfigProblem, type FoundConfig, type ParsedConfig, type UnreadableFile } from './core';
import type { RuntimeEnvironment } from './runtime';

export interface ResolvedConfig {
  readonly found: FoundConfig;
  readonly parsed: ParsedConfig;
}

export type FileOptions =
  | { readonly kind: 'options'; readonly options: AnalysisOptions; readonly config: ResolvedConfig | undefined }
  | { readonly kind: 'ignored'; readonly config: ResolvedConfig };

/**
 * `.toolwire.json` for each document, found by walking up from its folder (never above the
 * workspace folder it belongs to) and read from disk through the runtime. Cached per path and
 * dropped when the client reports a change to any `.toolwire.json` (didChangeWatchedFiles), so
 * an edited config applies without a restart. A config that is there but cannot be read is a
 * problem like any other (the server warns once), never a silent fallback to no config.
 */
export class ConfigStore {
  private readonly texts = new Map<string, string | undefined | UnreadableFile>();
  private readonly parsed = new Map<string, ParsedConfig>();

  constructor(private readonly runtime: RuntimeEnvironment) {}

  optionsFor(uri: string, base: AnalysisOptions, workspaceFolders: readonly string[]): FileOptions {
    const path = this.runtime.uriToPath(uri);
    if (path === undefined) return { kind: 'options', options: base, config: undefined };
    const folder = workspaceFolders.filter((f) => path.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
    const found = findConfig(path, { readFile: (p) => this.read(p) }, folder);
    if (!found) return { kind: 'options', options: base, config: undefined };
    const config = { found, parsed: this.parse(found) };
    const options = optionsForFile(config.parsed.config, relativeTo(found.folder, path), base);
    return options === 'ignored' ? { kind: 'ignored', config } : { kind: 'options', options, config };
  }

  /** Problems of the config that applies to this document, for the status and a notice. */
  problemsFor(config: ResolvedConfig | undefined): readonly ConfigProblem[] {
    return config?.parsed.problems ?? [];
  }

  /**
   * Problems of an open `.toolwire.json`, from the editor's text. When the file on disk is not
   * valid UTF-8 and the editor shows the same decoded text, that problem is added at its place.
   */
  problemsOfConfigDocument(uri: string, text: string): readonly ConfigProblem[] {
    const path = this.runtime.uriToPath(uri);
    const read = path === undefined ? undefined : this.read(path);
    const unreadable = read !== undefined && typeof read !== 'string' && read.text === text ? read : undefined;
    return unreadable ? loadConfig({ text, unreadable }).problems : parseConfig(text).problems;
  }

  invalidate(): void {
    this.texts.clear();
    this.parsed.clear();
  }

  private parse(found: FoundConfig): ParsedConfig {
    let parsed = this.parsed.get(found.path);
    if (!parsed) {
      parsed = loadConfig(found);
      this.parsed.set(found.path, parsed);
    }
    return parsed;
  }

  private read(path: string): string | undefined | UnreadableFile {
    if (!this.texts.has(path)) this.texts.set(path, this.runtime.readConfigFile(path));
    return this.texts.get(path);
  }
}
