import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The shared folders of real files beside the checkout (`../shared/corpus`, `../shared/realworld`;
 * `TOOLWIRE_CORPUS` moves the corpus), as the corpus test finds them. CI always has them; a
 * user's fresh clone may not, and a test that needs them says so.
 */
export const CORPUS = resolve(process.env.TOOLWIRE_CORPUS ?? resolve(__dirname, '../../../shared/corpus'));
export const REALWORLD = resolve(__dirname, '../../../shared/realworld');

/** The texts of the `.json` and `.jsonl` files below `root` under `maxBytes`, in path order; none when it is absent. */
export function jsonTextsUnder(root: string, maxBytes: number): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (/\.(json|jsonl)$/.test(name) && stat.size < maxBytes) out.push(readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return out;
}
