import { analyzeWithCarry } from '../analyze';
import type { CensusCarry } from '../incremental/carry';
import type { ClientRegistry } from '../clients/census';
import type { ClientId, ClientProfile } from '../clients/profiles';
import { CLIENTS } from '../clients/profiles';
import { findConfig, parentOf, relativeTo, type FoundConfig, type UnreadableFile } from '../config/discover';
import { loadConfig } from '../config/load';
import type { ParsedConfig } from '../config/model';
import { optionsForFile } from '../config/resolve';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { clientContextFor, type WorkspaceHost } from '../workspace/clientContext';
import { clientConfigFolder } from '../workspace/mcpClientConfigs';
import type { ClientContext } from '../workspace/model';
import { modelledBy, type Modelled } from './modelled';
import type { CodeParser } from '../code/syntax';
import { languageOfPath, type SourceLanguage } from '../source';

/**
 * Everything the pipeline reads, injected by the adapter (vscode-markdown-languageservice's
 * IWorkspace): the server answers from open documents and its caches, the CLI from the disk.
 */
export interface ToolwireWorkspace extends WorkspaceHost {
  /**
   * A `.toolwire.json` as it applies (the server: as saved, not an unsaved buffer): its text,
   * undefined when there is none, or why a file that is there cannot be read (a config problem,
   * never a silent walk on to a parent's config). Defaults to `readFile`.
   */
  readConfig?(path: string): string | undefined | UnreadableFile;
}

export interface ToolwireServiceInit {
  readonly workspace: ToolwireWorkspace;
  /**
   * The modelled client profiles (default: the built-in ones). Checked when nobody chose any;
   * a test registers a throwaway client here instead of changing a module's state.
   */
  readonly clients?: readonly ClientProfile[];
}

/** One document to analyse, and what its adapter knows around it. */
export interface DocumentInput {
  /** `/`-separated path; undefined for an untitled or virtual document (no folder around it). */
  readonly path: string | undefined;
  /** The text, or a reader called only when the config does not ignore the file (undefined: unreadable). */
  readonly text: string | (() => string | undefined);
  /**
   * The workspace folder: with no `.toolwire.json`, the census looks for MCP client
   * configurations from the document's folder up to here (`clientConfigFolder`), then uses this
   * folder. None (the CLI): up to the root, then the document's own folder.
   */
  readonly workspaceFolder?: string;
  /** Config discovery walks up from the document to here and no further (default: the root). */
  readonly configBoundary?: string;
  /** `--config`: this file instead of the nearest `.toolwire.json`. */
  readonly configPath?: string;
  /** Editor settings that `.toolwire.json` refines. */
  readonly base?: AnalysisOptions;
  /** Clients asked for by the editor setting or `--client`, when `.toolwire.json` names none. */
  readonly requestedClients?: readonly ClientId[];
  /** The document's syntax (the editor's language id); default: YAML for `.yaml`/`.yml`, else JSON. */
  readonly language?: SourceLanguage;
  /** The editor reads it as JSONC (language id `jsonc`): a suppression is written as a comment. */
  readonly commentsAllowed?: boolean;
  /** Reads source code: the adapter's tree-sitter, its grammar already loaded for this file. */
  readonly code?: CodeParser;
}

export interface LoadedConfig {
  readonly found: FoundConfig;
  readonly parsed: ParsedConfig;
}

export type DocumentResult =
  | {
      readonly kind: 'analysis';
      readonly analysis: Analysis;
      /** The options the analysis ran with (fix-all and rename re-analyse with them). */
      readonly options: AnalysisOptions;
      readonly config: LoadedConfig | undefined;
      /** Other files the client census read (the server refreshes this document when one changes). */
      readonly reads: readonly string[];
      readonly text: string;
      /** The providers and clients the analysis modelled, and where each came from (reports name them). */
      readonly modelled: Modelled;
      /** What the census keeps for the next name edit (an editor keeps it beside the analysis). */
      readonly carry?: CensusCarry;
    }
  | { readonly kind: 'unreadable'; readonly config: LoadedConfig | undefined }
  | { readonly kind: 'ignored'; readonly config: LoadedConfig }
  /** `--config` names a file that cannot be read: nothing is checked with a config that is not there. */
  | { readonly kind: 'config-unreadable'; readonly path: string };

export interface ToolwireService {
  analyzeDocument(input: DocumentInput): DocumentResult;
  /** The config that applies to a path (for config problems and status), or undefined. */
  configFor(input: Pick<DocumentInput, 'path' | 'configBoundary' | 'configPath'>): LoadedConfig | undefined | null;
}

