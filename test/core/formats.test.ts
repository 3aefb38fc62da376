import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/core/analyze';
import { pretty } from './helpers';

/** Every recognised shape: input text in, format and the names found (with JSON pointers) out. */
const RECOGNISED: ReadonlyArray<{
  title: string;
  text: string;
  format: string;
  names: string[];
  pointers?: string[];
  references?: string[];
}> = [
  {
    title: 'ADS manifest',
    text: pretty({
      specVersion: '0.3.0',
      capabilities: [
        { name: 'com.example.orders.get', invocationName: 'orders-get' },
        { name: 'com.example.refunds.issue' },
      ],
    }),
    format: 'ads-manifest',
    names: ['com.example.orders.get', 'com.example.refunds.issue'],
    pointers: ['/capabilities/0/name', '/capabilities/1/name'],
  },
  {
    title: 'OpenAI Chat request with tool_choice and history',
    text: pretty({
      model: 'gpt-4o',
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: '1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        },
        { role: 'function', name: 'get_weather', content: '{}' },
      ],
      tools: [
        { type: 'web_search' },
        { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } },
        { type: 'custom', custom: { name: 'grammar_tool' } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    }),
    format: 'openai-chat',
    names: ['get_weather', 'grammar_tool'],
    pointers: ['/tools/1/function/name', '/tools/2/custom/name'],
    references: [
      'choice tool_choice get_weather',
      'history messages[0].tool_calls[0] get_weather',
      'history messages[1] get_weather',
    ],
  },
  {
    title: 'OpenAI Chat allowed_tools choice',
    text: pretty({
      tools: [{ type: 'function', function: { name: 'a' } }],
      tool_choice: {
        type: 'allowed_tools',
        allowed_tools: { mode: 'auto', tools: [{ type: 'function', function: { name: 'a' } }] },
      },
    }),
    format: 'openai-chat',
    names: ['a'],
    references: ['choice tool_choice.allowed_tools a'],
  },
  {
    title: 'bare OpenAI tools array',
    text: pretty([{ type: 'function', function: { name: 'lookup', parameters: {} } }]),
    format: 'openai-chat',
    names: ['lookup'],
    pointers: ['/0/function/name'],
  },
  {
    title: 'OpenAI legacy functions',
    text: pretty({
      model: 'gpt-3.5-turbo',
      functions: [{ name: 'f', parameters: { type: 'object' } }],
      function_call: { name: 'f' },
    }),
    format: 'openai-chat',
    names: ['f'],
    references: ['choice function_call f'],
  },
  {
    title: 'OpenAI Responses request',
    text: pretty({
      model: 'gpt-5',
      tools: [{ type: 'function', name: 'get_weather', parameters: {} }, { type: 'file_search' }],
      tool_choice: { type: 'function', name: 'get_weather' },
      input: [{ type: 'function_call', name: 'get_weather', call_id: 'c', arguments: '{}' }],
    }),
    format: 'openai-responses',
    names: ['get_weather'],
    references: ['choice tool_choice get_weather', 'history input[0] get_weather'],
  },
  {
    title: 'Anthropic Messages request',
    text: pretty({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      tools: [
        { name: 'get_stock', description: 'd', input_schema: { type: 'object' } },
        { type: 'web_search_20250305', name: 'web_search' },
      ],
      tool_choice: { type: 'tool', name: 'get_stock' },
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'x' },
            { type: 'tool_use', id: 't', name: 'get_stock', input: {} },
          ],
        },
      ],
    }),
    format: 'anthropic-messages',
    names: ['get_stock', 'web_search'],
    references: ['choice tool_choice get_stock', 'history messages[0].content[1] get_stock'],
  },
  {
    title:
      'Anthropic toolsets (the MCP connector’s mcp_toolset, Managed Agents’ agent_toolset_…) declare no tool and lack no name',
    text: pretty({
      model: 'claude-sonnet-5',
      tools: [
        { type: 'agent_toolset_20260401' },
        { type: 'mcp_toolset', mcp_server_name: 'docs' },
        { type: 'custom', name: 'get_weather', input_schema: { type: 'object' } },
      ],
    }),
    format: 'anthropic-messages',
    names: ['get_weather'],
  },
  {
    title: 'Anthropic request with server tools only',
    text: pretty({ model: 'claude-opus-4-1', tools: [{ type: 'bash_20250124', name: 'bash' }] }),
    format: 'anthropic-messages',
    names: ['bash'],
  },
  {
    title: 'Gemini camelCase',
    text: pretty({
      contents: [
        { role: 'model', parts: [{ functionCall: { name: 'find_movies', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'find_movies', response: {} } }] },
      ],
      tools: [
        { functionDeclarations: [{ name: 'find_movies', parameters: { type: 'object' } }, { name: 'find_theaters' }] },
        { googleSearch: {} },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['find_theaters'] } },
    }),
    format: 'gemini',
    names: ['find_movies', 'find_theaters'],
    pointers: ['/tools/0/functionDeclarations/0/name', '/tools/0/functionDeclarations/1/name'],
    references: [
      'choice allowedFunctionNames find_theaters',
      'history contents[0].parts[0] find_movies',
      'history contents[1].parts[0] find_movies',
    ],
  },
  {
    title: 'Gemini snake_case',
    text: pretty({
      tools: [{ function_declarations: [{ name: 'a' }] }],
      tool_config: { function_calling_config: { allowed_function_names: ['a'] } },
    }),
    format: 'gemini',
    names: ['a'],
    references: ['choice allowedFunctionNames a'],
  },
  {
    title: 'Bedrock Converse',
    text: pretty({
      modelId: 'anthropic.claude-3',
      messages: [{ role: 'assistant', content: [{ toolUse: { toolUseId: 'x', name: 'top_song', input: {} } }] }],
      toolConfig: {
        tools: [{ toolSpec: { name: 'top_song', inputSchema: { json: {} } } }, { cachePoint: { type: 'default' } }],
        toolChoice: { tool: { name: 'top_song' } },
      },
    }),
    format: 'bedrock-converse',
    names: ['top_song'],
    pointers: ['/toolConfig/tools/0/toolSpec/name'],
    references: ['choice toolConfig.toolChoice top_song', 'history messages[0].content[0].toolUse top_song'],
  },
  {
    title: 'MCP tools/list result',
    text: pretty({ tools: [{ name: 'read_file', inputSchema: { type: 'object' } }], nextCursor: 'x' }),
    format: 'mcp-tools-list',
    names: ['read_file'],
  },
  {
    title: 'MCP JSON-RPC envelope',
    text: pretty({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'admin.tools.list', inputSchema: { type: 'object' } }] },
    }),
    format: 'mcp-tools-list',
    names: ['admin.tools.list'],
    pointers: ['/result/tools/0/name'],
  },
  {
    title: 'captured tools/list with server_info',
    text: pretty({ server_info: { name: 'x', version: '1' }, tools: [{ name: 'a', inputSchema: {} }] }),
    format: 'mcp-tools-list',
    names: ['a'],
  },
  {
    title: 'single MCP tool',
    text: pretty({
      name: 'create_issue',
      description: 'd',
      inputSchema: { type: 'object', properties: {} },
      annotations: {},
    }),
    format: 'mcp-tool',
    names: ['create_issue'],
    pointers: ['/name'],
  },
  {
    title: 'bare MCP array (docker registry)',
    text: pretty([
      { name: 'list_tables', description: 'd' },
      { name: 'query', description: 'q', inputSchema: { type: 'object' } },
    ]),
    format: 'mcp-tools-list',
    names: ['list_tables', 'query'],
  },
  {
    title: 'Docker MCP catalogue tools.json',
    text: pretty([
      { name: 'list_projects', description: 'd', arguments: [] },
      { name: 'Summarize Detection', description: 'd', arguments: [{ name: 'id', type: 'string', desc: 'x' }] },
    ]),
    format: 'mcp-tools-list',
    names: ['list_projects', 'Summarize Detection'],
  },
  {
    title: 'a catalogue of {name, description} tools',
    text: pretty([
      { name: 'zscaler_check_connectivity', description: 'd' },
      { name: 'x', description: 'y', annotations: {} },
    ]),
    format: 'mcp-tools-list',
    names: ['zscaler_check_connectivity', 'x'],
  },
  {
    title: 'generic function array',
    text: pretty([{ name: 'math.gcd', description: 'd', parameters: { type: 'dict', properties: {} } }]),
    format: 'generic-tools',
    names: ['math.gcd'],
  },
  {
    title: 'generic array with input_schema is Anthropic-shaped',
    text: pretty([{ name: 'x', input_schema: { type: 'object' } }]),
    format: 'anthropic-messages',
    names: ['x'],
  },
  {
    title: 'OpenAI batch line',
    text: JSON.stringify({
      custom_id: 'r1',
      method: 'POST',
      url: '/v1/chat/completions',
      body: { model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'f' } }] },
    }),
    format: 'openai-chat',
    names: ['f'],
    pointers: ['/body/tools/0/function/name'],
  },
];

