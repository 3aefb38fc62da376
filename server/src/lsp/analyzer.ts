import { MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { staleConfigEntries } from '../configSuppressions';
import type { DocumentResult } from '../core';
import { DocumentAnalyzer, type DocumentState } from '../documentState';
import { IdleWork } from '../idleWork';
import { baseOptions, type ToolwireSettings } from '../settings';
import type { ServerParts } from './context';
import { documentPipeline, type DocumentPipeline } from './pipeline';

/**
 * The analyzer of the server's documents: one analysis per document version through the document
 * pipeline, with the hooks the server adds (config warnings, stale `ignore` entries, the edit log,
 * work ahead while idle).
 */
export function createAnalyzer(parts: ServerParts, onLateReads: (uri: string) => void): DocumentAnalyzer {
  const { runtime, workspace, settings, editLog, logger } = parts;
  const pipeline = documentPipeline(parts, onLateReads);
  const staleEntries = staleEntriesHost(parts, pipeline);
  const workAhead = new IdleWork(runtime.timer, logger);
  return new DocumentAnalyzer(settings, pipeline.analyze, logger, {
    onComputed: told(parts),
    configProblems: (uri, text) => workspace.configDocumentProblems(runtime.uriToPath(uri), text),
    configFindings: (uri, text, current) => staleConfigEntries(staleEntries, uri, text, current),
    edits: (uri, from, to) => editLog.since(uri, from, to),
    onBase: (uri, version) => editLog.trim(uri, version),
    workAhead: (uri, steps) => workAhead.schedule(uri, steps),
  });
}

/** What the server says of a freshly computed state: in its log, and a warning for a broken config. */
function told(parts: ServerParts): (state: DocumentState) => void {
  const warn = configWarnings(parts);
  return (state) => {
    warn(state);
    parts.log.document(state, parts.runtime.uriToPath(state.uri) ?? state.uri);
  };
}

/** Warns once per `.toolwire.json` text that has errors, when a document it applies to is analysed. */
function configWarnings(parts: ServerParts): (state: DocumentState) => void {
  const warnedConfigs = new Set<string>();
  return (state) => {
    if (state.kind !== 'analysis' || !state.config) return;
    const { found, parsed } = state.config;
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    const key = `${found.path}\n${found.text}`;
    if (errors.length === 0 || warnedConfigs.has(key)) return;
    warnedConfigs.add(key);
    // A notification, not showMessageRequest: nothing to answer, and every client supports it.
    void parts.connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: `toolwire: ${found.path} has ${errors.length} problem${errors.length === 1 ? '' : 's'} (first: ${errors[0]!.message}). Its valid settings still apply; open the file to see them all.`,
    });
  };
}

/** What `staleConfigEntries` needs to judge a `.toolwire.json`'s `ignore` entries. */
function staleEntriesHost(parts: ServerParts, pipeline: DocumentPipeline) {
  const { runtime, workspace } = parts;
  return {
    uriToPath: (uri: string) => runtime.uriToPath(uri),
    savedConfig: (path: string) => {
      const read = workspace.readConfig(path);
      return typeof read === 'string' ? read : undefined;
    },
    findFiles: (folder: string, globs: readonly string[]) => workspace.findFiles(folder, globs),
    settle: pipeline.settleReads,
    analyze: async (path: string, current: ToolwireSettings): Promise<DocumentResult> => {
      let text = workspace.readFile(path);
      if (text === undefined) {
        // In a browser the read may only just have been asked for.
        await pipeline.settleReads();
        text = workspace.readFile(path);
      }
      // Never judged as an empty file: an entry is "unknown" where its file cannot be read.
      return text === undefined
        ? { kind: 'unreadable', config: undefined }
        : pipeline.analyze(runtime.pathToUri(path), text, current);
    },
    baseSeverity: (current: ToolwireSettings) => baseOptions(current).severity,
    recordReads: (uri: string, paths: readonly string[]) => workspace.recordDependencies(uri, paths),
  };
}
