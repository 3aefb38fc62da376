import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import type { ClientId, ClientTool } from '../../server/src/core/clients/model';
import { handoffToolName } from '../../server/src/core/clients/openaiAgents';
import { prefixesFor } from '../../server/src/core/clients/vscode';

/**
 * Test vectors for every client profile, taken from each profile's cited source (the code, its
 * own unit tests, or the issue reports quoted in docs/clients.md). [server, tool] in, wire names
 * and fates out.
 */
function run(client: ClientId, tools: ReadonlyArray<[string, string]>): Array<[string | null, string]> {
  const input: ClientTool[] = tools.map(([server, tool]) => ({ server, tool }));
  return CLIENTS[client].rewrite(input).map((o) => [o.wireName, o.fate]);
}

describe('native-runtime (naming-rules.md section 1)', () => {
  test('real name mcp/<server>/<tool>, model-safe form', () => {
    assert.deepEqual(run('native-runtime', [['github', 'create_issue'], ['admin', 'tools.list']]), [
      ['mcp_github_create_issue', 'renamed'],
      ['mcp_admin_tools_list', 'renamed'],
    ]);
  });
  test('a shared form leaves every tool of it out; over 64 is cut', () => {
    assert.deepEqual(run('native-runtime', [['s', 'a.b'], ['s', 'a_b'], ['srv', 'x'.repeat(70)]]), [
      ['mcp_s_a_b', 'dropped'],
      ['mcp_s_a_b', 'dropped'],
      [`mcp_srv_${'x'.repeat(56)}`, 'renamed'],
    ]);
  });
});

describe('vscode (mcpServer.ts McpPrefixGenerator)', () => {
  test('the io.github.upstash/context7 label is cut to the 13-character prefix', () => {
    assert.equal(prefixesFor(['io.github.upstash/context7']).get('io.github.upstash/context7'), 'mcp_io.github.ups_');
    assert.deepEqual(run('vscode', [['io.github.upstash/context7', 'resolve-library-id']]), [['mcp_io_github_ups_resolve-library-id', 'renamed']]);
    assert.deepEqual(run('vscode', [['Context7', 'get-library-docs']]), [['mcp_context7_get-library-docs', 'renamed']]);
  });
  test('character map keeps case; labels collapse runs; ids cut at 64', () => {
    assert.deepEqual(run('vscode', [['My Server', 'catalog.query'], ['postgres', 'Run Query!'], ['Azure DevOps Server', 'wit_get_work_items_batch_by_ids']]), [
      ['mcp_my_server_catalog_query', 'renamed'],
      ['mcp_postgres_Run_Query_', 'renamed'],
      ['mcp_azure_devops__wit_get_work_items_batch_by_ids', 'renamed'],
    ]);
    assert.deepEqual(run('vscode', [['weather', 'get_forecast_for_a_very_long_location_name_with_extra_detail_x']]), [['mcp_weather_get_forecast_for_a_very_long_location_name_with_extr', 'renamed']]);
    // JavaScript replaces UTF-16 units: one emoji, two underscores.
    assert.deepEqual(run('vscode', [['My Server', 'emoji😀tool']]), [['mcp_my_server_emoji__tool', 'renamed']]);
  });
  test('numbered prefixes, as VS Code\'s own unit test asserts', () => {
    const prefixes = prefixesFor(['foo', 'foo#2', 'My Server', 'my server', 'my/server']);
    assert.deepEqual([...prefixes.values()], ['mcp_foo_', 'mcp_foo_2_', 'mcp_my_server_', 'mcp_my_server2_', 'mcp_my_server3_']);
    const ten = prefixesFor(Array.from({ length: 10 }, (_, i) => `abcdefghijklmnop${' '.repeat(i)}`));
    assert.deepEqual([...ten.values()].slice(0, 2), ['mcp_abcdefghijklm_', 'mcp_abcdefghijkl2_']);
  });
  test('a second server labelled foo2 lands on the same prefix as the second foo', () => {
    const prefixes = prefixesFor(['foo', 'Foo', 'foo2']);
    assert.deepEqual([...prefixes.values()], ['mcp_foo_', 'mcp_foo2_', 'mcp_foo2_']);
  });
  test('same id in one server: one is lost ("already registered")', () => {
    // The one registered last in localeCompare order stays; ICU sorts "a_b" before "a.b".
    assert.deepEqual(run('vscode', [['s', 'a.b'], ['s', 'a_b']]), [
      ['mcp_s_a_b', 'renamed'],
      ['mcp_s_a_b', 'dropped'],
    ]);
  });
});

