// Neovim as a second, independent LSP client. Debian 12 ships 0.7.2: no vim.lsp.start (0.8+), so
// check-toolwire.lua uses vim.lsp.start_client + vim.lsp.buf_attach_client, and a diagnostic's LSP
// fields live under `user_data.lsp`. The init.lua reports through its exit status (`cquit N`) and
// whatever it prints (`io.stdout:write` goes to stdout; print()/messages go to stderr headless).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DIR } from './paths.js';
import { runCommand, type RunResult } from './process.js';

/** Debian 12's Neovim (0.7.2), from apt. */
export const NVIM_EXECUTABLE = 'nvim';

/**
 * Later Neovims, Debian's own builds from newer suites that scripts/setup-neovims.sh unpacks
 * under e2e/.neovim: trixie's 0.10 takes editors/neovim/lua/toolwire.lua's `vim.lsp.start` path,
 * unstable's (0.11 or later) its `vim.lsp.config` path; Debian 12's 0.7 takes `start_client`.
 */
export const LATER_NEOVIM_SUITES = ['trixie', 'unstable'] as const;

export function laterNeovim(suite: (typeof LATER_NEOVIM_SUITES)[number]): string {
  return path.join(E2E_DIR, '.neovim', suite, 'bin', 'nvim');
}

/** Every Neovim the tests run: Debian 12's first, then the later ones. */
export function neovimExecutables(): string[] {
  return [NVIM_EXECUTABLE, ...LATER_NEOVIM_SUITES.map(laterNeovim)];
}

export interface NeovimOptions {
  /** The init.lua that drives the session (replaces any user config). */
  initLua: string;
  /** The file to open. */
  file: string;
  /** Scratch folder for Neovim's XDG dirs (state, cache, logs), so $HOME is never touched. */
  scratchDir: string;
  cwd?: string;
  timeoutMs?: number;
  /** Extra environment, e.g. the language server command for init.lua to read. */
  env?: Record<string, string>;
  /** Which Neovim (default: Debian 12's, `nvim` on PATH). */
  executable?: string;
}

export async function runNeovim(options: NeovimOptions): Promise<RunResult> {
  const xdg = path.resolve(options.scratchDir, 'nvim-xdg');
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  for (const name of ['CONFIG', 'DATA', 'CACHE', 'STATE']) {
    const dir = path.join(xdg, name.toLowerCase());
    await mkdir(dir, { recursive: true });
    env[`XDG_${name}_HOME`] = dir;
  }
  // Neovim makes a temp dir (with its RPC socket) that it only removes on a clean exit; a run
  // killed at its deadline would leave it in /tmp.
  env.TMPDIR = path.join(xdg, 'tmp');
  await mkdir(env.TMPDIR, { recursive: true });
  // -i NONE: no shada file; -n: no swap file; --headless: no UI, no terminal needed.
  return runCommand(
    options.executable ?? NVIM_EXECUTABLE,
    ['--headless', '-i', 'NONE', '-n', '-u', path.resolve(options.initLua), path.resolve(options.file)],
    { timeoutMs: options.timeoutMs ?? 30_000, cwd: options.cwd, env },
  );
}
