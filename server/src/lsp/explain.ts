import { MCP_CLIENT_CONFIGS } from '../core';
import type { FolderFacts } from '../explain/lines';
import type { ServerContext } from './context';

/** Rounds of reads a folder's description waits for where files arrive asynchronously (the browser). */
const MAX_READ_ROUNDS = 4;

/**
 * Tells each workspace folder's configuration: at start, and when folders, settings or a workspace
 * configuration change (each folder's line appears again only if it changed). Never throws: a
 * failure is logged as one.
 */
export async function explainFolders(context: ServerContext): Promise<void> {
  const { session, settings, runtime, log, logger } = context;
  const round = log.beginFolders();
  try {
    for (const folder of session.workspaceFolders) {
      const current = await settings.forDocument(runtime.pathToUri(folder));
      log.folder(await withReads(context, () => folderFacts(context, folder, current)), round);
    }
  } catch (error) {
    logger.error(
      `toolwire: could not describe the workspace folders: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function folderFacts(context: ServerContext, folder: string, current: FolderFacts['settings']): FolderFacts {
  const { service, workspace } = context;
  // The config that applies to a file at the folder's top, found as a document's would be.
  const config = service.configFor({ path: `${folder}/.toolwire.json`, configBoundary: folder }) ?? undefined;
  const clientConfigs = MCP_CLIENT_CONFIGS.filter((c) => workspace.readFile(`${folder}/${c.path}`) !== undefined);
  return { folder, config, clientConfigs, settings: current };
}

/** `describe` again while the runtime answers reads it could not answer at once (bounded rounds). */
async function withReads<T>(context: ServerContext, describe: () => T): Promise<T> {
  const { runtime, workspace } = context;
  if (!runtime.trackReads) return describe();
  let { value, settled } = runtime.trackReads(describe);
  for (let round = 0; round < MAX_READ_ROUNDS && settled; round++) {
    workspace.arrived(await settled);
    ({ value, settled } = runtime.trackReads(describe));
  }
  return value;
}
