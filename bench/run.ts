/**
 * `npm run bench`: one table (bench/table.ts) of analysis time as a ratio to jsonc-parser's
 * parseTree on the same text, the scanner alone, VS Code's JSON language service, peak memory
 * and edit-to-diagnostics, measured in the same run (machines here are shared and noisy: ratios,
 * never absolute limits). The aims (docs/benchmarks.md): at most 0.5x parseTree at 10k tools (0.7x at 1k), 50k/10k
 * within 6x, at least 2x faster than the JSON service, peak memory at most 5x the file. Then YAML,
 * fix-all and the LSP sections. `--quick` keeps it short; `--core-only` skips the LSP; `--table-only` stops after the table;
 * `--edits-only` times only the edits over the server (with `--shape`, only those shapes; `--severity CODE=LEVEL`, a severity setting); `--yaml-only`, only
 * the YAML rows (1k and 10k, or 1k with `--quick`); `--source-only`, only the source-code rows; `--json-server-only`,
 * only toolwire's server against VS Code's JSON language server over LSP (bench/jsonServer.ts).
 */
import type { Severity } from '../server/src/core';
import { benchFixAll } from './fixAll';
import { benchLspFeatures } from './lspFeatures';
import { benchTable, type EditTimer } from './table';
import { benchYaml } from './yaml';
import { EDIT_SHAPES, measureEdits, printEditRows, printEdits } from './edits';
import { benchSuppress } from './suppress';
import { benchSource } from './source';
import { benchJsonServer } from './jsonServer';

const quick = process.argv.includes('--quick');

async function main(): Promise<void> {
  // `--shape <name>` (repeatable) keeps only those rows of the table.
  const shapes = process.argv.flatMap((arg, i) =>
    arg === '--shape' && process.argv[i + 1] ? [process.argv[i + 1]!] : [],
  );
  const coreOnly = process.argv.includes('--core-only');
  if (process.argv.includes('--yaml-only')) {
    benchYaml(quick);
    return;
  }
  if (process.argv.includes('--json-server-only')) {
    await benchJsonServer(quick);
    return;
  }
  if (process.argv.includes('--source-only')) {
    await benchSource(quick);
    return;
  }
  if (process.argv.includes('--edits-only')) {
    // The edit rows alone (over the built server), for the shapes named by `--shape`, or all.
    const chosen = EDIT_SHAPES.filter((s) => shapes.length === 0 || shapes.includes(s));
    // `--severity CODE=LEVEL` (repeatable): the same severity setting for the server and the core.
    const severity = Object.fromEntries(
      process.argv.flatMap((arg, i) =>
        arg === '--severity' && process.argv[i + 1] ? [process.argv[i + 1]!.split('=')] : [],
      ),
    ) as Record<string, Severity | 'off'>;
    printEditRows(await measureEdits(quick, 10_000, chosen, severity));
    return;
  }
  // Edits go over the built server first, so the table's `edit ms` column (pull, 10k) is measured.
  const edits = coreOnly ? [] : await measureEdits(quick);
  const editMs: EditTimer = ({ shape, tools }) =>
    edits.find((e) => e.shape === shape && e.tools === tools && e.mode === 'pull')?.editMs;
  await benchTable(quick, editMs, shapes);
  if (process.argv.includes('--table-only')) return;
  benchYaml(quick);
  benchSuppress(quick);
  await benchSource(quick);
  benchFixAll(quick);
  if (!coreOnly) await benchLspFeatures(quick);
  if (!coreOnly) await benchJsonServer(quick);
  // Edit-to-diagnostics at 10k tools and a 50 MB file's first diagnostics.
  if (!coreOnly) await printEdits(edits);
}

void main();
