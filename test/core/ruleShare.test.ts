import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/core/analyze';
import {
  runClientCensus,
  type ClientCensusOptions,
  type ClientRegistry,
  type ClientResult,
  type ForeignServer,
} from '../../server/src/core/clients/census';
import { ALL_CLIENT_IDS, CLIENTS, type ClientId, type ClientProfile } from '../../server/src/core/clients/profiles';
import { byName } from '../../server/src/core/clients/shared';
import { generate, toolName } from '../../bench/generate';
import { jsonTextsUnder, REALWORLD } from './corpusFiles';

/**
 * The client census shares what clients whose name rules agree compute (clients/ruleShare.ts).
 * The oracle is the same census with every profile's rule hidden, so each client runs its own
 * rewrite alone: outcomes and findings must be the same, on generated servers and real files.
 */

/** The registry with each profile's rule hidden: `runClientCensus` then calls each rewrite by itself. */
function unshared(registry: Readonly<Record<ClientId, ClientProfile>>): ClientRegistry {
  return Object.fromEntries(
    ALL_CLIENT_IDS.map((id) => {
      const profile = registry[id];
      const alone: ClientProfile = {
        id,
        label: profile.label,
        version: profile.version,
        sources: profile.sources,
        provider: profile.provider,
        shape: profile.shape,
        rewrite: (tools) => profile.rewrite(tools),
        ...(profile.unconfirmed ? { unconfirmed: profile.unconfirmed } : {}),
        ...(profile.refusesServer ? { refusesServer: profile.refusesServer } : {}),
      };
      return [id, alone];
    }),
  );
}

/**
 * Built-in profiles where three ids hold other clients' rules whole (their censuses agree
 * outright) and one holds another's names under another provider (names shared, verdicts not).
 */
const AGREEING: Readonly<Record<ClientId, ClientProfile>> = {
  ...CLIENTS,
  continue: { ...CLIENTS.continue, ...byName({ ...CLIENTS['openai-agents'].nameRule!, provider: 'gemini' }) },
  'langchain-mcp': { ...CLIENTS['langchain-mcp'], ...byName(CLIENTS['openai-agents'].nameRule!) },
  mastra: { ...CLIENTS.mastra, ...byName(CLIENTS['openai-agents'].nameRule!) },
  'copilot-cli': { ...CLIENTS['copilot-cli'], ...byName(CLIENTS.cursor.nameRule!) },
};

/** The results without the profile objects, which differ between a registry and its unshared copy. */
function plain(results: readonly ClientResult[]): unknown[] {
  return results.map(({ profile: _profile, ...rest }) => rest);
}

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['get', 'list', 'a', 'B', '_', '-', '.', ' ', '/', 'é', '😀', 'x'.repeat(40), 'mcp_', '1'];

function name(next: () => number, taken: readonly string[]): string {
  if (taken.length > 0 && next() < 0.15) return taken[Math.floor(next() * taken.length)]!;
  let out = '';
  const parts = 1 + Math.floor(next() * 5);
  for (let i = 0; i < parts; i++) out += PIECES[Math.floor(next() * PIECES.length)]!;
  return out;
}

function randomCensus(seed: number): { local: Array<{ name: string; tool: number }>; options: ClientCensusOptions } {
  const next = random(seed);
  const names: string[] = [];
  const count = 1 + Math.floor(next() * 150);
  for (let i = 0; i < count; i++) names.push(name(next, names));
  const servers = ['shop', 'my-server', 'a server', 'x'.repeat(30), 's'];
  const server = servers[Math.floor(next() * servers.length)]!;
  const others: ForeignServer[] =
    next() < 0.5
      ? [
          {
            server: 'other',
            file: '/ws/other.json',
            tools: names.slice(0, 5).map((n, i) => ({ name: n, range: { start: i, end: i + 1 } })),
            clients: ALL_CLIENT_IDS.filter(() => next() < 0.5),
          },
        ]
      : [];
  return {
    local: names.map((n, tool) => ({ name: n, tool })),
    options: { enabled: ALL_CLIENT_IDS, server, others, serverOrder: next() < 0.5 ? ['other', server] : [server] },
  };
}

describe('client censuses shared where rules agree', () => {
  test('shared and unshared censuses agree on generated servers (built-in and agreeing registries)', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { local, options } = randomCensus(seed);
      for (const registry of [CLIENTS, AGREEING]) {
        const shared = runClientCensus(local, { ...options, profiles: registry });
        const alone = runClientCensus(local, { ...options, profiles: unshared(registry) });
        assert.deepStrictEqual(plain(shared), plain(alone), `seed ${seed}`);
      }
    }
  });

  test('clients whose rules agree get one census, and those that differ do not', () => {
    const local = Array.from({ length: 40 }, (_, i) => ({ name: toolName(i), tool: i }));
    const results = runClientCensus(local, { enabled: ALL_CLIENT_IDS, server: 'shop', profiles: AGREEING });
    const of = (id: ClientId) => results.find((r) => r.client === id)!;
    assert.equal(of('langchain-mcp').tools, of('openai-agents').tools);
    assert.equal(of('mastra').tools, of('openai-agents').tools);
    assert.equal(of('copilot-cli').tools, of('cursor').tools);
    // Same names, another resolution of shared names: outcomes of its own.
    assert.notEqual(of('windsurf').tools, of('openai-agents').tools);
    // Each client still names itself: the findings fan out to every one.
    const findings = analyze(generate('mcp-tools-list', 40), {
      clients: { enabled: ALL_CLIENT_IDS, server: 'shop', profiles: AGREEING },
    }).findings;
    const dotted = findings.find((f) => f.code === 'client-rejected' && f.clients?.includes('openai-agents'));
    assert.ok(dotted?.clients?.includes('langchain-mcp') && dotted.clients.includes('mastra'), 'fanned out');
  });

  test('findings and client results are the same shared or not, on generated and real-world files', () => {
    const texts = [
      generate('mcp-tools-list', 300),
      ...jsonTextsUnder(REALWORLD, 2_000_000).filter((t) => t.includes('"tools"') || t.includes('inputSchema')),
    ];
    assert.ok(texts.length > 1);
    for (const [i, text] of texts.entries())
      for (const registry of [CLIENTS, AGREEING])
        for (const server of ['a-server-with-a-long-name', undefined]) {
          const context = (profiles: ClientRegistry) => ({
            clients: { enabled: ALL_CLIENT_IDS, byDefault: true, profiles, ...(server ? { server } : {}) },
          });
          const shared = analyze(text, context(registry));
          const alone = analyze(text, context(unshared(registry)));
          assert.deepStrictEqual(shared.findings, alone.findings, `file ${i}`);
          assert.deepStrictEqual(plain(shared.clients ?? []), plain(alone.clients ?? []), `file ${i}`);
        }
  });

  test('a rule that keeps tools apart gives distinct names to distinct tools of one server', () => {
    const stating = ALL_CLIENT_IDS.filter((id) => CLIENTS[id].nameRule?.keepsApart);
    assert.ok(stating.length >= 5, 'the common prefix rules state it');
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const names = [...new Set(Array.from({ length: 30 }, () => name(next, [])))];
      for (const server of ['shop', 'my-server', 'a server', 'mcp', '']) {
        const tools = names.map((tool) => ({ server, tool }));
        for (const id of stating) {
          const wire = CLIENTS[id].nameRule!.names(tools).filter((n) => n !== null);
          assert.equal(new Set(wire).size, wire.length, `${id}, seed ${seed}, server ${JSON.stringify(server)}`);
        }
      }
    }
  });
});
