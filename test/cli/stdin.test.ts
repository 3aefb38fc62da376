import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, scratch } from './run';

/** `-` reads standard input; `--stdin-filename` says which file it is (as ESLint, Prettier and Ruff have it). */
function runWithInput(args: readonly string[], input: string | Buffer, cwd: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const COLLIDING = JSON.stringify(
  {
    tools: [
      { name: 'a.b', inputSchema: {} },
      { name: 'a_b', inputSchema: {} },
    ],
  },
  null,
  2,
);

describe('check -: standard input', () => {
  test('without --stdin-filename: JSON named <stdin>, every modelled client', () => {
    const run = runWithInput(['check', '-'], COLLIDING, scratch({}));
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^<stdin>:4:15: error wire-collision /m);
    assert.match(run.stderr, /every modelled client/);
  });

  test("--stdin-filename: that path's MCP client configuration, .toolwire.json, and the name shown", () => {
    const dir = scratch({
      'proj/.vscode/mcp.json': JSON.stringify({ servers: { billing: { command: 'node' } } }),
      // On disk the file is clean: what is checked is standard input, never the disk's copy.
      'proj/tools.json': JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] }),
    });
    const run = runWithInput(['check', '--stdin-filename', 'proj/tools.json', '-'], COLLIDING, dir);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^proj\/tools\.json:4:15: error wire-collision .*VS Code \(Copilot Chat\)\.$/m);
    assert.match(run.stderr, /clients vscode \(proj\/\.vscode\/mcp\.json\)/);
    const ignored = scratch({ '.toolwire.json': JSON.stringify({ ignore: ['generated/**'] }) });
    const skipped = runWithInput(['check', '--stdin-filename', 'generated/t.json', '-'], COLLIDING, ignored);
    assert.equal(skipped.status, 0, skipped.stdout);
    assert.equal(skipped.stdout, '');
  });

  test('the language comes from the name: YAML, and a file named alongside in the same run', () => {
    const yaml = 'tools:\n  - name: a.b\n    inputSchema: {}\n  - name: a_b\n    inputSchema: {}\n';
    const dir = scratch({ 'clean.json': JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] }) });
    const run = runWithInput(['check', '--format', 'json', '--stdin-filename', 'x.yaml', 'clean.json', '-'], yaml, dir);
    assert.equal(run.status, 1, run.stderr);
    const files = JSON.parse(run.stdout).files as Array<{ path: string; diagnostics: Array<{ code: string }> }>;
    assert.deepEqual(
      files.map((f) => [f.path, f.diagnostics.map((d) => d.code)]),
      [
        ['clean.json', []],
        ['x.yaml', ['wire-collision']],
      ],
    );
  });

  test('bad input on stdin is said as for a file: invalid JSON, invalid UTF-8, over --max-file-size', () => {
    const dir = scratch({});
    const broken = runWithInput(['check', '-'], '{"tools": [', dir);
    assert.equal(broken.status, 1);
    assert.match(broken.stdout, /^<stdin>:1:12: error invalid-json /m);
    const latin1 = runWithInput(['check', '-'], Buffer.from('{"tools":[{"name":"caf\xe9"}]}', 'latin1'), dir);
    assert.equal(latin1.status, 1);
    assert.match(latin1.stdout, /^<stdin>:1:\d+: error invalid-json The file is not valid UTF-8/m);
    const big = runWithInput(['check', '--max-file-size', '0.5', '-'], 'x'.repeat(600 * 1024), dir);
    assert.equal(big.status, 2);
    assert.match(big.stderr, /^toolwire: <stdin>: standard input is over the 0\.5 MB limit; not checked/m);
  });

  test('census reads it too', () => {
    const run = runWithInput(['census', '--client', 'cursor', '-'], COLLIDING, scratch({}));
    assert.match(run.stdout, /<stdin>/);
  });

  test('usage errors: - twice, --stdin-filename without -, fix and baseline, a live server', () => {
    const dir = scratch({});
    const cases: Array<[string[], RegExp]> = [
      [['check', '-', '-'], /- \(standard input\) can be given once\./],
      [['check', '--stdin-filename', 'a.json', 'b.json'], /--stdin-filename names what - reads/],
      [['check', '--stdin-filename', 'a.json'], /--stdin-filename names what - reads/],
      [['check', '--stdin-filename=', '-'], /--stdin-filename needs the path/],
      [['fix', '-'], /fix works on files, not standard input/],
      [['baseline', '-'], /baseline works on files, not standard input/],
      [['check', '--stdin-filename', 'a.json', '--url', 'http://localhost:1'], /--stdin-filename goes with -/],
    ];
    for (const [args, message] of cases) {
      const run = runWithInput(args, '', dir);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
    }
  });

  test('a file named - is ./-', () => {
    const dir = scratch({ '-': COLLIDING });
    const run = runWithInput(['check', './-'], '', dir);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^-:4:15: error wire-collision/m);
  });
});
