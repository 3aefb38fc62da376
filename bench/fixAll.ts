import { computeFixAll } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';
import { generate } from './generate';
import { compare } from './measure';

/**
 * Fix-all on a ~9 MB file of 13k tools (it once took 4.3 s), as a ratio to analyze() on the
 * same text. The LSP hands fix-all its cached analysis, so what is measured is the fix-all's own
 * cost: choosing the fixes, applying them and proving the result (one re-analysis). Aim: about
 * 1x (one analysis), never a re-analysis per fix. Unsafe fixes are asked for: the generated
 * names need renames, the costliest fixes, which a plain fix-all would leave alone.
 */
export function benchFixAll(quick: boolean): void {
  const text = generate('mcp-tools-list', 13_000);
  const analysis = analyze(text);
  const fixed = computeFixAll(text, {}, analysis, { unsafe: true });
  const result = compare(
    () => void analyze(text),
    () => void computeFixAll(text, {}, analysis, { unsafe: true }),
    quick ? 3 : 7,
    quick ? 1 : 2,
  );
  const count = fixed.kind === 'edits' ? `${fixed.fixed} fixes` : fixed.kind;
  console.log(
    `\nfix-all (${count}), 13000 tools ${(text.length / 1e6).toFixed(1)} MB: analyze ${result.baseline.toFixed(1)} ms, fix-all ${result.subject.toFixed(1)} ms, ratio ${result.ratio.toFixed(2)}x`,
  );
}
