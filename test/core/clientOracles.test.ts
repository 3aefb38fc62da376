// The client profiles checked against the clients' own code where it is published on the npm
// registry and runs here: the package is a dev dependency, fed generated MCP servers, and what it
// would send must be what the profile predicts. Where the package is another edition than the one
// the profile models, the differences are asserted as such, so a change on either side shows.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getAllMcpTools, type MCPServer } from '@openai/agents-core';
import fc from 'fast-check';
import { CASES, profileSends, randomServers, type Sends, type Servers } from './oracleServers';

/** An MCP server as the Agents SDK sees one: a name and a tools/list answer, nothing connected. */
function fakeServer(name: string, tools: readonly string[]): MCPServer {
  return {
    name,
    cacheToolsList: false,
    connect: async () => undefined,
    close: async () => undefined,
    invalidateToolsCache: async () => undefined,
    listTools: async () =>
      tools.map((tool) => ({
        name: tool,
        description: '',
        inputSchema: { type: 'object' as const, properties: {}, required: [], additionalProperties: false },
      })),
    callTool: async () => [],
  };
}

/** What the SDK sends: each tool's function name, or the error that ends the run before any request. */
async function sdkSends(servers: Servers): Promise<Sends> {
  try {
    const tools = await getAllMcpTools(servers.map((s) => fakeServer(s.server, s.tools)));
    return { names: tools.map((t) => t.name) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

describe('OpenAI Agents SDK for JavaScript (@openai/agents-core 0.20.0) against its profile and the Python one', () => {
  for (const { what, servers } of CASES) {
    test(what, async () => {
      const sdk = await sdkSends(servers);
      const profile = profileSends('openai-agents-js', servers, (reason) => reason.startsWith('the SDK'));
      if ('error' in sdk) {
        assert.ok('error' in profile, `the SDK fails (${sdk.error}); the profile sends ${JSON.stringify(profile)}`);
        assert.match(sdk.error, /^Duplicate tool names found across MCP servers/);
      } else assert.deepEqual(profile, sdk);
    });
  }

  test('random servers: the SDK and the profile agree (400 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(randomServers, async (servers) => {
        const sdk = await sdkSends(servers);
        const profile = profileSends('openai-agents-js', servers, (reason) => reason.startsWith('the SDK'));
        if ('error' in sdk)
          assert.ok('error' in profile, `the SDK fails (${sdk.error}); the profile sends ${JSON.stringify(profile)}`);
        else assert.deepEqual(profile, sdk);
      }),
      { numRuns: 400 },
    );
  });

  // The Python SDK (the openai-agents profile) sends names as written, and since v0.19.3 keeps the
  // last of one server's own duplicates; the JavaScript SDK maps them and fails the run.
  test("the Python profile differs where the editions do: names as written, one server's duplicate kept", async () => {
    const mapped: Servers = [{ server: 'admin', tools: ['admin.tools.list', 'write-file'] }];
    assert.deepEqual(await sdkSends(mapped), { names: ['admin_tools_list', 'write_file'] });
    assert.deepEqual(profileSends('openai-agents', mapped), { names: ['admin.tools.list', 'write-file'] });
    const twice: Servers = [{ server: 'dup', tools: ['x', 'x'] }];
    assert.deepEqual(await sdkSends(twice), { error: 'Duplicate tool names found across MCP servers: x' });
    assert.deepEqual(profileSends('openai-agents', twice), { names: ['x'] });
  });
});
