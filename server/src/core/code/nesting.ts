import type { CodeLanguage } from './syntax';

/**
 * The deepest bracket nesting each grammar is given; deeper text is reported, not parsed. Only
 * Swift has one: tree-sitter-swift 0.7.1 (@repomix/tree-sitter-wasms 0.1.17) writes out of bounds in
 * WASM memory on an unclosed string before a thousand nested calls (`x: "(f` + `f(` × 1022 +
 * `"d`), and every later parse in the process, of any document, then reads garbage. Below 1,000
 * levels no fuzzed shape faulted; 500 leaves a margin no real source comes near. The other
 * grammars parsed the same shapes 10,000 deep. The fault stays with the scanner-state fix the
 * adapter applies (server/src/code/grammarFixes.ts): a different bug.
 */
export const CODE_NESTING_LIMITS: Readonly<Partial<Record<CodeLanguage, number>>> = { swift: 500 };

/**
 * The offset of the bracket that opens level `limit + 1`, or undefined. One linear scan over
 * raw characters: brackets in strings and comments count too, so the bound errs towards not
 * parsing, never towards handing the grammar deeper text than it survives.
 */
export function bracketDepthOver(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return i;
    } else if ((c === 0x29 || c === 0x5d || c === 0x7d) && depth > 0) depth -= 1;
  }
  return undefined;
}
