import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze, findConfig, optionsForFile, parseConfig, type ConfigHost } from '../../server/src/core';
import { mcpList, openaiChat } from './helpers';

function host(files: Record<string, string>): ConfigHost {
  return { readFile: (path) => files[path] };
}

describe('.toolwire.json', () => {
  test('a full config parses without problems', () => {
    const { config, problems } = parseConfig(`{
      // JSONC: comments and trailing commas
      "$schema": "./node_modules/toolwire/schemas/toolwire.schema.json",
      "targets": ["openai", "gemini"],
      "reservedNames": ["handoff"],
      "severity": { "renamed-on-wire": "off", "case-collision": "error" },
      "ignore": ["fixtures/**"],
      "overrides": [{ "files": ["servers/**/*.json"], "derivation": "model-safe", "targets": ["anthropic"] }],
    }`);
    assert.deepEqual(problems, []);
    assert.deepEqual(config.targets, ['openai', 'gemini']);
    assert.deepEqual(config.overrides, [{ files: ['servers/**/*.json'], derivation: 'model-safe', targets: ['anthropic'] }]);
  });

  test('every mistake is reported with its range, and the rest still applies', () => {
    const text = `{"targets": ["openai", "opneai"], "severity": {"renamed-on-wire": "loud", "no-such-code": "off", "case-collision": "off"}, "overrides": [{"derivation": "x"}], "colour": 1}`;
    const { config, problems } = parseConfig(text);
    assert.deepEqual(problems.map((p) => [p.severity, text.slice(p.range.start, p.range.end)]), [
      ['error', '"opneai"'],
      ['error', '"loud"'],
      ['error', '"no-such-code"'],
      ['error', '"x"'],
      ['error', '{"derivation": "x"}'],
      ['warning', '"colour"'],
    ]);
    assert.deepEqual(config.targets, ['openai']);
    assert.deepEqual(config.severity, { 'case-collision': 'off' });
    assert.match(problems[0]!.message, /Unknown provider "opneai"\. Known: openai/);
  });

  test('broken JSON and a non-object are reported, never ignored', () => {
    assert.ok(parseConfig('{"targets": [').problems.length > 0);
    assert.match(parseConfig('[]').problems[0]!.message, /must hold an object/);
  });

  test('overrides by glob, ignore, severity', () => {
    const { config } = parseConfig(`{"targets": ["anthropic"], "ignore": ["fixtures/**"], "severity": {"renamed-on-wire": "off"},
      "overrides": [{"files": ["**/*.openai.json"], "targets": ["openai"]}, {"files": ["legacy/**"], "derivation": "verbatim"}]}`);
    assert.equal(optionsForFile(config, 'fixtures/a.json'), 'ignored');
    assert.deepEqual(optionsForFile(config, 'x/tools.openai.json'), { targets: ['openai'], defaultTargets: ['anthropic'], severity: { 'renamed-on-wire': 'off' } });
    assert.deepEqual(optionsForFile(config, 'legacy/t.json'), { derivation: 'verbatim', defaultTargets: ['anthropic'], severity: { 'renamed-on-wire': 'off' } });
    assert.deepEqual(optionsForFile(config, '.well-known/agent-discovery.json'), { defaultTargets: ['anthropic'], severity: { 'renamed-on-wire': 'off' } });
  });

  test('targets from the config change what an MCP list is judged by', () => {
    const { config } = parseConfig('{"targets": ["bedrock-agents"]}');
    const options = optionsForFile(config, 'tools.json');
    assert.notEqual(options, 'ignored');
    if (options === 'ignored') return;
    assert.deepEqual(analyze(mcpList('get-order'), options).findings.map((f) => f.code), ['invalid-name']);
    // A provider body keeps its own provider.
    assert.deepEqual(analyze(openaiChat(['get-order']), options).findings, []);
  });

  test('discovery walks up to the nearest .toolwire.json', () => {
    const files = { '/repo/.toolwire.json': '{}', '/repo/sub/deeper/.toolwire.json': '{"targets":["openai"]}' };
    assert.equal(findConfig('/repo/sub/deeper/x/tools.json', host(files))?.path, '/repo/sub/deeper/.toolwire.json');
    assert.equal(findConfig('/repo/sub/tools.json', host(files))?.folder, '/repo');
    assert.equal(findConfig('/elsewhere/tools.json', host(files)), undefined);
    assert.equal(findConfig('/repo/sub/tools.json', host(files), '/repo/sub'), undefined, 'stops at the workspace folder');
  });
});
