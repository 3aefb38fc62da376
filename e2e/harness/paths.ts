// Where things are, computed from this file's location so tests behave the same whatever the
// current directory of the test runner is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e/ package folder (its node_modules hold code-server and playwright-core). */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root (the extension's package). */
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
/** Committed fixture workspaces; tests copy them into scratch folders before touching them. */
export const FIXTURES_DIR = path.join(E2E_DIR, 'fixtures');
/** Per-run scratch folders (profiles, copies of fixtures); gitignored. */
export const SCRATCH_DIR = path.join(E2E_DIR, '.scratch');
/** Test artefacts worth keeping after a run (screenshots); gitignored. */
export const ARTEFACTS_DIR = path.join(REPO_ROOT, '.artefacts', 'e2e');
/** Debian's chromium, which playwright-core drives (Playwright's own builds cannot be downloaded here). */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
/** The bundled language server that every non-VS Code client runs. */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'dist', 'server.js');

/** `toolwire-<version>.vsix` at the root, as `npm run package` names it. */
export function packagedVsixPath(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error(`no version in ${REPO_ROOT}/package.json`);
  return path.join(REPO_ROOT, `toolwire-${version}.vsix`);
}
