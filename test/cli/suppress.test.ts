import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const openai = (...lines: string[]) => `{
  "model": "gpt-4o",
  "tools": [
${lines.join(',\n')}
  ]
}
`;
const tool = (name: string) => `    { "type": "function", "function": { "name": "${name}" } }`;

interface JsonReport {
  readonly files: ReadonlyArray<{
    path: string;
    diagnostics: ReadonlyArray<{ code: string; severity: string; range: { start: { line: number } } }>;
  }>;
}

function findings(stdout: string): string[] {
  const report = JSON.parse(stdout) as JsonReport;
  return report.files.flatMap((f) =>
    f.diagnostics
      .filter((d) => d.severity !== 'hint')
      .map((d) => `${f.path}:${d.range.start.line + 1} ${d.severity} ${d.code}`),
  );
}

/** Issue 11: "a suppression comment silences one finding and a stale one is reported", from a clean checkout. */
describe('toolwire check: suppressions', () => {
  test('a comment silences one finding; a stale comment is a warning (exit 0 once no error is left)', () => {
    const dir = scratch({
      'tools.jsonc': openai(
        '    // toolwire-disable-next-line invalid-name -- legacy',
        tool('get.weather'),
        '    // toolwire-disable-next-line wire-collision',
        tool('get_time'),
      ),
      'more.yaml':
        'model: gpt-4o\ntools:\n  - type: function\n    function:\n      # toolwire-disable-next-line invalid-name\n      name: get.x\n  - type: function\n    function:\n      name: get.y\n',
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    assert.deepEqual(findings(result.stdout), [
      'more.yaml:9 error invalid-name',
      'tools.jsonc:6 warning unused-suppression',
    ]);
    assert.equal(result.status, 1, 'get.y is still an error');
    const text = runCli(['check', 'tools.jsonc'], dir);
    assert.equal(text.status, 0, text.stdout);
    assert.match(
      text.stdout,
      /^tools\.jsonc:6:35: warning unused-suppression No wire-collision finding on the next line/m,
    );
  });

  test('a .toolwire.json ignore entry silences plain JSON; a stale entry is reported on the config, where it stands', () => {
    const config = JSON.stringify(
      {
        ignore: [
          'fixtures/**',
          { file: 'tools/*.json', tool: 'get.weather', code: 'invalid-name', reason: 'legacy' },
          { file: 'tools/a.json', code: 'wire-collision' },
          { file: 'gone.json', code: 'invalid-name' },
        ],
      },
      null,
      2,
    );
    const dir = scratch({
      '.toolwire.json': config,
      'tools/a.json': openai(tool('get.weather'), tool('get_time')),
      'tools/b.json': openai(tool('get.weather'), tool('get.time')),
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    assert.deepEqual(findings(result.stdout), [
      'tools/b.json:5 error invalid-name',
      '.toolwire.json:10 warning unused-suppression',
      '.toolwire.json:14 warning unused-suppression',
    ]);
    assert.equal(result.status, 1);
  });

  test('a suppression of renamed-on-wire is not stale while the code is off by default; --hints judges it', () => {
    const mcp = (above: string) =>
      `{\n  "tools": [\n    {\n${above}      "name": "get_x", "inputSchema": {}\n    }\n  ]\n}\n`;
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ clients: [], ignore: [{ file: 'tools.json', code: 'renamed-on-wire' }] }),
      'tools.json': mcp(''),
      'list.jsonc': mcp('      // toolwire-disable-next-line renamed-on-wire\n'),
    });
    const plain = runCli(['check', '--format', 'json', '.'], dir);
    assert.deepEqual(findings(plain.stdout), []);
    assert.equal(plain.status, 0);
    // Turned on, neither silences anything here (get_x is sent as written): both are stale.
    assert.deepEqual(findings(runCli(['check', '--hints', '--format', 'json', '.'], dir).stdout), [
      'list.jsonc:4 warning unused-suppression',
      '.toolwire.json:1 warning unused-suppression',
    ]);
  });

  test("a file a nearer .toolwire.json governs uses none of the outer config's entries", () => {
    // Both configs' first entry is number 0; the inner one silences the finding, the outer one
    // (which never applies to sub/a.json) silences nothing and is reported.
    const outer = JSON.stringify({ ignore: [{ file: 'sub/a.json', code: 'invalid-name' }] }, null, 2);
    const inner = JSON.stringify({ ignore: [{ file: 'a.json', code: 'invalid-name' }] }, null, 2);
    const dir = scratch({
      '.toolwire.json': outer,
      'b.json': openai(tool('get_time')),
      'sub/.toolwire.json': inner,
      'sub/a.json': openai(tool('get.weather')),
    });
    const result = runCli(['check', '--format', 'json', '.'], dir);
    assert.deepEqual(findings(result.stdout), ['.toolwire.json:3 warning unused-suppression']);
  });

  test('an entry is not called unused when the run did not check every file it matches', () => {
    const config = JSON.stringify({ ignore: [{ file: 'tools/*.json', tool: 'get.weather', code: 'invalid-name' }] });
    const dir = scratch({
      '.toolwire.json': config,
      'tools/a.json': openai(tool('get_time')),
      'tools/b.json': openai(tool('get.weather')),
    });
    const some = runCli(['check', '--format', 'json', 'tools/a.json'], dir);
    assert.deepEqual(findings(some.stdout), []);
    const all = runCli(['check', '--format', 'json', 'tools'], dir);
    assert.deepEqual(findings(all.stdout), []);
  });

  test('an unknown code in an ignore entry is a config error (exit 2)', () => {
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ ignore: [{ file: 'a.json', code: 'wire-colision' }] }),
      'a.json': openai(tool('x')),
    });
    const result = runCli(['check', 'a.json'], dir);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /^\.toolwire\.json:1:36: error config Unknown diagnostic code "wire-colision". Known: invalid-name, (.*), client-collision\./m,
    );
  });
});
