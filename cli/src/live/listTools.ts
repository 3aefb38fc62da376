import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { visible } from '../../../server/src/core';
import { GroupStdioTransport } from './groupStdioTransport';
import { version } from '../../../package.json';

import type { LiveResult, LiveTarget } from './types';

export type { LiveResult, LiveTarget } from './types';

interface ListOptions {
  /** Bounds start-up (connect + initialize) and each request. */
  readonly timeoutMs: number;
  /** Everything the server writes on stderr goes here (never into toolwire's stdout); may be undefined. */
  readonly stderr?: (chunk: string) => void;
}

/** How much of a failing server's stderr the message quotes. */
const STDERR_TAIL_CHARS = 2000;
/** A server that pages forever is a broken server, not a slow one. */
const MAX_PAGES = 1000;

/**
 * Starts or connects to one MCP server with the official SDK's client, lists every page of
 * `tools/list`, and closes. Never throws: a server that cannot start, crashes, hangs or answers
 * garbage comes back as `{ ok: false }` with the tail of its stderr, its process ended.
 */
export async function listServerTools(target: LiveTarget, options: ListOptions): Promise<LiveResult> {
  const tail = new Tail(STDERR_TAIL_CHARS);
  const request = { timeout: options.timeoutMs };
  let session: Session | undefined;
  try {
    if (target.kind === 'stdio') {
      const stdio = new GroupStdioTransport({
        command: target.command,
        args: target.args,
        // What an MCP client passes: the user's environment plus the configured variables (docs/live.md).
        env: { ...definedEnv(process.env), ...(target.env ?? {}) },
        ...(target.cwd !== undefined ? { cwd: target.cwd } : {}),
      });
      // Decoded as a stream: a character split across two chunks stays whole.
      stdio.stderr.setEncoding('utf8');
      stdio.stderr.on('data', (text: string) => {
        tail.push(text);
        options.stderr?.(text);
      });
      session = watched(stdio);
      // The guard inside the timeout: a transport error settles the race, so the timer is cleared
      // at once rather than holding the process open until it fires.
      await withTimeout(session.guard(session.client.connect(stdio, request)), options.timeoutMs, 'start');
    } else {
      session = await connectHttp(target, request);
    }
    const { client, guard } = session;
    const served = client.getServerVersion();
    if (!served || typeof served.name !== 'string') throw new Error('the server announced no serverInfo.name');
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await guard(client.listTools(cursor === undefined ? {} : { cursor }, request));
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
      if (page === MAX_PAGES - 1) throw new Error(`tools/list still had more pages after ${MAX_PAGES}`);
    }
    await session.close();
    const serverInfo = {
      name: served.name,
      ...(typeof served.title === 'string' ? { title: served.title } : {}),
      ...(typeof served.version === 'string' ? { version: served.version } : {}),
    };
    return { ok: true, serverInfo, tools };
  } catch (error) {
    await session?.close();
    return {
      ok: false,
      message: visible(hide(describe(error, target), target)),
      stderrTail: shownTail(tail.text(), target),
    };
  }
}

/**
 * One client with one transport. Each attempt has a client of its own: a failed Streamable HTTP
 * attempt has already fired the client's error handler (and may still close it), which must not
 * fail or disconnect the SSE attempt that follows.
 */
interface Session {
  readonly client: Client;
  /** Races a request against a transport error, so garbage or a dropped stream fails at once rather than at the timeout. */
  readonly guard: <T>(promise: Promise<T>) => Promise<T>;
  readonly close: () => Promise<void>;
}

function watched(transport: Transport): Session {
  const client = new Client({ name: 'toolwire', version });
  const broken = new Promise<never>((_, reject) => {
    client.onerror = (error) => reject(error);
  });
  broken.catch(() => undefined);
  return {
    client,
    guard: (promise) => Promise.race([promise, broken]),
    close: async () => {
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
    },
  };
}