/**
 * Config → options → client context → analysis, once, for every adapter: the
 * CLI and the language server call this with their own workspace, so one folder yields one set
 * of findings whichever reads it. Parsed configs are cached per instance, by path and text.
 */
export function createToolwireService(init: ToolwireServiceInit): ToolwireService {
  const { workspace } = init;
  const profiles: ClientRegistry = init.clients ? Object.fromEntries(init.clients.map((p) => [p.id, p])) : CLIENTS;
  const allClients = Object.keys(profiles) as ClientId[];
  const withProfiles = (context: ClientContext): ClientContext => (init.clients ? { ...context, profiles } : context);
  const parsedConfigs = new Map<string, { readonly found: FoundConfig; readonly parsed: ParsedConfig }>();
  const readConfig = (path: string) => (workspace.readConfig ? workspace.readConfig(path) : workspace.readFile(path));
  const parse = (found: FoundConfig): ParsedConfig => {
    const cached = parsedConfigs.get(found.path);
    if (cached && cached.found.text === found.text && cached.found.unreadable?.error === found.unreadable?.error)
      return cached.parsed;
    const parsed = loadConfig(found);
    parsedConfigs.set(found.path, { found, parsed });
    return parsed;
  };

  /** undefined: no config; null: the explicit one cannot be read. */
  const configFor: ToolwireService['configFor'] = (input) => {
    if (input.configPath !== undefined) {
      const read = readConfig(input.configPath);
      if (read === undefined) return null;
      const folder = parentOf(input.configPath);
      const found: FoundConfig =
        typeof read === 'string'
          ? { path: input.configPath, folder, text: read }
          : { path: input.configPath, folder, text: read.text ?? '', unreadable: read };
      return { found, parsed: parse(found) };
    }
    if (input.path === undefined) return undefined;
    const found = findConfig(input.path, { readFile: readConfig }, input.configBoundary);
    return found ? { found, parsed: parse(found) } : undefined;
  };

  return {
    configFor,
    analyzeDocument(input) {
      const config = configFor(input);
      if (config === null) return { kind: 'config-unreadable', path: input.configPath ?? '' };
      const base = input.base ?? {};
      const resolved =
        config && input.path !== undefined
          ? optionsForFile(config.parsed.config, relativeTo(config.found.folder, input.path), base)
          : base;
      if (resolved === 'ignored') return { kind: 'ignored', config: config! };
      const text = typeof input.text === 'function' ? input.text() : input.text;
      if (text === undefined) return { kind: 'unreadable', config };
      const reads: string[] = [];
      const { path } = input;
      // The context the analysis asked for, if it did (kept for `modelled`).
      let used: ClientContext | undefined;
      const readClients = (): ClientContext => {
        if (path === undefined) {
          // An untitled document has no folder around it: the clients asked for, and no server name.
          const asked = input.requestedClients ?? [];
          return withProfiles(
            asked.length > 0
              ? { enabled: asked, clientSource: 'requested' }
              : { enabled: allClients, byDefault: true, clientSource: 'default' },
          );
        }
        const folder =
          config?.found.folder ??
          clientConfigFolder(path, workspace, input.workspaceFolder) ??
          input.workspaceFolder ??
          parentOf(path);
        const context = clientContextFor(
          { path, folder, config: config?.parsed.config, requestedClients: input.requestedClients ?? [], allClients },
          workspace,
        );
        reads.push(...(context.others ?? []).map((o) => o.file));
        return withProfiles(context);
      };
      // Called only when the document is an MCP tool file (other files never read the workspace),
      // and read once: a name edit's re-census (core/incremental) runs with these options again,
      // and the workspace is the same until the adapter's epoch changes (which reruns all this).
      const clients = (): ClientContext => (used ??= readClients());
      const commentsAllowed = input.commentsAllowed === true || allowsComments(path);
      const options: AnalysisOptions = {
        ...resolved,
        language: input.language ?? languageOfPath(path),
        clients,
        ...(commentsAllowed ? { commentsAllowed } : {}),
        ...(input.code ? { code: input.code } : {}),
      };
      const { analysis, carry } = analyzeWithCarry(text, options);
      const modelled = modelledBy({
        requests: analysis.requests,
        options,
        base,
        config: config?.parsed.config,
        configPath: config?.found.path,
        clients: used,
      });
      return { kind: 'analysis', analysis, options, config, reads, text, modelled, carry };
    },
  };
}

/** `.jsonc`, and the files editors read as JSONC (`.vscode/*.json`: settings, mcp.json). */
function allowsComments(path: string | undefined): boolean {
  return path !== undefined && (/\.jsonc$/i.test(path) || /(^|\/)\.vscode\/[^/]+\.json$/i.test(path));
}
