import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions } from '../../server/src/core';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (): AnalysisOptions => ({ language: 'typescript', code: parser });
const at = (text: string, f: { range: { start: number; end: number } }) => text.slice(f.range.start, f.range.end);

const TEXT = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const TOOL_NAMES = { SEARCH: 'search_docs', FETCH: 'fetch_page' } as const;
enum ToolName { Time = 'get_time', Date = "get_date" }
let loose = { NAME: 'not_const' };
const server = new McpServer({ name: 's', version: '1' });
server.registerTool(TOOL_NAMES.SEARCH, {}, h);
server.tool(TOOL_NAMES.FETCH, {}, h);
server.registerTool(ToolName.Time, {}, h);
server.registerTool(ToolName.Date, {}, h);
server.registerTool(loose.NAME, {}, h);
server.registerTool(Imported.NAME, {}, h);
`;

describe('source code: names held by members of constants of the file', () => {
  test('a const object’s string property and a string enum member name their tools; anything else is computed', () => {
    const analysis = fixedAnalysis(TEXT, opts());
    assert.deepEqual(
      analysis.tools.map((t) => [t.name, at(TEXT, t.declaration.name)]),
      [
        ['search_docs', "'search_docs'"],
        ['fetch_page', "'fetch_page'"],
        ['get_time', "'get_time'"],
        ['get_date', '"get_date"'],
      ],
    );
    assert.equal(analysis.code?.computedNames.length, 2);
  });

  test('a rename edits the member’s literal, in its own quotes', () => {
    const plan = planRename(TEXT, opts(), TEXT.indexOf('get_date') + 1, 'today');
    assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
    const renamed = applyEdits(TEXT, plan.kind === 'edits' ? plan.edits : []);
    assert.match(renamed, /Date = "today" \}/);
    assert.deepEqual(
      fixedAnalysis(renamed, opts()).tools.map((t) => t.name),
      ['search_docs', 'fetch_page', 'get_time', 'today'],
    );
  });
});
