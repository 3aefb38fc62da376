// The documents a fuzz case starts from: the repository's example files and e2e fixtures, and
// generated documents of every recognised format, full of the names that go wrong on the wire
// (colliding, dotted, long, unicode, backtick and newline names), plus malformed and deep text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { adsManifest, mcpList, openaiChat, pretty } from '../core/helpers';
import type { Surface } from './surfaces';

const ROOT = resolve(__dirname, '../..');
const SEED_FOLDERS = ['examples', 'e2e/fixtures'];

/** The surface a committed file is a seed of, by its extension (`.jsonc`/`.jsonl` are JSON). */
function surfaceOfFile(name: string): Surface | undefined {
  // Spelled out here: surfaces.ts builds its seeds from this module's, so it cannot be imported back.
  const byExtension: Readonly<Record<string, Surface>> = {
    json: 'json',
    jsonc: 'json',
    jsonl: 'json',
    yaml: 'yaml',
    yml: 'yaml',
    ts: 'typescript',
    js: 'javascript',
    py: 'python',
    go: 'go',
    java: 'java',
    rs: 'rust',
    cs: 'csharp',
    kt: 'kotlin',
    swift: 'swift',
    rb: 'ruby',
    php: 'php',
  };
  return byExtension[/\.([a-z]+)$/.exec(name)?.[1] ?? ''];
}

/** The committed example and fixture documents, by path, with the surface each is a seed of. */
export function fileSeeds(): ReadonlyArray<{
  readonly path: string;
  readonly text: string;
  readonly surface: Surface;
}> {
  const walk = (folder: string): string[] =>
    readdirSync(folder)
      .sort()
      .flatMap((name) => {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) return walk(path);
        return surfaceOfFile(name) !== undefined ? [path] : [];
      });
  return SEED_FOLDERS.flatMap((folder) => walk(join(ROOT, folder))).map((path) => ({
    path: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
    surface: surfaceOfFile(path)!,
  }));
}

/** Names that stress the census: collisions by form, case and truncation, reserved names, odd characters. */
const NAME = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'a.b',
      'a_b',
      'A_B',
      'a-b',
      'get',
      'search',
      'tool_search',
      'reset_tools',
      'orders.get',
      'orders-get',
      'com.example.orders.get',
      'com.example.orders-get',
      'mcp/srv/tool',
      'x'.repeat(64),
      `${'y'.repeat(64)}1`,
      `${'y'.repeat(64)}2`,
      'café',
      'naïve.tool',
      '😀',
      'back`tick',
      'new\nline',
      'tab\there',
      'quote"d',
      'sp ace',
      '',
      '\u0000',
      'a\ud800b',
      'Ω'.repeat(70),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,4}([._\-/][a-z]{1,4}){0,3}$/) },
);
export const NAMES = fc.array(NAME, { minLength: 0, maxLength: 8 });

/** One generated document, already as text. */
export const generatedSeed: fc.Arbitrary<string> = fc.oneof(
  NAMES.map((names) => mcpList(...names)),
  NAMES.map((names) =>
    pretty({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) },
    }),
  ),
  fc
    .tuple(NAMES, fc.option(NAME, { nil: undefined }))
    .map(([names, choice]) =>
      openaiChat(names, choice === undefined ? {} : { tool_choice: { type: 'function', function: { name: choice } } }),
    ),
  NAMES.map((names) =>
    pretty({ model: 'gpt-4o', input: 'hi', tools: names.map((name) => ({ type: 'function', name, parameters: {} })) }),
  ),
  NAMES.map((names) =>
    pretty({
      model: 'claude',
      max_tokens: 10,
      tools: names.map((name) => ({ name, input_schema: { type: 'object' } })),
      tool_choice: { type: 'tool', name: names[0] ?? 'x' },
    }),
  ),
  NAMES.map((names) =>
    pretty({
      contents: [],
      tools: [{ functionDeclarations: names.map((name) => ({ name })) }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: names.slice(0, 2) } },
    }),
  ),
  NAMES.map((names) =>
    pretty({
      modelId: 'm',
      messages: [],
      toolConfig: { tools: names.map((name) => ({ toolSpec: { name, inputSchema: { json: {} } } })) },
    }),
  ),
  fc
    .array(fc.tuple(NAME, fc.option(NAME, { nil: undefined })), { maxLength: 6 })
    .map((caps) =>
      adsManifest(
        caps.map(([name, invocationName]) => (invocationName === undefined ? { name } : { name, invocationName })),
      ),
    ),
  fc
    .array(NAMES, { minLength: 1, maxLength: 4 })
    .map((lines) =>
      lines.map((names) => JSON.stringify({ function: names.map((name) => ({ name, parameters: {} })) })).join('\n'),
    ),
  NAMES.map((names) => pretty(names.map((name) => ({ name, parameters: { type: 'object' } })))),
  fc.integer({ min: 1, max: 3000 }).map((depth) => `${'['.repeat(depth)}${mcpList('a.b', 'a_b')}${']'.repeat(depth)}`),
  fc.integer({ min: 1000, max: 20_000 }).map((length) => mcpList('n'.repeat(length), `${'n'.repeat(length - 1)}.`)),
  fc.tuple(NAMES, fc.nat()).map(([names, cut]) => {
    const text = mcpList(...names);
    return text.slice(0, cut % (text.length + 1));
  }),
  fc.constant(''),
  fc.constant('{"tools": [{"name": "a.b", "inputSchema": {}}, // comment\n{"name": "a_b", "inputSchema": {}},]}'),
);

/** The names source seeds use: the JSON seeds' stressful ones, kept to those a string literal can hold. */
export const CODE_NAMES = [
  'a.b',
  'a_b',
  'A_B',
  'a-b',
  'get',
  'search',
  'tool_search',
  'orders.get',
  'orders_get',
  'admin.tools.list',
  'admin_tools_list',
  'x'.repeat(64),
  `${'y'.repeat(64)}1`,
  `${'y'.repeat(64)}2`,
  'café',
  '😀',
  'sp ace',
  'quote"d',
  'new\nline',
  '',
  'a\ud800b',
  'Ω'.repeat(70),
];
