import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CLI, runCli, scratch, type CliResult } from './run';

/** Issue 13 item 4: bad input is always said, never swallowed. */

const TOOLS = '{"tools":[{"name":"a.b","inputSchema":{}},{"name":"a_b","inputSchema":{}}]}';
const CLEAN = '{"tools":[{"name":"ok","inputSchema":{}}]}';
const ROOT_TMP = scratch({});

interface JsonOut {
  files: Array<{
    path: string;
    format: string | null;
    tools: Array<{ name: string }>;
    diagnostics: Array<{
      code: string;
      severity: string;
      message: string;
      range: { start: { line: number; character: number } };
    }>;
  }>;
}

function json(result: CliResult): JsonOut {
  return JSON.parse(result.stdout) as JsonOut;
}

/**
 * For the cases that used to hang (a FIFO, /dev/zero): a generous guard so that a regression
 * fails the test instead of hanging the suite. It asserts nothing about speed.
 */
function runGuarded(args: readonly string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function mkfifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

describe('encodings: decoded as VS Code decodes them', () => {
  test('UTF-16LE and UTF-16BE with a BOM give the same findings as UTF-8', () => {
    const dir = scratch({ 'utf8.json': TOOLS });
    writeFileSync(join(dir, 'le.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TOOLS, 'utf16le')]));
    writeFileSync(
      join(dir, 'be.json'),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TOOLS, 'utf16le').swap16()]),
    );
    writeFileSync(join(dir, 'nobom.json'), Buffer.from(TOOLS, 'utf16le'));
    const result = runCli(['check', '--format', 'json', 'utf8.json', 'le.json', 'be.json', 'nobom.json'], dir);
    assert.equal(result.status, 1);
    const [utf8, ...others] = json(result).files;
    assert.equal(utf8!.tools.length, 2);
    for (const other of others) {
      assert.deepEqual({ ...other, path: '' }, { ...utf8, path: '' }, other.path);
    }
  });

  test('invalid UTF-8 is an invalid-json error at its first bad byte, not replaced in silence', () => {
    const dir = scratch({});
    writeFileSync(join(dir, 'latin1.json'), Buffer.from('{"tools":[\n{"name":"caf\xe9","inputSchema":{}}]}', 'latin1'));
    const result = runCli(['check', 'latin1.json'], dir);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^latin1\.json:2:13: error invalid-json The file is not valid UTF-8: byte 0xE9 at byte offset 23/m,
    );
  });
});