/**
 * Streamable HTTP first; when it fails (an older server answers 4xx), SSE, as the SDK's docs show.
 * A configuration that says `"type": "sse"` goes straight to SSE: no wasted request, and no
 * Streamable HTTP error in the message when SSE fails too.
 */
async function connectHttp(
  target: Extract<LiveTarget, { kind: 'http' }>,
  request: { timeout: number },
): Promise<Session> {
  const url = new URL(target.url);
  const requestInit = { headers: target.headers ?? {} };
  if (target.transport === 'sse') return connectSse(target, url, requestInit, request);
  const streamable = new StreamableHTTPClientTransport(url, { requestInit });
  const first = watched(streamable);
  try {
    await withTimeout(first.client.connect(streamable, request), request.timeout, 'connect');
    return first;
  } catch (error) {
    await first.close();
    if (error instanceof TimeoutError) throw error;
    try {
      return await connectSse(target, url, requestInit, request);
    } catch (fallback) {
      // Both answers: the first is usually the one that explains (401, 404, refused).
      throw new Error(`Streamable HTTP: ${messageOf(error)}; SSE: ${messageOf(fallback)}`);
    }
  }
}

async function connectSse(
  target: Extract<LiveTarget, { kind: 'http' }>,
  url: URL,
  requestInit: { headers: Record<string, string> },
  request: { timeout: number },
): Promise<Session> {
  const sse = new SSEClientTransport(url, {
    requestInit,
    // The event stream's GET carries the headers too: a server that wants a token wants it there.
    eventSourceInit: {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...target.headers, ...(init?.headers as Record<string, string> | undefined) },
        }),
    },
  });
  const session = watched(sse);
  try {
    await withTimeout(session.guard(session.client.connect(sse, request)), request.timeout, 'connect');
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}

class TimeoutError extends Error {}

/** The SDK bounds each request; this bounds the whole start (spawn + initialize) as well. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`the server did not ${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown, target: LiveTarget): string {
  const who =
    target.shown !== undefined
      ? target.kind === 'stdio'
        ? `"${target.shown}"`
        : target.shown
      : target.kind === 'stdio'
        ? `"${[target.command, ...target.args].join(' ')}"`
        : target.url;
  const raw = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return `${who}: cannot start: command not found`;
  if (code === 'EACCES') return `${who}: cannot start: permission denied`;
  // A line on stdout that is not JSON (SyntaxError) or not a JSON-RPC message (ZodError).
  if (error instanceof Error && (error.name === 'SyntaxError' || error.name === 'ZodError'))
    return `${who}: the server answered something that is not MCP: ${raw}`;
  if (error instanceof TimeoutError || /timed out/i.test(raw)) return `${who}: no answer within the timeout (${raw})`;
  if (/Connection closed/i.test(raw)) return `${who}: the server closed the connection (it exited or crashed)`;
  return `${who}: ${raw}`;
}

/**
 * Each value a configuration's variable resolved to, replaced by the variable as written: an error
 * (a URL in a fetch failure, a server echoing its argv on stderr) must not carry a token to a CI log.
 * Longest first, so a value holding another is replaced whole.
 */
function hide(text: string, target: LiveTarget): string {
  const secrets = [...(target.secrets ?? [])].sort((a, b) => b[0].length - a[0].length);
  return secrets.reduce((out, [value, written]) => out.split(value).join(written), text);
}

/** The server's stderr as the terminal may show it: its own lines kept, controls and bidi overrides escaped. */
function shownTail(text: string, target: LiveTarget): string {
  return hide(text, target).split(/\r?\n/).map(visible).join('\n');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

/** The last `limit` characters written, for one clear failure message. */
class Tail {
  private buffer = '';
  constructor(private readonly limit: number) {}
  push(text: string): void {
    this.buffer = (this.buffer + text).slice(-this.limit);
  }
  text(): string {
    return this.buffer;
  }
}
