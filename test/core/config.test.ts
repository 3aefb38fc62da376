import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig, parseConfig, type UnreadableFile } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { findConfig, type ConfigHost } from '../../server/src/core/config/discover';
import { MAX_GLOB_LENGTH, MAX_GLOBS } from '../../server/src/core/config/glob';
import { optionsForFile } from '../../server/src/core/config/resolve';
import { mcpList, openaiChat } from './helpers';

function host(files: Record<string, string | UnreadableFile>): ConfigHost {
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
    assert.deepEqual(config.overrides, [
      { files: ['servers/**/*.json'], derivation: 'model-safe', targets: ['anthropic'] },
    ]);
  });

  test('every mistake is reported with its range, and the rest still applies', () => {
    const text = `{"targets": ["openai", "opneai"], "severity": {"renamed-on-wire": "loud", "no-such-code": "off", "case-collision": "off"}, "overrides": [{"derivation": "x"}], "colour": 1}`;
    const { config, problems } = parseConfig(text);
    assert.deepEqual(
      problems.map((p) => [p.severity, text.slice(p.range.start, p.range.end)]),
      [
        ['error', '"opneai"'],
        ['error', '"loud"'],
        ['error', '"no-such-code"'],
        ['error', '"x"'],
        ['error', '{"derivation": "x"}'],
        ['warning', '"colour"'],
      ],
    );
    assert.deepEqual(config.targets, ['openai']);
    assert.deepEqual(config.severity, { 'case-collision': 'off' });
    assert.match(problems[0]!.message, /Unknown provider "opneai"\. Known: openai/);
  });

  test('broken JSON and a non-object are reported, never ignored', () => {
    assert.ok(parseConfig('{"targets": [').problems.length > 0);
    assert.match(parseConfig('[]').problems[0]!.message, /must hold an object/);
  });

  test('overrides by glob, ignore, severity', () => {
    const { config } =
      parseConfig(`{"targets": ["anthropic"], "ignore": ["fixtures/**"], "severity": {"renamed-on-wire": "off"},
      "overrides": [{"files": ["**/*.openai.json"], "targets": ["openai"]}, {"files": ["legacy/**"], "derivation": "verbatim"}]}`);
    assert.equal(optionsForFile(config, 'fixtures/a.json'), 'ignored');
    assert.deepEqual(optionsForFile(config, 'x/tools.openai.json'), {
      targets: ['openai'],
      defaultTargets: ['anthropic'],
      severity: { 'renamed-on-wire': 'off' },
    });
    assert.deepEqual(optionsForFile(config, 'legacy/t.json'), {
      derivation: 'verbatim',
      defaultTargets: ['anthropic'],
      severity: { 'renamed-on-wire': 'off' },
    });
    assert.deepEqual(optionsForFile(config, '.well-known/agent-discovery.json'), {
      defaultTargets: ['anthropic'],
      severity: { 'renamed-on-wire': 'off' },
    });
  });

  test('targets from the config change what an MCP list is judged by', () => {
    const { config } = parseConfig('{"targets": ["bedrock-agents"]}');
    const options = optionsForFile(config, 'tools.json');
    assert.notEqual(options, 'ignored');
    if (options === 'ignored') return;
    assert.deepEqual(
      analyze(mcpList('get-order'), options).findings.map((f) => f.code),
      ['invalid-name'],
    );
    // A provider body keeps its own provider.
    assert.deepEqual(analyze(openaiChat(['get-order']), options).findings, []);
  });

  test('discovery walks up to the nearest .toolwire.json', () => {
    const files = { '/repo/.toolwire.json': '{}', '/repo/sub/deeper/.toolwire.json': '{"targets":["openai"]}' };
    assert.equal(findConfig('/repo/sub/deeper/x/tools.json', host(files))?.path, '/repo/sub/deeper/.toolwire.json');
    assert.equal(findConfig('/repo/sub/tools.json', host(files))?.folder, '/repo');
    assert.equal(findConfig('/elsewhere/tools.json', host(files)), undefined);
    assert.equal(
      findConfig('/repo/sub/tools.json', host(files), '/repo/sub'),
      undefined,
      'stops at the workspace folder',
    );
  });

  // Issue 13, item 8: a hostile config cannot hang or crash anything, and is never ignored in silence.
  describe('a hostile or unreadable config', () => {
    const problemAt = (text: string) =>
      parseConfig(text).problems.map((p) => [p.severity, text.slice(p.range.start, p.range.end).slice(0, 20)]);

    test('nested 20,000 deep: problems with positions, not a stack overflow', () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      assert.deepEqual(problemAt(deep), [['error', '[[[[[[[[[[[[[[[[[[[[']]);
      assert.deepEqual(
        parseConfig(`{"targets": ${deep}}`).problems.map((p) => p.message),
        ['"targets" entries must be strings.', '"targets" must name at least one provider.'],
      );
      assert.deepEqual(problemAt(`{"ignore": ["a", ${deep}], "targets": ["openai"]}`), [
        ['error', '[[[[[[[[[[[[[[[[[[[['],
      ]);
      assert.deepEqual(parseConfig(`{"ignore": ["a", ${deep}], "targets": ["openai"]}`).config, {
        ignore: ['a'],
        targets: ['openai'],
      });
      assert.ok(parseConfig('{"x":'.repeat(20_000)).problems.length > 0, 'unclosed');
    });

    test('a glob too long, an empty glob and too many globs are problems; the other globs apply', () => {
      const long = 'a'.repeat(70_000);
      const text = JSON.stringify({
        ignore: [long, '', 'fixtures/**'],
        servers: { s: long, t: 'tools/*.json' },
        overrides: [{ files: [long], derivation: 'verbatim' }],
      });
      const { config, problems } = parseConfig(text);
      assert.deepEqual(
        problems.map((p) => [text.slice(p.range.start, p.range.end).slice(0, 5), p.message.slice(0, 40)]),
        [
          ['"aaaa', `A glob in "ignore" is 70000 characters l`],
          ['""', 'An empty glob in "ignore" matches nothin'],
          ['"aaaa', 'A glob in "servers.s" is 70000 character'],
          ['"aaaa', 'Server "s" lists no tool files.'],
          ['"aaaa', 'A glob in "files" is 70000 characters lo'],
          ['{"fil', 'An override needs "files": a list of glo'],
        ],
      );
      assert.deepEqual(config.ignore, ['fixtures/**']);
      assert.deepEqual(config.servers, { t: ['tools/*.json'] });
      assert.ok(MAX_GLOB_LENGTH < long.length);
      const many = parseConfig(JSON.stringify({ ignore: Array.from({ length: MAX_GLOBS + 2 }, (_, i) => `g${i}/**`) }));
      assert.equal(many.config.ignore?.length, MAX_GLOBS);
      assert.deepEqual(
        many.problems.map((p) => p.message),
        // A problem repeated word for word is said once, with the count of the others.
        [`Too many globs: .toolwire.json may hold at most ${MAX_GLOBS}. (and 1 more like it)`],
      );
    });

    test('a backtracking glob against a long file name finishes (picomatch took over a minute)', () => {
      const { config, problems } = parseConfig(
        JSON.stringify({
          ignore: ['**/*a*a*a*a*a*a*a*a*a*a*a*a*b'],
          overrides: [{ files: ['*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b'], derivation: 'verbatim' }],
        }),
      );
      assert.deepEqual(problems, []);
      for (const name of ['a'.repeat(44), 'a'.repeat(1000), `x/${'a'.repeat(1000)}.json`])
        assert.deepEqual(optionsForFile(config, name), {});
      assert.equal(optionsForFile(config, `x/${'a'.repeat(44)}b`), 'ignored');
    });

    test('a config that is there but unreadable stops discovery and is an error at its place', () => {
      const files = {
        '/repo/.toolwire.json': '{"targets":["openai"]}',
        '/repo/sub/.toolwire.json': { error: 'permission denied' },
      };
      const found = findConfig('/repo/sub/tools.json', host(files));
      assert.equal(found?.path, '/repo/sub/.toolwire.json', 'not the parent config in silence');
      const loaded = loadConfig(found!);
      assert.deepEqual(loaded.config, {});
      assert.deepEqual(loaded.problems, [
        {
          severity: 'error',
          message: 'Cannot read this configuration file: permission denied.',
          range: { start: 0, end: 0 },
        },
      ]);
    });

    test('invalid UTF-8: the problem sits on the bad character, and the readable settings still apply', () => {
      const text = '{"targets": ["openai"], "ignore": ["caf\uFFFD"]}';
      const at = text.indexOf('\uFFFD');
      const loaded = loadConfig({ text, unreadable: { error: 'it is not valid UTF-8 (byte 39)', text, offset: at } });
      assert.deepEqual(
        loaded.problems.map((p) => [p.message, text.slice(p.range.start, p.range.end)]),
        [['Cannot read this configuration file: it is not valid UTF-8 (byte 39).', '\uFFFD']],
      );
      assert.deepEqual(loaded.config.targets, ['openai']);
    });
  });
});