describe('format recognition', () => {
  for (const c of RECOGNISED) {
    test(c.title, () => {
      const analysis = analyze(c.text);
      assert.equal(analysis.format, c.format);
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        c.names,
      );
      if (c.pointers)
        assert.deepEqual(
          analysis.tools.map((t) => t.declaration.name.pointer),
          c.pointers,
        );
      if (c.references)
        assert.deepEqual(
          analysis.references.map((r) => `${r.reference.kind} ${r.reference.label} ${r.reference.name}`),
          c.references,
        );
      for (const tool of analysis.tools) {
        const range = tool.declaration.name.range;
        assert.equal(
          c.text.slice(range.start, range.end),
          JSON.stringify(tool.name),
          'the range covers the name token',
        );
      }
    });
  }
});

describe('JSON Lines', () => {
  test('BFCL question lines: one census per line, pointers and ranges per line', () => {
    const lines = [
      {
        id: 'simple_0',
        question: [[{ role: 'user', content: 'q' }]],
        function: [{ name: 'math.gcd', description: 'd', parameters: { type: 'dict', properties: {} } }],
      },
      {
        id: 'simple_1',
        question: [],
        function: [{ name: 'math_gcd', description: 'd', parameters: { type: 'dict', properties: {} } }],
      },
    ];
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    const analysis = analyze(text);
    assert.equal(analysis.documentKind, 'json-lines');
    assert.equal(analysis.format, 'generic-tools');
    assert.equal(analysis.requests.length, 2);
    assert.deepEqual(
      analysis.tools.map((t) => t.declaration.name.pointer),
      ['/0/function/0/name', '/1/function/0/name'],
    );
    for (const tool of analysis.tools) {
      assert.equal(
        text.slice(tool.declaration.name.range.start, tool.declaration.name.range.end),
        JSON.stringify(tool.name),
      );
    }
    // math.gcd and math_gcd are in different requests: no collision (naming-rules.md: one request = one census).
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === 'wire-collision'),
      [],
    );
  });

  test('one function per line (BFCL multi_turn_func_doc) is one census', () => {
    const text = [
      { name: 'cd', parameters: { type: 'dict' } },
      { name: 'c.d', parameters: { type: 'dict' } },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const analysis = analyze(text);
    assert.equal(analysis.requests.length, 1);
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['cd', 'c.d'],
    );
  });

  test('a broken line is a syntax problem; the other lines still count', () => {
    const text = `${JSON.stringify({ function: [{ name: 'a.b', parameters: { type: 'object' } }] })}\n{"function": [\n${JSON.stringify({ function: [{ name: 'a_b', parameters: { type: 'object' } }] })}\n`;
    const analysis = analyze(text);
    assert.equal(analysis.documentKind, 'json-lines');
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.ok(analysis.syntaxProblems.length > 0);
  });

  test('a multi-line document with a stray brace stays JSON', () => {
    const text = `${pretty({ tools: [{ name: 'x', inputSchema: {} }] })}\n}`;
    const analysis = analyze(text);
    assert.equal(analysis.documentKind, 'json');
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['x'],
    );
  });
});

