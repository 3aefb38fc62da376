import { findConfig, optionsForFile, parseConfig, relativeTo, type AnalysisOptions, type ConfigProblem, type FoundConfig, type ParsedConfig } from './core';
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
 * an edited config applies without a restart.
 */
export class ConfigStore {
  private readonly texts = new Map<string, string | undefined>();
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

  invalidate(): void {
    this.texts.clear();
    this.parsed.clear();
  }

  private parse(found: FoundConfig): ParsedConfig {
    let parsed = this.parsed.get(found.path);
    if (!parsed) {
      parsed = parseConfig(found.text);
      this.parsed.set(found.path, parsed);
    }
    return parsed;
  }

  private read(path: string): string | undefined {
    if (!this.texts.has(path)) this.texts.set(path, this.runtime.readFile(path));
    return this.texts.get(path);
  }
}
