import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, runCli, scratch } from './run';

// Real servers, no mocks, so the client code meets real protocol behaviour: fixtures built with the MCP SDK's own server API, and
// the published reference server pinned as a devDependency.
const STDIO = join(ROOT, 'test/fixtures/servers/stdio.mjs');
const HTTP = join(ROOT, 'test/fixtures/servers/http.mjs');
const SSE = join(ROOT, 'test/fixtures/servers/sse.mjs');
const EVERYTHING = join(
  ROOT,
  'node_modules/@modelcontextprotocol/server-everything',
  binOf('@modelcontextprotocol/server-everything'),
);

interface JsonOut {
  files: Array<{
    path: string;
    format: string | null;
    tools: Array<{
      name: string;
      index?: number;
      range: { start: { line: number; character: number } };
      clients?: Record<string, { wireName: string | null; fate: string }>;
    }>;
    diagnostics: Array<{
      code: string;
      severity: string;
      range: { start: { line: number; character: number } };
      tool?: number;
    }>;
  }>;
}

function binOf(pkg: string): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
}

function live(args: readonly string[], mode: string, ...rest: string[]) {
  return runCli(['check', ...args, '--server', '--', process.execPath, STDIO, mode, ...rest]);
}

function json(stdout: string): JsonOut {
  return JSON.parse(stdout) as JsonOut;
}

/** The fixture's pid from its "ready" line, quoted in the stderr tail. */
function fixturePid(stderr: string): number {
  const match = /ready, pid=(\d+)/.exec(stderr);
  assert.ok(match, `no fixture pid in: ${stderr}`);
  return Number(match[1]);
}

