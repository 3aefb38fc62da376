import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ALL_CLIENT_IDS, CLIENTS, isClientId } from '../../server/src/core/clients/profiles';
import type { ClientTool } from '../../server/src/core/clients/model';
import type { ClientId } from '../../server/src/core/clients/profiles';
import { handoffToolName } from '../../server/src/core/clients/openaiAgents';
import { prefixesFor } from '../../server/src/core/clients/vscode';

/**
 * Test vectors for every client profile, taken from each profile's cited source (the code, its
 * own unit tests, or the issue reports quoted in docs/clients.md). [server, tool] in, wire names
 * and fates out.
 */
const ROOT = resolve(__dirname, '../..');
const VECTORS = resolve(__dirname, 'vectors/clients');

function run(client: ClientId, tools: ReadonlyArray<[string, string]>): Array<[string | null, string]> {
  const input: ClientTool[] = tools.map(([server, tool]) => ({ server, tool }));
  return CLIENTS[client].rewrite(input).map((o) => [o.wireName, o.fate]);
}

describe('native-runtime (naming-rules.md section 1)', () => {
  test('real name mcp/<server>/<tool>, model-safe form', () => {
    assert.deepEqual(
      run('native-runtime', [
        ['github', 'create_issue'],
        ['admin', 'tools.list'],
      ]),
      [
        ['mcp_github_create_issue', 'renamed'],
        ['mcp_admin_tools_list', 'renamed'],
      ],
    );
  });
  test('a shared form leaves every tool of it out; over 64 is cut', () => {
    assert.deepEqual(
      run('native-runtime', [
        ['s', 'a.b'],
        ['s', 'a_b'],
        ['srv', 'x'.repeat(70)],
      ]),
      [
        ['mcp_s_a_b', 'dropped'],
        ['mcp_s_a_b', 'dropped'],
        [`mcp_srv_${'x'.repeat(56)}`, 'renamed'],
      ],
    );
  });
});

describe('vscode (mcpServer.ts McpPrefixGenerator)', () => {
  test('prefixesFor: one prefix per distinct label, numbered in order', () => {
    assert.equal(prefixesFor(['io.github.upstash/context7']).get('io.github.upstash/context7'), 'mcp_io.github.ups_');
    const prefixes = prefixesFor(['foo', 'foo#2', 'My Server', 'my server', 'my/server']);
    assert.deepEqual(
      [...prefixes.values()],
      ['mcp_foo_', 'mcp_foo_2_', 'mcp_my_server_', 'mcp_my_server2_', 'mcp_my_server3_'],
    );
  });
  test('prefix length never exceeds 18, including multi-digit suffixes (12 takes of one long label)', () => {
    const twelve = prefixesFor(Array<string>(12).fill('a'.repeat(18)), true);
    assert.ok(twelve.every((p) => p.startsWith('mcp_') && p.endsWith('_') && p.length <= 18));
    assert.equal(new Set(twelve).size, 12);
    assert.deepEqual(twelve.slice(0, 2), ['mcp_aaaaaaaaaaaaa_', 'mcp_aaaaaaaaaaaa2_']);
    assert.equal(twelve[9], 'mcp_aaaaaaaaaaa10_');
  });
  test('a tool id taken by another server: the throw loses that tool and the rest of its server', () => {
    const outcomes = CLIENTS.vscode.rewrite([
      { server: 'a', tool: 'x', announced: 'Shared' },
      { server: 'b', tool: 'x', announced: 'shared' },
    ]);
    assert.deepEqual(
      outcomes.map((o) => [o.wireName, o.fate]),
      [
        ['mcp_shared_x', 'renamed'],
        ['mcp_shared2_x', 'renamed'],
      ],
    );
    const lost = CLIENTS.vscode.rewrite([
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a_b' },
    ]);
    assert.equal(lost[0]!.survivor, 1);
    assert.match(lost[0]!.reason ?? '', /Tool "mcp_s_a_b" is already registered\./);
  });
});

describe('claude-code (public sources only)', () => {
  test('mcp__<server>__<tool>; outside [a-zA-Z0-9_-] becomes _; no claude.ai special case', () => {
    assert.deepEqual(
      run('claude-code', [
        ['github', 'create_pull_request'],
        ['my.server', 'catalog.query'],
        ['claude.ai Slack', 'slack_search'],
      ]),
      [
        ['mcp__github__create_pull_request', 'renamed'],
        ['mcp__my_server__catalog_query', 'renamed'],
        ['mcp__claude_ai_Slack__slack_search', 'renamed'],
      ],
    );
    assert.ok(CLIENTS['claude-code'].sources.every((s) => !/source dump|normalization\.ts|mcpStringUtils/.test(s)));
  });
  test('over 128 the request fails; servers a.b and a_b: duplicate names fail the request', () => {
    assert.equal(run('claude-code', [['s', 'x'.repeat(130)]])[0]![1], 'request-fails');
    assert.deepEqual(
      run('claude-code', [
        ['a.b', 'x'],
        ['a_b', 'x'],
      ]),
      [
        ['mcp__a_b__x', 'request-fails'],
        ['mcp__a_b__x', 'request-fails'],
      ],
    );
  });
});

