import type { ClientId } from '../clients/profiles';
import type { ToolwireConfig } from '../config/model';
import { FORMATS } from '../formats/registry';
import type { RequestCensus } from '../model';
import type { ProviderId } from '../profiles/providers';
import type { AnalysisOptions } from '../settings';
import type { ClientContext, ClientSource } from '../workspace/model';

/**
 * Where a request's providers come from: its own format (an OpenAI request body is judged by
 * OpenAI), `.toolwire.json` (`targets` or an override), the editor setting, or the default
 * (`openai`, `anthropic` and `bedrock` together).
 */
export type ProviderSource = 'request-body' | 'config' | 'requested' | 'default';

export interface ModelledProviders {
  readonly ids: readonly ProviderId[];
  readonly source: ProviderSource;
}

export interface ModelledClients {
  readonly ids: readonly ClientId[];
  readonly source: ClientSource;
  /** With `source: 'client-config'`: the MCP client configurations that chose them. */
  readonly files?: readonly string[];
}

/**
 * What one document was checked against, and who decided: a report that does
 * not say which providers and clients it modelled cannot be trusted or argued with. Decided by the
 * pipeline, so no adapter re-derives it.
 */
export interface Modelled {
  /** Each distinct set of providers the document's requests were judged by, in document order. */
  readonly providers: readonly ModelledProviders[];
  /** MCP tool files only: the clients whose census was taken. */
  readonly clients?: ModelledClients;
  /** The `.toolwire.json` that applied, when one did. */
  readonly configPath?: string;
}

interface ModelledInput {
  readonly requests: readonly RequestCensus[];
  /** The options the analysis ran with, and the adapter's before `.toolwire.json` refined them. */
  readonly options: AnalysisOptions;
  readonly base: AnalysisOptions;
  readonly config: ToolwireConfig | undefined;
  readonly configPath: string | undefined;
  /** The client context the analysis used (undefined: not an MCP tool file). */
  readonly clients: ClientContext | undefined;
}

export function modelledBy(input: ModelledInput): Modelled {
  const providers: ModelledProviders[] = [];
  for (const request of input.requests) {
    const entry = { ids: request.targets, source: providerSource(request, input) };
    if (!providers.some((p) => p.source === entry.source && sameIds(p.ids, entry.ids))) providers.push(entry);
  }
  const context = input.clients;
  const clients: ModelledClients | undefined = context && {
    ids: context.enabled,
    source: context.clientSource ?? (context.byDefault ? 'default' : 'requested'),
    ...(context.clientConfigFiles && context.clientConfigFiles.length > 0 ? { files: context.clientConfigFiles } : {}),
  };
  return {
    providers,
    ...(clients ? { clients } : {}),
    ...(input.configPath !== undefined ? { configPath: input.configPath } : {}),
  };
}

/** The same precedence as `settingsForRequest`, told apart by where each value came from. */
function providerSource(request: RequestCensus, input: ModelledInput): ProviderSource {
  const { options, base, config } = input;
  if (options.targets) return options.targets === base.targets ? 'requested' : 'config';
  if (FORMATS[request.format].provider) return 'request-body';
  if (options.defaultTargets) return config?.targets !== undefined ? 'config' : 'requested';
  return 'default';
}

function sameIds<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
