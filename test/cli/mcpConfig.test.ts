import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CLI, ROOT, runCli, scratch } from './run';

// Real servers: the fixture is built with the MCP SDK's own server API and started by the CLI.
const FIXTURE = join(ROOT, 'test/fixtures/servers/colliding.mjs');
const serves = (...names: string[]) => ({ command: process.execPath, args: [FIXTURE, ...names] });

describe('toolwire check --mcp-config: a whole client setup', () => {
  test('two servers of one config form one census: a cross-server client collision, at mcp:// paths', () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({ servers: { docs: serves('search'), code: serves('search', 'get_file') } }),
    });
    const result = runCli(
      ['check', '--mcp-config', '.vscode/mcp.json', '--client', 'openai-agents', '--format', 'json'],
      dir,
    );
    assert.equal(result.status, 1, result.stderr);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        diagnostics: Array<{ code: string; message: string; detail: string; range: { start: { line: number } } }>;
      }>;
    };
    assert.deepEqual(
      out.files.map((f) => f.path),
      ['mcp://docs/tools/list', 'mcp://code/tools/list'],
      'the config order',
    );
    for (const file of out.files) {
      const collision = file.diagnostics.find((d) => d.code === 'client-collision');
      assert.ok(collision, `${file.path}: ${JSON.stringify(file.diagnostics)}`);
      assert.match(
        collision.message,
        /^Sent by OpenAI Agents SDK under the same name as "search" of server "(docs|code)"\.$/,
      );
      assert.match(collision.detail, /Duplicate tool names found across MCP servers/);
      assert.equal(collision.range.start.line, 7, 'a real position in the pretty-printed snapshot');
    }
    assert.match(out.files[0]!.diagnostics.find((d) => d.code === 'client-collision')!.message, /of server "code"/);
  });

  test('--save keeps the snapshots and the generated .toolwire.json (the config client, the config order)', () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({ servers: { 'my docs': serves('a.b'), code: serves('c') } }),
    });
    const result = runCli(['check', '--mcp-config', '.vscode/mcp.json', '--save', 'snaps'], dir);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'snaps/.toolwire.json'), 'utf8')), {
      clients: ['vscode'],
      servers: { 'my docs': 'my_docs.tools.json', code: 'code.tools.json' },
    });
    const snapshot = JSON.parse(readFileSync(join(dir, 'snaps/my_docs.tools.json'), 'utf8')) as {
      serverInfo: { name: string };
      tools: Array<{ name: string }>;
    };
    assert.equal(snapshot.serverInfo.name, 'colliding');
    assert.deepEqual(
      snapshot.tools.map((t) => t.name),
      ['a.b'],
    );
    // The saved folder is an ordinary toolwire input: the same census without any server running.
    // VS Code labels a server by its serverInfo name: the fixture's.
    assert.match(runCli(['census', 'snaps'], dir).stdout, /a\.b\s+mcp_colliding_a_b\s+renamed/);
  });

  test('a server that fails, or one with an unresolvable variable, is reported; the others are still checked; exit 2', () => {
    const dir = scratch({
      '.mcp.json': JSON.stringify({
        mcpServers: {
          good: serves('get.file'),
          broken: {
            command: process.execPath,
            args: ['-e', 'process.stderr.write("boom on stderr"); process.exit(3)'],
          },
          secret: { command: process.execPath, args: [FIXTURE], env: { TOKEN: '${TOOLWIRE_TEST_UNSET_VARIABLE}' } },
        },
      }),
    });
    const result = runCli(['check', '--mcp-config', '.mcp.json', '--client', 'openai-agents'], dir);
    assert.equal(result.status, 2);
    assert.match(result.stdout, /^mcp:\/\/good\/tools\/list:8:15: error client-rejected/m);
    assert.doesNotMatch(result.stdout, /boom/, "a server's stderr never reaches stdout");
    assert.match(result.stderr, /server "broken" failed: .*\n {2}\| boom on stderr/);
    assert.match(result.stderr, /server "secret" not started: cannot resolve \$\{TOOLWIRE_TEST_UNSET_VARIABLE\}/);
    assert.equal(existsSync(join(dir, 'snaps')), false);
  });

  test('--only picks servers; usage mistakes are exit 2', () => {
    const dir = scratch({
      '.cursor/mcp.json': JSON.stringify({
        mcpServers: { one: serves('x'), two: { command: 'never-started-toolwire-test' } },
      }),
    });
    const result = runCli(['check', '--mcp-config', '.cursor/mcp.json', '--only', 'one', '--format', 'json'], dir);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      (JSON.parse(result.stdout) as { files: Array<{ path: string }> }).files.map((f) => f.path),
      ['mcp://one/tools/list'],
    );
    const typo = runCli(
      ['check', '--mcp-config', '.cursor/mcp.json', '--only', 'one', '--only', 'tow', '--format', 'json'],
      dir,
    );
    assert.equal(typo.status, 2, 'a mistyped --only is not a clean run');
    assert.match(typo.stderr, /--only tow: no such server/);
    const none = runCli(['check', '--mcp-config', '.cursor/mcp.json', '--only', 'tow', '--format', 'json'], dir);
    assert.deepEqual(
      JSON.parse(none.stdout),
      { version: 1, files: [] },
      'JSON output even when no server served tools',
    );
    assert.equal(runCli(['check', '--mcp-config', '.cursor/mcp.json', 'other.json'], dir).status, 2);
    assert.equal(runCli(['check', '--mcp-config', '.cursor/mcp.json', '--timeout', '0'], dir).status, 2);
    assert.equal(runCli(['check', '--mcp-config', 'missing.json'], dir).status, 2);
    assert.match(runCli(['check', '--only', 'one', '.'], dir).stderr, /--only works with --mcp-config alone/);
  });

  test("${input:} values: --input, or the editor command's environment variable; the server then starts", () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({
        servers: { one: { ...serves('t'), env: { FIXTURE_SERVER_NAME: '${input:label}' } } },
      }),
    });
    const asked = runCli(['check', '--mcp-config', '.vscode/mcp.json'], dir);
    assert.equal(asked.status, 2);
    assert.match(
      asked.stderr,
      /server "one" not started: cannot resolve \$\{input:label\} \(give it with --input ID=VALUE\)/,
    );
    const given = runCli(
      ['check', '--mcp-config', '.vscode/mcp.json', '--input', 'label=from-flag', '--save', 'a'],
      dir,
    );
    assert.equal(given.status, 0, given.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'a/one.tools.json'), 'utf8')).serverInfo.name, 'from-flag');
    const editor = spawnSync(process.execPath, [CLI, 'check', '--mcp-config', '.vscode/mcp.json', '--save', 'b'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TOOLWIRE_MCP_INPUTS: JSON.stringify({ label: 'from-editor' }) },
    });
    assert.equal(editor.status, 0, editor.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'b/one.tools.json'), 'utf8')).serverInfo.name, 'from-editor');
  });

  test('a published reference server (@modelcontextprotocol/server-everything, pinned) beside the fixture, end to end', () => {
    const everything = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    const dir = scratch({
      '.mcp.json': JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] }, mine: serves('echo') },
      }),
    });
    const result = runCli(['check', '--mcp-config', '.mcp.json', '--client', 'openai-agents', '--format', 'json'], dir);
    assert.equal(result.status, 1, result.stderr);
    const out = JSON.parse(result.stdout) as {
      files: Array<{
        path: string;
        tools: Array<{ name: string }>;
        diagnostics: Array<{ code: string; message: string }>;
      }>;
    };
    assert.deepEqual(
      out.files.map((f) => f.path),
      ['mcp://everything/tools/list', 'mcp://mine/tools/list'],
    );
    assert.ok(out.files[0]!.tools.length > 5, 'every tool the reference server serves');
    assert.match(
      out.files[1]!.diagnostics.find((d) => d.code === 'client-collision')?.message ?? '',
      /"echo" of server "everything"/,
    );
  });

  test('a remote server: url and headers from the configuration, variables resolved (Streamable HTTP on loopback)', async () => {
    const fixture = spawn(process.execPath, [join(ROOT, 'test/fixtures/servers/http-by-header.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [chunk] = (await once(fixture.stdout, 'data')) as [Buffer];
      const url = `http://127.0.0.1:${chunk.toString('utf8').trim()}/mcp`;
      const dir = scratch({
        '.vscode/mcp.json': JSON.stringify({
          servers: { remote: { type: 'http', url, headers: { 'X-Tool': '${env:TOOLWIRE_TEST_TOOL}' } } },
        }),
      });
      const cli = spawnSync(process.execPath, [CLI, 'check', '--mcp-config', '.vscode/mcp.json', '--save', 'snaps'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, TOOLWIRE_TEST_TOOL: 'from.header' },
      });
      assert.equal(cli.status, 0, cli.stderr);
      const snapshot = JSON.parse(readFileSync(join(dir, 'snaps/remote.tools.json'), 'utf8')) as {
        serverInfo: { name: string };
        tools: Array<{ name: string }>;
      };
      assert.deepEqual(
        [snapshot.serverInfo.name, snapshot.tools.map((t) => t.name)],
        ['http-fixture', ['from.header']],
      );
    } finally {
      fixture.kill();
    }
  });
});
