import type { Connection } from 'vscode-languageserver';
import {
  DERIVATION_IDS,
  FINDING_CODES,
  isClientId,
  LANGUAGE_IDS,
  languageOfPath,
  syntaxOfLanguageId,
  isProviderId,
  type AnalysisOptions,
  type ClientId,
  type DerivationId,
  type FindingCode,
  type ProviderId,
  type SeveritySetting,
} from './core';

/** The `toolwire.*` editor settings, resolved per resource (multi-root folders may differ). */
export interface ToolwireSettings {
  readonly enable: boolean;
  readonly providers: readonly ProviderId[] | undefined;
  readonly derivation: DerivationId | 'auto';
  readonly reservedNames: readonly string[];
  readonly severity: Readonly<Partial<Record<FindingCode, SeveritySetting>>>;
  /** Documents larger than this (in MB) get one message instead of an analysis. */
  readonly maxFileSizeMB: number;
  readonly inlayHints: boolean;
  /** MCP clients to model, as each rewrites tool names its own way; empty: the ones configured in the workspace. */
  readonly clients: readonly ClientId[];
  /** The editor language ids checked (`toolwire.languages`); default: every id of the core's `LANGUAGES`. */
  readonly languages: readonly string[];
}

export const DEFAULT_SETTINGS: ToolwireSettings = {
  enable: true,
  providers: undefined,
  derivation: 'auto',
  reservedNames: [],
  severity: {},
  // What VS Code syncs to extensions at most: any file the editor hands us is analysed by default.
  maxFileSizeMB: 50,
  inlayHints: true,
  clients: [],
  languages: LANGUAGE_IDS,
};

/**
 * Reads settings with `workspace/configuration` when the client supports it (scoped to the
 * document, like vscode-eslint), caches them per document, and forgets them all on
 * `didChangeConfiguration`. Anything malformed falls back to the default for that key only.
 */
export class SettingsStore {
  private readonly cache = new Map<string, Promise<ToolwireSettings>>();
  private global: ToolwireSettings = DEFAULT_SETTINGS;

  constructor(
    private readonly connection: Connection,
    private readonly pullSupported: () => boolean,
  ) {}

  forDocument(uri: string): Promise<ToolwireSettings> {
    if (!this.pullSupported()) return Promise.resolve(this.global);
    let settings = this.cache.get(uri);
    if (!settings) {
      settings = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'toolwire' })
        .then((raw: unknown) => normalizeSettings(raw))
        .catch(() => DEFAULT_SETTINGS);
      this.cache.set(uri, settings);
    }
    return settings;
  }

  /** didChangeConfiguration: push-style clients send the settings along. */
  changed(pushed: unknown): void {
    this.cache.clear();
    if (pushed && typeof pushed === 'object' && 'toolwire' in pushed)
      this.global = normalizeSettings((pushed as { toolwire: unknown }).toolwire);
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }
}

export function normalizeSettings(raw: unknown): ToolwireSettings {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const providers = Array.isArray(value.providers)
    ? value.providers.filter((p): p is ProviderId => typeof p === 'string' && isProviderId(p))
    : undefined;
  const derivation =
    typeof value.derivation === 'string' && (DERIVATION_IDS as readonly string[]).includes(value.derivation)
      ? (value.derivation as DerivationId)
      : 'auto';
  const severity: Partial<Record<FindingCode, SeveritySetting>> = {};
  if (value.severity && typeof value.severity === 'object') {
    for (const [code, level] of Object.entries(value.severity as Record<string, unknown>)) {
      if (
        (FINDING_CODES as readonly string[]).includes(code) &&
        typeof level === 'string' &&
        ['error', 'warning', 'information', 'hint', 'off'].includes(level)
      ) {
        severity[code as FindingCode] = level as SeveritySetting;
      }
    }
  }
  return {
    enable: typeof value.enable === 'boolean' ? value.enable : DEFAULT_SETTINGS.enable,
    providers: providers && providers.length > 0 ? providers : undefined,
    derivation,
    reservedNames: Array.isArray(value.reservedNames)
      ? value.reservedNames.filter((n): n is string => typeof n === 'string')
      : [],
    severity,
    maxFileSizeMB:
      typeof value.maxFileSize === 'number' && value.maxFileSize > 0
        ? value.maxFileSize
        : DEFAULT_SETTINGS.maxFileSizeMB,
    inlayHints: typeof value.inlayHints === 'boolean' ? value.inlayHints : DEFAULT_SETTINGS.inlayHints,
    clients: Array.isArray(value.clients)
      ? value.clients.filter((c): c is ClientId => typeof c === 'string' && isClientId(c))
      : [],
    languages: Array.isArray(value.languages)
      ? value.languages.filter((id): id is string => typeof id === 'string' && LANGUAGE_IDS.includes(id))
      : DEFAULT_SETTINGS.languages,
  };
}

/**
 * Whether `toolwire.languages` lets a document be checked. Another editor may name a language
 * differently (Helix says `tsx`, Neovim may say `yaml.docker-compose`): an id toolwire does not
 * know is judged by the syntax its path is read with, checked while any id of that syntax is.
 */
export function checksLanguage(settings: ToolwireSettings, languageId: string, uri: string): boolean {
  if (LANGUAGE_IDS.includes(languageId)) return settings.languages.includes(languageId);
  const syntax = languageOfPath(uri.replace(/[?#].*$/, ''));
  return settings.languages.some((id) => syntaxOfLanguageId(id) === syntax);
}

/** Editor settings as the base options that `.toolwire.json` then refines. */
export function baseOptions(settings: ToolwireSettings): AnalysisOptions {
  return {
    ...(settings.derivation !== 'auto' ? { derivation: settings.derivation } : {}),
    ...(settings.providers ? { defaultTargets: settings.providers } : {}),
    ...(settings.reservedNames.length > 0 ? { reservedNames: settings.reservedNames } : {}),
    ...(Object.keys(settings.severity).length > 0 ? { severity: settings.severity } : {}),
  };
}
