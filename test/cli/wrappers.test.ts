import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, scratch, jsonReport } from './run';

/** A small multi-file project per language: the wrapper in one file, its call sites in another. */
const PROJECT: Record<string, string> = {
  'go/go.mod': 'module example.com/app\n\nrequire github.com/mark3labs/mcp-go v0.30.0\n',
  'go/tools.go': [
    'package app',
    '',
    'import "github.com/mark3labs/mcp-go/mcp"',
    '',
    'func MustTool(name, description string) mcp.Tool { return mcp.NewTool(name, mcp.WithDescription(description)) }',
    '',
  ].join('\n'),
  'go/tools/pods.go': [
    'package tools',
    '',
    'import "example.com/app"',
    '',
    'var ListPods = app.MustTool("list_pods", "Lists pods")',
    'var GetPod = app.MustTool(podTool, "Gets a pod")',
    '',
  ].join('\n'),
  'py/pyproject.toml': '[project]\nname = "app"\ndependencies = ["mcp>=1.2"]\n',
  'py/helpers.py': ['def register(server, name, fn):', '    server.add_tool(fn, name=name)', ''].join('\n'),
  'py/server.py': [
    'from mcp.server.fastmcp import FastMCP',
    'from helpers import register',
    '',
    'mcp = FastMCP("app")',
    '',
    'def search(): ...',
    '',
    'register(mcp, "search.docs", search)',
    'register(mcp, "search_docs", search)',
    '',
  ].join('\n'),
  'ts/package.json': '{ "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
  'ts/src/define.ts': [
    "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    'export function define(server: McpServer, { name }: { name: string }) {',
    '  server.registerTool(name, {}, async () => ({ content: [] }));',
    '}',
    '',
  ].join('\n'),
  'ts/src/index.ts': [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { define } from './define.js';",
    "const server = new McpServer({ name: 'app', version: '1' });",
    "define(server, { name: 'list_files' });",
    '',
  ].join('\n'),
};

describe('project wrappers (CLI)', () => {
  test('check reads the call sites of a wrapper defined in another file, and fix renames the call site', () => {
    const dir = scratch(PROJECT);
    const run = runCli(['check', '--format', 'json', '--verbose', '.'], dir);
    const { toolsOf, has } = jsonReport(run.stdout);
    assert.deepEqual(toolsOf('go/tools/pods.go'), ['list_pods:5']);
    assert.deepEqual(toolsOf('py/server.py'), ['search.docs:8', 'search_docs:9']);
    assert.deepEqual(toolsOf('ts/src/index.ts'), ['list_files:4']);
    // The wrappers themselves declare nothing, and count nothing as computed: their call sites do.
    for (const wrapper of ['go/tools.go', 'py/helpers.py', 'ts/src/define.ts']) assert.deepEqual(toolsOf(wrapper), []);
    assert.match(run.stderr, /1 declaration with computed names not checked/);
    assert.match(run.stderr, /go\/tools\/pods\.go:6/);
    assert.ok(has('py/server.py', 'wire-collision'));
    assert.equal(run.status, 1, run.stderr);

    const fix = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fix.status, 0, fix.stderr);
    const fixed = readFileSync(join(dir, 'py/server.py'), 'utf8');
    assert.ok(!fixed.includes('"search.docs"'), fixed);
    assert.match(fixed, /register\(mcp, "[a-z0-9_-]+", search\)\nregister\(mcp, "search_docs", search\)/);
    assert.equal(readFileSync(join(dir, 'py/helpers.py'), 'utf8'), PROJECT['py/helpers.py']);
  });
});
