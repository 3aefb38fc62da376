import { claudeCode } from './claudeCode';
import { codex } from './codex';
import { cursor } from './cursor';
import { geminiCli } from './geminiCli';
import type { ClientId, ClientProfile } from './model';
import { nativeRuntime } from './nativeRuntime';
import { openaiAgents } from './openaiAgents';
import { vscode } from './vscode';

/** Every client profile, each stamped with the version it models (docs/clients.md). */
export const CLIENTS: Readonly<Record<ClientId, ClientProfile>> = {
  'native-runtime': nativeRuntime,
  vscode,
  'claude-code': claudeCode,
  cursor,
  'gemini-cli': geminiCli,
  codex,
  'openai-agents': openaiAgents,
};

export const ALL_CLIENT_IDS = Object.keys(CLIENTS) as ClientId[];

export function isClientId(value: string): value is ClientId {
  return Object.prototype.hasOwnProperty.call(CLIENTS, value);
}
