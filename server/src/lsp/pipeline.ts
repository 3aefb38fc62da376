import {
  grammarOf,
  hasTriggerImport,
  isCodeLanguage,
  languageOfPath,
  syntaxOfLanguageId,
  type CodeParser,
  type DocumentResult,
  type SourceLanguage,
  type WrapperPattern,
} from '../core';
import { baseOptions, type ToolwireSettings } from '../settings';
import { innermostFolder, type ServerParts } from './context';

/** Rounds of reads one analysis waits for where the runtime reads asynchronously (RuntimeEnvironment.settle). */
const MAX_READ_ROUNDS = 6;

/** The document pipeline: one document's text, with the editor's settings, through the core. */
export interface DocumentPipeline {
  analyze(uri: string, text: string, current: ToolwireSettings): Promise<DocumentResult>;
  /** Waits, where the runtime reads asynchronously, for the reads in flight (bounded rounds). */
  settleReads(): Promise<void>;
}

/** How a document is read: the language it is analysed as, and its editor language id. */
interface Reading {
  readonly language: SourceLanguage | undefined;
  readonly languageId: string | undefined;
}

/**
 * `onLateReads` hears of a document whose reads were still in flight after the last round, once
 * they are answered: it must be analysed again in full.
 */
export function documentPipeline(parts: ServerParts, onLateReads: (uri: string) => void): DocumentPipeline {
  const { runtime, workspace } = parts;
  return {
    analyze: (uri, text, current) => analyzeWithReads(parts, { uri, text, current }, onLateReads),
    settleReads: async () => {
      for (let round = 0; round < MAX_READ_ROUNDS; round++) {
        const arrived = await runtime.settle?.();
        if (!arrived) return;
        workspace.arrived(arrived);
      }
    },
  };
}

interface Request {
  readonly uri: string;
  readonly text: string;
  readonly current: ToolwireSettings;
}

/**
 * The pipeline, again while the runtime answers reads it could not answer at once (the browser's
 * client reads): each round reads what the one before found (the configs up the tree and the MCP
 * client configurations, then the files they name). Bounded: a later answer is picked up by the
 * next analysis.
 */
async function analyzeWithReads(
  parts: ServerParts,
  request: Request,
  onLateReads: (uri: string) => void,
): Promise<DocumentResult> {
  const { runtime, workspace, parsers, documents } = parts;
  const { uri, text } = request;
  const reading = readingOf(parts, uri);
  const code = reading.language ?? languageOfPath(runtime.uriToPath(uri));
  // The project's wrappers, from its other files: a call-site file opened alone is read with them.
  const path = runtime.uriToPath(uri);
  const wrappers =
    parsers && isCodeLanguage(code) && path !== undefined && runtime.projectWrappers
      ? await runtime.projectWrappers.of(path, code, text, parsers)
      : [];
  if (parsers && isCodeLanguage(code) && hasTriggerImport(text, code, projectOf(parts, uri, code), wrappers))
    await parsers.load(grammarOf(code));
  // Each round waits for the reads this analysis asked for (not another one's: see trackReads).
  const analyzeTracked = () =>
    runtime.trackReads
      ? runtime.trackReads(() => analyzeOnce(parts, request, reading, wrappers))
      : { value: analyzeOnce(parts, request, reading, wrappers), settled: undefined };
  let { value: result, settled } = analyzeTracked();
  for (let round = 0; round < MAX_READ_ROUNDS && settled; round++) {
    workspace.arrived(await settled);
    ({ value: result, settled } = analyzeTracked());
  }
  // Reads still in flight after the last round: when they are answered, this document is
  // analysed again in full (an edit meanwhile would otherwise reuse this analysis without them).
  const late = settled;
  if (late) {
    void late.then(
      (arrived) => {
        workspace.arrived(arrived);
        if (!documents.get(uri)) return;
        onLateReads(uri);
      },
      () => undefined,
    );
  }
  // A file that is not open (closed meanwhile, or read to judge `.toolwire.json`) keeps no tree.
  if (!documents.get(uri)) parsers?.forget(uri);
  return result;
}

/** A document's code parser: what its package names, the wrappers and the constants its project defines elsewhere. */
function codeParserOf(
  parts: ServerParts,
  uri: string,
  text: string,
  language: SourceLanguage | undefined,
  wrappers: readonly WrapperPattern[],
): CodeParser {
  const parsers = parts.parsers!;
  const path = parts.runtime.uriToPath(uri);
  const code = language ?? (path === undefined ? undefined : languageOfPath(path));
  const constants =
    path !== undefined && isCodeLanguage(code)
      ? parts.runtime.projectConstants?.lookupFor(path, code, text, parsers)
      : undefined;
  return parsers.parserFor(uri, projectOf(parts, uri, code), wrappers, constants);
}

/** What a source document's package manifest names: a helper given the server imports no SDK itself. */
function projectOf(parts: ServerParts, uri: string, language: SourceLanguage | undefined): readonly string[] {
  const path = parts.runtime.uriToPath(uri);
  return path !== undefined && isCodeLanguage(language)
    ? (parts.runtime.projectLibraries?.of(path, language) ?? [])
    : [];
}

function readingOf(parts: ServerParts, uri: string): Reading {
  const languageId = parts.documents.get(uri)?.languageId;
  // A JSON-family id defers to the extension (a `.yaml` file opened as JSON is still YAML);
  // a code or YAML id wins over it (an untitled buffer has no extension).
  const byId = languageId !== undefined ? syntaxOfLanguageId(languageId) : undefined;
  return { language: byId === 'json' ? undefined : byId, languageId };
}

/** The core's one pipeline, as the CLI runs it, with the editor's settings and folders. */
function analyzeOnce(
  parts: ServerParts,
  request: Request,
  reading: Reading,
  wrappers: readonly WrapperPattern[],
): DocumentResult {
  const { runtime, workspace, service, parsers, session } = parts;
  const { uri, text, current } = request;
  const { language, languageId } = reading;
  const path = runtime.uriToPath(uri);
  const folder = path === undefined ? undefined : innermostFolder(session.workspaceFolders, path);
  const result = service.analyzeDocument({
    path,
    text,
    ...(folder !== undefined ? { workspaceFolder: folder, configBoundary: folder } : {}),
    base: baseOptions(current),
    requestedClients: current.clients,
    // The editor's language id wins over the extension (an untitled YAML buffer has none).
    ...(language !== undefined ? { language } : {}),
    ...(languageId === 'jsonc' ? { commentsAllowed: true } : {}),
    ...(parsers ? { code: codeParserOf(parts, uri, text, language, wrappers) } : {}),
  });
  // The census runs inside analyze: what it read is known once the analysis is done.
  if (result.kind === 'analysis') workspace.recordDependencies(uri, result.reads);
  return result;
}
