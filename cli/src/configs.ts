import { dirname, resolve, sep } from 'node:path';
import { readTextFile } from '../../server/src/node/files';
import { findConfig, LineIndex, optionsForFile, parseConfig, relativeTo, type AnalysisOptions, type ParsedConfig, type ToolwireConfig } from '../../server/src/core';

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
  private readonly texts = new Map<string, string | undefined>();
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
    const text = this.read(path);
    if (text === undefined) {
      if (explicit) this.problems.push({ path, line: 1, column: 1, severity: 'error', message: 'cannot read the configuration file' });
      return null;
    }
    const parsed = parseConfig(text);
    const lines = new LineIndex(text);
    for (const problem of parsed.problems) {
      const at = lines.position(problem.range.start);
      this.problems.push({ path, line: at.line + 1, column: at.character + 1, severity: problem.severity, message: problem.message });
    }
    const config = { folder: toSlashes(dirname(path)), parsed };
    this.loaded.set(path, config);
    return config;
  }

  private read(path: string): string | undefined {
    if (!this.texts.has(path)) this.texts.set(path, readTextFile(path));
    return this.texts.get(path);
  }
}

export function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
