import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLIENTS } from '../../server/src/core/clients/profiles';

/** How the README writes a count. */
const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

/**
 * ARCHITECTURE.md's "How to add…" recipes, walked. A copy of the repository gets a throwaway
 * format, provider, client and source library through the steps the recipes list and nothing
 * else; then the copy must type-check, pass the tests that guard those lists, and show each new
 * thing at work. A recipe that forgets a file fails here, not on the next person who follows it:
 * when a step below is not enough, the recipe is wrong, and both change together.
 *
 * One copy and one `tsc` for all four additions: about 25 seconds alone (tsc 12, the guarding
 * tests 14, the probe 1), about 40 beside the rest of test/core on a shared machine.
 */
const ROOT = resolve(__dirname, '../..');

/** What a recipe touches, and what the guarding tests and `tsc -p .` read (tsconfig's `include`). */
const COPIED = [
  'server',
  'cli',
  'client',
  'test',
  'bench',
  'scripts',
  'schemas',
  'docs',
  'syntaxes',
  'package.json',
  'README.md',
  'tsconfig.json',
  'biome.json',
];

/** The tests that guard the lists a recipe names (the contracts, the registries, the layers). */
const GUARDS = [
  'test/core/contracts.test.ts',
  'test/core/layers.test.ts',
  'test/core/registry.test.ts',
  'test/core/formats.test.ts',
  'test/core/providers.test.ts',
  'test/core/clients.test.ts',
  'test/core/clientsOneByOne.test.ts',
  'test/core/schemaPaths.test.ts',
  'test/core/code.test.ts',
];

/** An edit as the recipe states it: text inserted before an anchor that must be there exactly once. */
function insertBefore(copy: string, file: string, anchor: string, text: string): void {
  const path = join(copy, file);
  const source = readFileSync(path, 'utf8');
  const at = source.indexOf(anchor);
  assert.ok(at >= 0 && source.indexOf(anchor, at + 1) < 0, `${file}: the anchor ${JSON.stringify(anchor)} once`);
  writeFileSync(path, source.slice(0, at) + text + source.slice(at));
}

/** An item added to an inline list: `, item` before the end of the sentence that follows `lead`. */
function appendToList(copy: string, file: string, lead: string, item: string): void {
  const source = readFileSync(join(copy, file), 'utf8');
  const start = source.indexOf(lead);
  assert.ok(start >= 0, `${file} has ${JSON.stringify(lead)}`);
  const end = source.indexOf('.\n', start);
  writeFileSync(join(copy, file), `${source.slice(0, end)}, ${item}${source.slice(end)}`);
}

function replaceOnce(copy: string, file: string, from: string, to: string): void {
  const path = join(copy, file);
  const source = readFileSync(path, 'utf8');
  assert.equal(source.split(from).length, 2, `${file}: ${JSON.stringify(from)} once`);
  writeFileSync(path, source.replace(from, to));
}

function prepend(copy: string, file: string, text: string): void {
  const path = join(copy, file);
  writeFileSync(path, text + readFileSync(path, 'utf8'));
}

function writeNew(copy: string, file: string, text: string): void {
  const path = join(copy, file);
  assert.ok(!existsSync(path), `${file} is new`);
  writeFileSync(path, text);
}

