import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { analyze, clientContextFor, type Analysis, type ClientId } from '../../server/src/core';
import { ConfigResolver, toSlashes } from './configs';
import { collectFiles, describeError } from './files';
import { Progress } from './progress';
import { CliWorkspace } from './workspaceHost';

export interface AnalysedFile {
  /** As shown to the user: relative to the working folder when inside it. */
  readonly display: string;
  readonly absolute: string;
  readonly text: string;
  readonly analysis: Analysis;
}

export interface RunInput {
  readonly paths: readonly string[];
  readonly config: string | undefined;
  readonly clients: readonly ClientId[];
  readonly cwd: string;
  readonly stderr: NodeJS.WriteStream;
}

export interface RunResult {
  readonly files: readonly AnalysedFile[];
  readonly configs: ConfigResolver;
  readonly ioError: boolean;
  readonly workspace: CliWorkspace;
}

/**
 * The part `check` and `census` share: expand the paths, resolve each file's config, build its
 * client census from the workspace around it, analyse it. I/O errors are reported on stderr and
 * remembered (exit 2), never thrown.
 */
export function analyzeFiles(input: RunInput): RunResult {
  const { files, errors } = collectFiles(input.paths);
  let ioError = errors.length > 0;
  for (const message of errors) input.stderr.write(`toolwire: ${message}\n`);
  const configs = new ConfigResolver(input.config);
  const workspace = new CliWorkspace();
  const progress = new Progress(files.length, input.stderr);
  const analysed: AnalysedFile[] = [];
  files.forEach((file, i) => {
    const resolved = configs.optionsFor(file);
    if (resolved !== 'ignored' && resolved !== undefined) {
      const text = readText(file, input.stderr);
      if (text === undefined) ioError = true;
      else {
        // Called only when the file is an MCP tool file: other files never read the workspace.
        const clients = () => clientContextFor({ path: resolved.path, folder: resolved.folder, config: resolved.config, requestedClients: input.clients }, workspace);
        const options = { ...resolved.options, clients };
        analysed.push({ display: displayPath(file, input.cwd), absolute: resolved.path, text, analysis: analyze(text, options) });
      }
    }
    progress.tick(i + 1);
  });
  return { files: analysed, configs, ioError, workspace };
}

function readText(file: string, stderr: NodeJS.WriteStream): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    // Editors drop a UTF-8 BOM; do the same so columns match what the user sees.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    stderr.write(`toolwire: ${file}: ${describeError(error)}\n`);
    return undefined;
  }
}

/** Relative to the working folder when inside it, with `/` separators for stable output. */
export function displayPath(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const rel = relative(cwd, absolute);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
  return toSlashes(shown);
}
