import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

/** The same MCP tool list as JSON and as YAML, each name on the same line and column. */
const JSON_LIST = [
  '{"tools": [',
  '  {"name": "a.b",  "inputSchema": {}},',
  '  {"name": "a_b",  "inputSchema": {}},',
  '  {"name": "x y",  "inputSchema": {}}',
  ']}',
  '',
].join('\n');
const YAML_LIST = [
  'tools:',
  '  - {name: "a.b",  inputSchema: {}}',
  '  - {name: "a_b",  inputSchema: {}}',
  '  - {name: "x y",  inputSchema: {}}',
  '',
].join('\n');

/** `path:line:col: severity code message` lines, the path dropped so two files compare. */
function findings(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => /:\d+:\d+: /.test(l))
    .map((l) => l.replace(/^[^:]+:/, ''));
}

describe('toolwire check on YAML', () => {
  test('a YAML copy of an MCP tool list gives the JSON findings at the same lines', () => {
    const dir = scratch({ 'tools.json': JSON_LIST, 'tools.yaml': YAML_LIST });
    const json = runCli(['check', 'tools.json'], dir);
    const yaml = runCli(['check', 'tools.yaml'], dir);
    assert.equal(yaml.status, json.status);
    assert.equal(json.status, 1);
    const lines = findings(yaml.stdout);
    // a.b (the kept a_b has none) and x y: one line each, their clients' fates folded in.
    assert.equal(lines.length, 2, yaml.stdout);
    assert.deepEqual(lines, findings(json.stdout));
    assert.match(
      yaml.stdout,
      /^tools\.yaml:2:\d+: error wire-collision Left out of the request: sent as "a_b", the name of the tool the runtime keeps\./m,
    );
  });

  test('a folder walk reads .yaml and .yml; a YAML file without tools yields nothing', () => {
    const dir = scratch({
      'a/tools.yml': 'tools:\n  - name: bad name\n    inputSchema: {}\n',
      'b/openai.yaml':
        'model: gpt-4o\ntools:\n  - type: function\n    function: {name: "get/weather", parameters: {type: object}}\n',
      '.github/workflows/ci.yaml': 'name: CI\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n',
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as {
      files: Array<{ path: string; format: string | null; diagnostics: Array<{ code: string }> }>;
    };
    const byPath = new Map(out.files.map((f) => [f.path, f]));
    assert.equal(byPath.get('a/tools.yml')?.format, 'mcp-tools-list');
    assert.equal(byPath.get('b/openai.yaml')?.format, 'openai-chat');
    assert.ok(byPath.get('b/openai.yaml')?.diagnostics.some((d) => d.code === 'invalid-name'));
    const workflow = byPath.get('.github/workflows/ci.yaml');
    assert.deepEqual(workflow?.diagnostics ?? [], []);
  });

  test('a YAML syntax error is one invalid-json error that says YAML', () => {
    const dir = scratch({ 'broken.yaml': 'tools:\n  - name: ok\n    inputSchema: {\n' });
    const result = runCli(['check', 'broken.yaml'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^broken\.yaml:\d+:\d+: error invalid-json The file is not valid YAML: /m);
    assert.doesNotMatch(result.stdout, /does not read YAML/);
  });
});