describe('zero false alarms on files that are not tool files', () => {
  const OTHERS: Record<string, string> = {
    'package.json': pretty({ name: 'x', version: '1.0.0', scripts: { test: 'node --test' }, dependencies: { a: '1' } }),
    'tsconfig.json': '{\n  // comment\n  "compilerOptions": { "strict": true },\n}',
    'an array of names': pretty([{ name: 'Alice', age: 3 }, { name: 'Bob.Smith' }]),
    'people with descriptions': pretty([{ name: 'Alice.B', description: 'x', email: 'a@b' }]),
    'tools of unknown shape': pretty({
      tools: [{ id: 'x', command: 'acr registry list', name: 'list' }, { name: 'list' }],
    }),
    'A2A agent card': pretty({ name: 'Air Ticketing Agent', skills: [{ id: 'book', name: 'Book Air Tickets' }] }),
    number: '42',
    empty: '',
    'only a comment': '// nothing',
    'azure consolidated': pretty({ consolidated_tools: [{ name: 'a b', mappedToolList: ['x'] }] }),
  };
  for (const [title, text] of Object.entries(OTHERS)) {
    test(title, () => {
      const analysis = analyze(text);
      assert.equal(analysis.format, null);
      assert.deepEqual(analysis.tools, []);
      assert.deepEqual(analysis.findings, []);
    });
  }
});