describe('syntax: one invalid-json error, so CI fails', () => {
  test('a file that is not JSON at all: exit 1, one error with the first position', () => {
    const dir = scratch({ 'notes.json': 'just some notes\n' });
    const result = runCli(['check', 'notes.json'], dir);
    assert.equal(result.status, 1);
    assert.equal(
      result.stdout,
      'notes.json:1:1: error invalid-json The file is not valid JSON: invalid symbol (and 2 more syntax errors).\n',
    );
    // The why follows with --verbose, as for every finding.
    assert.match(
      runCli(['check', '--verbose', 'notes.json'], dir).stdout,
      /^notes\.json:1:1: error invalid-json The file is not valid JSON: invalid symbol \(and 2 more syntax errors\)\.\n {2}Tools after this point may be missing or misread\.\n/,
    );
    assert.match(result.stderr, /1 file, 0 tools: 1 error/);
  });

  test('a source file nested past the reader\'s limit: an error that says so, not "not valid JSON", and no "imports no library" line', () => {
    const deep = `import MCP\nlet t = Tool(name: "a.b", description: "d", inputSchema: .object([:]))\nlet y = ${'f('.repeat(600)}x${')'.repeat(600)}\n`;
    const dir = scratch({ 'deep.swift': deep });
    const result = runCli(['check', 'deep.swift'], dir);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^deep\.swift:3:\d+: error invalid-json The file is not read: swift nested deeper than 500 brackets\.\n$/,
    );
    assert.doesNotMatch(result.stderr, /none imports a known tool library/);
  });

  test('a missing comma: the error at it, and the tools before it still checked', () => {
    const dir = scratch({
      't.json':
        '{"tools": [\n  {"name": "a.b", "inputSchema": {}},\n  {"name": "a_b", "inputSchema": {}}\n  {"name": "c"}\n]}',
    });
    const out = json(runCli(['check', '--format', 'json', 't.json'], dir));
    const codes = out.files[0]!.diagnostics.map((d) => d.code);
    assert.equal(codes[0], 'invalid-json');
    assert.deepEqual(out.files[0]!.diagnostics[0]!.range.start, { line: 3, character: 2 });
    assert.equal(codes.filter((c) => c === 'invalid-json').length, 1, 'one finding per file');
    assert.ok(codes.includes('wire-collision'));
  });

  test('JSONC (comments, trailing commas) is valid: no error', () => {
    const dir = scratch({ 'c.jsonc': '// tools\n{"tools":[{"name":"ok","inputSchema":{},},], /* end */}\n' });
    const result = runCli(['check', 'c.jsonc'], dir);
    assert.equal(result.status, 0, result.stdout);
    assert.equal(result.stdout, '');
  });

  test('JSON Lines with one bad line: the error names that line, the other lines are checked', () => {
    const dir = scratch({
      'r.jsonl': `${CLEAN}\n{"tools":[{"name":"x",\n{"tools":[{"name":"bad name","inputSchema":{}}]}\n`,
    });
    const out = json(runCli(['check', '--format', 'json', 'r.jsonl'], dir));
    const [first, ...rest] = out.files[0]!.diagnostics;
    assert.equal(first!.code, 'invalid-json');
    assert.equal(first!.range.start.line, 1);
    assert.match(first!.message, /not valid JSON Lines: .* on line 2/);
    assert.ok(
      rest.some((d) => d.code === 'invalid-name' && d.message.includes('"bad name"')),
      'line 3 is still checked',
    );
  });

  test('a broken file found in a folder walk that looks like tools counts too, in every output format', () => {
    const dir = scratch({ 'ok.json': CLEAN, 'sub/broken.json': '{"tools": [{"name": "a" "inputSchema": {}}]}' });
    const text = runCli(['check', '.'], dir);
    assert.equal(text.status, 1);
    assert.match(text.stdout, /^sub\/broken\.json:1:25: error invalid-json/m);
    const sarif = JSON.parse(runCli(['check', '--format', 'sarif', '.'], dir).stdout);
    const run = sarif.runs[0];
    const result = run.results.find((r: { ruleId: string }) => r.ruleId === 'invalid-json');
    assert.equal(result.level, 'error');
    assert.equal(run.tool.driver.rules[result.ruleIndex].id, 'invalid-json');
    assert.match(run.tool.driver.rules[result.ruleIndex].helpUri, /#invalid-json$/);
  });

  test('a broken file a walk meets that is no tool definitions (a template, a fixture): a notice, counted', () => {
    const template = '[\n  {% for m in messages %}\n  {"role": "{{ m.role }}"}\n  {% endfor %}\n]\n';
    const dir = scratch({ 'ok.json': CLEAN, 'prompts/chat.json': template, 'fixtures/broken.yaml': 'a: [\n' });
    const quiet = runCli(['check', '.'], dir);
    assert.equal(quiet.status, 0, quiet.stdout);
    assert.equal(quiet.stdout, '');
    assert.match(
      quiet.stderr,
      /^toolwire: 1 file, 1 tool: 0 errors, 0 warnings, 0 info; 2 files skipped: not valid JSON or YAML, and not tool definitions \(--verbose lists them\)$/m,
    );
    const verbose = runCli(['check', '--verbose', '.'], dir);
    assert.match(verbose.stderr, /^toolwire: no tools in prompts\/chat\.json: not valid JSON, and what can be read/m);
    assert.match(
      verbose.stderr,
      /^toolwire: no tools in fixtures\/broken\.yaml: not valid YAML, and what can be read/m,
    );
    const json = JSON.parse(runCli(['check', '--format', 'json', '.'], dir).stdout);
    assert.deepEqual(
      json.files.map((f: { path: string }) => f.path),
      ['ok.json'],
    );
    // Named on the command line, the same file is an error: the user asked for it to be checked.
    const named = runCli(['check', 'prompts/chat.json'], dir);
    assert.equal(named.status, 1);
    assert.match(named.stdout, /^prompts\/chat\.json:2:4: error invalid-json/m);
  });

  test('census says it too, on stderr, and exits 1', () => {
    const dir = scratch({ 'broken.json': '{"tools": [' });
    const result = runCli(['census', 'broken.json'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^broken\.json:1:12: error invalid-json/m);
  });
});

describe('special files are never opened', () => {
  test('a FIFO named on the command line: exit 2 with the reason, no hang', (t) => {
    const dir = scratch({});
    if (!mkfifo(join(dir, 'pipe.json'))) return t.skip('mkfifo is not available');
    const result = runGuarded(['check', 'pipe.json'], dir);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /pipe\.json: a FIFO \(named pipe\), not a file; skipped, never opened/);
  });

  test('/dev/zero: exit 2 with the reason, never read', {
    skip: !existsSync('/dev/zero') && 'no /dev/zero here',
  }, () => {
    const result = runGuarded(['check', '/dev/zero'], ROOT_TMP);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /\/dev\/zero: a character device, not a file; skipped, never opened/);
  });

  test('FIFOs and sockets met in a walk: a notice, not an error; the rest is checked', async (t) => {
    const dir = scratch({ 'ok.json': CLEAN });
    if (!mkfifo(join(dir, 'pipe.json'))) return t.skip('mkfifo is not available');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'sock.json'), resolve));
    try {
      const result = runGuarded(['check', '.'], dir);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stderr, /^toolwire: pipe\.json: a FIFO \(named pipe\), not a file; skipped, never opened$/m);
      assert.match(result.stderr, /^toolwire: sock\.json: a socket, not a file; skipped, never opened$/m);
      assert.match(result.stderr, /1 file, 1 tool/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('files that cannot be read: exit 2 with the reason', () => {
  test('missing, a dangling symbolic link', () => {
    const dir = scratch({});
    symlinkSync(join(dir, 'nowhere.json'), join(dir, 'link.json'));
    const missing = runCli(['check', 'no/such.json'], dir);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no\/such\.json: no such file or folder/);
    const dangling = runCli(['check', 'link.json'], dir);
    assert.equal(dangling.status, 2);
    assert.match(dangling.stderr, /link\.json: a symbolic link to nothing/);
  });

  test('no permission', { skip: (process.getuid?.() ?? 0) === 0 && 'root reads every file' }, () => {
    const dir = scratch({ 'secret.json': CLEAN });
    chmodSync(join(dir, 'secret.json'), 0o000);
    const result = runCli(['check', 'secret.json'], dir);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /secret\.json: permission denied/);
  });
});

