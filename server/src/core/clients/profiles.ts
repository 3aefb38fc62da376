import { claudeCode } from './claudeCode';
import { cline } from './cline';
import { codex } from './codex';
import { continueDev } from './continueDev';
import { copilotCli } from './copilotCli';
import { cursor } from './cursor';
import { geminiCli } from './geminiCli';
import { langchainMcp } from './langchainMcp';
import { litellm } from './litellm';
import type { ClientId, ClientProfile } from './model';
import { nativeRuntime } from './nativeRuntime';
import { openaiAgents } from './openaiAgents';
import { vscode } from './vscode';
import { windsurf } from './windsurf';

/** Every client profile, each stamped with the version it models (docs/clients.md). */
export const CLIENTS: Readonly<Record<ClientId, ClientProfile>> = {
  'native-runtime': nativeRuntime,
  vscode,
  'claude-code': claudeCode,
  cursor,
  'gemini-cli': geminiCli,
  codex,
  'openai-agents': openaiAgents,
  'copilot-cli': copilotCli,
  cline,
  continue: continueDev,
  windsurf,
  litellm,
  'langchain-mcp': langchainMcp,
};

export const ALL_CLIENT_IDS = Object.keys(CLIENTS) as ClientId[];

export function isClientId(value: string): value is ClientId {
  return Object.hasOwn(CLIENTS, value);
}
