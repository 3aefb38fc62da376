import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnalysisOptions } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { adsManifest, findingLines, mcpList, openaiChat, pretty, problemLines, fixedAnalysis } from './helpers';

/**
 * Data-driven: input text in, expected findings out, as `severity code <covered text>` lines in
 * document order. `problems` ignores hints; `all` includes them.
 */
interface Case {
  readonly title: string;
  readonly text: string;
  readonly options?: AnalysisOptions;
  readonly problems?: readonly string[];
  readonly all?: readonly string[];
}

const CASES: readonly Case[] = [
  // --- invalid-name -------------------------------------------------------------------------
  {
    title: 'invalid-name: a dotted name in an OpenAI body (verbatim, openai only)',
    text: openaiChat(['get.weather', 'ok']),
    all: ['error invalid-name "get.weather"'],
  },
  {
    title: 'invalid-name: 100 characters are fine for Anthropic, wrong for OpenAI',
    text: pretty({ model: 'claude-x', tools: [{ name: 'a'.repeat(100), input_schema: { type: 'object' } }] }),
    all: [],
  },
  {
    title: 'invalid-name: 100 characters in an OpenAI body',
    text: openaiChat(['a'.repeat(100)]),
    problems: [`error invalid-name "${'a'.repeat(100)}"`],
  },
  {
    title: 'invalid-name: Bedrock body judged by bedrock',
    text: pretty({ toolConfig: { tools: [{ toolSpec: { name: 'x y', inputSchema: { json: { type: 'object' } } } }] } }),
    problems: ['error invalid-name "x y"'],
  },
  {
    title: 'invalid-name: Gemini accepts dots and colons, rejects a digit first',
    text: pretty({ tools: [{ functionDeclarations: [{ name: 'com.example:get' }, { name: '9lives' }] }] }),
    problems: ['error invalid-name "9lives"'],
  },
  {
    title: 'invalid-name: Gemini 64 characters is a caution (63 in practice)',
    text: pretty({ tools: [{ functionDeclarations: [{ name: 'g'.repeat(64) }] }] }),
    problems: [`warning invalid-name "${'g'.repeat(64)}"`],
  },
  {
    title: 'invalid-name: MCP names break the MCP rule (warning), wire form is fine',
    text: mcpList('mcp/github/create issue', 'ok'),
    all: ['warning invalid-name "mcp/github/create issue"'],
  },
  {
    title: 'invalid-name: model-safe form still fails bedrock-agents (hyphen)',
    text: mcpList('get-order'),
    options: { defaultTargets: ['bedrock-agents'] },
    problems: ['error invalid-name "get-order"'],
  },
  {
    title: 'invalid-name: overriding targets applies to provider bodies too',
    text: pretty({ model: 'claude-x', tools: [{ name: 'a'.repeat(100), input_schema: { type: 'object' } }] }),
    options: { targets: ['anthropic-64'] },
    problems: [`error invalid-name "${'a'.repeat(100)}"`],
  },
  {
    title: 'invalid-name: a replayed OpenAI call is validated too',
    text: openaiChat(['a_b'], {
      messages: [
        { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'a.b', arguments: '{}' } }] },
      ],
    }),
    // verbatim: nothing maps a.b to a_b, so the replayed call also dispatches to nothing
    problems: ['error invalid-name "a.b"', 'warning unresolved-reference "a.b"'],
  },
  {
    title: 'invalid-name: Bedrock checks only the length of a replayed toolUse name',
    text: pretty({
      messages: [{ role: 'assistant', content: [{ toolUse: { name: 'a_b', toolUseId: 'x', input: {} } }] }],
      toolConfig: { tools: [{ toolSpec: { name: 'a_b', inputSchema: { json: { type: 'object' } } } }] },
    }),
    problems: [],
  },
  // --- missing-name ---------------------------------------------------------------------------
  {
    title: 'missing-name: absent, empty, wrong type',
    text: pretty({
      tools: [
        { type: 'function', function: { parameters: {} } },
        { type: 'function', function: { name: '' } },
        { type: 'function', function: { name: 42 } },
        { type: 'function', function: { name: ['x'] } },
        { type: 'function' },
      ],
    }),
    problems: [
      'error missing-name "function"',
      'error missing-name ""',
      'error missing-name 42',
      'error missing-name [\n          "x"\n        ]',
      'error missing-name {',
    ],
  },
  // --- wire-collision -----------------------------------------------------------------------
  {
    title: 'wire-collision: a.b and a_b under model-safe (a_b kept)',
    text: mcpList('a.b', 'a_b'),
    // The kept a_b has no finding of its own: a.b's names it.
    problems: ['error wire-collision "a.b"'],
  },
  {
    title: 'wire-collision: foo/list and foo.list (neither is the form: both left out)',
    text: mcpList('foo/list', 'foo.list'),
    // Both are left out, so both have a finding; foo/list's invalid-name folds into its wire-collision.
    problems: ['error wire-collision+invalid-name "foo/list"', 'error wire-collision "foo.list"'],
  },
  {
    title: 'wire-collision: two 70-character names cut to the same 64',
    text: mcpList(`${'x'.repeat(64)}_orders`, `${'x'.repeat(64)}_refund`),
    problems: [`error wire-collision "${'x'.repeat(64)}_orders"`, `error wire-collision "${'x'.repeat(64)}_refund"`],
  },
  {
    title: 'wire-collision: exact duplicate in an Anthropic body',
    text: pretty({
      model: 'claude-x',
      tools: [
        { name: 'get', input_schema: { type: 'object' } },
        { name: 'get', input_schema: { type: 'object' } },
      ],
    }),
    // The first keeps the name; the second is the one to change.
    problems: ['error wire-collision "get"'],
  },
  {
    title: 'wire-collision: catalog.query / catalog_query in a BFCL-like merged list',
    text: pretty([
      { name: 'catalog.query', parameters: { type: 'dict' } },
      { name: 'catalog_query', parameters: { type: 'dict' } },
    ]),
    problems: ['error wire-collision "catalog.query"'],
  },
  {
    title: 'no collision: Azure mixes _ and - (a sanitiser mapping - to _ would fold them; model-safe does not)',
    text: mcpList('appservice_webapp_settings_update-appsettings', 'appservice_webapp_settings_update_appsettings'),
    problems: [],
  },
  // --- ADS ------------------------------------------------------------------------------------
  {
    title: 'ADS: com.example.a-b and com.example.a.b derive one name',
    text: adsManifest([{ name: 'com.example.a-b' }, { name: 'com.example.a.b' }]),
    // The first keeps the derived name; the second is the one to change.
    problems: ['error wire-collision "com.example.a.b"'],
  },
  {
    title: "ADS: an explicit invocationName equal to another's derived name",
    text: adsManifest([
      { name: 'com.example.orders.get' },
      { name: 'com.example.lookup', invocationName: 'com-example-orders-get' },
    ]),
    // The explicit invocationName keeps the name; the derived one is the one to change.
    problems: ['error wire-collision "com.example.orders.get"'],
  },
  {
    title: 'ADS: duplicate explicit invocationNames',
    text: adsManifest([
      { name: 'com.example.a', invocationName: 'same' },
      { name: 'com.example.b', invocationName: 'same' },
    ]),
    problems: ['error wire-collision "com.example.b"'],
  },
  {
    title: 'ADS: case-variant namespaces',
    text: adsManifest([{ name: 'Com.Example.get' }, { name: 'com.example.get' }]),
    problems: ['warning case-collision "Com.Example.get"', 'warning case-collision "com.example.get"'],
  },
  {
    title: 'ADS: one name repeated with two versions',
    text: adsManifest([
      { name: 'com.example.get', version: '1.0.0' },
      { name: 'com.example.get', version: '2.0.0' },
    ]),
    problems: ['error wire-collision "com.example.get"'],
  },
  {
    title: 'ADS: a conformant name deriving over 64 is not invocable',
    text: adsManifest([{ name: `com.example.${'segment'.repeat(8)}.get` }]),
    problems: [`error not-invocable "com.example.${'segment'.repeat(8)}.get"`],
  },
  {
    title: 'ADS: an invocationName fixes the long name',
    text: adsManifest([{ name: `com.example.${'segment'.repeat(8)}.get`, invocationName: 'segments-get' }]),
    problems: [],
  },
  {
    title: 'ADS: invalid capability names and invalid invocationNames',
    text: adsManifest([
      { name: 'orders_get' },
      { name: 'com.example.x', invocationName: '1st' },
      { name: 'com.example.y', invocationName: 7 },
    ]),
    problems: [
      'error invalid-capability-name "orders_get"',
      'error invalid-invocation-name "1st"',
      'error invalid-invocation-name 7',
    ],
  },
  {
    title: 'ADS: a derived name that is still invalid is not invocable',
    text: adsManifest([{ name: 'com.example.get order' }]),
    problems: ['error invalid-capability-name "com.example.get order"', 'error not-invocable "com.example.get order"'],
  },
  {
    title: 'ADS: the full-featured example is clean (renamed-on-wire is off by default)',
    text: adsManifest([{ name: 'com.example.lookupOrder' }, { name: 'com.example.issueRefund' }]),
    all: [],
  },
  {
    title: 'renamed-on-wire: a severity setting turns it on, at that severity',
    text: adsManifest([{ name: 'com.example.lookupOrder' }, { name: 'com.example.issueRefund' }]),
    options: { severity: { 'renamed-on-wire': 'hint' } },
    all: ['hint renamed-on-wire "com.example.lookupOrder"', 'hint renamed-on-wire "com.example.issueRefund"'],
  },
  {
    title: 'renamed-on-wire: raised to information, model-safe renames too',
    text: mcpList('a.b', 'ok'),
    options: { severity: { 'renamed-on-wire': 'information' } },
    all: ['information renamed-on-wire "a.b"'],
  },
  // --- reserved-name --------------------------------------------------------------------------
  {
    title: "reserved-name: the runtime's own tools under model-safe",
    text: mcpList('tool.search', 'reset_tools', 'tool_schema_x'),
    problems: ['error reserved-name "tool.search"', 'error reserved-name "reset_tools"'],
  },
  {
    title: 'reserved-name: not reserved in a provider body (verbatim)',
    text: openaiChat(['tool_search']),
    problems: [],
  },
  {
    title: 'reserved-name: configured reserved names apply everywhere',
    text: openaiChat(['handoff']),
    options: { reservedNames: ['handoff'] },
    problems: ['error reserved-name "handoff"'],
  },
  // --- case-collision -------------------------------------------------------------------------
  {
    title: 'case-collision: calculate_BMI / calculate_bmi',
    text: pretty([
      { name: 'calculate_BMI', parameters: { type: 'object' } },
      { name: 'calculate_bmi', parameters: { type: 'object' } },
    ]),
    problems: ['warning case-collision "calculate_BMI"', 'warning case-collision "calculate_bmi"'],
  },
  // --- unresolved-reference -------------------------------------------------------------------
  {
    title: 'unresolved-reference: tool_choice names no tool (error), history names no tool (warning)',
    text: openaiChat(['get_weather'], {
      tool_choice: { type: 'function', function: { name: 'get_wether' } },
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: '1', type: 'function', function: { name: 'old_tool', arguments: '{}' } }],
        },
      ],
    }),
    problems: ['error unresolved-reference "get_wether"', 'warning unresolved-reference "old_tool"'],
  },
  {
    title: 'unresolved-reference: Gemini allowedFunctionNames',
    text: pretty({
      tools: [{ functionDeclarations: [{ name: 'a' }] }],
      toolConfig: { functionCallingConfig: { allowedFunctionNames: ['a', 'b'] } },
    }),
    problems: ['error unresolved-reference "b"'],
  },
  // --- too-many-tools -------------------------------------------------------------------------
  {
    title: 'too-many-tools: 129 tools for OpenAI',
    text: openaiChat(Array.from({ length: 129 }, (_, i) => `tool_${i}`)),
    problems: ['error too-many-tools "tools"'],
  },
  {
    title: 'too-many-tools: 129 tools are fine for Anthropic',
    text: pretty({
      model: 'claude-x',
      tools: Array.from({ length: 129 }, (_, i) => ({ name: `tool_${i}`, input_schema: { type: 'object' } })),
    }),
    problems: [],
  },
  // --- schema-altered / schema-rejected via MCP clients ---------------------------------------
  {
    title: 'schema-altered: Codex drops a pattern, on its key; the enum it keeps says nothing',
    text: pretty({
      tools: [
        {
          name: 'search',
          inputSchema: { type: 'object', properties: { q: { type: 'string', enum: ['a'], pattern: '^a' } } },
        },
      ],
    }),
    options: { clients: { enabled: ['codex'], server: 's' }, defaultTargets: ['openai'] },
    problems: ['warning schema-altered "pattern"'],
  },
  {
    title: 'schema-altered: what only some models get (VS Code, gpt-4*) is information',
    text: pretty({
      tools: [
        { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } } },
      ],
    }),
    options: { clients: { enabled: ['vscode'], server: 's' }, defaultTargets: ['openai'] },
    problems: ['information schema-altered "pattern"'],
  },
  {
    title: 'schema-altered: a property named like a keyword is a name, not a keyword',
    text: pretty({
      tools: [{ name: 'search', inputSchema: { type: 'object', properties: { pattern: { type: 'string' } } } }],
    }),
    options: { clients: { enabled: ['codex'], server: 's' }, defaultTargets: ['openai'] },
    problems: [],
  },
  {
    title: 'schema-altered: no client enabled, no client finding',
    text: pretty({
      tools: [{ name: 'search', inputSchema: { type: 'object', properties: { q: { pattern: '^a' } } } }],
    }),
    options: { defaultTargets: ['openai'] },
    problems: [],
  },
  {
    title: "schema-altered: an OpenAI request body is no MCP client's",
    text: pretty({
      model: 'gpt-4o',
      tools: [
        {
          type: 'function',
          function: {
            name: 'search',
            parameters: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } },
          },
        },
      ],
    }),
    options: { clients: { enabled: ['codex'], server: 's' } },
    problems: [],
  },
  {
    title: 'schema-rejected via a client: Cline sends an array without items to OpenAI (an error: Cline was chosen)',
    text: pretty({
      tools: [{ name: 'tag', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }],
    }),
    options: { clients: { enabled: ['cline'], server: 's' }, defaultTargets: ['anthropic'] },
    problems: ['error schema-rejected "type"'],
  },
  {
    title: 'schema-rejected via a client: the targets refuse it too, one finding names both',
    text: pretty({
      tools: [{ name: 'tag', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }],
    }),
    options: { clients: { enabled: ['cline', 'continue'], server: 's' }, defaultTargets: ['openai'] },
    problems: ['error schema-rejected "type"'],
  },
  {
    title: 'schema-rejected via a client: a path only reports show (Claude Code) is a warning',
    text: pretty({ tools: [{ name: 'pick', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }] } }] }),
    options: { clients: { enabled: ['claude-code'], server: 's' }, defaultTargets: ['openai'] },
    problems: ['warning schema-rejected "anyOf"'],
  },
  {
    title: 'schema-rejected via a client: clients nobody chose are advice (warnings)',
    text: pretty({
      tools: [{ name: 'tag', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }],
    }),
    options: { clients: { enabled: ['cline'], server: 's', byDefault: true }, defaultTargets: ['anthropic'] },
    problems: ['warning schema-rejected "type"'],
  },
  {
    title: 'schema-rejected via a client: Codex fills the items, so it alters instead of failing',
    text: pretty({
      tools: [{ name: 'tag', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }],
    }),
    options: { clients: { enabled: ['codex'], server: 's' }, defaultTargets: ['anthropic'] },
    problems: ['warning schema-altered "type"'],
  },
  {
    title:
      "schema-rejected via a client: an MCP root without type object is the MCP schema's problem, not the provider's",
    text: pretty({ tools: [{ name: 'bare', inputSchema: {} }] }),
    options: { clients: { enabled: ['claude-code', 'copilot-cli'], server: 's' }, defaultTargets: ['openai'] },
    problems: [],
  },
  {
    title: 'schema-altered: off by severity, and a tool the runtime leaves out is not judged',
    text: pretty({
      tools: [{ name: 'search', inputSchema: { type: 'object', properties: { q: { pattern: '^a' } } } }],
    }),
    options: {
      clients: { enabled: ['codex'], server: 's' },
      defaultTargets: ['openai'],
      severity: { 'schema-altered': 'off' },
    },
    problems: [],
  },
  // --- severity settings ----------------------------------------------------------------------
  {
    title: 'severity: off silences a code; a level replaces the default',
    text: mcpList('a.b', 'a_b', 'Calculate', 'calculate'),
    options: { severity: { 'renamed-on-wire': 'off', 'case-collision': 'error', 'wire-collision': 'information' } },
    all: ['information wire-collision "a.b"', 'error case-collision "Calculate"', 'error case-collision "calculate"'],
  },
];

