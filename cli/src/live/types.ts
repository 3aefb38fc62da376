/** What to list tools from: a stdio server toolwire starts, or a remote one it connects to. */
export type LiveTarget =
  | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string>; cwd?: string; name?: string }
  | { kind: 'http'; url: string; headers?: Record<string, string>; name?: string };

/** One server's answer: what it announced and every page of `tools/list`, or why there is none. */
export type LiveResult =
  | { ok: true; serverInfo: { name: string; title?: string; version?: string }; tools: unknown[] }
  | { ok: false; message: string; stderrTail: string };
