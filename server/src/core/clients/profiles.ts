import { claudeCode } from './claudeCode';
import { cline } from './cline';
import { codex } from './codex';
import { continueDev } from './continueDev';
import { copilotCli } from './copilotCli';
import { cursor } from './cursor';
import { geminiCli } from './geminiCli';
import { langchainMcp } from './langchainMcp';
import { litellm } from './litellm';
import { mastra } from './mastra';
import type { ClientRule } from './model';
import { nativeRuntime } from './nativeRuntime';
import { openaiAgents } from './openaiAgents';
import { openaiAgentsJs } from './openaiAgentsJs';
import { vscode } from './vscode';
import { windsurf } from './windsurf';

/** Every client profile, each stamped with the version it models (docs/clients.md). */
const CLIENT_RULES = {
  'native-runtime': nativeRuntime,
  vscode,
  'claude-code': claudeCode,
  cursor,
  'gemini-cli': geminiCli,
  codex,
  'openai-agents': openaiAgents,
  'openai-agents-js': openaiAgentsJs,
  'copilot-cli': copilotCli,
  cline,
  continue: continueDev,
  windsurf,
  litellm,
  'langchain-mcp': langchainMcp,
  mastra,
} satisfies Record<string, ClientRule>;

/** Every modelled client's id: the registry's keys, so a client is added in one place. */
export type ClientId = keyof typeof CLIENT_RULES;

export interface ClientProfile extends ClientRule {
  readonly id: ClientId;
}

export const CLIENTS: Readonly<Record<ClientId, ClientProfile>> = Object.fromEntries(
  Object.entries(CLIENT_RULES).map(([id, rule]) => [id, { ...rule, id }]),
) as Record<ClientId, ClientProfile>;

export const ALL_CLIENT_IDS = Object.keys(CLIENTS) as ClientId[];

export function isClientId(value: string): value is ClientId {
  return Object.hasOwn(CLIENTS, value);
}
