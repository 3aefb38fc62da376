import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** The files git tracks in this checkout (the work tree's copies, edits included). */
export function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f.length > 0);
}

/**
 * What a fresh clone holds (the tracked files, no dist/), with this checkout's node_modules
 * linked in for the build (`npm ci` needs the registry, and would empty the linked folder), or,
 * with `{ nodeModules: false }`, without any: exactly a fresh clone.
 */
export function cleanCopy(prefix: string, options: { readonly nodeModules?: boolean } = {}): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const file of trackedFiles()) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  if (options.nodeModules !== false) symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'junction');
  return copy;
}
