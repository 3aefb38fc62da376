import { basename, dirname, resolve, sep } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import {
  readMcpServerEntries,
  type ClientId,
  type McpServerEntry,
  type McpVariableSyntax,
} from '../../../server/src/core';
import type { LiveTarget } from './types';

/** What the variables of a config resolve against: never read here, so tests can pass their own. */
export interface VariableScope {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly workspaceFolder: string | undefined;
  readonly userHome: string;
  /** Values given with `--input id=value` (VS Code's `${input:id}`). */
  readonly inputs: Readonly<Record<string, string>>;
}

type PlannedServer =
  | { readonly name: string; readonly target: LiveTarget }
  | { readonly name: string; readonly skipped: string };

interface McpConfigPlan {
  readonly client: ClientId | undefined;
  readonly servers: readonly PlannedServer[];
  readonly problem?: string;
}

/**
 * The folder a config belongs to: the one holding `.vscode/`, `.cursor/` or `.gemini/`, else the
 * file's own folder (`.mcp.json`, Claude Desktop's file).
 */
export function workspaceFolderOf(configPath: string): string {
  const folder = dirname(resolve(configPath));
  return ['.vscode', '.cursor', '.gemini'].includes(basename(folder)) ? dirname(folder) : folder;
}

/**
 * Turns a config into targets. A server with a variable that cannot be resolved is skipped with the
 * reason, never started half-configured; so is a disabled one, or one `only` leaves out.
 */
export function planMcpConfig(
  path: string,
  text: string,
  scope: VariableScope,
  only: readonly string[] = [],
): McpConfigPlan {
  const read = readMcpServerEntries(path.split(sep).join('/'), text);
  const servers = read.servers
    .filter((s) => only.length === 0 || only.includes(s.name))
    .map((entry) => plan(entry, read.syntax, scope, sseServers(text, read.syntax)));
  return { client: read.client, servers, ...(read.problem !== undefined ? { problem: read.problem } : {}) };
}

/**
 * The servers a client reaches over SSE only: `"type": "sse"` (or `"transport": "sse"`), and for
 * Gemini CLI a `url` with no `httpUrl` (its documented SSE field). The core's entry says only
 * "over HTTP", so the field is read here from the same text.
 */
function sseServers(text: string, syntax: McpVariableSyntax): ReadonlySet<string> {
  const root: unknown = parseJsonc(text, [], { allowTrailingComma: true });
  const out = new Set<string>();
  if (!isRecord(root)) return out;
  for (const key of ['servers', 'mcpServers']) {
    const map = root[key];
    if (!isRecord(map)) continue;
    for (const [name, entry] of Object.entries(map)) {
      if (!isRecord(entry)) continue;
      const type = entry.type ?? entry.transport;
      const geminiSse = syntax === 'gemini-cli' && type === undefined && entry.httpUrl === undefined;
      if (type === 'sse' || (geminiSse && typeof entry.url === 'string')) out.add(name);
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plan(
  entry: McpServerEntry,
  syntax: McpVariableSyntax,
  scope: VariableScope,
  sse: ReadonlySet<string>,
): PlannedServer {
  const { name, launch } = entry;
  if (entry.disabled) return { name, skipped: 'disabled in the configuration' };
  if (launch.kind === 'invalid') return { name, skipped: `cannot be started: ${launch.reason}` };
  const unresolved = new Set<string>();
  const secrets = new Map<string, string>();
  const sub = (value: string) => substitute(value, syntax, scope, unresolved, secrets);
  const subMap = (map: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(map).map(([k, v]) => [k, sub(v)]));
  const resolved: LiveTarget =
    launch.kind === 'stdio'
      ? {
          kind: 'stdio',
          name,
          command: sub(launch.command),
          args: launch.args.map(sub),
          env: subMap(launch.env),
          ...(launch.cwd !== undefined ? { cwd: resolve(scope.workspaceFolder ?? '.', sub(launch.cwd)) } : {}),
        }
      : {
          kind: 'http',
          name,
          url: sub(launch.url),
          headers: subMap(launch.headers),
          ...(sse.has(name) ? { transport: 'sse' as const } : {}),
        };
  // Not enumerable: how the target is written is no part of what is started, so a target compares
  // and serialises as the launch itself, while messages still find the words to print.
  const target: LiveTarget = Object.defineProperties(resolved, {
    shown: { value: launch.kind === 'stdio' ? [launch.command, ...launch.args].join(' ') : launch.url },
    secrets: { value: [...secrets] },
  });
  if (unresolved.size > 0)
    return {
      name,
      skipped: `not started: cannot resolve ${[...unresolved].join(', ')}${[...unresolved].some((v) => v.startsWith('${input:')) ? ' (give it with --input ID=VALUE)' : ''}`,
    };
  return { name, target };
}

/**
 * Replaces the variables the file's client documents; anything it cannot resolve is recorded, and
 * so is each value taken from the environment or an input (`secrets`: value to variable as written).
 */
export function substitute(
  value: string,
  syntax: McpVariableSyntax,
  scope: VariableScope,
  unresolved: Set<string>,
  secrets?: Map<string, string>,
): string {
  if (syntax === 'none') return value;
  const pattern = syntax === 'gemini-cli' ? /\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g : /\$\{([^}]*)\}/g;
  return value.replace(pattern, (whole, braced: string | undefined, bare: string | undefined) => {
    const resolved = resolveVariable(braced ?? bare ?? '', syntax, scope);
    if (resolved === undefined) unresolved.add(whole);
    // A folder or a separator is no secret; an environment variable or an input may be (a token).
    else if (resolved !== '' && !/^(workspaceFolder(Basename)?|userHome|pathSeparator|\/)$/.test(braced ?? bare ?? ''))
      secrets?.set(resolved, whole);
    return resolved ?? whole;
  });
}

function resolveVariable(name: string, syntax: McpVariableSyntax, scope: VariableScope): string | undefined {
  if (syntax === 'claude-code' || syntax === 'gemini-cli') {
    // Claude Code: ${VAR} and ${VAR:-default}; Gemini CLI: $VAR and ${VAR}.
    const fallback = syntax === 'claude-code' ? /^([^:]*):-(.*)$/s.exec(name) : null;
    const value = scope.env[fallback ? fallback[1]! : name];
    return value ?? (fallback ? fallback[2] : undefined);
  }
  if (name.startsWith('env:')) return scope.env[name.slice(4)];
  if (name.startsWith('input:')) return syntax === 'vscode' ? scope.inputs[name.slice(6)] : undefined;
  if (name === 'workspaceFolder') return scope.workspaceFolder;
  if (name === 'workspaceFolderBasename')
    return scope.workspaceFolder === undefined ? undefined : basename(scope.workspaceFolder);
  if (name === 'userHome') return scope.userHome;
  if (name === 'pathSeparator' || name === '/') return sep;
  return undefined;
}
