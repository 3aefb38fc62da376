/**
 * `npm run bench`: one table (bench/table.ts) of analysis time as a ratio to jsonc-parser's
 * parseTree on the same text, the scanner alone, VS Code's JSON language service, peak memory
 * and edit-to-diagnostics, measured in the same run (machines here are shared and noisy: ratios,
 * never absolute limits). Issue 10 aims: at most 0.5x parseTree at 10k tools (0.7x at 1k), 50k/10k
 * within 6x, at least 2x faster than the JSON service, peak memory at most 5x the file. Then YAML,
 * fix-all and the LSP sections. `--quick` keeps it short; `--core-only` skips the LSP; `--table-only` stops after the table.
 */
import { benchLsp } from './lsp';
import { benchFixAll } from './fixAll';
import { benchLspFeatures } from './lspFeatures';
import { benchTable, type EditTimer } from './table';
import { benchYaml } from './yaml';

const quick = process.argv.includes('--quick');

/**
 * `bench/edits.ts` fills the table's `edit ms` column (issue 10 part 3) by exporting
 * `editMs: EditTimer`; until it exists the column shows `-`.
 */
async function loadEdits(): Promise<EditTimer | undefined> {
  try {
    const module = (await import('./edits' as string)) as { editMs?: EditTimer };
    return module.editMs;
  } catch (error) {
    // Only a missing file means "no column yet"; a broken edits.ts must fail loudly.
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

async function main(): Promise<void> {
  // `--shape <name>` (repeatable) keeps only those rows of the table.
  const shapes = process.argv.flatMap((arg, i) => (arg === '--shape' && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
  await benchTable(quick, await loadEdits(), shapes);
  if (process.argv.includes('--table-only')) return;
  benchYaml(quick);
  benchFixAll(quick);
  if (!process.argv.includes('--core-only')) await benchLsp(quick);
  if (!process.argv.includes('--core-only')) await benchLspFeatures(quick);
}

void main();
