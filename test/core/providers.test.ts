import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeReason, PROVIDERS, type ProviderId } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { checkName } from '../../server/src/core/profiles/verdict';

/** [profile, name, accepted, reasons as text (empty when clean)]. */
const CASES: ReadonlyArray<[ProviderId, string, boolean, string[]]> = [
  ['openai', 'get_weather', true, []],
  ['openai', 'a'.repeat(64), true, []],
  ['openai', 'a'.repeat(65), false, ['65 characters, over the limit of 64']],
  ['openai', 'a.b', false, ['"." (U+002E) at character 2 is outside [a-zA-Z0-9_-]']],
  ['openai', 'mcp/github/x', false, ['"/" (U+002F) at character 4 and 1 more is outside [a-zA-Z0-9_-]']],
  ['openai', '', false, ['the name is empty']],
  ['openai', 'a b', false, ['U+0020 at character 2 is outside [a-zA-Z0-9_-]']],
  ['anthropic', 'a'.repeat(128), true, []],
  ['anthropic', 'a'.repeat(129), false, ['129 characters, over the limit of 128']],
  ['anthropic-64', 'a'.repeat(65), false, ['65 characters, over the limit of 64']],
  ['bedrock', 'x-y_z', true, []],
  ['bedrock-agents', 'x-y', false, ['"-" (U+002D) at character 2 is outside [a-zA-Z0-9_]']],
  ['bedrock-agents', '1abc', false, ['the first character "1" (U+0031) must be [a-zA-Z]']],
  ['bedrock-agents', '_abc', false, ['the first character "_" (U+005F) must be [a-zA-Z]']],
  ['gemini', 'com.example:get-x', true, []],
  ['gemini', '_private', true, []],
  ['gemini', '1abc', false, ['the first character "1" (U+0031) must be [a-zA-Z_]']],
  ['gemini', 'a'.repeat(64), true, ['64 characters: documented limit 64, but names over 63 fail in practice']],
  ['gemini', 'a'.repeat(65), false, ['65 characters, over the limit of 64']],
  ['gemini', 'a/b', false, ['"/" (U+002F) at character 2 is outside [a-zA-Z0-9_.:-]']],
  ['mistral', 'a.b', false, ['"." (U+002E) at character 2 is outside [a-zA-Z0-9_-]']],
  ['cohere-v1', 'get-x', false, ['"-" (U+002D) at character 4 is outside [A-Za-z0-9_]']],
  ['cohere-v1', 'a'.repeat(300), true, []],
  // MCP is all SHOULD: accepted, with reasons (the SDKs warn).
  ['mcp', 'admin.tools.list', true, []],
  ['mcp', 'mcp/server/tool', true, ['"/" (U+002F) at character 4 and 1 more is outside [A-Za-z0-9._-]']],
  ['mcp', '-lead', true, ['"-" (U+002D) at the start or end is discouraged']],
  ['mcp', 'trail.', true, ['"." (U+002E) at the start or end is discouraged']],
  // Characters are code points: an emoji is one character (U+1F600), not two UTF-16 units.
  ['openai', 'a😀b', false, ['"😀" (U+1F600) at character 2 is outside [a-zA-Z0-9_-]']],
  ['openai', '😀'.repeat(64), false, ['"😀" (U+1F600) at character 1 and 63 more is outside [a-zA-Z0-9_-]']],
  ['openai', 'e\u0301', false, ['U+0301 at character 2 is outside [a-zA-Z0-9_-]']],
  ['openai', 'zero\u200bwidth', false, ['U+200B at character 5 is outside [a-zA-Z0-9_-]']],
  ['openai', 'lone\ud800', false, ['U+D800 at character 5 is outside [a-zA-Z0-9_-]']],
];

describe('provider profiles', () => {
  for (const [provider, name, accepted, reasons] of CASES) {
    test(`${provider}: ${JSON.stringify(name.length > 20 ? `${name.slice(0, 12)}…` : name)}`, () => {
      const verdict = checkName(PROVIDERS[provider], name);
      assert.equal(verdict.accepted, accepted);
      assert.deepEqual(verdict.reasons.map(describeReason), reasons);
    });
  }

  test('every profile names its source and its rule', () => {
    for (const profile of Object.values(PROVIDERS)) {
      assert.ok(profile.source.length > 10, profile.id);
      assert.ok(profile.rule.length > 5, profile.id);
    }
  });

  test('tools whose names every target plainly accepts share one verdict list; any other gets its own, with the same verdicts', () => {
    const names = ['get_weather', 'list_items', 'a'.repeat(65), 'trail-', 'search'];
    const text = JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) });
    const targets: ProviderId[] = ['openai', 'anthropic', 'gemini', 'mcp'];
    const tools = analyze(text, { targets }).tools;
    for (const tool of tools) {
      assert.deepEqual(
        tool.verdicts,
        targets.map((provider) => ({ provider, verdict: checkName(PROVIDERS[provider], tool.wireName!) })),
        tool.name,
      );
    }
    const [weather, list, long, trailing, search] = tools;
    assert.equal(weather!.verdicts, list!.verdicts);
    assert.equal(weather!.verdicts, search!.verdicts);
    assert.notEqual(long!.verdicts, weather!.verdicts); // rejected by openai and gemini
    assert.notEqual(trailing!.verdicts, weather!.verdicts); // cautioned by mcp only, after three plain verdicts
    assert.ok(Object.isFrozen(weather!.verdicts));
  });

  test('history scope "length" checks only the length (Bedrock toolUse.name)', () => {
    assert.equal(checkName(PROVIDERS.bedrock, 'a.b', 'length').accepted, true);
    assert.equal(checkName(PROVIDERS.bedrock, 'a'.repeat(65), 'length').accepted, false);
  });
});