describe('cursor (issue reports)', () => {
  test('server + tool of 60 characters or more is dropped; 59 is kept', () => {
    const results = run('cursor', [
      ['g', 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER'],
      ['posthog', 'x'.repeat(52)],
      ['posthog', 'warehouse-saved-queries-revert-materialization-create'],
      ['github', 'create_pull_request'],
    ]);
    assert.deepEqual(
      results.map((r) => r[1]),
      ['dropped', 'renamed', 'dropped', 'renamed'],
    );
  });
  test('dotted names are dropped', () => {
    assert.deepEqual(run('cursor', [['webstudio', 'meta.index']]), [[null, 'dropped']]);
  });
});

describe('gemini-cli (mcp-tool.ts generateValidName)', () => {
  test('mcp_<server>_<tool>, dots and colons kept, no second mcp_', () => {
    assert.deepEqual(
      run('gemini-cli', [
        ['github', 'create_pull_request'],
        ['google-workspace', 'calendar.getEvents'],
        ['my server', 'list/files'],
        ['mcp_tools', 'search'],
      ]),
      [
        ['mcp_github_create_pull_request', 'renamed'],
        ['mcp_google-workspace_calendar.getEvents', 'renamed'],
        ['mcp_my_server_list_files', 'renamed'],
        ['mcp_tools_search', 'renamed'],
      ],
    );
  });
  test('the middle cut over 63: first 30 + ... + last 30', () => {
    const long = run('gemini-cli', [['srv', 'a'.repeat(70)]])[0]![0];
    assert.equal(long, `mcp_srv_${'a'.repeat(22)}...${'a'.repeat(30)}`);
    assert.equal(long!.length, 63);
  });
});

describe('codex (codex-rs tools.rs)', () => {
  test('namespaced, hyphens replaced', () => {
    assert.deepEqual(
      run('codex', [
        ['github', 'create_pull_request'],
        ['google-workspace', 'calendar.getEvents'],
        ['music-studio', 'get-strudel-guide'],
      ]),
      [
        ['mcp__github__create_pull_request', 'renamed'],
        ['mcp__google_workspace__calendar_getEvents', 'renamed'],
        ['mcp__music_studio__get_strudel_guide', 'renamed'],
      ],
    );
  });
  test('over 64: a 12-hex SHA-1 suffix, total 64', () => {
    const name = run('codex', [
      ['my_server', 'extremely_lengthy_function_name_that_absolutely_surpasses_all_reasonable_limits'],
    ])[0]![0];
    assert.equal(name, 'mcp__my_server__extremely_lengthy_function_name_tha_38fe1039d52b');
    assert.equal(name!.length, 64);
  });
  test('tools and namespaces that sanitise alike are told apart by hashes', () => {
    assert.deepEqual(
      run('codex', [
        ['server', 'tool-name'],
        ['server', 'tool_name'],
      ]).map((r) => r[0]),
      ['mcp__server__tool_name_72d5533b71c6', 'mcp__server__tool_name_28fc4d6eebf6'],
    );
    assert.deepEqual(
      run('codex', [
        ['basic-server', 'lookup'],
        ['basic_server', 'query'],
      ]).map((r) => r[0]),
      ['mcp__basic_server_756d1be7d674__lookup', 'mcp__basic_server_eec657cc7f92__query'],
    );
  });
  test('an exact duplicate is skipped', () => {
    assert.deepEqual(
      run('codex', [
        ['s', 'x'],
        ['s', 'x'],
      ]).map((r) => r[1]),
      ['renamed', 'dropped'],
    );
  });
  test('parts that meet only when joined are made unique in raw-identity order, whatever the input order', () => {
    // "mcp__a" + "b_c" and "mcp__ab" + "_c" are one key in Codex's `used` set: the raw identity
    // that sorts first keeps its parts, the other is hashed (the path a sort decides).
    assert.deepEqual(
      run('codex', [
        ['ab', '_c'],
        ['a', 'b_c'],
      ]).map((r) => r[0]),
      ['mcp__ab___c_202951019a1e', 'mcp__a__b_c'],
    );
    assert.deepEqual(
      run('codex', [
        ['a', 'b_c'],
        ['ab', '_c'],
      ]).map((r) => r[0]),
      ['mcp__a__b_c', 'mcp__ab___c_202951019a1e'],
    );
  });
});

describe('openai-agents (mcp/util.py, _transforms.py)', () => {
  test('MCP names go verbatim: a dotted name fails the request; a clean one is sent', () => {
    assert.deepEqual(
      run('openai-agents', [
        ['cal', 'calendar.getEvents'],
        ['gh', 'create_issue'],
      ]),
      [
        ['calendar.getEvents', 'request-fails'],
        ['create_issue', 'sent'],
      ],
    );
  });
  test('one name on two servers fails the run', () => {
    assert.deepEqual(
      run('openai-agents', [
        ['cloudflare-browser', 'accounts_list'],
        ['cloudflare-radar', 'accounts_list'],
      ]).map((r) => r[1]),
      ['request-fails', 'request-fails'],
    );
  });
  test('four spellings of "Billing Agent" merge into one handoff name', () => {
    assert.deepEqual(
      ['Billing Agent', 'billing agent', 'Billing-Agent', 'billing.agent'].map(handoffToolName),
      Array(4).fill('transfer_to_billing_agent'),
    );
  });
});

describe('every profile', () => {
  test('names a version and a source', () => {
    for (const profile of Object.values(CLIENTS)) {
      assert.ok(profile.version.length > 5 && profile.sources.length > 0, profile.id);
    }
  });
  test('a collision the profile calls unconfirmed is listed in `unconfirmed`, so it is never an error', () => {
    for (const profile of Object.values(CLIENTS)) {
      const [first] = profile.rewrite([
        { server: 's', tool: 'dup' },
        { server: 's', tool: 'dup' },
      ]);
      if (/unconfirmed|unverified/.test(first?.sharedReason ?? ''))
        assert.ok(profile.unconfirmed?.includes('client-collision'), profile.id);
    }
  });
  test('the registry is the one list: schema descriptions, docs/clients.md sections and vector files follow it', () => {
    const schema = JSON.parse(readFileSync(resolve(ROOT, 'schemas/toolwire.schema.json'), 'utf8')) as {
      definitions: { client: { enum: string[]; markdownEnumDescriptions: string[] } };
    };
    assert.deepEqual(schema.definitions.client.enum, ALL_CLIENT_IDS);
    assert.equal(schema.definitions.client.markdownEnumDescriptions.length, ALL_CLIENT_IDS.length);
    const docs = readFileSync(resolve(ROOT, 'docs/clients.md'), 'utf8');
    for (const id of ALL_CLIENT_IDS)
      assert.ok(docs.includes(`### \`${id}\``), `docs/clients.md has a section for ${id}`);
    for (const file of readdirSync(VECTORS))
      assert.ok(isClientId(file.replace(/\.json$/, '')), `${file} names a registered client`);
  });
});

/** A vector file: facts (input, output) from one client's own code, tests, docs or issue reports. */
interface VectorFile {
  readonly client: string;
  readonly vectors: ReadonlyArray<{
    readonly name: string;
    readonly source: {
      readonly repository?: string;
      readonly path?: string;
      readonly commit?: string;
      readonly url?: string;
    };
    readonly tools: ReadonlyArray<
      readonly [string, string] | { readonly server: string; readonly tool: string; readonly announced?: string }
    >;
    readonly expect: ReadonlyArray<readonly [string | null, string]>;
  }>;
}

describe('client vectors (test/core/vectors/clients/*.json)', () => {
  // Clients whose cases are still written inline above, not yet as cited vector files. The list is
  // exact both ways: a client registered without vectors, or listed here after it gained a file,
  // fails, so the registry and the vector folder cannot drift apart.
  const inlineOnly = ['native-runtime', 'cursor', 'codex'];
  test('every registered client has a vector file (or is listed as inline-only), every file a registered client', () => {
    const withFiles = readdirSync(VECTORS)
      .sort()
      .map((file) => (JSON.parse(readFileSync(resolve(VECTORS, file), 'utf8')) as VectorFile).client);
    for (const client of withFiles) assert.ok(isClientId(client), `${client} has vectors but is not registered`);
    assert.deepEqual(
      ALL_CLIENT_IDS.filter((id) => !withFiles.includes(id)),
      inlineOnly,
      'the clients without a vector file are exactly the inline-only ones',
    );
  });
  for (const file of readdirSync(VECTORS).sort()) {
    const data = JSON.parse(readFileSync(resolve(VECTORS, file), 'utf8')) as VectorFile;
    describe(data.client, () => {
      for (const vector of data.vectors) {
        test(vector.name, () => {
          const { repository, path, commit, url } = vector.source;
          assert.ok(
            (repository && path && commit && /^[0-9a-f]{40}$/.test(commit)) || (url && /^https:\/\//.test(url)),
            'every vector cites repository, path and commit (or a public URL)',
          );
          assert.ok(isClientId(data.client));
          const input: ClientTool[] = vector.tools.map((t) =>
            Array.isArray(t) ? { server: t[0], tool: t[1] } : (t as ClientTool),
          );
          const actual = CLIENTS[data.client as ClientId].rewrite(input).map((o) => [o.wireName, o.fate]);
          assert.deepEqual(actual, vector.expect);
        });
      }
    });
  }
});
