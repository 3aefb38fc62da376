import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { AnalysisOptions } from '../../server/src/core';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { loadCodeParsers } from './codeParsers';
import { fixedAnalysis } from './helpers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (): AnalysisOptions => ({ language: 'python', code: parser });
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);
const analyse = (text: string) => {
  const analysis = fixedAnalysis(text, opts());
  return {
    tools: analysis.tools.map((t) => [t.name, at(text, t.declaration.name)]),
    computed: analysis.code?.computedNames.length ?? 0,
    collisions: analysis.findings.filter((f) => f.code === 'wire-collision').length,
  };
};

describe('source code: tools named in a list handed to a model or an agent', () => {
  test('LangChain: plain functions in bind_tools, ToolNode, create_react_agent and create_agent are tools named after them', () => {
    const text = [
      'from langchain_core.tools import tool',
      'from langgraph.prebuilt import ToolNode, create_react_agent',
      'from langchain.agents import create_agent',
      'from .helpers import imported_fn',
      '',
      'def add(a: int, b: int) -> int:',
      '    return a + b',
      '',
      'def multiply(a: int, b: int) -> int:',
      '    return a * b',
      '',
      '@tool',
      'def search(q: str) -> str:',
      '    return q',
      '',
      'tools = [add, multiply, search, imported_fn]',
      'llm_with_tools = llm.bind_tools(tools)',
      'node = ToolNode(tools)',
      'agent = create_react_agent(model, [add, TavilySearch()])',
      'agent2 = create_agent("openai:gpt-4o", tools=[multiply])',
      '',
    ].join('\n');
    const { tools, computed, collisions } = analyse(text);
    // Each function once, however many lists name it; the `@tool` one read by its decorator only.
    assert.deepEqual(tools, [
      ['add', 'add'],
      ['multiply', 'multiply'],
      ['search', 'search'],
    ]);
    // `imported_fn` (named in two calls, one list) and `TavilySearch()`: declared, name not static.
    assert.equal(computed, 2);
    assert.equal(collisions, 0);
  });

  test('LangChain: a dict, a decorated tool and a plain function of one name in one list collide', () => {
    const text = [
      'from langchain_core.tools import tool',
      '',
      'def add(a: int, b: int) -> int:',
      '    return a + b',
      '',
      '@tool("add")',
      'def add_numbers(a: int, b: int) -> int:',
      '    return a + b',
      '',
      'llm.bind_tools([add, add_numbers, {"name": "add", "parameters": {}}])',
      '',
    ].join('\n');
    const { tools, collisions } = analyse(text);
    assert.deepEqual(
      tools.map(([name]) => name),
      ['add', 'add', 'add'],
    );
    assert.ok(collisions >= 1, 'the three tools of one request share a name');
  });

  test('LangChain: two tests each binding their own function of one name are two requests', () => {
    const text = [
      'from langchain_core.tools import tool',
      '',
      'def test_one():',
      '    def lookup(q: str) -> str:',
      '        return q',
      '    llm.bind_tools([lookup])',
      '',
      'def test_two():',
      '    def lookup(q: str) -> str:',
      '        return q',
      '    tools = [lookup]',
      '    llm.bind_tools(tools)',
      '',
      'class Helper:',
      '    def method(self):',
      '        return 1',
      '',
      'llm.bind_tools([method])',
      '',
    ].join('\n');
    const { tools, computed, collisions } = analyse(text);
    assert.deepEqual(tools, [
      ['lookup', 'lookup'],
      ['lookup', 'lookup'],
    ]);
    // A method is no bare name: `method` is none of the file's functions.
    assert.equal(computed, 1);
    assert.equal(collisions, 0);
  });

  test('LangChain: a TypedDict or Pydantic class in a list is a tool named after the class, unless it may set a title', () => {
    const text = [
      'from typing import TypedDict',
      'from pydantic import BaseModel, ConfigDict',
      'from langchain_openai import ChatOpenAI',
      '',
      'class UpdateMemory(TypedDict):',
      '    """Decision on what memory type to update"""',
      '    update_type: str',
      '',
      'class Article(BaseModel):',
      '    title: str',
      '',
      'class Renamed(BaseModel):',
      '    model_config = ConfigDict(title="renamed_tool")',
      '    x: int',
      '',
      'model = ChatOpenAI().bind_tools([UpdateMemory, Article, Renamed], parallel_tool_calls=False)',
      '',
    ].join('\n');
    const { tools, computed } = analyse(text);
    // A field named `title` is no title; a `title=` the class sets is not guessed.
    assert.deepEqual(tools, [
      ['UpdateMemory', 'UpdateMemory'],
      ['Article', 'Article'],
    ]);
    assert.equal(computed, 1);
  });

  test("LangChain: a module-level TOOLS list of plain functions is the module's tools, read once", () => {
    const text = [
      'from langchain_tavily import TavilySearch',
      '',
      'async def search(query: str) -> dict:',
      '    return {}',
      '',
      'def helper() -> None:',
      '    pass',
      '',
      'TOOLS: list = [search]',
      'others = [helper]',
      '',
    ].join('\n');
    assert.deepEqual(analyse(text).tools, [['search', 'search']]);
    // Handed to a model in the same file too: still one tool.
    assert.deepEqual(analyse(`${text}model.bind_tools(TOOLS)\n`).tools, [['search', 'search']]);
  });

  test('OpenAI Agents: decorated tools of one function go with the agent that lists them', () => {
    const separate = [
      'from agents import Agent, function_tool',
      '',
      'async def test_nested():',
      '    @function_tool(name_override="shared")',
      '    def outer_tool() -> str:',
      '        return "outer"',
      '',
      '    @function_tool(name_override="shared")',
      '    def inner_tool() -> str:',
      '        return "inner"',
      '',
      '    inner = Agent(name="Inner", tools=[inner_tool])',
      '    outer = Agent(name="Outer", tools=[outer_tool, inner.as_tool(tool_name="inner_agent", tool_description="d")])',
      '',
    ].join('\n');
    const a = analyse(separate);
    assert.deepEqual(a.tools.map(([name]) => name).sort(), ['inner_agent', 'shared', 'shared']);
    assert.equal(a.collisions, 0);
    // One agent listing both, or an agent tool of the same name beside one: a real duplicate.
    const together = separate
      .replace('tools=[inner_tool])', 'tools=[inner_tool, outer_tool])')
      .replace('tool_name="inner_agent"', 'tool_name="other"');
    assert.ok(analyse(together).collisions >= 1);
    const asTool = separate.replace('tool_name="inner_agent"', 'tool_name="shared"');
    assert.ok(analyse(asTool).collisions >= 1);
  });

  test('OpenAI Agents: a deferred tool clashes with a deferred one of its name, not with a visible one', () => {
    const text = [
      'from agents import Agent, function_tool',
      '',
      'def test_a():',
      '    @function_tool(name_override="lookup_account")',
      '    async def visible(customer_id: str) -> str:',
      '        return customer_id',
      '',
      '    @function_tool(name_override="lookup_account", defer_loading=True)',
      '    async def deferred(customer_id: str) -> str:',
      '        return customer_id',
      '',
      '    agent = Agent(name="A", tools=[visible, deferred])',
      '',
    ].join('\n');
    assert.equal(analyse(text).collisions, 0);
    const both = text.replace('name_override="lookup_account")', 'name_override="lookup_account", defer_loading=True)');
    assert.ok(analyse(both).collisions >= 1);
  });

  test('OpenAI Agents: a FunctionTool bound to a name joins the list that names it', () => {
    const text = [
      'from agents import Agent, FunctionTool',
      '',
      'def test_a():',
      '    first = FunctionTool(name="lookup", description="d", params_json_schema={}, on_invoke_tool=run)',
      '    second = FunctionTool(name="lookup", description="d", params_json_schema={}, on_invoke_tool=run)',
      '    a = Agent(name="A", tools=[first])',
      '    b = Agent(name="B", tools=[second])',
      '',
    ].join('\n');
    assert.equal(analyse(text).collisions, 0);
    assert.ok(analyse(text.replace('tools=[first])', 'tools=[first, second])')).collisions >= 1);
  });
  test('LangChain: a BaseTool subclass is named by its class attribute `name`; its instances in one list travel together', () => {
    const text = [
      'from langchain_core.tools import BaseTool',
      'from langchain_core import tools',
      'from langgraph.prebuilt import ToolNode, create_react_agent',
      '',
      'class Search(BaseTool):',
      '    name: str = "search"',
      '    description: str = "Search the web"',
      '    args_schema: type[BaseModel] = SearchInput',
      '',
      'class Lookup(tools.BaseTool):',
      '    name = "search"',
      '',
      'class Fetch(BaseTool):',
      '    name = "fetch"',
      '',
      'class Fetch2(BaseTool):',
      '    name = "fetch"',
      '',
      'class Unnamed(BaseTool):',
      '    description = "d"',
      '',
      'class Plain(Base):',
      '    name = "not_a_tool"',
      '',
      'def build(model):',
      '    return create_react_agent(model, [Search(), Lookup(api_key="k")])',
      '',
      'def alone(model):',
      '    return ToolNode([Fetch()])',
      '',
      'def other(model):',
      '    return model.bind_tools([Fetch2()])',
      '',
    ].join('\n');
    const found = analyse(text);
    assert.deepEqual(found.tools, [
      ['search', '"search"'],
      ['search', '"search"'],
      ['fetch', '"fetch"'],
      ['fetch', '"fetch"'],
    ]);
    // Search and Lookup share one list; the two Fetch classes are in two lists, two requests.
    assert.equal(found.collisions, 1);
    assert.equal(found.computed, 0);
  });
  test('LangChain: a BaseTool instance bound to a name and listed by it travels with that list', () => {
    const text = [
      'from langchain_core.tools import BaseTool',
      '',
      'class Search(BaseTool):',
      '    name: str = "search"',
      '',
      'class Lookup(BaseTool):',
      '    name: str = "search"',
      '',
      'def build(model):',
      '    searcher = Search()',
      '    return model.bind_tools([searcher, Lookup()])',
      '',
    ].join('\n');
    const found = analyse(text);
    assert.deepEqual(found.tools, [
      ['search', '"search"'],
      ['search', '"search"'],
    ]);
    assert.equal(found.collisions, 1);
    assert.equal(found.computed, 0);
  });
});