describe('--max-file-size: a clear limit, never running out of memory', () => {
  test('a file over the limit is not read: exit 2, the size, the limit and the way out', () => {
    const dir = scratch({ 'big.json': CLEAN, 'small.json': '{}' });
    const result = runCli(['check', '--max-file-size', '0.00003', '.'], dir);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^toolwire: big\.json: 42 bytes is over the 31 bytes limit; not checked \(raise it with --max-file-size MB, or ignore the file in \.toolwire\.json\)$/m,
    );
    assert.match(result.stderr, /1 file, 0 tools/, 'the small file is still checked');
    assert.equal(
      runCli(['check', '--max-file-size=1', 'big.json'], dir).status,
      0,
      'under the limit: checked (and clean)',
    );
  });

  test('a bad value is a usage error', () => {
    for (const value of ['0', '-1', 'ten', '']) {
      const result = runCli(['check', '--max-file-size', value, '.']);
      assert.equal(result.status, 2, value);
      assert.match(result.stderr, /--max-file-size needs a positive number of megabytes/);
    }
  });
});

describe('--verbose: every file skipped or without tools, and why', () => {
  const files = {
    'odd.json': '{"toolbox":{"functions_list":[{"name":"a","schema":{}},{"name":"b","schema":{}}]}}',
    'package.json': '{"name":"pkg","description":"not tools"}',
    'empty.json': '',
    'tools.yaml': 'tools: []\n',
    'node_modules/x/tools.json': TOOLS,
    'ok.json': CLEAN,
    'fixtures/big.json': '{"a": }',
    '.toolwire.json': '{"ignore": ["fixtures/**"]}',
  };

  test('lists them with their reasons; stdout is untouched', () => {
    const dir = scratch(files);
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.json'));
    const result = runCli(['check', '--verbose', '.'], dir);
    assert.equal(result.status, 0);
    assert.equal(result.stdout, '');
    const lines = result.stderr.split('\n');
    for (const expected of [
      'toolwire: skipped dangling.json: a symbolic link to nothing (its target does not exist)',
      'toolwire: skipped node_modules: node_modules folders are not walked',
      'toolwire: no tools in tools.yaml: no tool definitions recognised (formats are recognised by content)',
      'toolwire: skipped fixtures/big.json: ignored by .toolwire.json',
      'toolwire: no tools in empty.json: the file is empty',
      'toolwire: no tools in odd.json: looks like tool definitions, but the shape is not recognised: an array of 2 objects with "name" and "schema" at "/toolbox/functions_list"',
      'toolwire: no tools in package.json: no tool definitions recognised (formats are recognised by content)',
    ]) {
      assert.ok(lines.includes(expected), `missing: ${expected}\n${result.stderr}`);
    }
    assert.ok(!lines.some((l) => l.includes('ok.json')), 'a file with tools is not listed');
  });

  test('--verbose takes no value', () => {
    const result = runCli(['check', '--verbose=yes', '.']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--verbose takes no value/);
  });

  test('without --verbose, one hint when a file looks like tools in an unknown shape', () => {
    const dir = scratch(files);
    const result = runCli(['check', '.'], dir);
    assert.match(
      result.stderr,
      /^toolwire: 1 file looks like tool definitions in a shape toolwire does not recognise; --verbose says where\.$/m,
    );
    assert.doesNotMatch(result.stderr, /package\.json|empty\.json|tools\.yaml/);
  });
});