describe('findings', () => {
  for (const c of CASES) {
    test(c.title, () => {
      if (c.problems) assert.deepEqual(problemLines(c.text, c.options), c.problems);
      if (c.all) assert.deepEqual(findingLines(c.text, c.options), c.all);
    });
  }
});

describe('messages say what, why, which profile and how to fix', () => {
  test('invalid-name names the provider, the rule, the character, and a fix', () => {
    const text = openaiChat(['mcp/github/create_issue']);
    const [finding] = analyze(text).findings;
    assert.ok(finding);
    assert.equal(finding.message, '"mcp/github/create_issue" is rejected by openai: the whole request fails.');
    assert.match(finding.detail, /OpenAI \(openai: \^\[a-zA-Z0-9_-\]\{1,64\}\$\)/);
    assert.match(finding.detail, /"\/" \(U\+002F\) at character 4 and 1 more/);
    assert.match(finding.detail, /HTTP 400/);
    // The message says what to do; the name to rename to is the fix's, built where fixes are.
    assert.match(finding.detail, /Rename the tool\.$/);
    assert.deepEqual(finding.nameFix, { kind: 'rename', preferred: true });
    assert.equal(fixedAnalysis(text).findings[0]!.fix?.proposed, 'mcp_github_create_issue');
    assert.deepEqual(finding.profiles, ['openai']);
  });

  test('wire-collision says which is kept, which is left out, and relates the others', () => {
    const text = mcpList('a.b', 'a_b');
    const analysis = analyze(text);
    const findings = analysis.findings.filter((f) => f.code === 'wire-collision');
    // One problem, one diagnostic: only the left-out tool has a finding; the kept one is named by it.
    assert.equal(findings.length, 1);
    const [leftOut] = findings;
    assert.ok(leftOut);
    assert.equal(leftOut.tool, 0);
    assert.equal(leftOut.message, 'Left out of the request: sent as "a_b", the name of the tool the runtime keeps.');
    assert.match(leftOut.detail, /keeps "a_b".*the model can never call "a\.b", and a call meant for it runs "a_b"/);
    assert.equal(text.slice(leftOut.related[0]!.range.start, leftOut.related[0]!.range.end), '"a_b"');
    assert.match(leftOut.related[0]!.message, /\(kept\)/);
    assert.equal(leftOut.nameFix?.kind, 'rename', 'the left-out tool asks for the rename');
    assert.ok(fixedAnalysis(text).findings.find((f) => f.code === 'wire-collision')!.fix, 'and gets it');
    assert.deepEqual(
      analysis.findings.filter((f) => f.tool === 1 && f.severity !== 'hint'),
      [],
      'the kept tool keeps its name and has no finding',
    );
  });

  test('Anthropic duplicates quote its error', () => {
    const text = pretty({
      model: 'claude-x',
      tools: [
        { name: 'get', input_schema: { type: 'object' } },
        { name: 'get', input_schema: { type: 'object' } },
      ],
    });
    assert.equal(analyze(text).findings[0]!.message, '"get" is declared 2 times: Anthropic rejects the whole request.');
    assert.match(analyze(text).findings[0]!.detail, /Tool names must be unique/);
  });

  test('ADS hyphen collisions explain why the derivation is not collision-free', () => {
    const finding = analyze(adsManifest([{ name: 'com.example.a-b' }, { name: 'com.example.a.b' }])).findings.find(
      (f) => f.code === 'wire-collision',
    );
    assert.equal(
      finding!.message,
      // The first keeps the derived name: the finding is on the second, and names the first.
      'Invoked as "com-example-a-b", like "com.example.a-b": a call may run the wrong capability.',
    );
    assert.match(finding!.detail, /Hyphens are legal inside segments/);
  });

  test('not-invocable says the spec forbids truncation and offers an invocationName', () => {
    const finding = fixedAnalysis(adsManifest([{ name: `com.example.${'x'.repeat(60)}` }])).findings[0]!;
    assert.match(finding.message, /^Not invocable: derives "com-example-x{60}", 72 characters, over ADS-2's 64\.$/);
    assert.match(finding.detail, /^ADS-2 forbids truncating it/);
    assert.equal(finding.fix?.kind, 'add-invocation-name');
  });

  test('unresolved tool_choice suggests the closest name', () => {
    const text = openaiChat(['get_weather'], { tool_choice: { type: 'function', function: { name: 'get_wether' } } });
    assert.equal(
      analyze(text).findings[0]!.message,
      'tool_choice names "get_wether", no tool of this request: the request fails.',
    );
    assert.match(analyze(text).findings[0]!.detail, /Did you mean "get_weather"\?/);
  });
});

describe('census', () => {
  test('left-out tools are not offered; the kept one is', () => {
    const analysis = analyze(mcpList('a.b', 'a_b', 'tool.search', 'ok'));
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, t.wireName, t.fate]),
      [
        ['a.b', 'a_b', 'left-out'],
        ['a_b', 'a_b', 'offered'],
        ['tool.search', 'tool_search', 'left-out'],
        ['ok', 'ok', 'offered'],
      ],
    );
    assert.equal(analysis.requests[0]!.offeredCount, 2);
    assert.equal(analysis.tools[0]!.keptInGroup, 1);
  });

  test('references dispatch by exact real name first, then by an unambiguous wire form', () => {
    const text = openaiChat(['a.b', 'c.d'], {
      tool_choice: { type: 'function', function: { name: 'a.b' } },
      messages: [
        { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'c_d', arguments: '{}' } }] },
      ],
    });
    const analysis = analyze(text, { derivation: 'model-safe' });
    assert.deepEqual(
      analysis.references.map((r) => [r.reference.name, r.resolution, r.target]),
      [
        ['a.b', 'exact', 0],
        ['c_d', 'wire-form', 1],
      ],
    );
  });

  test('an ambiguous wire form resolves to nothing; a runtime tool resolves to the runtime', () => {
    const text = openaiChat(['x.y', 'x:y'], {
      messages: [
        {
          role: 'assistant',
          tool_calls: [
            { id: '1', type: 'function', function: { name: 'x_y', arguments: '{}' } },
            { id: '2', type: 'function', function: { name: 'tool_search', arguments: '{}' } },
          ],
        },
      ],
    });
    const analysis = analyze(text, { derivation: 'model-safe' });
    assert.deepEqual(
      analysis.references.map((r) => r.resolution),
      [undefined, 'runtime-tool'],
    );
  });

  test('tool_choice forcing a left-out tool is an error', () => {
    const text = openaiChat(['a.b', 'a_b'], { tool_choice: { type: 'function', function: { name: 'a.b' } } });
    const lines = problemLines(text, { derivation: 'model-safe' });
    assert.ok(lines.includes('error unresolved-reference "a.b"'), lines.join('\n'));
  });
});
