import {
  CLIENTS,
  FORMATS,
  LANGUAGE_IDS,
  PROVIDERS,
  type LoadedConfig,
  type Modelled,
  type ModelledClients,
  type ModelledProviders,
} from '../core';
import type { DocumentState } from '../documentState';
import { DEFAULT_SETTINGS, type ToolwireSettings } from '../settings';

/**
 * The lines the server writes to the editor's log (`window/logMessage`, the **toolwire** output
 * channel in VS Code): what it is, what each folder configures, what each file was checked
 * against and who chose it, and which files it skipped and why. Every fact comes from the core's
 * tables and the pipeline's `Modelled`; this file only words them.
 */

/** What `initialize` told about the editor and the server. */
export interface StartFacts {
  readonly version: string;
  /** Where the server runs (`Node v20.19.2`, `web worker`). */
  readonly runtime: string | undefined;
  readonly client: { readonly name: string; readonly version?: string } | undefined;
  readonly pull: boolean;
  readonly folders: readonly string[];
}

export function startLines(facts: StartFacts): string[] {
  const client = facts.client
    ? `${facts.client.name}${facts.client.version ? ` ${facts.client.version}` : ''}`
    : 'an editor that gave no name';
  const providers = Object.values(PROVIDERS).map((p) => `${p.id} (${p.label})`);
  const clients = Object.values(CLIENTS).map((c) => `${c.id} (${c.label}, ${c.version})`);
  return [
    `toolwire ${facts.version} language server${facts.runtime ? ` on ${facts.runtime}` : ''}, for ${client}; diagnostics ${facts.pull ? 'pulled by the editor' : 'published by the server'}`,
    `workspace folders: ${facts.folders.length > 0 ? facts.folders.join(', ') : 'none (files are checked one by one)'}`,
    `providers modelled (${providers.length}): ${providers.join('; ')}`,
    `MCP clients modelled (${clients.length}): ${clients.join('; ')}`,
  ];
}

/** What a folder holds and sets, read when it is told. */
export interface FolderFacts {
  readonly folder: string;
  /** The `.toolwire.json` that applies at the folder's top, if any. */
  readonly config: LoadedConfig | undefined;
  /** The MCP client configurations found in the folder, with the client each enables (none: Claude Desktop's). */
  readonly clientConfigs: ReadonlyArray<{ readonly path: string; readonly client: string | undefined }>;
  readonly settings: ToolwireSettings;
}

export function folderLine(facts: FolderFacts): string {
  const { folder, config, clientConfigs, settings } = facts;
  const parts = [
    config ? configText(config) : 'no .toolwire.json (the editor settings apply)',
    `MCP client configurations: ${
      clientConfigs.length === 0
        ? 'none'
        : clientConfigs.map((c) => `${c.path} (${c.client ?? 'enables no modelled client'})`).join(', ')
    }`,
    settingsText(settings),
  ];
  return `folder ${folder}: ${parts.join('; ')}`;
}

function configText(loaded: LoadedConfig): string {
  const { config, problems } = loaded.parsed;
  const sets = [
    config.targets ? `targets ${listOrNone(config.targets)}` : undefined,
    config.clients ? `clients ${listOrNone(config.clients)}` : undefined,
    config.servers ? `servers ${listOrNone(Object.keys(config.servers))}` : undefined,
    config.overrides ? `${config.overrides.length} override${config.overrides.length === 1 ? '' : 's'}` : undefined,
    config.ignore || config.suppressions ? 'ignore entries' : undefined,
  ].filter((s): s is string => s !== undefined);
  const unreadable = loaded.found.unreadable ? `, unreadable: ${loaded.found.unreadable.error}` : '';
  const count = problems.length > 0 ? `, ${problems.length} problem${problems.length === 1 ? '' : 's'}` : '';
  return `config ${loaded.found.path} (${sets.length > 0 ? sets.join(', ') : 'sets no providers or clients'}${count}${unreadable})`;
}

/** The editor settings that decide what is checked, each as set or as its default. */
function settingsText(settings: ToolwireSettings): string {
  const languages =
    settings.languages.length === LANGUAGE_IDS.length ? 'every language' : listOrNone(settings.languages);
  return [
    settings.enable ? `checks ${languages} (toolwire.languages)` : 'turned off (toolwire.enable)',
    `providers ${settings.providers ? settings.providers.join(', ') : 'not set'} (toolwire.providers)`,
    `clients ${settings.clients.length > 0 ? settings.clients.join(', ') : 'not set'} (toolwire.clients)`,
    ...(settings.maxFileSizeMB !== DEFAULT_SETTINGS.maxFileSizeMB
      ? [`files over ${settings.maxFileSizeMB} MB skipped (toolwire.maxFileSize)`]
      : []),
  ].join(', ');
}

/**
 * What the log says of one document's state: what its tools were checked against and why, or why
 * it was skipped; undefined for a file without tools (most JSON and source files) and for
 * `.toolwire.json` itself, which would only be noise.
 */
export function documentLine(state: DocumentState, shown: string): string | undefined {
  switch (state.kind) {
    case 'analysis': {
      const { analysis, modelled } = state;
      if (analysis.format === null || modelled.providers.length === 0) return undefined;
      // No tool count: the line is about what was modelled, and typing a tool must not repeat it.
      return `${shown}: ${FORMATS[analysis.format].label}; ${modelledText(modelled)}`;
    }
    case 'disabled':
    case 'ignored':
    case 'too-large':
    case 'failed':
      return `skipped ${shown}: ${state.detail}`;
    case 'config-file':
      return undefined;
  }
}

/** The providers and clients one document was checked against, each with who chose it. */
export function modelledText(modelled: Modelled): string {
  const providers = modelled.providers.map((p) => providersText(p, modelled)).join(' | ');
  return `providers ${providers}${modelled.clients ? `; clients ${clientsText(modelled.clients, modelled)}` : ''}`;
}

function providersText(p: ModelledProviders, modelled: Modelled): string {
  const why =
    p.source === 'request-body'
      ? "the request body's own provider"
      : p.source === 'config'
        ? `targets in ${modelled.configPath ?? '.toolwire.json'}`
        : p.source === 'requested'
          ? 'setting toolwire.providers'
          : 'default: no provider chosen';
  return `${listOrNone(p.ids)} (${why})`;
}

function clientsText(c: ModelledClients, modelled: Modelled): string {
  if (c.source === 'default')
    return `every modelled client, ${listOrNone(c.ids)} (default: none chosen in .toolwire.json or toolwire.clients, no MCP client configuration in the folder)`;
  const why =
    c.source === 'config'
      ? `clients in ${modelled.configPath ?? '.toolwire.json'}`
      : c.source === 'requested'
        ? 'setting toolwire.clients'
        : `configured in ${listOrNone(c.files ?? [])}`;
  return `${listOrNone(c.ids)} (${why})`;
}

function listOrNone(ids: readonly string[]): string {
  return ids.length === 0 ? 'none' : ids.join(', ');
}
