import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

/** schema-rejected through the built CLI: the line and column of the refused keyword's key. */

const TOOLS = `{
  "tools": [
    {
      "name": "run",
      "inputSchema": {
        "type": "object",
        "oneOf": [{ "required": ["yaml"] }, { "required": ["dir"] }],
        "properties": { "yaml": { "type": "string" }, "dir": { "type": "array" } }
      }
    }
  ]
}
`;

describe('check: schema-rejected', () => {
  test('an MCP list judged by the default targets: each finding at its keyword, exit 1', () => {
    const dir = scratch({ 'tools.json': TOOLS, '.toolwire.json': JSON.stringify({ clients: [] }) });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), [
      `tools.json:7:9: error schema-rejected "oneOf" at the input schema's root is rejected by anthropic: the whole request fails.`,
      'tools.json:8:64: error schema-rejected An array schema without "items" is rejected by openai: the whole request fails.',
    ]);
  });

  test('targets without a schema rule find nothing', () => {
    const dir = scratch({
      'tools.json': TOOLS,
      '.toolwire.json': JSON.stringify({ targets: ['bedrock'], clients: [] }),
    });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(result.stdout, '');
  });
});
