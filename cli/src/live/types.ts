/** What to list tools from: a stdio server toolwire starts, or a remote one it connects to. */
export type LiveTarget = (
  | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string>; cwd?: string; name?: string }
  | {
      kind: 'http';
      url: string;
      headers?: Record<string, string>;
      name?: string;
      /** `sse` when the configuration says so: no Streamable HTTP attempt first. */
      transport?: 'sse';
    }
) & {
  /**
   * The command line or URL as its configuration writes it, variables unresolved: what messages
   * print, so a `${env:TOKEN}` argument's value never reaches a terminal or a CI log.
   */
  shown?: string;
  /** Values resolved from the environment or inputs, each with the variable written for it: kept out of messages. */
  secrets?: ReadonlyArray<readonly [value: string, written: string]>;
};

/** One server's answer: what it announced and every page of `tools/list`, or why there is none. */
export type LiveResult =
  | { ok: true; serverInfo: { name: string; title?: string; version?: string }; tools: unknown[] }
  | { ok: false; message: string; stderrTail: string };
