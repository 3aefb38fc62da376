import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { AnalysisOptions } from '../../server/src/core';
import type { CodeLanguage, CodeParser } from '../../server/src/core/code/syntax';
import { fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (language: CodeLanguage): AnalysisOptions => ({ language, code: parser });

/**
 * Provider-shaped tool lists as agents write them: bound to a variable of the file and sent as
 * `tools: X` / `tools=X`. [what, language, text, the format read, the tools' names].
 */
const CASES: readonly (readonly [string, CodeLanguage, string, string | null, readonly string[]])[] = [
  [
    'a Responses list in a const, sent as tools: X',
    'typescript',
    "import OpenAI from 'openai';\nexport const supervisorTools = [\n  { type: 'function', name: 'lookupPolicy', parameters: { type: 'object' } },\n  { type: 'function', name: 'findStore', parameters: { type: 'object' } },\n];\nconst body = { model: 'gpt-4.1', input, tools: supervisorTools };\n",
    'openai-responses',
    ['lookupPolicy', 'findStore'],
  ],
  [
    'a Chat Completions list in a module constant, sent as tools=X',
    'python',
    'from openai import OpenAI\n\nWEATHER_TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]\n\ndef ask(client):\n    return client.chat.completions.create(model="gpt-4o", messages=[], tools=WEATHER_TOOLS)\n',
    'openai-chat',
    ['get_weather'],
  ],
  [
    'an Anthropic list bound once and named twice is read once',
    'python',
    'import anthropic\n\nTOOLS = [{"name": "get_time", "description": "d", "input_schema": {"type": "object"}}]\na = client.messages.create(model="m", max_tokens=1, messages=[], tools=TOOLS)\nb = client.messages.create(model="m", max_tokens=1, messages=[], tools=TOOLS)\n',
    'anthropic-messages',
    ['get_time'],
  ],
  [
    'a name bound to two lists stands for neither',
    'typescript',
    "import OpenAI from 'openai';\nfunction a() { const list = [{ type: 'function', name: 'one', parameters: {} }]; return { tools: list }; }\nfunction b() { const list = [{ type: 'function', name: 'two', parameters: {} }]; return { tools: list }; }\n",
    null,
    [],
  ],
  [
    'Gemini (Python): types.FunctionDeclaration(name=), a dict under function_declarations, `from google import genai`',
    'python',
    'from google import genai\nfrom google.genai import types\n\nweather = types.FunctionDeclaration(name="get_weather", description="d", parameters={"type": "object"})\nconfig = types.GenerateContentConfig(tools=[types.Tool(function_declarations=[weather])])\nother = {"tools": [{"function_declarations": [{"name": "get_time", "parameters": {"type": "object"}}]}]}\n',
    'gemini',
    ['get_weather', 'get_time'],
  ],
  [
    'Gemini (Python, google-generativeai): genai.protos.FunctionDeclaration',
    'python',
    'import google.generativeai as genai\n\nfind = genai.protos.FunctionDeclaration(name="find_movies", description="d", parameters=schema)\n',
    'gemini',
    ['find_movies'],
  ],
  [
    'tools bound to names of the file and listed by them (one listed twice is sent twice)',
    'typescript',
    "import { GoogleGenAI, Type } from '@google/genai';\nconst getTablesDcl = { name: 'getTables', parameters: { type: Type.OBJECT } };\nconst runQueryDcl = { name: 'run.query', parameters: { type: Type.OBJECT } };\nconst r = await ai.models.generateContent({ model, contents, config: { tools: [{ functionDeclarations: [getTablesDcl, runQueryDcl, getTablesDcl] }] } });\n",
    'gemini',
    ['getTables', 'run.query', 'getTables'],
  ],
  [
    'Python dicts bound to module names: tools=[WEATHER], a function dict, Tool(function_declarations=[...])',
    'python',
    'from openai import OpenAI\n\nFN = {"name": "get_weather", "parameters": {"type": "object"}}\nWEATHER = {"type": "function", "function": FN}\nr = client.chat.completions.create(model="m", messages=[], tools=[WEATHER])\n',
    'openai-chat',
    ['get_weather'],
  ],
  [
    'Gemini (Python): dicts handed to types.Tool(function_declarations=[...])',
    'python',
    'from google.genai import types\n\nWEATHER = {"name": "get_current_weather", "parameters": {"type": "object"}}\ntool = types.Tool(function_declarations=[WEATHER, {"name": "get_time", "parameters": {}}])\n',
    'gemini',
    ['get_current_weather', 'get_time'],
  ],
  [
    "OpenAI's legacy functions list under a functions key (call options, a chain's options), bound objects included",
    'typescript',
    "import { ChatOpenAI } from '@langchain/openai';\nimport { HumanMessage } from '@langchain/core/messages';\nconst weather = { name: 'get_weather', parameters: { type: 'object' } };\nawait model.invoke([msg], { functions: [{ name: 'get_time', parameters: { type: 'object' } }, weather], function_call: { name: 'get_time' } });\nconst functions = [{ name: 'not_sent', parameters: {} }];\n",
    'openai-chat',
    ['get_time', 'get_weather'],
  ],
  [
    "OpenAI's legacy functions list bound to a name and sent as functions: X (the legacy list, not generic tools)",
    'typescript',
    "import { ChatOpenAI } from '@langchain/openai';\nimport { HumanMessage } from '@langchain/core/messages';\nconst fns = [{ name: 'get_time', description: 'd', parameters: { type: 'object' } }, { name: 'get_weather', parameters: { type: 'object' } }];\nconst result = await model.invoke([msg], { functions: fns, function_call: { name: 'get_time' } });\n",
    'openai-chat',
    ['get_time', 'get_weather'],
  ],
  [
    'an OpenAI Realtime session.update event sent with no SDK: its session tools are read',
    'javascript',
    'const sessionUpdate = {\n  type: "session.update",\n  session: { tools: [{ type: "function", name: "display_color_palette", parameters: { type: "object" } }], tool_choice: "auto" },\n};\ndataChannel.send(JSON.stringify(sessionUpdate));\n',
    'openai-responses',
    ['display_color_palette'],
  ],
  [
    'an object that names itself is read once inside itself: the walk ends',
    'typescript',
    "import OpenAI from 'openai';\nconst P = { type: 'object', properties: { next: P } };\nconst body = { model, input, tools: [{ type: 'function', name: 'walk', parameters: P }] };\n",
    'openai-responses',
    ['walk'],
  ],
];

describe('source code: provider tool lists as agents write them', () => {
  for (const [what, language, text, format, names] of CASES)
    test(what, () => {
      const analysis = fixedAnalysis(text, opts(language));
      assert.equal(analysis.format, format);
      assert.deepEqual(
        analysis.tools.map((t) => t.name),
        names,
      );
    });
});
