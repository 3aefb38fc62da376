// Scratch folders: every test run gets its own (mkdtemp), so runs never share a profile, a port
// file or a fixture copy, even if two run at once. A passing run removes its folder; a failing
// one keeps it (code-server's logs are in it) and says where.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES_DIR, SCRATCH_DIR } from './paths.js';

/**
 * Runs `body` with a fresh folder `e2e/.scratch/<label>-XXXXXX`, removed afterwards unless `body`
 * threw (then the error message gains the folder's path) or E2E_KEEP_SCRATCH=1.
 */
export async function withScratch<T>(label: string, body: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(SCRATCH_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(SCRATCH_DIR, `${label}-`));
  let result: T;
  try {
    result = await body(dir);
  } catch (error) {
    if (error instanceof Error) error.message += `\n(scratch folder kept for inspection: ${dir})`;
    throw error;
  }
  if (process.env.E2E_KEEP_SCRATCH !== '1') await rm(dir, { recursive: true, force: true });
  return result;
}

/** Copies the committed fixture folder `e2e/fixtures/<name>` to `<dir>/<name>` and returns it. */
export async function copyFixture(name: string, dir: string): Promise<string> {
  const target = path.join(dir, name);
  await cp(path.join(FIXTURES_DIR, name), target, { recursive: true });
  return target;
}
