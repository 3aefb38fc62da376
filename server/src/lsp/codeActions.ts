import { parentOf, relativeTo, type LoadedConfig } from '../core';
import { fixAllActions, quickFixes } from '../features/codeActions';
import { suppressActions, type ConfigLocation } from '../features/suppress';
import { safe } from '../safe';
import { analysisOf, innermostFolder, versionedEdits, type ServerContext } from './context';

/** Quick fixes, fix-all and suppressions, each proven on the document version the request names. */
export function registerCodeActions(context: ServerContext): void {
  const { connection, logger, documents, session } = context;
  connection.onCodeAction(
    safe(logger, 'code actions', [], async (params) => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      const found = await analysisOf(context, params.textDocument.uri);
      // Stale request (the user typed on): no fix can be proven on text that moved on.
      if (!found || documents.get(params.textDocument.uri)?.version !== document.version) return [];
      const versioned = versionedEdits(context);
      const fixes = quickFixes(document, params, found.state.options, found.state.index, versioned);
      const { state } = found;
      const suppressions = suppressActions(document, params, {
        options: state.options,
        index: state.index,
        config: () => configLocation(context, document.uri, state.config),
        versionedEdits: versioned,
        canCreateFiles:
          session.capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create') === true && versioned,
      });
      return [
        ...fixes,
        ...fixAllActions(document, params, found.state.options, found.state.index, versioned),
        ...suppressions,
      ];
    }),
  );
}

/** The `.toolwire.json` a suppression entry for this document goes in (created when there is none). */
function configLocation(
  context: ServerContext,
  uri: string,
  config: LoadedConfig | undefined,
): ConfigLocation | undefined {
  const { runtime, documents, session } = context;
  const path = runtime.uriToPath(uri);
  if (path === undefined || config?.found.unreadable) return undefined;
  const folder = config?.found.folder ?? innermostFolder(session.workspaceFolders, path) ?? parentOf(path);
  const configUri = runtime.pathToUri(config?.found.path ?? `${folder}/.toolwire.json`);
  const open = documents.get(configUri);
  return {
    uri: configUri,
    relativePath: relativeTo(folder, path),
    text: open ? open.getText() : config?.found.text,
    version: open ? open.version : null,
  };
}
