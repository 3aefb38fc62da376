// Running a short-lived command with a deadline. Each command gets its own process group
// (detached) so that a timeout kills its children too: code-server's CLI and Neovim both spawn
// helpers that would otherwise outlive the run and keep CI waiting.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface RunOptions {
  timeoutMs: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  command: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

export function runCommand(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const command = [file, ...args].join(' ');
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killProcessGroup(child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    // 'close' (not 'exit') so that all output has been read.
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      // Helpers left in the group (e.g. a file watcher) must not outlive the command.
      if (child.pid !== undefined) killProcessGroup(child.pid, 'SIGKILL');
      resolve({
        command,
        exitCode,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        timedOut,
        durationMs: Date.now() - start,
      });
    });
  });
}

/** Signals every process in the group led by `pgid`; false if the group is already gone. */
export function killProcessGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if (isErrno(error, 'ESRCH')) return false;
    throw error;
  }
}

/**
 * Pids of the group's processes that are still running. Read from /proc rather than probed with
 * kill(-pgid, 0) because zombies count as alive for kill(), and in a container whose PID 1 does
 * not reap orphans they never go away.
 */
export function livingGroupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we were looking
    }
    // Format: "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') members.push(Number(entry));
  }
  return members;
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** A one-paragraph account of a finished command, for failure messages. */
export function describeRun(result: RunResult): string {
  const how = result.timedOut
    ? `timed out after ${result.durationMs} ms`
    : `exited with ${result.exitCode ?? result.signal} after ${result.durationMs} ms`;
  return [
    `$ ${result.command}`,
    how,
    `--- stdout ---\n${result.stdout.trimEnd()}`,
    `--- stderr ---\n${result.stderr.trimEnd()}`,
  ].join('\n');
}
