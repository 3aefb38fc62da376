import { isAbsolute, relative, resolve } from 'node:path';
import { analyze, clientContextFor, type Analysis, type ClientId } from '../../server/src/core';
import type { InvalidUtf8 } from '../../server/src/node/files';
import { ConfigResolver, toSlashes } from './configs';
import { collectFiles } from './files';
import { InputLog } from './inputLog';
import { Progress } from './progress';
import { CliWorkspace } from './workspaceHost';

export interface AnalysedFile {
  /** As shown to the user: relative to the working folder when inside it. */
  readonly display: string;
  readonly absolute: string;
  readonly text: string;
  readonly analysis: Analysis;
  /** Where the file stops being UTF-8, when it does (reported as invalid-json). */
  readonly invalidUtf8?: InvalidUtf8;
}

export interface RunInput {
  readonly paths: readonly string[];
  readonly config: string | undefined;
  readonly clients: readonly ClientId[];
  readonly cwd: string;
  readonly stderr: NodeJS.WriteStream;
  readonly verbose: boolean;
  readonly maxFileBytes: number;
}

export interface RunResult {
  readonly files: readonly AnalysedFile[];
  readonly configs: ConfigResolver;
  readonly ioError: boolean;
  readonly workspace: CliWorkspace;
}

/**
 * The part `check` and `census` share: expand the paths, resolve each file's config, build its
 * client census from the workspace around it, analyse it. I/O errors (unreadable, too large, a
 * special file named) are reported on stderr and remembered (exit 2), never thrown; skipped paths
 * and files without tools are listed with --verbose (InputLog).
 */
export function analyzeFiles(input: RunInput): RunResult {
  const { files, errors, skipped } = collectFiles(input.paths);
  let ioError = errors.length > 0;
  for (const message of errors) input.stderr.write(`toolwire: ${message}\n`);
  const inputs = new InputLog(input.stderr, input.maxFileBytes, input.verbose, (path) => displayPath(path, input.cwd));
  for (const entry of skipped) inputs.skip(entry);
  const configs = new ConfigResolver(input.config);
  const workspace = new CliWorkspace();
  const progress = new Progress(files.length, input.stderr);
  const analysed: AnalysedFile[] = [];
  files.forEach((file, i) => {
    const resolved = configs.optionsFor(file);
    if (resolved === 'ignored') inputs.ignored(file);
    else if (resolved !== undefined) {
      const text = inputs.read(file);
      if (text === undefined) ioError = true;
      else {
        // Called only when the file is an MCP tool file: other files never read the workspace.
        const clients = () => clientContextFor({ path: resolved.path, folder: resolved.folder, config: resolved.config, requestedClients: input.clients }, workspace);
        const options = { ...resolved.options, clients };
        const analysis = analyze(text, options);
        inputs.analysed(file, text, analysis);
        const invalidUtf8 = inputs.invalidUtf8(file);
        analysed.push({ display: displayPath(file, input.cwd), absolute: resolved.path, text, analysis, ...(invalidUtf8 ? { invalidUtf8 } : {}) });
      }
    }
    progress.tick(i + 1);
  });
  inputs.finish();
  return { files: analysed, configs, ioError, workspace };
}

/** Relative to the working folder when inside it, with `/` separators for stable output. */
export function displayPath(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const rel = relative(cwd, absolute);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
  return toSlashes(shown);
}