/** A JSON file edited as data: the tests read the values, not the layout. */
function editJson(copy: string, file: string, edit: (json: JsonObject) => void): void {
  const path = join(copy, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as JsonObject;
  edit(json);
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}

interface JsonObject {
  [key: string]: unknown;
}

/** `json.a.b.c`, each step an object the file must have. */
function at(json: JsonObject, ...keys: string[]): JsonObject {
  return keys.reduce<JsonObject>((node, key) => {
    const next = node[key];
    assert.ok(next && typeof next === 'object' && !Array.isArray(next), `${keys.join('.')}: ${key} is an object`);
    return next as JsonObject;
  }, json);
}

function push(node: JsonObject, key: string, value: string): void {
  const list = node[key];
  assert.ok(Array.isArray(list), `${key} is a list`);
  list.push(value);
}

// ---- A format: extractor, FORMATS entry, recognition, READ_KEYS, README row, cases in formats.test.ts.
function addFormat(copy: string): void {
  writeNew(
    copy,
    'server/src/core/formats/wren.ts',
    `import type { RequestBody, ToolDeclaration } from './model';
import { anchorRange, declaration, elements, type Located } from './sites';

/** Wren requests (a throwaway of the recipes test): \`wren_tools[]\` of \`{name, parameters}\`. */
export function extractWren(request: Located, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    if (tool.node.type === 'object') declarations.push(declaration(tool, tool));
  }
  return { declarations, references: [], anchorRange: anchorRange(tools.node, tools.base), pointer: request.pointer };
}
`,
  );
  insertBefore(
    copy,
    'server/src/core/formats/registry.ts',
    '} satisfies Record<string, FormatEntry>;',
    "  'wren-request': { label: 'Wren request' },\n",
  );
  prepend(copy, 'server/src/core/formats/recognize.ts', "import { extractWren } from './wren';\n");
  insertBefore(
    copy,
    'server/src/core/formats/recognize.ts',
    "  const tools = child(root, 'tools');",
    `  const wren = child(root, 'wren_tools');
  if (wren && wren.node.type === 'array') return asRequest(stamp('wren-request', extractWren(root, wren)));

`,
  );
  insertBefore(copy, 'server/src/core/formats/readKeys.ts', "  'functions',\n", "  'wren_tools',\n");
  insertBefore(
    copy,
    'README.md',
    '| Tool arrays |',
    '| Wren | `wren_tools[]` of `{name}` (recipes test) | `model-safe` | openai + anthropic + bedrock |\n',
  );
  insertBefore(
    copy,
    'test/core/formats.test.ts',
    "describe('JSON Lines', () => {",
    `describe('wren (added by the recipes test)', () => {
  test('a Wren request is recognised', () => {
    const analysis = analyze(pretty({ wren_tools: [{ name: 'wren.find', parameters: { type: 'object' } }] }));
    assert.equal(analysis.format, 'wren-request');
    assert.deepEqual(analysis.tools.map((t) => t.name), ['wren.find']);
  });
});

`,
  );
}

// ---- A provider: PROVIDER_RULES entry, schema enum and descriptions, package.json enum, the
// README list, the property-key table, rows in providers.test.ts.
function addProvider(copy: string): void {
  insertBefore(
    copy,
    'server/src/core/profiles/providers.ts',
    '} satisfies Record<string, ProviderRule>;',
    `  wren: {
    label: 'Wren (recipes test)',
    field: 'wren_tools[].name',
    rule: '^[a-z]{1,8}$',
    pattern: /^[a-z]{1,8}$/,
    rest: /^[a-z]$/,
    restText: '[a-z]',
    maxLength: 8,
    strength: 'must',
    history: 'full',
    rejectsDuplicates: false,
    source: 'a throwaway rule of test/core/recipes.test.ts',
  },
`,
  );
  editJson(copy, 'schemas/toolwire.schema.json', (schema) => {
    const provider = at(schema, 'definitions', 'provider');
    push(provider, 'enum', 'wren');
    push(provider, 'markdownEnumDescriptions', 'Wren: `[a-z]`, at most 8 (recipes test).');
  });
  editJson(copy, 'package.json', (manifest) =>
    push(at(manifest, 'contributes', 'configuration', 'properties', 'toolwire.providers', 'items'), 'enum', 'wren'),
  );
  appendToList(copy, 'README.md', 'Provider profiles:', '`wren`');
  insertBefore(copy, 'docs/diagnostics.md', ' | no known rule: no finding |', ', `wren`');
  insertBefore(
    copy,
    'test/core/providers.test.ts',
    "  ['openai', 'get_weather', true, []],",
    "  ['wren', 'find', true, []],\n  ['wren', 'find_x', false, ['\"_\" (U+005F) at character 5 is outside [a-z]']],\n",
  );
}

// ---- A client: profile file, CLIENT_RULES entry, schema path, schema, package.json, docs section,
// the README list and count, vectors of both.
function addClient(copy: string): void {
  writeNew(
    copy,
    'server/src/core/clients/wren.ts',
    `import type { ClientRule } from './model';
import { byName } from './shared';

/** Wren Agent (a throwaway of the recipes test): \`wren_<server>_<tool>\`, judged by OpenAI's rule. */
export const wren: ClientRule = {
  label: 'Wren Agent',
  version: 'v9 (recipes test)',
  sources: ['test/core/recipes.test.ts'],
  unconfirmed: ['client-collision'],
  provider: 'openai',
  shape: 'wren_<server>_<tool>',
  ...byName({
    names: (tools) => tools.map((t) => \`wren_\${t.server}_\${t.tool}\`),
    provider: 'openai',
    onShared: () => ({ reason: 'what Wren does with one name twice is unconfirmed' }),
  }),
};
`,
  );
  prepend(copy, 'server/src/core/clients/profiles.ts', "import { wren } from './wren';\n");
  insertBefore(copy, 'server/src/core/clients/profiles.ts', '} satisfies Record<string, ClientRule>;', '  wren,\n');
  editJson(copy, 'schemas/toolwire.schema.json', (schema) => {
    const client = at(schema, 'definitions', 'client');
    push(client, 'enum', 'wren');
    push(client, 'markdownEnumDescriptions', 'Wren Agent: `wren_<server>_<tool>` (recipes test).');
  });
  editJson(copy, 'package.json', (manifest) =>
    push(at(manifest, 'contributes', 'configuration', 'properties', 'toolwire.clients', 'items'), 'enum', 'wren'),
  );
  insertBefore(
    copy,
    'docs/clients.md',
    '## Where section 3 of the naming rules needs correcting',
    '### `wren`: Wren Agent\n\n- **Rewrite**: `wren_<server>_<tool>` (a throwaway of the recipes test).\n\n',
  );
  insertBefore(
    copy,
    'server/src/core/clients/schemaPaths.ts',
    "  'langchain-mcp': {",
    "  wren: {\n    field: 'parameters',\n    strict: false,\n    version: 'v9 (recipes test)',\n    unconfirmed: true,\n    steps: [{ kind: 'pass-through', source: 'test/core/recipes.test.ts (a throwaway client)' }],\n  },\n",
  );
  writeNew(
    copy,
    'test/core/vectors/schemaPaths/wren.json',
    `${JSON.stringify(
      {
        client: 'wren',
        vectors: [
          {
            name: 'wren passes an array without items to OpenAI',
            source: { unconfirmed: 'a throwaway of the recipes test' },
            schema: { type: 'object', properties: { tags: { type: 'array' } } },
            expect: { altered: [], rejected: ['/properties/tags/type'] },
          },
        ],
      },
      null,
      1,
    )}\n`,
  );
  appendToList(copy, 'README.md', 'what is confirmed and what is not:', '`wren`');
  const count = Object.keys(CLIENTS).length;
  replaceOnce(
    copy,
    'README.md',
    `toolwire models ${NUMBER_WORDS[count]} clients`,
    `toolwire models ${NUMBER_WORDS[count + 1]} clients`,
  );
  writeNew(
    copy,
    'test/core/vectors/clients/wren.json',
    `${JSON.stringify(
      {
        client: 'wren',
        vectors: [
          {
            name: 'prefixes the server',
            source: { url: 'https://example.com/wren-agent' },
            tools: [['shop', 'find']],
            expect: [['wren_shop_find', 'renamed']],
          },
        ],
      },
      null,
      1,
    )}\n`,
  );
}

// ---- A source library: one LIBRARIES entry, its declaration forms in docs/formats.md and its name in the
// README's table, cases in code.test.ts.
function addLibrary(copy: string): void {
  insertBefore(
    copy,
    'server/src/core/code/libraries.ts',
    "  {\n    id: 'mcp-go-sdk',",
    `  {
    id: 'wren-tools',
    family: 'js',
    imports: ['wren-tools'],
    packages: ['wren-tools'],
    shape: 'mcp',
    calls: [{ callee: 'defineWrenTool', name: [{ arg: 0 }] }],
  },
`,
  );
  insertBefore(
    copy,
    'docs/formats.md',
    '| any of them |',
    '| | Wren tools (recipes test) | `defineWrenTool("x", ...)` |\n',
  );
  replaceOnce(
    copy,
    'README.md',
    'Vercel AI SDK, Mastra, LangChain |',
    'Vercel AI SDK, Mastra, LangChain, Wren tools (recipes test) |',
  );
  insertBefore(
    copy,
    'test/core/code.test.ts',
    'const TS_SERVER = ',
    `test('wren-tools (added by the recipes test): defineWrenTool declares a tool', () => {
  const text = "import { defineWrenTool } from 'wren-tools';\\n\\ndefineWrenTool('wren.find', async () => 1);\\n";
  const analysis = fixedAnalysis(text, opts('typescript'));
  assert.deepEqual(analysis.tools.map((t) => t.name), ['wren.find']);
});

`,
  );
}

/** Each new thing at work in the copy, printed as JSON for the assertions below. */
const PROBE = `import { analyze } from './server/src/core/analyze';
import { PROVIDERS } from './server/src/core/profiles/providers';
import { checkName } from './server/src/core/profiles/verdict';
import { loadCodeParsers } from './test/core/codeParsers';

async function main(): Promise<void> {
  const format = analyze(JSON.stringify({ wren_tools: [{ name: 'wren.find' }] }));
  const judged = analyze(JSON.stringify({ tools: [{ name: 'find_x', inputSchema: { type: 'object' } }] }), {
    targets: ['wren'],
  });
  const census = analyze(JSON.stringify({ tools: [{ name: 'find', inputSchema: { type: 'object' } }] }), {
    clients: { enabled: ['wren'], server: 'shop' },
  });
  const { parser } = await loadCodeParsers();
  const code = analyze("import { defineWrenTool } from 'wren-tools';\\ndefineWrenTool('wren.find', h);\\n", {
    language: 'typescript',
    code: parser,
  });
  process.stdout.write(
    JSON.stringify({
      format: { format: format.format, tools: format.tools.map((t) => t.name) },
      provider: {
        accepts: checkName(PROVIDERS.wren, 'find').accepted,
        rejects: !checkName(PROVIDERS.wren, 'find_x').accepted,
        findings: judged.findings.map((f) => f.code),
      },
      client: census.clients.map((c) => ({ client: c.client, label: c.profile.label, wire: c.tools.map((t) => t.wireName) })),
      library: code.tools.map((t) => t.name),
    }),
  );
}

void main();
`;

interface Probe {
  readonly format: { readonly format: string | null; readonly tools: readonly string[] };
  readonly provider: { readonly accepts: boolean; readonly rejects: boolean; readonly findings: readonly string[] };
  readonly client: ReadonlyArray<{ readonly client: string; readonly label: string; readonly wire: readonly string[] }>;
  readonly library: readonly string[];
}

function node(copy: string, args: readonly string[]): { status: number | null; stdout: string; output: string } {
  // Without NODE_TEST_CONTEXT: a `node --test` started from inside a test would report to this
  // runner instead of running its files.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const result = spawnSync(process.execPath, args, {
    cwd: copy,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}\n${result.stderr}` };
}

describe("ARCHITECTURE.md's recipes, followed step by step in a copy of the repository", () => {
  const copy = mkdtempSync(join(tmpdir(), 'toolwire-recipes-'));

  before(() => {
    for (const part of COPIED) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    // The dependencies are read, never changed: a link, not a copy of hundreds of megabytes.
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    addFormat(copy);
    addProvider(copy);
    addClient(copy);
    addLibrary(copy);
    writeFileSync(join(copy, 'probe.ts'), PROBE);
  });

  after(() => rmSync(copy, { recursive: true, force: true }));

  test('the copy type-checks (tsc -p . --noEmit)', () => {
    const { status, output } = node(copy, ['node_modules/typescript/bin/tsc', '-p', '.', '--noEmit']);
    assert.equal(status, 0, output);
  });

  test('the tests that guard the lists pass, the added cases with them', () => {
    const { status, output } = node(copy, ['--import', 'tsx', '--test', '--test-reporter=spec', ...GUARDS]);
    assert.equal(status, 0, output);
    // The added cases ran: a recipe whose test file was never reached would pass vacuously.
    for (const name of [
      'a Wren request is recognised',
      'wren: "find_x"',
      'prefixes the server',
      'wren passes an array without items',
      'wren-tools (added',
    ])
      assert.ok(output.includes(name), `ran: ${name}`);
  });

  test('each new thing works: format recognised, provider judges, client in the census, library read', () => {
    const { status, stdout, output } = node(copy, ['--import', 'tsx', 'probe.ts']);
    assert.equal(status, 0, output);
    const probe = JSON.parse(stdout) as Probe;
    assert.deepEqual(probe.format, { format: 'wren-request', tools: ['wren.find'] });
    assert.deepEqual(probe.provider.accepts && probe.provider.rejects, true);
    assert.ok(probe.provider.findings.includes('invalid-name'), 'the Wren rule rejects find_x');
    assert.deepEqual(probe.client, [{ client: 'wren', label: 'Wren Agent', wire: ['wren_shop_find'] }]);
    assert.deepEqual(probe.library, ['wren.find']);
  });
});
