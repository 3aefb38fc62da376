import type { Connection } from 'vscode-languageserver';
import { TextDocuments } from 'vscode-languageserver';
import { TreeSitterParsers } from '../code/treeSitter';
import { createToolwireService } from '../core';
import type { Logger } from '../documentState';
import { EditLog } from '../editLog';
import { ServerLog } from '../explain/log';
import type { RuntimeEnvironment } from '../runtime';
import { SettingsStore } from '../settings';
import { ServerWorkspace } from '../workspace';
import { createAnalyzer } from './analyzer';
import type { ClientSession, ServerContext, ServerParts } from './context';
import { reanalyse } from './invalidation';

// Apart from context.ts, which only names the parts: the jobs import the context's type, and
// building it imports the jobs, so one file holding both made an import cycle.
export function createServerContext(connection: Connection, runtime: RuntimeEnvironment): ServerContext {
  const editLog = new EditLog();
  const documents = new TextDocuments(editLog.documents);
  const logger: Logger = { error: (m) => connection.console.error(m), info: (m) => connection.console.info(m) };
  const session: ClientSession = { capabilities: {}, workspaceFolders: [], scheduler: undefined };
  const settings = new SettingsStore(connection, () => session.capabilities.workspace?.configuration === true);
  const workspace = new ServerWorkspace(documents, runtime);
  const service = createToolwireService({ workspace });
  const parsers = runtime.wasm ? new TreeSitterParsers(runtime.wasm, (m) => logger.error(m)) : undefined;
  if (parsers) workspace.code = parsers.parserFor('other files');
  const parts: ServerParts = {
    connection,
    runtime,
    documents,
    editLog,
    logger,
    log: new ServerLog(logger),
    settings,
    workspace,
    service,
    parsers,
    session,
  };
  // Late reads re-analyse a document through the context, which exists by the time any arrive.
  const context: ServerContext = { ...parts, analyzer: createAnalyzer(parts, (uri) => reanalyse(context, uri)) };
  return context;
}
