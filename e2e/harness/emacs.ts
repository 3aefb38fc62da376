// Emacs in batch mode as an LSP client through eglot (Debian 12: Emacs 28.2 with elpa-eglot 1.9
// and elpa-yaml-mode). The driver script reports through a JSON file and its exit status.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runCommand, type RunResult } from './process.js';

export const EMACS_EXECUTABLE = 'emacs';

/** Where Debian installs ELPA packages for every Emacs on the machine. */
const DEBIAN_ELPA = '/usr/share/emacs/site-lisp/elpa';

/** Whether the ELPA packages the driver loads are installed (eglot is built in from Emacs 29 only). */
export function emacsPackagesInstalled(): boolean {
  if (!existsSync(DEBIAN_ELPA)) return false;
  const installed = readdirSync(DEBIAN_ELPA);
  return ['eglot-', 'yaml-mode-'].every((prefix) => installed.some((name) => name.startsWith(prefix)));
}

export interface EmacsOptions {
  /** The Emacs Lisp file that drives the session. */
  script: string;
  /** Scratch folder for HOME (Emacs writes ~/.emacs.d), so the real $HOME is never touched. */
  scratchDir: string;
  cwd?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}

export async function runEmacs(options: EmacsOptions): Promise<RunResult> {
  const home = path.resolve(options.scratchDir, 'emacs-home');
  await mkdir(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, HOME: home };
  // --batch loads the site-wide start files (Debian's put ELPA packages on the load path) but no
  // user init file: the driver loads the configuration under test itself.
  return runCommand(EMACS_EXECUTABLE, ['--batch', '-l', path.resolve(options.script)], {
    timeoutMs: options.timeoutMs ?? 30_000,
    cwd: options.cwd,
    env,
  });
}
