// A fuzz case: a starting document, the diagnostics mode, and a list of steps (edits and
// requests). Offsets are picked modulo the current length, so any step applies to any text and
// fast-check can shrink a case by dropping steps without invalidating the rest.
import fc from 'fast-check';
import { fileSeeds, generatedSeed } from './seeds';

export type Mode = 'pull' | 'push';

export type Step =
  /** Replace `remove` UTF-16 units at `at` with `insert` (one didChange). */
  | { readonly kind: 'edit'; readonly at: number; readonly remove: number; readonly insert: string }
  /** Type `text` one character at a time at `at`: mid-typing broken JSON, one version per key. */
  | { readonly kind: 'type'; readonly at: number; readonly text: string }
  | { readonly kind: 'hover'; readonly at: number }
  | { readonly kind: 'inlayHints'; readonly from: number; readonly to: number }
  /** Quick fixes for the `pick`-th current diagnostic (or, `all`, for every one at once); applies the first action. */
  | { readonly kind: 'quickFix'; readonly pick: number; readonly all: boolean }
  | { readonly kind: 'fixAll' }
  /** Rename the tool `at` (modulo the tool count), or at offset `at` when there is none. */
  | { readonly kind: 'rename'; readonly at: number; readonly newName: string }
  | { readonly kind: 'symbols' }
  | { readonly kind: 'status' }
  | { readonly kind: 'census' };

export interface FuzzCase {
  readonly mode: Mode;
  readonly initial: string;
  readonly steps: readonly Step[];
}

/** Tokens that move a document between valid, half-typed and broken, and between formats. */
const TOKENS = [
  '"',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  ' ',
  '\n',
  '\r\n',
  '\\',
  '\\"',
  '\\u',
  '`',
  '.',
  '/',
  '_',
  '-',
  'é',
  '😀',
  '\ud83d',
  '\u0000',
  'null',
  'true',
  '0',
  '"name"',
  '"name": ',
  '"a.b"',
  '"a_b"',
  '"A_B"',
  '"tool_search"',
  '"x.y"',
  `"${'z'.repeat(70)}"`,
  '{"name": "a.b", "inputSchema": {}}',
  ', {"name": "a.b", "description": "d", "inputSchema": {"type": "object"}}',
  '"tools": [',
  '"invocationName": "inv"',
  '"capabilities": [{"name": "com.ex.a"}]',
  '"specVersion": "0.3.0", ',
  '{"type": "function", "function": {"name": "f.g"}}',
  '"tool_choice": {"type": "function", "function": {"name": "a.b"}}, ',
  '// c\n',
  '/* c */',
  '\n{"function": [{"name": "l.m"}]}\n',
];

const AT = fc.nat({ max: 1_000_000 });
const INSERT = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  { weight: 2, arbitrary: fc.constant('') },
);
const NEW_NAME = fc.oneof(
  fc.constantFrom('renamed', 'a_b', 'a.b', 'A_B', 'tool_search', 'x'.repeat(65), '', 'with space', 'ünï', 'ok-name_2'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,10}$/),
);

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      at: AT,
      remove: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.nat({ max: 200 }) }),
      insert: INSERT,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      at: AT,
      text: fc.constantFrom(...TOKENS.filter((t) => t.length > 1)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hover' as const), at: AT }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('inlayHints' as const), from: AT, to: AT }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('quickFix' as const), pick: fc.nat(), all: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'fixAll' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), at: AT, newName: NEW_NAME }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'symbols' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'status' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'census' as const }) },
);

export function caseArbitrary(maxSteps: number): fc.Arbitrary<FuzzCase> {
  const files = fileSeeds().map((f) => f.text);
  return fc.record({
    mode: fc.constantFrom<Mode>('pull', 'push'),
    initial: fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...files) }, { weight: 3, arbitrary: generatedSeed }),
    steps: fc.array(stepArbitrary, { minLength: 1, maxLength: maxSteps }),
  });
}

/** How many didChange notifications a step sends. */
export function editsIn(step: Step): number {
  return step.kind === 'edit' ? 1 : step.kind === 'type' ? step.text.length : 0;
}
