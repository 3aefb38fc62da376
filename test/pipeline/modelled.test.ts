import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_CLIENT_IDS, createToolwireService, type DocumentInput, type Modelled } from '../../server/src/core';
import { memoryWorkspace } from './memoryWorkspace';

// Issue 11 item 6: the pipeline says what it modelled and who chose it, for every adapter.

const MCP = JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] });
const OPENAI = JSON.stringify({
  model: 'gpt-4.1',
  messages: [],
  tools: [{ type: 'function', function: { name: 'lookup', parameters: {} } }],
});
const DEFAULT_PROVIDERS = [{ ids: ['openai', 'anthropic', 'bedrock'], source: 'default' }];

function modelled(
  files: Record<string, string>,
  input: Partial<DocumentInput> & { path: string | undefined },
): Modelled {
  const service = createToolwireService({ workspace: memoryWorkspace(files) });
  const text = input.path !== undefined ? files[input.path]! : MCP;
  const result = service.analyzeDocument({ workspaceFolder: '/ws', text, ...input });
  assert.equal(result.kind, 'analysis');
  return result.modelled;
}

describe('modelled: providers and clients with their sources', () => {
  test('nothing chosen: default providers, every client by default, no config', () => {
    assert.deepEqual(modelled({ '/ws/t.json': MCP }, { path: '/ws/t.json' }), {
      providers: DEFAULT_PROVIDERS,
      clients: { ids: ALL_CLIENT_IDS, source: 'default' },
    });
  });

  test('the editor setting and --client are "requested"; .toolwire.json wins over them and is named', () => {
    const files = { '/ws/t.json': MCP };
    assert.deepEqual(
      modelled(files, { path: '/ws/t.json', base: { defaultTargets: ['gemini'] }, requestedClients: ['cursor'] }),
      {
        providers: [{ ids: ['gemini'], source: 'requested' }],
        clients: { ids: ['cursor'], source: 'requested' },
      },
    );
    const configured = { ...files, '/ws/.toolwire.json': JSON.stringify({ targets: ['mistral'], clients: ['codex'] }) };
    assert.deepEqual(
      modelled(configured, { path: '/ws/t.json', base: { defaultTargets: ['gemini'] }, requestedClients: ['cursor'] }),
      {
        providers: [{ ids: ['mistral'], source: 'config' }],
        clients: { ids: ['codex'], source: 'config' },
        configPath: '/ws/.toolwire.json',
      },
    );
  });

  test('MCP client configurations in the folder choose the clients, and are listed', () => {
    const files = { '/ws/t.json': MCP, '/ws/.vscode/mcp.json': '{"servers":{}}', '/ws/.mcp.json': '{"mcpServers":{}}' };
    assert.deepEqual(modelled(files, { path: '/ws/t.json' }).clients, {
      ids: ['vscode', 'claude-code'],
      source: 'client-config',
      files: ['/ws/.vscode/mcp.json', '/ws/.mcp.json'],
    });
  });

  test('a provider request body is judged by its own provider; no clients for a file that is not MCP', () => {
    assert.deepEqual(modelled({ '/ws/r.json': OPENAI }, { path: '/ws/r.json' }), {
      providers: [{ ids: ['openai'], source: 'request-body' }],
    });
  });

  test('a config override by glob is the source of the targets it forces', () => {
    const files = {
      '/ws/r.json': OPENAI,
      '/ws/.toolwire.json': JSON.stringify({ overrides: [{ files: ['r.json'], targets: ['cohere-v1'] }] }),
    };
    assert.deepEqual(modelled(files, { path: '/ws/r.json' }).providers, [{ ids: ['cohere-v1'], source: 'config' }]);
  });

  test('JSON Lines with requests judged differently lists each set once, in document order', () => {
    const lines = [OPENAI, MCP, OPENAI, MCP].join('\n');
    assert.deepEqual(modelled({ '/ws/r.jsonl': lines }, { path: '/ws/r.jsonl' }).providers, [
      { ids: ['openai'], source: 'request-body' },
      ...DEFAULT_PROVIDERS,
    ]);
  });

  test('an untitled document: the clients asked for, else every client by default', () => {
    assert.deepEqual(modelled({}, { path: undefined, requestedClients: ['vscode'] }).clients, {
      ids: ['vscode'],
      source: 'requested',
    });
    assert.equal(modelled({}, { path: undefined }).clients?.source, 'default');
  });
});
