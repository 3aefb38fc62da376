import { spawn } from 'node:child_process';
import type * as vscode from 'vscode';

interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly cancelled: boolean;
}

/**
 * Runs the bundled CLI (dist/cli.js) under the extension host's own Node (Electron as Node), so
 * the live check is exactly the one a terminal gets. Cancelling ends its whole process group: the
 * CLI and the servers it started (POSIX; on Windows the CLI alone, which closes its servers' pipes).
 */
export function runCli(
  cliPath: string,
  args: readonly string[],
  cwd: string,
  token: vscode.CancellationToken,
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd,
      env: { ...process.env, ...env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let cancelled = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const cancel = token.onCancellationRequested(() => {
      cancelled = true;
      try {
        if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        else child.kill();
      } catch {
        // Already gone.
      }
    });
    const done = (code: number | null) => {
      cancel.dispose();
      resolve({ code, stdout, stderr, cancelled });
    };
    child.on('error', (error) => {
      stderr += `${error.message}\n`;
      done(null);
    });
    child.on('close', done);
  });
}
