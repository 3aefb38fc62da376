// What an end-to-end test needs on the machine, and what happens when it is missing: outside CI
// the test is skipped with a message that says how to install it (a contributor without Chromium
// can still run `npm test`); under CI=true it fails, because a CI run that silently skipped the
// editors would report green without having tested them.
//
// This module and everything it imports must load on a machine with only Node and the root
// package's dependencies: a test decides to skip from here, before it dynamically imports the
// harness pieces that need playwright-core or code-server, rather than fail to load.
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { CODE_SERVER_ENTRY } from './codeServer.js';
import { EMACS_EXECUTABLE, emacsPackagesInstalled } from './emacs.js';
import { LATER_NEOVIM_SUITES, laterNeovim, NVIM_EXECUTABLE } from './neovim.js';
import { CHROMIUM_EXECUTABLE, packagedVsixPath, SERVER_BUNDLE } from './paths.js';

export type Need = 'code-server' | 'chromium' | 'nvim' | 'later-nvim' | 'emacs' | 'vsix' | 'server-bundle';

const SETUP_HINT = 'run `bash scripts/setup-e2e.sh` (Debian, as root)';

/** One sentence per missing need, saying how to get it; empty when everything is there. */
export function missingPrerequisites(needs: readonly Need[]): string[] {
  return needs.flatMap((need) => {
    const problem = check(need);
    return problem === undefined ? [] : [problem];
  });
}

/**
 * `TOOLWIRE_E2E_HIDE=1` makes the editors count as absent, so test/e2e/freshMachine.test.ts can
 * prove on any machine (CI has them all) that the e2e files skip, or fail under CI=true, as on a
 * machine that never ran scripts/setup-e2e.sh. That test also makes playwright-core and code-server
 * unresolvable, so the import path is the real one too.
 */
function editorsHidden(): boolean {
  return process.env.TOOLWIRE_E2E_HIDE === '1';
}

function check(need: Need): string | undefined {
  switch (need) {
    case 'code-server':
      return existsSync(CODE_SERVER_ENTRY) && !editorsHidden()
        ? undefined
        : `code-server is not installed (${CODE_SERVER_ENTRY}): ${SETUP_HINT}`;
    case 'chromium':
      return isExecutable(CHROMIUM_EXECUTABLE) && !editorsHidden()
        ? undefined
        : `Chromium is not installed (${CHROMIUM_EXECUTABLE}): ${SETUP_HINT}`;
    case 'nvim':
      return onPath(NVIM_EXECUTABLE) && !editorsHidden()
        ? undefined
        : `Neovim (\`${NVIM_EXECUTABLE}\`) is not on PATH: ${SETUP_HINT}`;
    case 'later-nvim': {
      const missing = LATER_NEOVIM_SUITES.filter((suite) => !isExecutable(laterNeovim(suite)) || editorsHidden());
      return missing.length === 0
        ? undefined
        : `Debian ${missing.join(' and ')}'s Neovim is not unpacked (${laterNeovim(missing[0]!)}): ${SETUP_HINT}`;
    }
    case 'emacs':
      return onPath(EMACS_EXECUTABLE) && emacsPackagesInstalled() && !editorsHidden()
        ? undefined
        : `Emacs (\`${EMACS_EXECUTABLE}\`) with Debian's elpa-eglot and elpa-yaml-mode is not installed: ${SETUP_HINT}`;
    case 'vsix': {
      const vsix = packagedVsixPath();
      return existsSync(vsix)
        ? undefined
        : `the packaged extension ${vsix} does not exist: run \`npm run package\` (npm test does)`;
    }
    case 'server-bundle':
      return existsSync(SERVER_BUNDLE)
        ? undefined
        : `${SERVER_BUNDLE} does not exist: run \`npm run package\` or \`npm run build\``;
  }
}

export function isCI(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

/**
 * node:test options for a test that needs `needs`: `{ skip: why }` when something is missing and
 * this is not CI, otherwise nothing (under CI the test runs and requirePrerequisites fails it).
 * The packaged .vsix and the server bundle are never a reason to skip: `npm test` builds them, so
 * their absence is a broken run, not a machine without editors.
 */
export function skipUnlessAvailable(needs: readonly Need[]): { skip?: string } {
  if (isCI()) return {};
  const missing = missingPrerequisites(needs.filter((n) => n !== 'vsix' && n !== 'server-bundle'));
  return missing.length === 0 ? {} : { skip: missing.join('; ') };
}

/** Throws, listing everything missing at once, unless all of `needs` are available. */
export function requirePrerequisites(needs: readonly Need[]): void {
  const missing = missingPrerequisites(needs);
  if (missing.length === 0) return;
  const context = isCI() ? 'CI=true, so a missing editor or browser is a failure, not a skip' : 'cannot run';
  throw new Error(`end-to-end prerequisites missing (${context}):\n- ${missing.join('\n- ')}`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && isExecutable(path.join(dir, command)));
}
