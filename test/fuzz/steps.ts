// A fuzz case: a starting document, the diagnostics mode, and a list of steps (edits and
// requests). Offsets are picked modulo the current length, so any step applies to any text and
// fast-check can shrink a case by dropping steps without invalidating the rest.
import fc from 'fast-check';
import { fileSeeds, generatedSeed } from './seeds';
import { SURFACE_TOKENS, seedOf, SURFACES, type Surface } from './surfaces';

export type Mode = 'pull' | 'push';

export type Step =
  /** Replace `remove` UTF-16 units at `at` with `insert` (one didChange). */
  | { readonly kind: 'edit'; readonly at: number; readonly remove: number; readonly insert: string }
  /** Type `text` one character at a time at `at`: mid-typing broken JSON, one version per key. */
  | { readonly kind: 'type'; readonly at: number; readonly text: string }
  /** Paste the whole current document at `at` (a select-all, copy, paste slip): everything declared twice. */
  | { readonly kind: 'paste'; readonly at: number }
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
  /** Absent in replays saved before there were other surfaces: JSON. */
  readonly surface?: Surface;
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
  '\udc00',
  '\ud800\ud800',
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
  `"${'n'.repeat(20_000)}"`,
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
/** What an edit inserts into a document of `surface`: shared tokens, the surface's own, or random text. */
const insertFor = (surface: Surface) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...TOKENS) },
    ...(SURFACE_TOKENS[surface].length > 0
      ? [{ weight: 4, arbitrary: fc.constantFrom(...SURFACE_TOKENS[surface]) }]
      : []),
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
    { weight: 2, arbitrary: fc.constant('') },
  );
const NEW_NAME = fc.oneof(
  fc.constantFrom('renamed', 'a_b', 'a.b', 'A_B', 'tool_search', 'x'.repeat(65), '', 'with space', 'ünï', 'ok-name_2'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,10}$/),
);

export const stepsFor = (surface: Surface): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant('edit' as const),
        at: AT,
        remove: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.nat({ max: 200 }) }),
        insert: insertFor(surface),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('paste' as const), at: AT }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('type' as const),
        at: AT,
        // Typed one key at a time, so short ones: a 20,000-key burst would be 20,000 versions.
        text: fc.constantFrom(...[...TOKENS, ...SURFACE_TOKENS[surface]].filter((t) => t.length > 1 && t.length < 100)),
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

/** Cases on the given surfaces (default: all), each starting from a committed file or a generated seed of its surface. */
export function caseArbitrary(maxSteps: number, surfaces: readonly Surface[] = SURFACES): fc.Arbitrary<FuzzCase> {
  const files = fileSeeds();
  return fc.constantFrom(...surfaces).chain((surface) => {
    const mine = files.filter((f) => f.surface === surface).map((f) => f.text);
    const generated = surface === 'json' ? generatedSeed : seedOf(surface);
    return fc.record({
      surface: fc.constant(surface),
      mode: fc.constantFrom<Mode>('pull', 'push'),
      initial:
        mine.length > 0
          ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...mine) }, { weight: 3, arbitrary: generated })
          : generated,
      steps: fc.array(stepsFor(surface), { minLength: 1, maxLength: maxSteps }),
    });
  });
}

/** How many didChange notifications a step sends. */
export function editsIn(step: Step): number {
  return step.kind === 'edit' || step.kind === 'paste' ? 1 : step.kind === 'type' ? step.text.length : 0;
}