/** Alive and not a zombie (a killed process whose parent has not reaped it yet is gone for our purpose). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) [ZX] /.test(stat);
  } catch {
    // No /proc (or no such process): ask the kernel.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('toolwire check --server (stdio)', () => {
  test('reports the bad and colliding names; what the server announces is not its name for the clients', () => {
    const result = live(['--client', 'vscode', '--format', 'json'], 'bad');
    assert.equal(result.status, 1, result.stderr);
    const file = json(result.stdout).files[0]!;
    assert.equal(file.path, 'mcp://fixture/tools/list');
    assert.equal(file.format, 'mcp-tools-list');
    assert.deepEqual(
      file.tools.map((t) => [t.name, t.index]),
      [
        ['admin.tools.list', 0],
        ['admin_tools_list', 1],
        ['has space', 2],
      ],
    );
    // Clients name a server by the user's configuration key, never by its serverInfo: without
    // --server-name the name is unknown, and the placeholder stands in for it.
    assert.equal(file.tools[0]!.clients!.vscode!.wireName, 'mcp_x_admin_tools_list');
    const collision = file.diagnostics.find((d) => d.code === 'wire-collision');
    assert.equal(collision?.tool, 0, 'each finding on a name carries its tool index');
    assert.ok(file.diagnostics.some((d) => d.code === 'invalid-name' && d.tool === 2));
    // The server's stderr is its log: never in toolwire's stdout.
    assert.doesNotMatch(result.stdout, /pid=/);
  });

  test('text output locates findings in mcp://<server>/tools/list:line:col', () => {
    const result = live(['--client', 'vscode', '--server-name', 'weather'], 'bad');
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^mcp:\/\/weather\/tools\/list:8:15: error wire-collision .* Also shares its name with another tool in VS Code \(Copilot Chat\)\.$/m,
    );
    // Without --server-name the announced name only locates the findings.
    assert.match(
      live(['--client', 'vscode'], 'bad').stdout,
      /^mcp:\/\/fixture\/tools\/list:8:15: error wire-collision .*Also shares its name with another tool in VS Code/m,
    );
    // admin.tools.list's wire-collision with VS Code's collision folded in; the kept admin_tools_list has none.
    assert.match(result.stderr, /1 file, 3 tools: 1 error, 1 warning/);
  });

  test('--server-name overrides the name the server announces', () => {
    const file = json(live(['--client', 'vscode', '--format', 'json', '--server-name', 'ops'], 'bad').stdout).files[0]!;
    assert.equal(file.path, 'mcp://ops/tools/list');
    assert.equal(file.tools[1]!.clients!.vscode!.wireName, 'mcp_ops_admin_tools_list');
  });

  test('--env reaches the server, --cwd is its working folder', () => {
    const result = runCli(
      [
        'check',
        '--client',
        'vscode',
        '--format',
        'json',
        '--env',
        'FIXTURE_SERVER_NAME=fromenv',
        '--cwd',
        ROOT,
        '--server',
        '--',
        process.execPath,
        'test/fixtures/servers/stdio.mjs',
        'bad',
      ],
      scratch({}),
    );
    assert.equal(result.status, 1, result.stderr);
    // The name the server announces (from its environment) locates the report.
    assert.equal(json(result.stdout).files[0]!.path, 'mcp://fromenv/tools/list');
  });

  test('every page of tools/list is read (nextCursor)', () => {
    const paged = json(live(['--format', 'json'], 'pages').stdout).files[0]!;
    assert.deepEqual(
      paged.tools.map((t) => t.name),
      ['admin.tools.list', 'admin_tools_list', 'has space'],
    );
    assert.ok(
      paged.diagnostics.some((d) => d.code === 'wire-collision'),
      'tools from different pages collide',
    );
  });

  test('a clean server exits 0', () => {
    const result = live(['--client', 'vscode'], 'clean');
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '');
  });

  test('a server that hangs: exit 2, one clear line, its process ended', () => {
    // Long enough for node and the SDK to start on a loaded machine: the hang is in tools/list.
    const result = live(['--timeout', '5'], 'slow');
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    const lines = result.stderr.split('\n').filter((l) => l.startsWith('toolwire:'));
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, /no answer within the timeout \(MCP error -32001: Request timed out\)/);
    assert.equal(isAlive(fixturePid(result.stderr)), false, 'the hung server is ended');
  });

  test('a server whose own child outlives it: the whole process tree is ended', () => {
    const result = live(['--timeout', '5'], 'tree');
    assert.equal(result.status, 2);
    const grandchild = /grandchild=(\d+)/.exec(result.stderr);
    assert.ok(grandchild, result.stderr);
    assert.equal(isAlive(fixturePid(result.stderr)), false);
    assert.equal(isAlive(Number(grandchild[1])), false, "the server's child is ended with it");
  });

  test('a server that crashes mid-list: exit 2 with the tail of its stderr', () => {
    const result = live([], 'crash');
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^toolwire: .*closed the connection \(it exited or crashed\)$/m);
    assert.match(result.stderr, /^ {2}\| fixture: about to crash in tools\/list$/m);
  });

  test('a server that answers garbage: exit 2, said at once', () => {
    const result = live(['--timeout', '30'], 'garbage');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^toolwire: .*answered something that is not MCP/m);
    assert.equal(isAlive(fixturePid(result.stderr)), false);
  });

  test('a command that does not exist: exit 2', () => {
    const result = runCli(['check', '--server', '--', 'toolwire-no-such-server-command']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^toolwire: "toolwire-no-such-server-command": cannot start: command not found$/m);
  });

  test('usage mistakes: exit 2', () => {
    assert.equal(runCli(['check', '--server']).status, 2);
    assert.match(runCli(['check', '--server']).stderr, /--server needs the server command after --/);
    assert.match(
      runCli(['check', '--url', 'http://127.0.0.1:9/mcp', '--env', 'A=1']).stderr,
      /--env and --cwd go with --server/,
    );
    assert.match(
      runCli(['check', '--timeout', '0', '--server', '--', 'x']).stderr,
      /--timeout needs a positive number/,
    );
    assert.match(runCli(['census', '--server', '--', 'x']).stderr, /checked with toolwire check/);
  });

  test('--format sarif locates findings in the virtual path', () => {
    const log = JSON.parse(live(['--format', 'sarif'], 'bad').stdout) as {
      runs: Array<{
        results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
      }>;
    };
    assert.equal(
      log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri,
      'mcp://fixture/tools/list',
    );
  });
});

describe('toolwire check --save', () => {
  test('writes <server>.tools.json, reports on it with real positions, and check reads it back the same', () => {
    const dir = scratch({});
    const result = runCli(
      [
        'check',
        '--client',
        'vscode',
        '--format',
        'json',
        '--save',
        'snapshots',
        '--server',
        '--',
        process.execPath,
        STDIO,
        'bad',
        '../evil/name',
      ],
      dir,
    );
    assert.equal(result.status, 1, result.stderr);
    const saved = 'snapshots/__evil_name.tools.json';
    const text = readFileSync(join(dir, saved), 'utf8');
    const snapshot = JSON.parse(text) as { serverInfo: { name: string }; tools: unknown[] };
    assert.equal(snapshot.serverInfo.name, '../evil/name');
    assert.equal(snapshot.tools.length, 3);
    const file = json(result.stdout).files[0]!;
    assert.equal(file.path, saved);
    const line = text.split('\n').findIndex((l) => l.includes('"admin.tools.list"'));
    assert.deepEqual(file.tools[0]!.range.start, { line, character: 14 });
    const reread = runCli(['check', '--client', 'vscode', '--format', 'json', saved], dir);
    assert.deepEqual(json(reread.stdout).files[0]!.diagnostics, file.diagnostics);
  });
});

describe('toolwire check --url (Streamable HTTP on loopback)', () => {
  const server = { url: '', child: undefined as ReturnType<typeof spawn> | undefined };

  before(async () => {
    const child = spawn(process.execPath, [HTTP, '--header-required', 'X-Token:secret'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    server.child = child;
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    server.url = (JSON.parse(line) as { url: string }).url;
  });

  after(async () => {
    const child = server.child;
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
  });

  test('lists the tools with the header, and names the server from its serverInfo', async () => {
    const result = await runCliAsync([
      'check',
      '--client',
      'vscode',
      '--format',
      'json',
      '--url',
      server.url,
      '--header',
      'X-Token: secret',
    ]);
    assert.equal(result.status, 1, result.stderr);
    const file = json(result.stdout).files[0]!;
    assert.equal(file.path, 'mcp://http-fixture/tools/list');
    assert.deepEqual(
      file.tools.map((t) => t.name),
      ['admin.tools.list', 'admin_tools_list'],
    );
    assert.match(file.tools[0]!.clients!.vscode!.wireName!, /^mcp_.*admin_tools_list$/);
  });

  test("without the header: exit 2, both transports' answers in one line", async () => {
    const result = await runCliAsync(['check', '--timeout', '10', '--url', server.url]);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^toolwire: http:\/\/127\.0\.0\.1:\d+\/mcp: Streamable HTTP: .*unauthorised; SSE: .*401/m,
    );
  });
});

describe('toolwire check against a server that speaks only SSE', () => {
  const server = { url: '', child: undefined as ReturnType<typeof spawn> | undefined };

  before(async () => {
    const child = spawn(process.execPath, [SSE], { stdio: ['pipe', 'pipe', 'inherit'] });
    server.child = child;
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    server.url = (JSON.parse(line) as { url: string }).url;
  });

  after(async () => {
    const child = server.child;
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
  });

  const counts = async () =>
    (await (await fetch(new URL('/count', server.url))).json()) as { postToSse: number; streams: number };

  test('--url falls back to SSE when Streamable HTTP is refused, and lists the tools', async () => {
    const before = await counts();
    const result = await runCliAsync([
      'check',
      '--client',
      'vscode',
      '--format',
      'json',
      '--timeout',
      '10',
      '--url',
      server.url,
    ]);
    assert.equal(result.status, 1, result.stderr);
    const file = json(result.stdout).files[0]!;
    assert.equal(file.path, 'mcp://sse-fixture/tools/list');
    assert.deepEqual(
      file.tools.map((t) => t.name),
      ['admin.tools.list', 'admin_tools_list'],
    );
    assert.ok(file.diagnostics.some((d) => d.code === 'wire-collision'));
    const after = await counts();
    assert.ok(after.postToSse > before.postToSse, 'Streamable HTTP was tried first');
    assert.equal(after.streams, before.streams + 1);
  });

  test('"type": "sse" in --mcp-config goes straight to SSE', async () => {
    const dir = scratch({
      '.vscode/mcp.json': JSON.stringify({ servers: { old: { type: 'sse', url: server.url } } }),
    });
    const before = await counts();
    const result = await runCliAsync(['check', '--mcp-config', '.vscode/mcp.json', '--format', 'json'], dir);
    assert.equal(result.status, 1, result.stderr);
    const file = json(result.stdout).files[0]!;
    assert.equal(file.path, 'mcp://old/tools/list');
    assert.equal(file.tools.length, 2);
    const after = await counts();
    assert.equal(after.postToSse, before.postToSse, 'no Streamable HTTP request');
    assert.equal(after.streams, before.streams + 1);
  });
});

describe('the published reference server', () => {
  test('@modelcontextprotocol/server-everything over stdio: exit 0 or 1, its tools read', () => {
    const result = runCli([
      'check',
      '--format',
      'json',
      '--timeout',
      '60',
      '--server',
      '--',
      process.execPath,
      EVERYTHING,
      'stdio',
    ]);
    assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr}`);
    const file = json(result.stdout).files[0]!;
    assert.match(file.path, /^mcp:\/\/.+\/tools\/list$/);
    assert.ok(file.tools.length > 0);
  });
});

/** The built CLI without blocking this process's event loop (the HTTP fixture's test holds it). */
async function runCliAsync(
  args: readonly string[],
  cwd = ROOT,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stdout, stderr };
}
