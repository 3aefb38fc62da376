import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions } from '../../server/src/core';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (language: CodeLanguage): AnalysisOptions => ({ language, code: parser });
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);

/**
 * Small sources in the styles of real agent projects (Mastra's agents and MCP servers, the AI
 * SDK's `streamText`, the OpenAI Agents SDK's agents as tools): what each declares, as
 * [name, the text its range covers], the number of requests, and the computed names counted.
 */
const CASES: readonly (readonly [
  what: string,
  text: string,
  tools: readonly (readonly [string, string])[],
  requests: number,
  computed: number,
])[] = [
  [
    'Mastra: an agent sends each key of its tools, shorthand or not; not the tools’ ids',
    "import { Agent } from '@mastra/core/agent';\nimport { weatherTool } from '../tools/weather-tool';\nimport { createTool } from '@mastra/core/tools';\nconst lookup = createTool({ id: 'lookup-order', description: 'd', execute });\nexport const agent = new Agent({\n  name: 'Support',\n  model,\n  tools: { weatherTool, 'lookup.order': lookup },\n});\n",
    [
      ['weatherTool', 'weatherTool'],
      ['lookup.order', "'lookup.order'"],
    ],
    1,
    0,
  ],
  [
    'Mastra: two agents are two requests; a spread of an MCP client’s tools is no declaration',
    "import { Agent } from '@mastra/core/agent';\nconst NAME = 'search_docs';\nexport const a = new Agent({ name: 'a', model, tools: { [NAME]: search, get_time: timeTool } });\nexport const b = new Agent({ name: 'b', model, tools: { get_time: timeTool, ...(await mcp.listTools()) } });\nexport const c = new Agent({ name: 'c', model, tools: await mcp.listTools() });\nexport const d = new Agent({ name: 'd', model, tools: { [dynamicName]: x } });\n",
    [
      ['search_docs', "'search_docs'"],
      ['get_time', 'get_time'],
      ['get_time', 'get_time'],
    ],
    2,
    1,
  ],
  [
    'Mastra: dynamic tools, a function returning one record (an arrow’s body, its only return) are its keys; a function with two returns may hand either, so neither is read',
    "import { Agent } from '@mastra/core/agent';\nexport const a = new Agent({ name: 'a', model, tools: ({ runtimeContext }) => ({ weatherTool, 'get.time': timeTool }) });\nexport const b = new Agent({ name: 'b', model, tools: async () => { const f = () => { return { notThis }; }; return { fetchTool }; } });\nexport const c = new Agent({ name: 'c', model, tools: ({ runtimeContext }) => { if (pro) return { proTool, same }; return { basicTool, same }; } });\n",
    [
      ['weatherTool', 'weatherTool'],
      ['get.time', "'get.time'"],
      ['fetchTool', 'fetchTool'],
    ],
    2,
    0,
  ],
  [
    'Mastra MCP: a server’s tools are its keys, the server named by its name',
    "import { MCPServer } from '@mastra/mcp';\nexport const server = new MCPServer({ name: 'orders', version: '1.0.0', tools: { getOrder, list_orders: listOrders } });\n",
    [
      ['getOrder', 'getOrder'],
      ['list_orders', 'list_orders'],
    ],
    1,
    0,
  ],
  [
    'AI SDK: streamText’s tools are its keys, whatever the values (an import, a factory’s call, tool())',
    "import { streamText, tool } from 'ai';\nimport { getWeather } from './tools/get-weather';\nconst result = streamText({\n  model,\n  tools: {\n    getWeather,\n    createDocument: createDocument({ session }),\n    ask: tool({ description: 'd', inputSchema }),\n  },\n});\n",
    [
      ['getWeather', 'getWeather'],
      ['createDocument', 'createDocument'],
      ['ask', 'ask'],
    ],
    1,
    0,
  ],
  [
    'AI SDK: a ToolLoopAgent’s tools likewise; an object not handed to a known call is no request',
    "import { ToolLoopAgent } from 'ai';\nexport const agent = new ToolLoopAgent({ model, tools: { search, fetchPage } });\nconst options = { tools: { notSent } };\n",
    [
      ['search', 'search'],
      ['fetchPage', 'fetchPage'],
    ],
    1,
    0,
  ],
  [
    'AI SDK: an agent class imported under another name (`Experimental_Agent as Agent`) is still read',
    "import { Experimental_Agent as Agent, tool } from 'ai';\nexport const research = new Agent({ model, tools: { search, fetchUrl } });\n",
    [
      ['search', 'search'],
      ['fetchUrl', 'fetchUrl'],
    ],
    1,
    0,
  ],
  [
    'Mastra: an agent’s tools record bound to a name of the file is read where it is written',
    "import { Agent } from '@mastra/core/agent';\nconst supportTools = { lookupOrder, 'refund.order': refund };\nexport const a = new Agent({ name: 'a', model, tools: supportTools });\nexport const b = new Agent({ name: 'b', model, tools: unknownTools });\n",
    [
      ['lookupOrder', 'lookupOrder'],
      ['refund.order', "'refund.order'"],
    ],
    1,
    0,
  ],
  [
    'OpenAI Agents JS: agent.asTool({ toolName }) names a function tool; without one it is named after the agent',
    "import { Agent, tool } from '@openai/agents';\nconst agent = new Agent({\n  name: 'Triage',\n  tools: [\n    spanish.asTool({ toolName: 'translate_to_spanish', toolDescription: 'd' }),\n    french.asTool({ toolName: TOOL, toolDescription: 'd' }),\n    tool({ name: 'get_weather', parameters, execute }),\n  ],\n});\n",
    [
      ['translate_to_spanish', "'translate_to_spanish'"],
      ['get_weather', "'get_weather'"],
    ],
    1,
    1,
  ],
];

describe('source code: tools records and agents as tools', () => {
  for (const [what, text, tools, requests, computed] of CASES)
    test(what, () => {
      const analysis = fixedAnalysis(text, opts('typescript'));
      assert.deepEqual(
        analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
        tools,
      );
      assert.equal(analysis.requests.length, requests);
      assert.equal(analysis.code?.computedNames.length ?? 0, computed);
    });

  test('two agents’ records never collide with each other; one record’s keys do', () => {
    const text =
      "import { Agent } from '@mastra/core/agent';\nexport const a = new Agent({ name: 'a', model, tools: { 'get.time': t } });\nexport const b = new Agent({ name: 'b', model, tools: { get_time: t, 'get.time': u } });\n";
    const found = fixedAnalysis(text, opts('typescript')).findings.filter((f) => f.code === 'wire-collision');
    // The runtime sends `get.time` as `get_time`: only in b does another tool already have that name.
    assert.deepEqual(
      found.map((f) => [at(text, f), f.range.start > text.indexOf('const b')]),
      [["'get.time'", true]],
    );
  });

  test('renaming a shorthand key writes a key before it and keeps the variable it reads', () => {
    const text =
      "import { Agent } from '@mastra/core/agent';\nexport const a = new Agent({ name: 'a', model, tools: { weatherTool } });\n";
    const plan = planRename(text, opts('typescript'), text.indexOf('weatherTool') + 1, 'get_weather');
    assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
    const renamed = applyEdits(text, plan.kind === 'edits' ? plan.edits : []);
    assert.match(renamed, /tools: \{ "get_weather": weatherTool \}/);
    assert.deepEqual(
      fixedAnalysis(renamed, opts('typescript')).tools.map((t) => t.name),
      ['get_weather'],
    );
  });
});
