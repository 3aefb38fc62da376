import type { Connection } from 'vscode-languageserver';
import { registerCapabilities } from './lsp/capabilities';
import { createServerContext } from './lsp/createContext';
import { registerRequestHandlers } from './lsp/handlers';
import { registerInvalidation } from './lsp/invalidation';
import type { RuntimeEnvironment } from './runtime';

/**
 * The LSP adapter: wires the connection to the core. Every handler is stateless over the request
 * and the cached analysis of the document version it names; all state lives in the context
 * created here (no module-level state), so a test can start as many servers as it likes.
 * Each job (`lsp/`) registers its handlers on the one context.
 */
export function startServer(connection: Connection, runtime: RuntimeEnvironment): void {
  const context = createServerContext(connection, runtime);
  registerCapabilities(context);
  registerInvalidation(context);
  registerRequestHandlers(context);
  context.documents.listen(connection);
  connection.listen();
}
