import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { looksLikeToolDefinitions } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';

/**
 * What a tolerant parse recovers from a broken file, and whether it still looks like tool
 * definitions (a folder walk then reports it as an error) or like something else that happens to
 * be named .json or .yaml (a notice).
 */
const CASES: ReadonlyArray<{
  readonly name: string;
  readonly text: string;
  readonly language?: 'json' | 'yaml';
  readonly expected: string | undefined;
}> = [
  {
    name: 'an MCP tool list with a missing comma',
    text: '{"tools": [{"name": "a" "inputSchema": {}}]}',
    expected: '"tools" at the top level',
  },
  {
    name: 'a tool cut off before its end',
    text: '[{"name": "a", "inputSchema": {"type": "object"',
    expected: '"inputSchema" at "/0"',
  },
  {
    name: 'an OpenAI function tool with a trailing garbage',
    text: '[{"type": "function", "function": {"name": "a"}}] }',
    expected: '"function" at "/0"',
  },
  {
    name: 'name beside a parameters object (a bare function list)',
    text: '[{"name": "get", "parameters": {"type": "object"}},,]',
    expected: '"parameters" at "/0"',
  },
  {
    name: "MCP JSON-RPC messages run together (a client test's request stream): capabilities' tools are no tools",
    text: '{"jsonrpc": "2.0", "method": "initialize", "params": {"capabilities": {"tools": {"subscribe": true, "listChanged": true}}}, "id": 1}{"jsonrpc": "2.0", "method": "tools/list", "id": 2}',
    expected: undefined,
  },
  {
    name: 'a tools record of tool objects, broken',
    text: '{"tools": {"search": {"description": "d"}}',
    expected: '"tools" at the top level',
  },
  {
    name: 'a broken MCP client configuration',
    text: '{"mcpServers": {"a": {"command": "x" }',
    expected: '"mcpServers" at the top level',
  },
  {
    name: 'a broken VS Code mcp.json: servers that launch or reach a server',
    text: '{"servers": {"a": {"type": "stdio", "command": "node"}, }',
    expected: '"servers" at the top level',
  },
  {
    name: "OpenAPI's servers: an array of URLs",
    text: '{"openapi": "3.1.0", "servers": [{"url": "https://x"}], "paths": {',
    expected: undefined,
  },
  {
    name: 'an ADS capability',
    text: '{"capabilities": [{"name": "com.x.a", "invocationName": "a",}], }}',
    expected: '"invocationName" at "/capabilities/0"',
  },
  {
    name: 'a Gemini request',
    text: '{"contents": [], "tools": [{"functionDeclarations": [}]}',
    expected: '"tools" at the top level',
  },
  {
    name: 'YAML tools with a bad indent',
    text: 'tools:\n  - name: a\n    inputSchema: {}\n   bad: [\n',
    language: 'yaml',
    expected: '"tools" at the top level',
  },
  {
    name: 'a Nunjucks chat-prompt template (promptfoo), saved as .json',
    text: '[\n  {% for message in messages %}\n  {"role": "{{ message.role }}", "content": "{{ message.content }}"}\n  {% endfor %}\n]',
    expected: undefined,
  },
  {
    name: 'a broken package.json: name and description are not tools',
    text: '{"name": "pkg", "description": "x", "version": "1.0.0",,}',
    expected: undefined,
  },
  {
    name: 'an OpenAPI operation: parameters without a name beside them',
    text: '{"paths": {"/a": {"get": {"operationId": "a", "parameters": [{"name": "id", "in": "query"}]}}}',
    expected: undefined,
  },
  {
    name: 'name beside a parameters string is no schema',
    text: '{"name": "a", "parameters": "none"',
    expected: undefined,
  },
  { name: 'a deliberately broken fixture', text: '{"a": [1, 2,, 3', expected: undefined },
  { name: 'nothing readable', text: '\u0000\u0001 not json at all {{{', expected: undefined },
  { name: 'empty', text: '', expected: undefined },
  {
    name: 'YAML that is a Helm template',
    text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  {{- toYaml .Values | nindent 2 }}\n',
    language: 'yaml',
    expected: undefined,
  },
];

describe('looksLikeToolDefinitions', () => {
  for (const c of CASES)
    test(c.name, () => {
      assert.ok(
        analyze(c.text, { language: c.language ?? 'json' }).syntaxProblems.length > 0 || c.text === '',
        'broken',
      );
      assert.equal(looksLikeToolDefinitions(c.text, c.language ?? 'json'), c.expected);
    });

  test('the real Nunjucks template from promptfoo (shared real-world files) is not tool definitions', () => {
    const path = '/work/shared/realworld/promptfoo/anthropic.chat-prompt.json';
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return; // the shared files are not on every machine
    }
    assert.ok(analyze(text).syntaxProblems.length > 0);
    assert.equal(looksLikeToolDefinitions(text), undefined);
  });

  test('deep nesting and wide arrays stay bounded and never throw', () => {
    const deep = `${'['.repeat(100_000)}{"inputSchema": {}}`;
    assert.equal(looksLikeToolDefinitions(deep), undefined, 'past the node bound: not read');
    const wide = `[${'1,'.repeat(200_000)}`;
    assert.equal(looksLikeToolDefinitions(wide), undefined);
    assert.equal(looksLikeToolDefinitions(`[${'[],'.repeat(10)}{"tools": []}`), '"tools" at "/10"');
  });
});
