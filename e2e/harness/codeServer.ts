// A fresh, isolated code-server (VS Code 1.100.3 in the browser, with a real Node extension host)
// for end-to-end tests. Everything it writes goes under the caller's scratch folder, so two runs
// never share state and nothing lands in $HOME.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GiveUp, tail, waitFor, withDeadline } from './deadline.js';
import { E2E_DIR } from './paths.js';
import { describeRun, killProcessGroup, livingGroupMembers, runCommand, type RunResult } from './process.js';

export { E2E_DIR };
/** The code-server CLI installed by scripts/setup-e2e.sh (a symlink to CODE_SERVER_ENTRY). */
export const CODE_SERVER_BIN = path.join(E2E_DIR, 'node_modules', '.bin', 'code-server');
/** Its entry script; the harness runs it with the current Node so the version is the one tested. */
export const CODE_SERVER_ENTRY = path.join(E2E_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/**
 * User settings that keep the workbench deterministic: nothing pops up over the editor, nothing
 * phones home, nothing updates itself between runs.
 */
export const DETERMINISTIC_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
  'security.workspace.trust.enabled': false,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'editor.minimap.enabled': false,
  'window.restoreWindows': 'none',
});

export interface Profile {
  readonly root: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** Environment for every code-server invocation on this profile (CLI and server). */
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Creates a fresh profile under `<scratchDir>/code-server` (removing a previous one there) with
 * DETERMINISTIC_SETTINGS plus `settings` in User/settings.json.
 */
export async function createProfile(scratchDir: string, settings: Record<string, unknown> = {}): Promise<Profile> {
  if (!existsSync(CODE_SERVER_ENTRY)) {
    throw new Error(`code-server is not installed at ${CODE_SERVER_ENTRY}: run scripts/setup-e2e.sh`);
  }
  const root = path.resolve(scratchDir, 'code-server');
  await rm(root, { recursive: true, force: true });
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const xdg = path.join(root, 'xdg');
  for (const dir of [path.join(userDataDir, 'User'), extensionsDir, xdg]) await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...DETERMINISTIC_SETTINGS, ...settings }, null, 2),
  );
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Inside a VS Code terminal, VSCODE_IPC_HOOK_CLI & co. would make the CLI talk to *that*
    // editor instead of ours; code-server's own wrapper variables must not leak in either.
    if (/^(VSCODE_|CODE_SERVER_|ELECTRON_RUN_AS_NODE$)/.test(key)) continue;
    env[key] = value;
  }
  // No extension marketplace: code-server would otherwise query open-vsx.org from the workbench
  // (installed-extension checks), which is noise offline and a network dependency online.
  env.EXTENSIONS_GALLERY = '{}';
  // Every invocation writes config.yaml under XDG_CONFIG_HOME; keep it (and caches) in scratch.
  for (const name of ['CONFIG', 'DATA', 'CACHE', 'STATE']) env[`XDG_${name}_HOME`] = path.join(xdg, name.toLowerCase());
  return { root, userDataDir, extensionsDir, env };
}

