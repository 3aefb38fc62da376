import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { ReadBuffer, STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface GroupStdioParams {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd?: string;
}

/** The SDK's own default, named here so the message says the limit that applied. */
const MAX_ANSWER_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/** One stdout line (one JSON-RPC message) longer than the transport reads. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

/** How long a server has to exit once its stdin is closed, before its process group is killed. */
const GRACE_MS = 1000;

/**
 * The SDK's stdio framing (its ReadBuffer and serializeMessage) over a server started in its own
 * process group. The SDK's StdioClientTransport spawns the server in toolwire's group and can end
 * only that one process, so `npx`, `uvx` or a shell script would leave their children running;
 * here the whole group is ended on close and on failure (POSIX; on Windows the direct child only).
 * No shell: the command and its arguments are passed as they are.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, available before start so nothing it writes early is lost. */
  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_ANSWER_BYTES });
  /** Set once an answer outgrew the buffer: the rest of that line is not JSON-RPC and is dropped. */
  private overflowed = false;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.killGroup('SIGKILL');
    // The default action, now that the server's group is gone: exit as the signal would have.
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  };
  private readonly onExit = () => this.killGroup('SIGKILL');

  constructor(private readonly params: GroupStdioParams) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const posix = process.platform !== 'win32';
      const child = spawn(this.params.command, [...this.params.args], {
        env: this.params.env,
        ...(this.params.cwd !== undefined ? { cwd: this.params.cwd } : {}),
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        detached: posix,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        // Its own group does not get the terminal's Ctrl-C: toolwire passes it on.
        process.once('SIGINT', this.onSignal).once('SIGTERM', this.onSignal).once('exit', this.onExit);
        resolve();
      });
      // A child that exits while its own children hold the pipes open would never close: end them.
      child.once('exit', () => this.killGroup('SIGKILL'));
      child.once('close', () => {
        this.killGroup('SIGKILL');
        this.unlisten();
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        if (this.overflowed) return;
        try {
          this.buffer.append(chunk);
        } catch {
          // The SDK's ReadBuffer throws past its limit; thrown here, in a stream's 'data' handler,
          // it would be an uncaught exception (a stack trace, exit 1). As a transport error it fails
          // the pending request, and the server, whose answer cannot be read, is ended.
          this.overflowed = true;
          this.buffer.clear();
          this.killGroup('SIGKILL');
          this.onerror?.(new AnswerTooLargeError(`answer over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB: not read`));
          return;
        }
        this.drain();
      });
      child.stderr?.pipe(this.stderr);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes stdin (the MCP way to stop a stdio server), then ends the whole group. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, GRACE_MS);
    });
    await Promise.race([closed, grace]);
    clearTimeout(timer);
    this.killGroup('SIGKILL');
    await closed;
  }

  private drain(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (process.platform !== 'win32') process.kill(-pid, signal);
      else this.child?.kill(signal);
    } catch {
      // Already gone.
    }
  }

  private unlisten(): void {
    process.off('SIGINT', this.onSignal).off('SIGTERM', this.onSignal).off('exit', this.onExit);
  }
}
