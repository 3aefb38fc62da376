import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const MCP_COLLISION = JSON.stringify(
  {
    tools: [
      { name: 'a.b', inputSchema: {} },
      { name: 'a_b', inputSchema: {} },
      { name: 'c.d', inputSchema: {} },
    ],
  },
  null,
  2,
);
const CLEAN = JSON.stringify({ tools: [{ name: 'ok', inputSchema: {} }] });

describe('toolwire check', () => {
  test('text output: path:line:col: severity code message, exit 1 on errors', () => {
    const dir = scratch({ 'tools.json': MCP_COLLISION });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 1);
    // Every modelled client's server-independent fates come as warnings.
    const lines = result.stdout
      .trim()
      .split('\n')
      .filter((l) => / error /.test(l));
    // One problem, one diagnostic: a.b's line tells its clients' fates too; the kept a_b has none.
    assert.equal(lines.length, 1);
    assert.equal(
      lines[0]!,
      'tools.json:4:15: error wire-collision Left out of the request: sent as "a_b", the name of the tool the runtime keeps. Also fails the request in 6 clients, shares its name with another tool in 4 clients, is left out in Cursor.',
    );
    assert.ok(!result.stdout.includes(':8:15:'), 'a_b keeps the name: no line of its own');
    assert.ok(!result.stdout.includes('Rename'), 'the why and the fix wait for --verbose');
    // c.d's client-rejected and client-dropped are one warning.
    assert.match(result.stderr, /1 file, 3 tools: 1 error, 1 warning, 0 info\n/);
  });

  test('--format json prints exactly the documented shape', () => {
    const dir = scratch({ 'tools.json': MCP_COLLISION, 'package.json': '{"name":"x"}' });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    assert.equal(result.status, 1);
    const out = JSON.parse(result.stdout) as { version: number; files: Array<Record<string, unknown>> };
    assert.deepEqual(Object.keys(out), ['version', 'files']);
    assert.equal(out.version, 1);
    assert.deepEqual(
      out.files.map((f) => [f.path, f.format]),
      [
        ['package.json', null],
        ['tools.json', 'mcp-tools-list'],
      ],
    );
    const file = out.files[1] as {
      tools: Array<Record<string, unknown>>;
      diagnostics: Array<Record<string, unknown>>;
      modelled: { clients: { ids: string[] } };
    };
    assert.deepEqual(Object.keys(file), ['path', 'format', 'tools', 'diagnostics', 'modelled']);
    assert.deepEqual(file.modelled, {
      providers: [{ ids: ['openai', 'anthropic', 'bedrock'], source: 'default' }],
      clients: { ids: file.modelled.clients.ids, source: 'default' },
    });
    assert.equal(file.modelled.clients.ids.length > 1, true, 'every modelled client');
    const clients = file.tools[0]!.clients as Record<string, { fate: string }>;
    assert.deepEqual(file.tools[0], {
      name: 'a.b',
      wireName: 'a_b',
      offered: false,
      range: { start: { line: 3, character: 14 }, end: { line: 3, character: 19 } },
      clients,
    });
    assert.equal(clients.cursor!.fate, 'dropped');
    const diagnostic = file.diagnostics[0]!;
    assert.deepEqual(Object.keys(diagnostic), ['code', 'severity', 'message', 'detail', 'also', 'range', 'related']);
    // The folded clients' findings follow the runtime's, one line each, their codes in `also`.
    const [runtime, ...folded] = String(diagnostic.detail).split('\n');
    assert.equal((diagnostic as { also?: unknown[] }).also?.length, 3);
    assert.match(runtime!, /^The runtime keeps "a_b" .* Rename it\.$/);
    assert.equal(folded.length, 3);
    assert.deepEqual(diagnostic.related, [
      {
        range: { start: { line: 7, character: 14 }, end: { line: 7, character: 19 } },
        message: '"a_b" has the same name (kept)',
      },
    ]);
  });

  test('ranges count UTF-16 code units after astral characters', () => {
    const dir = scratch({
      't.json': '{"tools":[{"description":"😀😀","name":"a.b","inputSchema":{}},{"name":"a_b","inputSchema":{}}]}',
    });
    const out = JSON.parse(runCli(['check', '--format', 'json', 't.json'], dir).stdout);
    assert.deepEqual(out.files[0].tools[0].range, {
      start: { line: 0, character: 39 },
      end: { line: 0, character: 44 },
    });
  });

  test('--format sarif is SARIF 2.1.0 with rules and 1-based regions', () => {
    const dir = scratch({ 'tools.json': MCP_COLLISION });
    // --hints: renamed-on-wire (off by default) too, so a hint is reported as a note.
    const result = runCli(['check', '--hints', '--format=sarif', 'tools.json'], dir);
    const log = JSON.parse(result.stdout);
    assert.equal(log.version, '2.1.0');
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'toolwire');
    assert.ok(
      run.tool.driver.rules.some(
        (r: { id: string; helpUri: string }) => r.id === 'wire-collision' && r.helpUri.endsWith('#wire-collision'),
      ),
    );
    assert.equal(run.results.length, 3, "a.b's error, c.d's client warning, 1 hint");
    const first = run.results[0];
    assert.equal(first.ruleId, 'wire-collision');
    assert.equal(first.level, 'error');
    assert.deepEqual(first.locations[0].physicalLocation.region, {
      startLine: 4,
      startColumn: 15,
      endLine: 4,
      endColumn: 20,
    });
    assert.equal(first.relatedLocations.length, 1);
    // One sentence in the message (code scanning's title); the detail beside it; the docs on the rule.
    assert.equal(
      first.message.text,
      'Left out of the request: sent as "a_b", the name of the tool the runtime keeps. Also fails the request in 6 clients, shares its name with another tool in 4 clients, is left out in Cursor.',
    );
    assert.match(first.properties.detail, /^The runtime keeps "a_b"/);
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'wire-collision');
    assert.match(rule.fullDescription.text, /^Error\. Two or more tools of one request share a wire name\. Why: /);
    assert.match(rule.help.text, /^Fix: the tools that should change carry/);
    assert.match(rule.help.markdown, /\*\*Fix\*\*/);
    assert.equal(run.results.filter((r: { level: string }) => r.level === 'note').length, 1, 'hints are notes');
  });

  test('exit 0 when clean', () => {
    const dir = scratch({ 'clean.json': CLEAN });
    const result = runCli(['check', 'clean.json'], dir);
    assert.equal(result.status, 0);
    assert.equal(result.stdout, '');
  });

  test('exit 2 on usage and I/O errors, with a clear message', () => {
    assert.equal(runCli([]).status, 0, 'no arguments prints help');
    const unknown = runCli(['lint']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /Unknown command "lint"/);
    assert.equal(runCli(['check', '--format', 'xml', '.']).status, 2);
    assert.equal(runCli(['check', '--nope', '.']).status, 2);
    assert.equal(runCli(['check']).status, 2);
    const missing = runCli(['check', 'no/such/file.json']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no\/such\/file\.json: no such file or folder/);
  });

  test('folders are walked for JSON-like files, skipping node_modules and .git', () => {
    const dir = scratch({
      'a/tools.json': MCP_COLLISION,
      'b/requests.jsonl': `${JSON.stringify({
        function: [
          { name: 'x.y', parameters: { type: 'object' } },
          { name: 'x_y', parameters: { type: 'object' } },
        ],
      })}\n`,
      'node_modules/dep/tools.json': MCP_COLLISION,
      '.git/tools.json': MCP_COLLISION,
      'notes.txt': MCP_COLLISION,
    });
    const out = JSON.parse(runCli(['check', '--format', 'json', '.'], dir).stdout);
    assert.deepEqual(
      out.files.map((f: { path: string }) => f.path),
      ['a/tools.json', 'b/requests.jsonl'],
    );
    // a file named on the command line is checked whatever its extension
    assert.equal(runCli(['check', 'notes.txt'], dir).status, 1);
  });

  test('the nearest .toolwire.json applies: severity, ignore, overrides', () => {
    const dir = scratch({
      '.toolwire.json': '{ "severity": { "wire-collision": "warning" }, "ignore": ["vendor/**"] }',
      'tools.json': MCP_COLLISION,
      'vendor/tools.json': MCP_COLLISION,
      'strict/.toolwire.json': '{ "overrides": [{ "files": ["*.json"], "targets": ["bedrock-agents"] }] }',
      'strict/t.json': JSON.stringify({ tools: [{ name: 'get-x', inputSchema: {} }] }),
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    const out = JSON.parse(result.stdout);
    assert.deepEqual(
      out.files.map((f: { path: string }) => f.path),
      ['strict/t.json', 'tools.json'],
    );
    assert.deepEqual(
      out.files[1].diagnostics
        .filter((d: { code: string }) => !d.code.startsWith('client-'))
        .map((d: { severity: string }) => d.severity),
      // a.b's wire-collision (a warning here); the kept a_b has none; c.d's hint (off by default).
      ['warning'],
    );
    assert.deepEqual(
      out.files[0].diagnostics.map((d: { code: string }) => d.code),
      ['invalid-name'],
    );
    assert.equal(result.status, 1, 'strict/t.json has an error');
  });

  test('a broken configuration is reported and exits 2', () => {
    const dir = scratch({ '.toolwire.json': '{ "targets": ["opneai"] }', 'tools.json': CLEAN });
    const result = runCli(['check', 'tools.json'], dir);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /\.toolwire\.json:1:15: error config Unknown provider "opneai"/);
    const explicit = runCli(['check', '--config', 'missing.json', 'tools.json'], dir);
    assert.equal(explicit.status, 2);
    assert.match(explicit.stderr, /cannot read the configuration file/);
  });

  test('progress on stderr for a large tree', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 250; i++) files[`t/${String(i).padStart(3, '0')}.json`] = CLEAN;
    const result = runCli(['check', '--format', 'json', 't'], scratch(files));
    assert.equal(result.status, 0);
    assert.match(result.stderr, /toolwire: checked 25\/250 files/);
    assert.match(result.stderr, /toolwire: checked 250\/250 files/);
    assert.equal(JSON.parse(result.stdout).files.length, 250, 'stdout stays pure JSON');
  });

  test('a UTF-8 BOM does not shift columns', () => {
    const dir = scratch({ 'bom.json': `\uFEFF${MCP_COLLISION}` });
    assert.match(runCli(['check', 'bom.json'], dir).stdout, /^bom\.json:4:15: /);
  });
});
