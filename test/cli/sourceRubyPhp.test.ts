import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const RUBY_TOOLS = [
  'require "mcp"',
  '',
  'module Clock',
  '  class Now < MCP::Tool',
  '    tool_name "get_time"',
  '  end',
  '',
  '  class GetTime < MCP::Tool',
  '    description "The time"',
  '  end',
  'end',
  '',
].join('\n');

// A helper given the server: it names no SDK, so only the Gemfile says it is read.
const RUBY_HELPER = [
  'module Registry',
  '  def self.register(server)',
  '    server.define_tool(name: "a.b") { |args| args }',
  '    server.define_tool(name: "a_b") { |args| args }',
  '  end',
  'end',
  '',
].join('\n');

const PHP_TOOLS = [
  '<?php',
  '',
  'use Mcp\\Capability\\Attribute\\McpTool;',
  '',
  'final class Clock',
  '{',
  "    #[McpTool(name: 'get_time')]",
  "    public function now(): string { return ''; }",
  '',
  "    #[McpTool(description: 'The time')]",
  "    public function get_time(): string { return ''; }",
  '}',
  '',
].join('\n');

// The server's builder handed to a helper: only the composer.json says it is read.
const PHP_HELPER = [
  '<?php',
  '',
  'function register(Builder $builder): void',
  '{',
  "    $builder->addTool([Tools::class, 'a'], 'a.b')->addTool([Tools::class, 'b'], 'a_b');",
  '}',
  '',
].join('\n');

interface Report {
  files: Array<{
    path: string;
    tools: Array<{ name: string }>;
    diagnostics: Array<{ code: string; severity: string; range: { start: { line: number; character: number } } }>;
  }>;
}

describe('toolwire check on Ruby and PHP source', () => {
  test('the walk reads .rb at their names, a Gemfile names the mcp gem, and fix --unsafe leaves them clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'server/Gemfile': 'source "https://rubygems.org"\n\ngem "mcp"\n',
      'server/lib/tools.rb': RUBY_TOOLS,
      'server/lib/registry.rb': RUBY_HELPER,
      'plain/lib/registry.rb': RUBY_HELPER,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as Report;
    const file = (path: string) => out.files.find((f) => f.path === path);
    const collisions = (path: string) =>
      file(path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    // The class named after itself (get_time) is the one left out: the finding is on its name.
    assert.deepEqual(collisions('server/lib/tools.rb'), ['8:9']);
    assert.deepEqual(
      file('server/lib/registry.rb')?.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.deepEqual(file('plain/lib/registry.rb')?.tools ?? [], []);
    assert.equal(result.status, 1, result.stderr);

    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 2 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (JSON.parse(after.stdout) as Report).files.flatMap((f) =>
      f.diagnostics.filter((d) => d.severity !== 'hint'),
    );
    assert.deepEqual(findings, [], after.stdout);
    const tools = runCli(['check', '--format', 'json', 'server/lib/tools.rb'], dir);
    assert.deepEqual((JSON.parse(tools.stdout) as Report).files[0]?.tools.map((t) => t.name).length, 2);
  });

  test('the walk reads .php at their names, a composer.json names mcp/sdk, and fix --unsafe leaves them clean', () => {
    const dir = scratch({
      '.toolwire.json': '{ "clients": [] }',
      'server/composer.json': '{ "require": { "php": ">=8.1", "mcp/sdk": "^0.7" } }',
      'server/src/Clock.php': PHP_TOOLS,
      'server/src/register.php': PHP_HELPER,
      'plain/src/register.php': PHP_HELPER,
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout) as Report;
    const file = (path: string) => out.files.find((f) => f.path === path);
    const collisions = (path: string) =>
      file(path)
        ?.diagnostics.filter((d) => d.code === 'wire-collision')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`) ?? [];
    // The method named after itself (get_time) is left out: the finding is on the method's name.
    assert.deepEqual(collisions('server/src/Clock.php'), ['11:21']);
    assert.deepEqual(
      file('server/src/register.php')?.tools.map((t) => t.name),
      ['a.b', 'a_b'],
    );
    assert.deepEqual(file('plain/src/register.php')?.tools ?? [], []);
    assert.equal(result.status, 1, result.stderr);

    const fixed = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(fixed.status, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.match(fixed.stderr, /fixed \d+ names? in 2 files/);
    const after = runCli(['check', '--format', 'json', '.'], dir);
    const findings = (JSON.parse(after.stdout) as Report).files.flatMap((f) =>
      f.diagnostics.filter((d) => d.severity !== 'hint'),
    );
    assert.deepEqual(findings, [], after.stdout);
  });
});