/**
 * The hostile table: inputs a fuzzer or a hostile author found, each with the exit status and the
 * message it must give. A case that misbehaved was fixed; its row keeps it fixed.
 */
describe('hostile inputs: each with its exit status and message', () => {
  const rows: ReadonlyArray<{
    readonly label: string;
    readonly files: Readonly<Record<string, string>>;
    /** Files written as bytes (not valid UTF-8). */
    readonly bytes?: Readonly<Record<string, Buffer>>;
    readonly args: readonly string[];
    readonly status: number;
    readonly stdout?: RegExp;
    readonly stderr?: RegExp;
  }> = [
    {
      // Node's timers fire after 1 ms past 2^31 - 1 ms: a huge timeout was an instant one.
      label: '--timeout above what a timer holds is refused, not turned into 1 ms',
      files: {},
      args: ['check', '--timeout', '2147484', '--server', '--', 'true'],
      status: 2,
      stderr: /^toolwire: --timeout is at most 2147483 seconds \(about 24 days\), not "2147484"\.$/m,
    },
    {
      label: '"mcpServers": [] with --mcp-config says there are no servers, exit 2',
      files: { 'mcp.json': '{"mcpServers": []}' },
      args: ['check', '--mcp-config', 'mcp.json'],
      status: 2,
      stderr: /^toolwire: mcp\.json: "mcpServers" is an array, not an object of servers; no servers to check$/m,
    },
    {
      label: '"mcpServers": {} with --mcp-config says there are no servers, exit 2',
      files: { 'mcp.json': '{"mcpServers": {}}' },
      args: ['check', '--mcp-config', 'mcp.json'],
      status: 2,
      stderr: /^toolwire: mcp\.json: "mcpServers" lists no servers; nothing to check$/m,
    },
    {
      label: 'a YAML alias of a whole tool (`- *t`) is a duplicate, found at the alias',
      files: { 'tools.yaml': 'tools:\n  - &t\n    name: search\n    inputSchema: {}\n  - *t\n' },
      args: ['check', 'tools.yaml'],
      status: 1,
      stdout:
        /^tools\.yaml:5:5: error wire-collision Left out of the request: sent as "search", the name of the tool the runtime keeps/m,
    },
    {
      // tree-sitter took 25 s per megabyte of such a file, and found nothing in it.
      label: 'a binary .py file (invalid UTF-8) is an error and a notice, and is not parsed',
      files: {},
      bytes: {
        'bin.py': Buffer.concat([
          Buffer.from('from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("s")\n@mcp.tool()\ndef a(): ...\n'),
          Buffer.from([0xff, 0xfe, 0x00, 0x80]),
        ]),
      },
      args: ['check', 'bin.py'],
      status: 1,
      stdout: /^bin\.py:5:1: error invalid-json The file is not valid UTF-8: byte 0xFF at byte offset 83/m,
      stderr:
        /^toolwire: bin\.py: not valid UTF-8 \(byte offset 83\); not parsed as source code$[\s\S]*1 file, 0 tools/m,
    },
    {
      label: '20,000 globs in .toolwire.json: the limit is said once, with the count past it',
      files: {
        't.json': CLEAN,
        '.toolwire.json': JSON.stringify({ ignore: Array.from({ length: 20_000 }, (_, i) => `x${i}/**`) }),
      },
      args: ['check', 't.json'],
      status: 2,
      stderr:
        /^\.toolwire\.json:1:\d+: error config Too many globs: \.toolwire\.json may hold at most 500\. \(and 19499 more like it\)\ntoolwire: fix the configuration above/m,
    },
    {
      label: 'a 1,000,000-character name is cut in the messages, with an ellipsis and its length',
      files: { 'long.json': JSON.stringify({ tools: [{ name: `a b${'x'.repeat(999_997)}`, inputSchema: {} }] }) },
      args: ['check', 'long.json'],
      status: 0,
      stdout: /^long\.json:1:19: warning invalid-name "a bx{253}…" \(1000000 characters\) breaks MCP's tool-name rule/m,
    },
  ];
  for (const row of rows) {
    test(row.label, () => {
      const dir = scratch(row.files);
      for (const [path, bytes] of Object.entries(row.bytes ?? {})) writeFileSync(join(dir, path), bytes);
      const result = runGuarded(row.args, dir);
      assert.equal(result.status, row.status, result.stderr);
      if (row.stdout) assert.match(result.stdout, row.stdout);
      // No message echoes a hostile input whole: every line stays short.
      for (const line of result.stdout.split('\n')) assert.ok(line.length < 4000, `${line.length} characters`);
      if (row.stderr) assert.match(result.stderr, row.stderr);
    });
  }
});

describe('cost: a config with ever more bad entries', () => {
  test('what is printed does not grow with the entries (once each, then a count)', () => {
    const printed = (n: number) => {
      const ignore = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '' : { file: `x${i}`, code: `nope${i}` }));
      const dir = scratch({ 't.json': CLEAN, '.toolwire.json': JSON.stringify({ ignore }) });
      const result = runGuarded(['check', 't.json'], dir);
      assert.equal(result.status, 2);
      return result.stderr.length;
    };
    const small = printed(2_000);
    const large = printed(8_000);
    assert.ok(large <= small * 1.1, `${small} bytes of stderr at 2,000 entries, ${large} at 8,000`);
  });
});
