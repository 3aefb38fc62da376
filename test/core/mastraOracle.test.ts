// Mastra's MCP client (`@mastra/mcp` 2.0.0 with `@mastra/core` 1.71.0), run as the oracle for the
// `mastra` profile: each generated server is a real stdio MCP server (test/fixtures/servers/
// listing.mjs) and the package's own `MCPClient.listTools()` gives the tools an agent is handed,
// keyed by the names it sends. Which tool a name carries matters (Mastra keeps the last of one
// key), so each side's answer is the name with the server and position of the tool behind it.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import fc from 'fast-check';
import { CASES, randomServers, type Servers } from './oracleServers';

const LISTING = resolve(__dirname, '../fixtures/servers/listing.mjs');

/** Each name sent, with the tool behind it as `server#position`, sorted: tools in a request have no order that matters. */
type Sent = Array<[name: string, tool: string]>;

async function mastraSends(servers: Servers, id: string): Promise<Sent> {
  // The package is ECMAScript-only; the tests are CommonJS modules.
  const { MCPClient } = await import('@mastra/mcp');
  const client = new MCPClient({
    id,
    servers: Object.fromEntries(
      servers.map((s) => [s.server, { command: process.execPath, args: [LISTING, ...s.tools] }]),
    ),
  });
  try {
    const tools = await client.listTools();
    return Object.entries(tools)
      .map(([name, tool]): [string, string] => [name, `${tool.mcpMetadata?.serverName}${tool.description}`])
      .sort();
  } finally {
    await client.disconnect();
  }
}

function profileSends(servers: Servers): Sent {
  const input = servers.flatMap((s) => s.tools.map((tool, position) => ({ server: s.server, tool, position })));
  return CLIENTS.mastra
    .rewrite(input)
    .flatMap((o, i): Sent => {
      const { server, position } = input[i]!;
      return o.fate === 'dropped' || o.wireName === null ? [] : [[o.wireName, `${server}#${position}`]];
    })
    .sort();
}

describe('Mastra MCP client (@mastra/mcp 2.0.0) against the mastra profile', () => {
  const cases = [
    ...CASES,
    {
      what: 'a server prefix and a tool that meet (a + b_c, a_b + c)',
      servers: [
        { server: 'a', tools: ['b_c'] },
        { server: 'a_b', tools: ['c'] },
      ],
    },
    {
      // Found by the random property: the first "/:" is replaced, so only the last (which fails the request) is sent.
      what: 'a rejected name twice beside an empty one: only the last of the two is sent',
      servers: [{ server: 's', tools: ['/:', '/:', ''] }],
    },
  ];
  // Mastra's servers are the keys of one object: two servers of one name cannot be configured.
  const configurable = (servers: Servers) => new Set(servers.map((s) => s.server)).size === servers.length;
  cases.forEach(({ what, servers }, n) => {
    if (!configurable(servers)) return;
    test(what, async () => {
      assert.deepEqual(profileSends(servers), await mastraSends(servers, `oracle-${n}`));
    });
  });

  test('random servers: Mastra and the profile agree (12 runs, each starting real servers)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(randomServers.filter(configurable), async (servers) => {
        assert.deepEqual(profileSends(servers), await mastraSends(servers, `oracle-random-${run++}`));
      }),
      { numRuns: 12 },
    );
  });
});
