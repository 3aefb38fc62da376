import { dirname, resolve, sep } from 'node:path';
import { readConfigFile } from '../../server/src/node/configFile';
import { findConfig, LineIndex, loadConfig, optionsForFile, relativeTo, type AnalysisOptions, type ParsedConfig, type ToolwireConfig, type UnreadableFile } from '../../server/src/core';

export interface ConfigProblemReport {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export interface ResolvedFile {
  readonly path: string;
  readonly options: AnalysisOptions;
  readonly config: ToolwireConfig | undefined;
  readonly folder: string;
}

interface LoadedConfig {
  readonly folder: string;
  readonly parsed: ParsedConfig;
}

/**
 * Finds and parses `.toolwire.json` for each checked file: the one given with --config, else the
 * nearest one above the file. Each config file is read and parsed once; its problems are reported
 * once, and an error in one makes the run exit 2 (a broken config is never silently ignored).
 */
export class ConfigResolver {
  private readonly texts = new Map<string, string | undefined | UnreadableFile>();
  private readonly loaded = new Map<string, LoadedConfig>();
  readonly problems: ConfigProblemReport[] = [];

  constructor(private readonly explicitPath: string | undefined) {}

  /**
   * Options for a file with the config they came from (its folder anchors the workspace census),
   * 'ignored', or undefined when the config cannot be read at all.
   */
  optionsFor(filePath: string): ResolvedFile | 'ignored' | undefined {
    const absolute = toSlashes(resolve(filePath));
    const config = this.explicitPath ? this.load(toSlashes(resolve(this.explicitPath)), true) : this.nearest(absolute);
    if (config === null) return undefined;
    if (!config) return { path: absolute, options: {}, config: undefined, folder: toSlashes(dirname(absolute)) };
    const options = optionsForFile(config.parsed.config, relativeTo(config.folder, absolute));
    return options === 'ignored' ? 'ignored' : { path: absolute, options, config: config.parsed.config, folder: config.folder };
  }

  get hasErrors(): boolean {
    return this.problems.some((p) => p.severity === 'error');
  }

  private nearest(absolute: string): LoadedConfig | undefined | null {
    const found = findConfig(absolute, { readFile: (path) => this.read(path) });
    return found ? this.load(found.path, false) : undefined;
  }

  private load(path: string, explicit: boolean): LoadedConfig | null {
    const cached = this.loaded.get(path);
    if (cached) return cached;
    const read = this.read(path);
    if (read === undefined) {
      if (explicit && !this.problems.some((p) => p.path === path)) this.problems.push({ path, line: 1, column: 1, severity: 'error', message: 'cannot read the configuration file' });
      return null;
    }
    // A config that is there but unreadable (permission, a folder, not UTF-8) is an error at its place: exit 2.
    const found = typeof read === 'string' ? { text: read } : { text: read.text ?? '', unreadable: read };
    const parsed = loadConfig(found);
    const lines = new LineIndex(found.text);
    for (const problem of parsed.problems) {
      const at = lines.position(problem.range.start);
      this.problems.push({ path, line: at.line + 1, column: at.character + 1, severity: problem.severity, message: problem.message });
    }
    const config = { folder: toSlashes(dirname(path)), parsed };
    this.loaded.set(path, config);
    return config;
  }

  private read(path: string): string | undefined | UnreadableFile {
    if (!this.texts.has(path)) this.texts.set(path, readConfigFile(path));
    return this.texts.get(path);
  }
}

export function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
