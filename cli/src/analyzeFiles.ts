import { isAbsolute, relative, resolve } from 'node:path';
import {
  createToolwireService,
  grammarOf,
  hasTriggerImport,
  isCodeLanguage,
  languageOfPath,
  LineIndex,
  looksLikeToolDefinitions,
  type Analysis,
  type AnalysisOptions,
  type ClientId,
  type CodeParser,
  type DocumentInput,
  type LoadedConfig,
  type Modelled,
} from '../../server/src/core';
import { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { ProjectLibraries } from '../../server/src/node/projectLibraries';
import { ProjectConstants } from '../../server/src/node/projectConstants';
import { ProjectWrappers } from '../../server/src/node/projectWrappers';
import { nodeWasmLoader } from '../../server/src/node/wasm';
import type { InvalidUtf8 } from '../../server/src/node/files';
import { toSlashes, type ConfigProblemReport } from './configs';
import { collectFiles } from './files';
import { InputLog } from './inputLog';
import { Progress } from './progress';
import { readStdin } from './stdin';
import { CliWorkspace } from './workspaceHost';

export interface AnalysedFile {
  /** As shown to the user: relative to the working folder when inside it. */
  readonly display: string;
  readonly absolute: string;
  readonly text: string;
  readonly analysis: Analysis;
  /** What the pipeline modelled for it, and who chose (the report's first line). */
  readonly modelled: Modelled;
  /** Where the file stops being UTF-8, when it does (reported as invalid-json). */
  readonly invalidUtf8?: InvalidUtf8;
  /** The options it was analysed with, and the other files its census read (`fix` reuses both). */
  readonly options: AnalysisOptions;
  readonly reads: readonly string[];
}

interface RunInput {
  readonly paths: readonly string[];
  readonly config: string | undefined;
  readonly clients: readonly ClientId[];
  readonly cwd: string;
  readonly stderr: NodeJS.WriteStream;
  readonly verbose: boolean;
  readonly maxFileBytes: number;
  /** `--hints`: the codes off by default (renamed-on-wire) reported, as hints. */
  readonly hints?: boolean | undefined;
  /** What `-` reads (default: the process's standard input). */
  readonly stdin?: NodeJS.ReadableStream | undefined;
  /** The path `-` is checked as; default `<stdin>` in the working folder. */
  readonly stdinFilename?: string | undefined;
}

/** The name standard input is checked and shown as without `--stdin-filename`. */
const STDIN_NAME = '<stdin>';

interface RunResult {
  readonly files: readonly AnalysedFile[];
  /** Problems of every config a file used, each reported once. */
  readonly configProblems: readonly ConfigProblemReport[];
  readonly hasConfigErrors: boolean;
  /** Every config a file used, once (their `ignore` entries are judged across the run). */
  readonly configs: readonly LoadedConfig[];
  readonly ioError: boolean;
  readonly workspace: CliWorkspace;
  /** Broken files a folder walk found that do not look like tool definitions: not reported (a notice). */
  readonly brokenSkipped: number;
}

/**
 * The part `check` and `census` share: expand the paths, and run each file through the core's
 * one pipeline (config, options, client context, analysis: what the language server runs too),
 * each file's config and MCP client configurations found from its own path upward, never from
 * the working folder. I/O errors (unreadable, too large, a special file named) are reported on
 * stderr and remembered (exit 2), never thrown; skipped paths and files without tools are listed
 * with --verbose (InputLog).
 */
export async function analyzeFiles(input: RunInput): Promise<RunResult> {
  const { files, walked, errors, skipped } = collectFiles(input.paths);
  let ioError = errors.length > 0;
  for (const message of errors) input.stderr.write(`toolwire: ${message}\n`);
  // `-` is standard input, checked as --stdin-filename: its config, clients and language are that path's.
  const named = (file: string) => (file === '-' ? (input.stdinFilename ?? STDIN_NAME) : file);
  const shown = (file: string) => displayPath(named(file), input.cwd);
  const inputs = new InputLog(input.stderr, input.maxFileBytes, input.verbose, shown);
  const stdin = files.includes('-') ? await readStdin(input.stdin ?? process.stdin, input.maxFileBytes) : undefined;
  for (const entry of skipped) inputs.skip(entry);
  const workspace = new CliWorkspace();
  const service = createToolwireService({ workspace });
  const configs = new ConfigProblems();
  const configPath = input.config === undefined ? undefined : toSlashes(resolve(input.cwd, input.config));
  const progress = new Progress(files.length, input.stderr);
  const analysed: AnalysedFile[] = [];
  // tree-sitter and a grammar load on the first source file that imports a known library.
  const parsers = new TreeSitterParsers(nodeWasmLoader(), (message) => input.stderr.write(`${message}\n`));
  workspace.code = parsers.parserFor('other files');
  const projects = new ProjectLibraries();
  // Its trees are kept under the paths `parserOf` parses with: each file is parsed once.
  const wrappers = new ProjectWrappers(projects, (path) => path);
  const constants = new ProjectConstants();
  const readInput = (file: string, absolute: string): string | undefined => {
    if (file !== '-' || stdin === undefined) return inputs.read(file);
    const value = inputs.accept(file, stdin);
    // Other files' censuses and the report read it by its path, never from the disk.
    if (value !== undefined) workspace.provide(absolute, value);
    return value;
  };
  for (const [i, file] of files.entries()) {
    const absolute = toSlashes(resolve(input.cwd, named(file)));
    let text: { value: string | undefined } | undefined;
    const read = () => (text ??= { value: readInput(file, absolute) }).value;
    const code = await parserOf({
      file,
      absolute,
      read,
      inputs,
      parsers,
      projects,
      wrappers,
      constants,
      say: (line) => input.stderr.write(line),
      shown,
    });
    const result = service.analyzeDocument(documentInput(absolute, read, configPath, input.clients, input.hints, code));
    if (result.kind === 'config-unreadable') configs.unreadable(result.path);
    else configs.add(result.config);
    if (result.kind === 'unreadable') ioError = true;
    if (result.kind === 'ignored') inputs.ignored(file);
    const invalidUtf8 = inputs.invalidUtf8(file);
    if (result.kind === 'analysis' && walked.has(file) && brokenAndNotTools(result.analysis, result.text, invalidUtf8))
      inputs.brokenNotTools(file, result.analysis);
    else if (result.kind === 'analysis') {
      inputs.analysed(file, result.text, result.analysis);
      analysed.push({
        display: shown(file),
        absolute,
        text: result.text,
        analysis: result.analysis,
        options: result.options,
        reads: result.reads,
        modelled: result.modelled,
        ...(invalidUtf8 ? { invalidUtf8 } : {}),
      });
    }
    parsers.forget(absolute);
    progress.tick(i + 1);
  }
  // The parsers stay loaded: `fix` re-analyses source files with them (each file's tree was freed
  // above), and the process ends with the command.
  inputs.finish();
  return {
    files: analysed,
    configProblems: configs.problems,
    configs: configs.loaded,
    hasConfigErrors: configs.problems.some((p) => p.severity === 'error'),
    ioError,
    workspace,
    brokenSkipped: inputs.brokenSkipped,
  };
}

/**
 * A data file that is not valid JSON, JSON Lines or YAML (or UTF-8) in which nothing was
 * recognised, and whose readable part does not look like tool definitions either: a template or a
 * broken fixture that a folder walk met. Named on the command line it is still an error.
 */
function brokenAndNotTools(analysis: Analysis, text: string, invalidUtf8: InvalidUtf8 | undefined): boolean {
  if (analysis.documentKind === 'code' || analysis.format !== null || analysis.tools.length > 0) return false;
  if (analysis.syntaxProblems.length === 0 && invalidUtf8 === undefined) return false;
  return looksLikeToolDefinitions(text, analysis.documentKind === 'yaml' ? 'yaml' : 'json') === undefined;
}

/** What `parserOf` needs around one file. */
interface ParserInput {
  readonly file: string;
  readonly absolute: string;
  readonly read: () => string | undefined;
  readonly inputs: InputLog;
  readonly parsers: TreeSitterParsers;
  readonly projects: ProjectLibraries;
  readonly wrappers: ProjectWrappers;
  readonly constants: ProjectConstants;
  readonly say: (line: string) => void;
  readonly shown: (file: string) => string;
}

/**
 * The code parser for one file, its grammar loaded first when a source file (or its package)
 * names a known library. Source that is not valid UTF-8 (a binary file named .py, say) is already
 * an invalid-json error; tree-sitter would spend seconds per megabyte on it and find nothing, so
 * it gets none.
 */
async function parserOf(at: ParserInput): Promise<CodeParser | undefined> {
  const language = languageOfPath(at.absolute);
  if (!isCodeLanguage(language)) return at.parsers.parserFor(at.absolute, []);
  // A file whose package depends on a known library is read even when it imports none itself.
  const project = at.projects.of(at.absolute, language);
  const source = at.read();
  const invalid = source === undefined ? undefined : at.inputs.invalidUtf8(at.file);
  if (invalid) {
    at.say(
      `toolwire: ${at.shown(at.file)}: not valid UTF-8 (byte offset ${invalid.byteOffset}); not parsed as source code\n`,
    );
    return undefined;
  }
  // The wrappers its project defines in other files (scanned once per project and run).
  const wrappers = await at.wrappers.of(at.absolute, language, source, at.parsers);
  if (source !== undefined && hasTriggerImport(source, language, project, wrappers))
    await at.parsers.load(grammarOf(language));
  return at.parsers.parserFor(
    at.absolute,
    project,
    wrappers,
    at.constants.lookupFor(at.absolute, language, source, at.parsers),
  );
}

/** One file as the pipeline takes it (`fix` re-analyses files with exactly this input). */
export function documentInput(
  absolute: string,
  text: DocumentInput['text'],
  configPath: string | undefined,
  clients: readonly ClientId[],
  hints: boolean | undefined,
  code?: CodeParser,
): DocumentInput {
  return {
    path: absolute,
    text,
    ...hintsBase(hints),
    ...(code ? { code } : {}),
    // No workspace folder: `.toolwire.json` and MCP client configurations are found from the file
    // upward, as the editor finds them, so the result does not depend on where the CLI runs.
    ...(configPath !== undefined ? { configPath } : {}),
    requestedClients: clients,
  };
}

/**
 * `--hints` as the editor's settings would say it: renamed-on-wire (off by default: the editor
 * shows wire names as inlay hints) at hint severity. A `.toolwire.json` severity for it still
 * wins, as it refines the editor's settings.
 */
export function hintsBase(hints: boolean | undefined): Pick<DocumentInput, 'base'> {
  return hints ? { base: { severity: { 'renamed-on-wire': 'hint' } } } : {};
}

/** Each config's problems once, with 1-based line and column. */
class ConfigProblems {
  readonly problems: ConfigProblemReport[] = [];
  readonly loaded: LoadedConfig[] = [];
  private readonly seen = new Set<string>();

  add(config: LoadedConfig | undefined): void {
    if (!config || this.seen.has(config.found.path)) return;
    this.seen.add(config.found.path);
    this.loaded.push(config);
    const lines = new LineIndex(config.found.text);
    for (const problem of config.parsed.problems) {
      const at = lines.position(problem.range.start);
      this.problems.push({
        path: config.found.path,
        line: at.line + 1,
        column: at.character + 1,
        severity: problem.severity,
        message: problem.message,
      });
    }
  }

  unreadable(path: string): void {
    if (this.seen.has(path)) return;
    this.seen.add(path);
    this.problems.push({ path, line: 1, column: 1, severity: 'error', message: 'cannot read the configuration file' });
  }
}

/** Relative to the working folder when inside it, with `/` separators for stable output. */
export function displayPath(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const rel = relative(cwd, absolute);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
  return toSlashes(shown);
}