function cliArgs(profile: Profile): string[] {
  return [CODE_SERVER_ENTRY, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
}

/**
 * Installs a packaged extension with the CLI, exactly as a user would; a malformed .vsix fails
 * here. Call before startCodeServer: a running extension host only scans extensions at start.
 */
export async function installExtension(profile: Profile, vsixPath: string, timeoutMs = 120_000): Promise<RunResult> {
  const result = await runCommand(
    process.execPath,
    [...cliArgs(profile), '--force', '--install-extension', path.resolve(vsixPath)],
    { timeoutMs, env: profile.env },
  );
  // The CLI prints "Extension '...' was successfully installed." but exits 0 on some failures
  // too, so check both.
  if (result.exitCode !== 0 || !/successfully installed/i.test(result.stdout + result.stderr)) {
    throw new Error(`installing ${vsixPath} failed\n${describeRun(result)}`);
  }
  return result;
}

/** `publisher.name@version` of every installed extension. */
export async function listExtensions(profile: Profile, timeoutMs = 60_000): Promise<string[]> {
  const result = await runCommand(process.execPath, [...cliArgs(profile), '--list-extensions', '--show-versions'], {
    timeoutMs,
    env: profile.env,
  });
  if (result.exitCode !== 0) throw new Error(`listing extensions failed\n${describeRun(result)}`);
  return result.stdout
    .split('\n')
    .filter((line) => /^[\w.-]+@\S+$/.test(line.trim()))
    .map((l) => l.trim());
}

export interface StartOptions {
  /** Deadline for the server to listen and answer /healthz. */
  timeoutMs?: number;
  /** Extra environment for the server and so for the extension host (e.g. fixture paths). */
  env?: Record<string, string>;
  extraArgs?: readonly string[];
}

export interface CodeServer {
  readonly pid: number;
  readonly port: number;
  /** `http://127.0.0.1:<port>/` */
  readonly baseUrl: string;
  readonly profile: Profile;
  /** The remote authority the workbench uses for server files (`vscode-remote://<it>/abs/path`). */
  readonly remoteAuthority: string;
  /** An absolute server path as a vscode-remote URI, e.g. for the `payload` parameter. */
  remoteUri(absolutePath: string): string;
  /** The workbench URL opening `folder` (absolute), with optional `payload` pairs. */
  workbenchUrl(options?: { folder?: string; payload?: ReadonlyArray<readonly [string, string]> }): string;
  /** The server's stdout+stderr so far (last lines), for failure messages. */
  output(maxLines?: number): string;
  /** Stops the server and every process it spawned (the whole process group). */
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts code-server on a kernel-chosen free port of 127.0.0.1 and waits until /healthz answers. */
export async function startCodeServer(profile: Profile, options: StartOptions = {}): Promise<CodeServer> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const args = [
    ...cliArgs(profile),
    // Port 0: the kernel picks a free port, no probe-then-bind race; the log line tells us which.
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    ...(options.extraArgs ?? []),
  ];
  // detached = setsid: the server leads a new process group, so stop() can kill the file
  // watchers, pty host and extension hosts it forks along with it.
  const child = spawn(process.execPath, args, {
    env: { ...profile.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('code-server did not start (no pid)');
  const chunks: string[] = [];
  const collect = (chunk: Buffer): void => {
    chunks.push(chunk.toString('utf8'));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const output = (maxLines = 80): string => tail(chunks.join(''), maxLines);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitDescription: string | undefined;
  child.once('exit', (code, signal) => {
    exitDescription = `code-server exited early (code ${code}, signal ${signal})`;
  });

  const stop = async (stopTimeoutMs = 15_000): Promise<void> => {
    killProcessGroup(pid, 'SIGTERM');
    try {
      await withDeadline('code-server to exit after SIGTERM', exited, stopTimeoutMs);
    } finally {
      // Whatever ignored SIGTERM (or was orphaned) goes now.
      killProcessGroup(pid, 'SIGKILL');
    }
    await waitFor('code-server process group to die', () => livingGroupMembers(pid).length === 0, {
      timeoutMs: 5_000,
      seen: () => `still alive: ${livingGroupMembers(pid).join(', ')}`,
    });
  };

  try {
    const port = await waitFor(
      'code-server to listen',
      () => {
        if (exitDescription) throw new GiveUp(`${exitDescription}\n${output()}`);
        const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(chunks.join(''));
        return match ? Number(match[1]) : undefined;
      },
      { timeoutMs, seen: () => output() },
    );
    const baseUrl = `http://127.0.0.1:${port}/`;
    await waitFor(
      `${baseUrl}healthz`,
      async () => {
        if (exitDescription) throw new GiveUp(`${exitDescription}\n${output()}`);
        const response = await fetch(`${baseUrl}healthz`);
        return response.ok;
      },
      { timeoutMs, seen: () => output() },
    );
    const remoteAuthority = await readRemoteAuthority(baseUrl);
    return {
      pid,
      port,
      baseUrl,
      profile,
      remoteAuthority,
      remoteUri: (absolutePath) => `vscode-remote://${remoteAuthority}${encodeURI(path.resolve(absolutePath))}`,
      workbenchUrl: ({ folder, payload } = {}) => {
        const url = new URL(baseUrl);
        if (folder !== undefined) url.searchParams.set('folder', path.resolve(folder));
        if (payload !== undefined) url.searchParams.set('payload', JSON.stringify(payload));
        return url.toString();
      },
      output,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * code-server 4.x serves the workbench with the fixed remote authority "remote" (not host:port);
 * read it from the page's configuration so the payload URIs always match what the workbench uses.
 */
async function readRemoteAuthority(baseUrl: string): Promise<string> {
  const html = await (await fetch(baseUrl)).text();
  const match = /&quot;remoteAuthority&quot;:&quot;([^&]+)&quot;/.exec(html);
  if (!match?.[1]) throw new Error(`no remoteAuthority in the workbench page ${baseUrl}:\n${tail(html, 20)}`);
  return match[1];
}
