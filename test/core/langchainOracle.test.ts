// The LangChain MCP adapters for JavaScript (`@langchain/mcp-adapters`), run as the oracle for the
// `langchain-mcp` profile, which models the Python adapters: fed the generated servers, the
// package's own `loadMcpTools` makes the LangChain tools and `@langchain/core`'s
// `convertToOpenAITool` the function a chat model is sent. The editions agree on every name but
// the empty one, which the JavaScript adapters leave out; that difference is asserted as such.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { loadMcpTools } from '@langchain/mcp-adapters';
import fc from 'fast-check';
import { CASES, profileSends, randomServers, type Sends, type Servers } from './oracleServers';

type McpClient = Parameters<typeof loadMcpTools>[1];

/** An MCP client as `loadMcpTools` uses one: a `tools/list` answer, nothing connected. */
function fakeClient(tools: readonly string[]): McpClient {
  const client = {
    listTools: async () => ({
      tools: tools.map((name) => ({ name, description: '', inputSchema: { type: 'object', properties: {} } })),
    }),
  };
  // `loadMcpTools` calls only `listTools` before a tool is invoked; the rest of the SDK's Client is not reached.
  return client as unknown as McpClient;
}

/**
 * What the adapters send: `MultiServerMCPClient.getTools()` loads each configured server with
 * `loadMcpTools` and returns the servers' tools one after another in configuration order
 * (dist/client.js `_getAllToolsAsFlatArray`), with no check across them.
 */
async function adaptersSend(servers: Servers): Promise<Sends> {
  const names: string[] = [];
  for (const { server, tools } of servers) {
    for (const tool of await loadMcpTools(server, fakeClient(tools)))
      names.push(convertToOpenAITool(tool).function.name);
  }
  return { names };
}

describe('LangChain MCP adapters for JavaScript (@langchain/mcp-adapters 1.1.4) against the langchain-mcp profile', () => {
  for (const { what, servers } of CASES) {
    if (servers.some((s) => s.tools.includes(''))) continue;
    test(what, async () => {
      assert.deepEqual(profileSends('langchain-mcp', servers), await adaptersSend(servers));
    });
  }

  test('random servers without an empty name: the adapters and the profile agree (400 runs)', async () => {
    const named = randomServers.filter((servers) => servers.every((s) => !s.tools.includes('')));
    await fc.assert(
      fc.asyncProperty(named, async (servers) => {
        assert.deepEqual(profileSends('langchain-mcp', servers), await adaptersSend(servers));
      }),
      { numRuns: 400 },
    );
  });

  test('an empty name: the Python adapters send it (OpenAI then refuses the request), the JavaScript ones leave it out', async () => {
    const empty: Servers = [{ server: 'empty', tools: ['', 'ok'] }];
    assert.deepEqual(await adaptersSend(empty), { names: ['ok'] });
    assert.deepEqual(profileSends('langchain-mcp', empty), { names: ['', 'ok'] });
  });

  test('the server prefix is off by default in both editions, and is <server>__<tool> in JavaScript', async () => {
    const [tool] = await loadMcpTools('srv', fakeClient(['get']), { prefixToolNameWithServerName: true });
    assert.equal(tool?.name, 'srv__get');
    assert.deepEqual(profileSends('langchain-mcp', [{ server: 'srv', tools: ['get'] }]), { names: ['get'] });
  });
});
