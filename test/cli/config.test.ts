import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const CLEAN = JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] });

/** Issue 13, items 7 and 8, through the built CLI: a hostile config or a huge input ends in a report, never a hang or a stack trace. */
describe('toolwire check: hostile configs and huge input', () => {
  test('a backtracking glob and a long file name: the check finishes', () => {
    const name = `${'a'.repeat(200)}.json`;
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ ignore: ['**/*a*a*a*a*a*a*a*a*a*a*a*a*b'] }),
      [name]: CLEAN,
      [`x/${'a'.repeat(44)}`]: CLEAN,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      JSON.parse(result.stdout).files.map((f: { path: string }) => f.path),
      [name],
    );
  });

  test('a config nested 20,000 deep is a config error with a position: exit 2, no stack trace', () => {
    const dir = scratch({
      '.toolwire.json': `{"ignore": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      'tools.json': CLEAN,
    });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^\.toolwire\.json:1:13: error config "ignore" entries must be strings\./m);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });

  test('a glob over 64k characters is a config error with a position', () => {
    const dir = scratch({ '.toolwire.json': `{\n  "ignore": ["${'a'.repeat(70_000)}"]\n}`, 'tools.json': CLEAN });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^\.toolwire\.json:2:14: error config A glob in "ignore" is 70000 characters long; at most 1000 are allowed\./m,
    );
  });

  test('a folder named .toolwire.json is reported, not skipped for the parent config', () => {
    const dir = scratch({ '.toolwire.json': '{"targets": ["openai"]}', 'sub/tools.json': CLEAN });
    mkdirSync(join(dir, 'sub/.toolwire.json'));
    const result = runCli(['check', 'sub/tools.json'], dir);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^sub\/\.toolwire\.json:1:1: error config Cannot read this configuration file: it is a folder\./m,
    );
  });

  test('a config that is not UTF-8 is reported at the bad byte', () => {
    const dir = scratch({ 'tools.json': CLEAN });
    writeFileSync(
      join(dir, '.toolwire.json'),
      Buffer.concat([Buffer.from('{\n  "ignore": ["caf'), Buffer.from([0xe9]), Buffer.from('"]\n}')]),
    );
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^\.toolwire\.json:2:18: error config Cannot read this configuration file: it is not valid UTF-8 \(byte 19\)\./m,
    );
  });

  test('a config with a byte order mark reads like any other', () => {
    const dir = scratch({ '.toolwire.json': '\uFEFF{"targets": ["openai"]}', 'tools.json': CLEAN });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 0, result.stderr);
  });

  test('a tool file with 100,000 levels of nesting is checked, not skipped with exit 0', () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const dir = scratch({
      'tools.json': `{"tools":[{"name":"a.b","inputSchema":${deep}},{"name":"a_b","inputSchema":{}}],"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 1, result.stderr.slice(0, 2000));
    // a.b's wire-collision, its clients' fates folded in; the kept a_b has none.
    assert.match(result.stderr, /1 file, 2 tools: 1 error, 0 warnings/);
  });

  test('150,000 tools in one request are checked (the spread overflowed the stack)', () => {
    const tools = Array.from({ length: 150_000 }, (_, i) => ({ name: `t${i}`, inputSchema: {} }));
    tools.push({ name: 'a.b', inputSchema: {} }, { name: 'a_b', inputSchema: {} });
    // No client census: this is about the stack, and every modelled client would add a warning per tool.
    const dir = scratch({ 'tools.json': JSON.stringify({ tools }), '.toolwire.json': '{ "clients": [] }' });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 1, result.stderr.slice(0, 2000));
    assert.match(result.stderr, /1 file, 150002 tools: 2 errors/);
    assert.deepEqual(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[2]),
      // a.b is left out; the kept a_b has no finding.
      ['too-many-tools', 'wire-collision'],
    );
  });
});