describe('claude-code (normalization.ts)', () => {
  test('mcp__<server>__<tool>, no cut', () => {
    assert.deepEqual(run('claude-code', [['github', 'create_pull_request'], ['my.server', 'catalog.query'], ['claude.ai Slack', 'slack_search'], ['claude.ai My  Server!', 'find'], ['srv', 'ünïcode tool']]), [
      ['mcp__github__create_pull_request', 'renamed'],
      ['mcp__my_server__catalog_query', 'renamed'],
      ['mcp__claude_ai_Slack__slack_search', 'renamed'],
      ['mcp__claude_ai_My_Server__find', 'renamed'],
      ['mcp__srv___n_code_tool', 'renamed'],
    ]);
  });
  test('plugin servers can go past 64 (fine at 128), and over 128 the request fails', () => {
    assert.deepEqual(run('claude-code', [['plugin:chrome-devtools-mcp:chrome-devtools', 'get_console_message']]), [['mcp__plugin_chrome-devtools-mcp_chrome-devtools__get_console_message', 'renamed']]);
    assert.equal(run('claude-code', [['s', 'x'.repeat(130)]])[0]![1], 'request-fails');
  });
  test('servers a.b and a_b: duplicate names fail the request', () => {
    assert.deepEqual(run('claude-code', [['a.b', 'x'], ['a_b', 'x']]), [
      ['mcp__a_b__x', 'request-fails'],
      ['mcp__a_b__x', 'request-fails'],
    ]);
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
    assert.deepEqual(results.map((r) => r[1]), ['dropped', 'renamed', 'dropped', 'renamed']);
  });
  test('dotted names are dropped', () => {
    assert.deepEqual(run('cursor', [['webstudio', 'meta.index']]), [[null, 'dropped']]);
  });
});

describe('gemini-cli (mcp-tool.ts generateValidName)', () => {
  test('mcp_<server>_<tool>, dots and colons kept', () => {
    assert.deepEqual(run('gemini-cli', [['github', 'create_pull_request'], ['google-workspace', 'calendar.getEvents'], ['my server', 'list/files'], ['mcp_tools', 'search']]), [
      ['mcp_github_create_pull_request', 'renamed'],
      ['mcp_google-workspace_calendar.getEvents', 'renamed'],
      ['mcp_my_server_list_files', 'renamed'],
      ['mcp_tools_search', 'renamed'],
    ]);
  });
  test('the middle cut over 63: first 30 + ... + last 30', () => {
    assert.deepEqual(run('gemini-cli', [['atlassian', 'jira_search_issues_by_jql_query_with_pagination_and_expanded_fields']]), [['mcp_atlassian_jira_search_issu...pagination_and_expanded_fields', 'renamed']]);
    const long = run('gemini-cli', [['srv', 'a'.repeat(70)]])[0]![0];
    assert.equal(long, `mcp_srv_${'a'.repeat(22)}...${'a'.repeat(30)}`);
    assert.equal(long!.length, 63);
  });
  test('a later registration overwrites: a/b_c and a_b/c', () => {
    assert.deepEqual(run('gemini-cli', [['a', 'b_c'], ['a_b', 'c']]), [
      ['mcp_a_b_c', 'dropped'],
      ['mcp_a_b_c', 'renamed'],
    ]);
  });
});

describe('codex (codex-rs tools.rs)', () => {
  test('namespaced, hyphens replaced', () => {
    assert.deepEqual(run('codex', [['github', 'create_pull_request'], ['google-workspace', 'calendar.getEvents'], ['music-studio', 'get-strudel-guide']]), [
      ['mcp__github__create_pull_request', 'renamed'],
      ['mcp__google_workspace__calendar_getEvents', 'renamed'],
      ['mcp__music_studio__get_strudel_guide', 'renamed'],
    ]);
  });
  test('over 64: a 12-hex SHA-1 suffix, total 64', () => {
    const name = run('codex', [['my_server', 'extremely_lengthy_function_name_that_absolutely_surpasses_all_reasonable_limits']])[0]![0];
    assert.equal(name, 'mcp__my_server__extremely_lengthy_function_name_tha_38fe1039d52b');
    assert.equal(name!.length, 64);
  });
  test('tools and namespaces that sanitise alike are told apart by hashes', () => {
    assert.deepEqual(run('codex', [['server', 'tool-name'], ['server', 'tool_name']]).map((r) => r[0]), ['mcp__server__tool_name_72d5533b71c6', 'mcp__server__tool_name_28fc4d6eebf6']);
    assert.deepEqual(run('codex', [['basic-server', 'lookup'], ['basic_server', 'query']]).map((r) => r[0]), ['mcp__basic_server_756d1be7d674__lookup', 'mcp__basic_server_eec657cc7f92__query']);
  });
  test('an exact duplicate is skipped', () => {
    assert.deepEqual(run('codex', [['s', 'x'], ['s', 'x']]).map((r) => r[1]), ['renamed', 'dropped']);
  });
});

describe('openai-agents (mcp/util.py, _transforms.py)', () => {
  test('MCP names go verbatim: a dotted name fails the request; a clean one is sent', () => {
    assert.deepEqual(run('openai-agents', [['cal', 'calendar.getEvents'], ['gh', 'create_issue']]), [
      ['calendar.getEvents', 'request-fails'],
      ['create_issue', 'sent'],
    ]);
  });
  test('one name on two servers fails the run', () => {
    assert.deepEqual(run('openai-agents', [['cloudflare-browser', 'accounts_list'], ['cloudflare-radar', 'accounts_list']]).map((r) => r[1]), ['request-fails', 'request-fails']);
  });
  test('four spellings of "Billing Agent" merge into one handoff name', () => {
    assert.deepEqual(['Billing Agent', 'billing agent', 'Billing-Agent', 'billing.agent'].map(handoffToolName), Array(4).fill('transfer_to_billing_agent'));
  });
});

describe('every profile', () => {
  test('names a version and a source', () => {
    for (const profile of Object.values(CLIENTS)) {
      assert.ok(profile.version.length > 5 && profile.sources.length > 0, profile.id);
    }
  });
});
