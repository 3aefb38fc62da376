// The generated MCP servers every client oracle is fed, and what a client profile predicts for
// them in the oracles' terms: the names the client sends, or the error it raises itself.
import fc from 'fast-check';
import { CLIENTS, type ClientId } from '../../server/src/core/clients/profiles';
import type { ClientTool } from '../../server/src/core/clients/model';

export type Servers = ReadonlyArray<{ readonly server: string; readonly tools: readonly string[] }>;

/** What a client does with servers before any request: the names it sends, or the error that ends it. */
export type Sends = { names: string[] } | { error: string };

const long = (n: number, stem = 'tool') => `${stem}_${'x'.repeat(Math.max(0, n - stem.length - 1))}`;

/** Separators, emoji, long names, one name on one and on two servers, an empty name. */
export const CASES: ReadonlyArray<{ readonly what: string; readonly servers: Servers }> = [
  { what: 'plain names', servers: [{ server: 'files', tools: ['read_file', 'write-file'] }] },
  { what: 'dots and slashes', servers: [{ server: 'admin', tools: ['admin.tools.list', 'mcp/admin/get', 'a b'] }] },
  { what: 'emoji and non-ASCII', servers: [{ server: 'emoji', tools: ['😀_tool', 'café', 'ツール'] }] },
  { what: '60 to 130 characters', servers: [{ server: 'long', tools: [long(60), long(64), long(65), long(130)] }] },
  {
    what: 'one name on two servers',
    servers: [
      { server: 'one', tools: ['search', 'fetch'] },
      { server: 'two', tools: ['search'] },
    ],
  },
  { what: 'one name twice on one server', servers: [{ server: 'dup', tools: ['x', 'y', 'x'] }] },
  { what: 'names that convert to one name', servers: [{ server: 'mix', tools: ['a.b', 'a_b', 'c'] }] },
  { what: 'an empty name', servers: [{ server: 'empty', tools: ['', 'ok'] }] },
  {
    what: 'servers with the same name, distinct tools',
    servers: [
      { server: 'same', tools: ['a'] },
      { server: 'same', tools: ['b'] },
    ],
  },
];

/**
 * What a profile predicts the client sends. `raised` picks the failures the client raises itself
 * (not a provider's 400 on a name it was sent): those end the run before any request. A name the
 * provider refuses is sent all the same, so it is in `names`.
 */
export function profileSends(
  client: ClientId,
  servers: Servers,
  raised: (reason: string) => boolean = () => false,
): Sends {
  const input: ClientTool[] = servers.flatMap((s) => s.tools.map((tool) => ({ server: s.server, tool })));
  const outcomes = CLIENTS[client].rewrite(input);
  // A tool whose own name the provider rejects keeps that reason even when the client raises on
  // its shared name first: the fate is the same, and the shared name's reason says the client raises.
  const raisedBy = (o: (typeof outcomes)[number]) =>
    [o.reason, o.sharedReason].find((r): r is string => r !== undefined && raised(r));
  const failed = outcomes.find((o) => o.fate === 'request-fails' && raisedBy(o) !== undefined);
  if (failed) return { error: raisedBy(failed)! };
  return { names: outcomes.flatMap((o, i) => (o.fate === 'dropped' ? [] : [o.wireName ?? input[i]!.tool])) };
}

/**
 * Random servers for the property runs: names from pieces that meet the clients' rules at their
 * edges (separators, a space, an emoji, upper case, a 40-character run, nothing), one to three
 * servers of up to four tools, server names from a small set so that names meet across servers.
 */
export const randomServers: fc.Arbitrary<Servers> = (() => {
  const piece = fc.constantFrom('a', 'B', 'get', '.', '/', '_', '-', ' ', ':', '😀', 'é', '7', 'x'.repeat(40));
  const name = fc.array(piece, { minLength: 0, maxLength: 5 }).map((parts) => parts.join(''));
  const server = fc.record({
    server: fc.constantFrom('s', 'one', 'two', 'a_b', 'a'),
    tools: fc.array(name, { minLength: 1, maxLength: 4 }),
  });
  return fc.array(server, { minLength: 1, maxLength: 3 });
})();
