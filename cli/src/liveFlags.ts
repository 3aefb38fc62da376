import type { LiveTarget } from './live/listTools';

/** The longest delay a Node timer keeps (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEFAULT_TIMEOUT_SECONDS = 30;

export const LIVE_VALUE_FLAGS = new Set([
  '--url',
  '--env',
  '--cwd',
  '--header',
  '--server-name',
  '--timeout',
  '--save',
  '--mcp-config',
  '--only',
  '--input',
]);
/** Flags of `--mcp-config` that say nothing about one live server. */
const MCP_CONFIG_FLAGS = new Set(['--mcp-config', '--only', '--input']);

/** The live-server flags as they come, checked together once argv is read. */
export class LiveFlags {
  stdio = false;
  url: string | undefined;
  cwd: string | undefined;
  serverName: string | undefined;
  save: string | undefined;
  timeoutMs = DEFAULT_TIMEOUT_SECONDS * 1000;
  mcpConfig: string | undefined;
  readonly only: string[] = [];
  readonly inputs: Record<string, string> = {};
  private readonly env: Record<string, string> = {};
  private readonly headers: Record<string, string> = {};
  private readonly given = new Set<string>();

  set(flag: string, value: string): string | undefined {
    if (!MCP_CONFIG_FLAGS.has(flag)) this.given.add(flag);
    switch (flag) {
      case '--mcp-config':
        this.mcpConfig = value;
        return undefined;
      case '--only':
        this.only.push(value);
        return undefined;
      case '--input': {
        const eq = value.indexOf('=');
        if (eq <= 0) return `--input needs ID=VALUE, not "${value}".`;
        this.inputs[value.slice(0, eq)] = value.slice(eq + 1);
        return undefined;
      }
      case '--url':
        if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
          return `--url needs an http:// or https:// URL, not "${value}".`;
        this.url = value;
        return undefined;
      case '--env': {
        const eq = value.indexOf('=');
        if (eq <= 0) return `--env needs NAME=VALUE, not "${value}".`;
        this.env[value.slice(0, eq)] = value.slice(eq + 1);
        return undefined;
      }
      case '--header': {
        const colon = value.indexOf(':');
        if (colon <= 0) return `--header needs 'Name: value', not "${value}".`;
        this.headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
        return undefined;
      }
      case '--timeout': {
        const seconds = value.trim() === '' ? Number.NaN : Number(value);
        if (!Number.isFinite(seconds) || seconds <= 0)
          return `--timeout needs a positive number of seconds, not "${value}".`;
        // Node's timers hold at most 2^31 - 1 ms and fire after 1 ms past that: refused, so a
        // long timeout is never silently an instant one.
        if (seconds * 1000 > MAX_TIMER_MS)
          return `--timeout is at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (about 24 days), not "${value}".`;
        this.timeoutMs = Math.ceil(seconds * 1000);
        return undefined;
      }
      case '--cwd':
        this.cwd = value;
        return undefined;
      case '--server-name':
        if (value === '') return '--server-name needs a non-empty name.';
        this.serverName = value;
        return undefined;
      default:
        this.save = value;
        return undefined;
    }
  }

  any(): boolean {
    return this.stdio || this.given.size > 0;
  }

  /** The target, or why the flags do not make one. */
  target(rest: readonly string[]): LiveTarget | string {
    if (this.stdio && this.url !== undefined) return 'Give either --server -- CMD or --url URL, not both.';
    if (this.stdio) {
      if (this.given.has('--header')) return '--header goes with --url.';
      const [command, ...args] = rest;
      if (command === undefined || command === '')
        return '--server needs the server command after --, for example: toolwire check --server -- node server.js';
      return {
        kind: 'stdio',
        command,
        args,
        ...(Object.keys(this.env).length > 0 ? { env: { ...this.env } } : {}),
        ...(this.cwd !== undefined ? { cwd: this.cwd } : {}),
        ...(this.serverName !== undefined ? { name: this.serverName } : {}),
      };
    }
    if (this.url !== undefined) {
      if (rest.length > 0) return `--url checks one server; remove "${rest[0]}".`;
      if (this.given.has('--env') || this.given.has('--cwd')) return '--env and --cwd go with --server.';
      return {
        kind: 'http',
        url: this.url,
        ...(Object.keys(this.headers).length > 0 ? { headers: { ...this.headers } } : {}),
        ...(this.serverName !== undefined ? { name: this.serverName } : {}),
      };
    }
    return `${[...this.given][0] ?? '--timeout'} goes with --server -- CMD or --url URL.`;
  }
}
