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
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);

/** Small sources in LangChain's styles: [what, language, text, [name, the text its range covers], computed names]. */
const CASES: readonly (readonly [string, CodeLanguage, string, readonly (readonly [string, string])[], number])[] = [
  [
    'JS: tool(fn, { name }) from langchain or @langchain/core/tools, DynamicStructuredTool, DynamicTool',
    'typescript',
    'import { tool } from "langchain";\nimport { DynamicStructuredTool, DynamicTool } from "@langchain/core/tools";\nconst NAME = "convert_units";\nconst calc = tool(async ({ a, b }) => String(a + b), { name: "calculator", description: "d", schema: z.object({ a: z.number() }) });\nconst conv = tool(async (input) => { return `${input}`; }, { name: NAME, description: "d" });\nconst dyn = new DynamicStructuredTool({ name: "search.web", description: "d", schema, func });\nconst plain = new DynamicTool({ name: "echo", description: "d", func });\nconst made = tool(fn, { name: `tool_${i}`, description: "d" });\n',
    [
      ['calculator', '"calculator"'],
      ['convert_units', '"convert_units"'],
      ['search.web', '"search.web"'],
      ['echo', '"echo"'],
    ],
    1,
  ],
  [
    'Python: Tool(name=), Tool(name, func, description), Tool.from_function, StructuredTool.from_function named by its function',
    'python',
    'from langchain_core.tools import StructuredTool, Tool\n\ndef multiply(a: int, b: int) -> int:\n    return a * b\n\nsearch = Tool(name="search", func=run, description="d")\nlookup = Tool("lookup", run, "d")\nwiki = Tool.from_function(func=run, name="wiki.search", description="d")\nmul = StructuredTool.from_function(func=multiply)\nadd = StructuredTool.from_function(func=multiply, name="add")\nother = Tool(name=f"t_{n}", func=run, description="d")\n',
    [
      ['search', '"search"'],
      ['lookup', '"lookup"'],
      ['wiki.search', '"wiki.search"'],
      ['multiply', 'multiply'],
      ['add', '"add"'],
    ],
    1,
  ],
  [
    'JS: tool({ name, schema }) with no function (LangChain 1.x), createRetrieverTool(retriever, { name })',
    'typescript',
    'import { tool } from "langchain";\nimport { createRetrieverTool } from "@langchain/classic/tools/retriever";\nexport const memoryGet = tool({ name: "memory_get", description: "d", schema: z.object({ key: z.string() }) });\nconst docs = createRetrieverTool(retriever, { name: "search_docs", description: "d" });\n',
    [
      ['memory_get', '"memory_get"'],
      ['search_docs', '"search_docs"'],
    ],
    0,
  ],
  [
    'Python: create_retriever_tool(retriever, name, description), by position or keyword',
    'python',
    'from langchain_core.tools import create_retriever_tool\n\nwiki = create_retriever_tool(WikipediaRetriever(), "wikipedia", "Search Wikipedia")\nsec = create_retriever_tool(retriever, name="sec_filings_search", description="d")\n',
    [
      ['wikipedia', '"wikipedia"'],
      ['sec_filings_search', '"sec_filings_search"'],
    ],
    0,
  ],
  [
    'JS: tool objects handed to bindTools, in place or bound to a name; a helper-made tool is read where it is made',
    'typescript',
    'import { ChatOpenAI } from "@langchain/openai";\nimport { tool } from "@langchain/core/tools";\nconst titleTool = { name: "generate_title", description: "d", schema };\nconst model = new ChatOpenAI({}).bindTools([titleTool, { name: "route.query", description: "d", schema }, made, { name: dynamic, schema }], { tool_choice: "route.query" });\n',
    [
      ['generate_title', '"generate_title"'],
      ['route.query', '"route.query"'],
    ],
    1,
  ],
  [
    'JS: bindTools of a list bound to a name, of OpenAI tool objects (`function: { name }`), each read once',
    'typescript',
    'import { ChatOpenAI } from "@langchain/openai";\nimport { HumanMessage } from "@langchain/core/messages";\nconst functionSchema = [{ name: "joke", description: "d", parameters: { type: "object" } }];\nconst a = model.bindTools(functionSchema).withConfig({ function_call: { name: "joke" } });\nconst tools = [{ type: "function", function: { name: "calculator", parameters: {} } }];\nconst b = model.bindTools(tools);\nconst c = new ChatOpenAI({}).bindTools([{ type: "function", function: { name: "weather", parameters: {} } }]);\nlet twice = [{ name: "x", parameters: {} }];\ntwice = [{ name: "y", parameters: {} }];\nconst d = model.bindTools(twice);\n',
    [
      ['joke', '"joke"'],
      ['calculator', '"calculator"'],
      ['weather', '"weather"'],
    ],
    0,
  ],
  [
    'JS: a Gemini tool handed to bindTools, bound to a name or in place: each of its function declarations is a tool',
    'typescript',
    'import { ChatVertexAI } from "@langchain/google-vertexai";\nimport { HumanMessage } from "@langchain/core/messages";\nconst geminiTool: GeminiTool = {\n  functionDeclarations: [{ name: "calculator", description: "d", parameters: p }, { name: dynamic, parameters: p }],\n};\nconst model = new ChatVertexAI({}).bindTools([geminiTool, { function_declarations: [{ name: "search.web", parameters: p }, weatherDcl] }]);\nconst weatherDcl = { name: "get_weather", parameters: p };\n',
    [
      ['calculator', '"calculator"'],
      ['search.web', '"search.web"'],
      ['get_weather', '"get_weather"'],
    ],
    1,
  ],
  [
    'JS: a class extending StructuredTool or Tool names its tool in its name field; other classes, one implementing an interface named Tool and static fields are none',
    'typescript',
    'import { StructuredTool, Tool } from "@langchain/core/tools";\nclass Calculator extends StructuredTool {\n  name = "calculator";\n  description = "d";\n  schema = s;\n}\nclass Search extends lc.Tool<string> { public name = "web.search"; }\nclass Other extends Thing { name = "not_a_tool"; }\nclass Impl implements types.Tool { name = "implemented"; }\nclass Label extends StructuredTool { static name2 = "q"; name = pick(); }\nconst model = llm.bindTools([new Calculator(), new Search()]);\n',
    [
      ['calculator', '"calculator"'],
      ['web.search', '"web.search"'],
    ],
    1,
  ],
  [
    'Python: dicts handed to bind_tools; a function the file does not define is declared, name not static',
    'python',
    'from langchain_openai import ChatOpenAI\n\nROUTE = {"name": "route_query", "description": "d", "parameters": {"type": "object"}}\nllm = ChatOpenAI().bind_tools([ROUTE, {"name": "get.time", "parameters": {}}, multiply])\n',
    [
      ['route_query', '"route_query"'],
      ['get.time', '"get.time"'],
    ],
    1,
  ],
  [
    "Python: a BaseTool subclass is LangChain's only when the file imports BaseTool from LangChain; a project's own BaseTool is none",
    'python',
    'from abc import ABC\nfrom langchain_openai import ChatOpenAI\n\nclass BaseTool(ABC):\n    name: str\n\nclass Search(BaseTool):\n    name = "search"\n\nllm = ChatOpenAI().bind_tools([{"name": "route", "parameters": {}}])\n',
    [['route', '"route"']],
    0,
  ],
  [
    'Python: BaseTool imported from langchain.tools (or langchain_core.tools under an alias) names its tool by its class attribute',
    'python',
    'from langchain.tools import BaseTool\nfrom langchain_core.tools import StructuredTool as ST\nimport langchain_core.tools\n\nclass Search(BaseTool):\n    name: str = "web_search"\n    description: str = "d"\n\nclass Calc(ST):\n    name = "calculator"\n\nclass Deep(langchain_core.tools.BaseTool):\n    name = "deep"\n\nclass Made(BaseTool):\n    name: str = NAMES[0]\n',
    [
      ['web_search', '"web_search"'],
      ['calculator', '"calculator"'],
      ['deep', '"deep"'],
    ],
    1,
  ],
  [
    "Python: a class of the file extending a BaseTool subclass is a tool; so is one extending a toolkit's base from LangChain's modules that implements _run; an empty name is its instances' (computed)",
    'python',
    'from langchain_core.tools import BaseTool\nfrom langchain_community.tools.gmail.base import GmailBaseTool\nfrom langchain_community.utilities import Helper\nfrom myapp.base import OwnBase\n\nclass SlackBaseTool(BaseTool):\n    client: object = None\n\nclass SlackSend(SlackBaseTool):\n    name: str = "send_message"\n\nclass GmailSend(GmailBaseTool):\n    name: str = "send_gmail_message"\n    def _run(self, to: str) -> str:\n        return to\n\nclass NotATool(Helper):\n    name = "helper"\n\nclass Own(OwnBase):\n    name = "own"\n    def _run(self) -> str:\n        return ""\n\nclass GitHubAction(BaseTool):\n    name: str = ""\n',
    [
      ['send_message', '"send_message"'],
      ['send_gmail_message', '"send_gmail_message"'],
    ],
    1,
  ],
];

describe('source code: LangChain', () => {
  test('JS: the declarations of a Gemini tool share their bindTools request with the other tools of the list', () => {
    const text =
      'import { ChatVertexAI } from "@langchain/google-vertexai";\nimport { HumanMessage } from "@langchain/core/messages";\nconst gemini = { functionDeclarations: [{ name: "calculator", parameters: p }] };\nconst model = new ChatVertexAI({}).bindTools([gemini, { name: "calculator", schema }]);\n';
    const analysis = fixedAnalysis(text, opts('typescript'));
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      ['calculator', 'calculator'],
    );
    assert.equal(analysis.findings.filter((f) => f.code === 'wire-collision').length, 1);
  });
  for (const [what, language, text, tools, computed] of CASES)
    test(what, () => {
      const analysis = fixedAnalysis(text, opts(language));
      assert.deepEqual(
        analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
        tools,
      );
      assert.equal(analysis.code?.computedNames.length ?? 0, computed);
      // Tools made apart and bound to variables are not assumed to travel together.
      assert.equal(analysis.findings.filter((f) => f.code === 'wire-collision').length, 0);
    });
});
