import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseArgs } from '../../cli/src/args';
import { ROOT, runCli, scratch } from './run';

/** Every file under a folder, path -> bytes. */
function snapshot(dir: string, prefix = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, prefix))) {
    const rel = prefix === '' ? name : `${prefix}/${name}`;
    if (statSync(join(dir, rel)).isDirectory()) for (const [k, v] of snapshot(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, rel)));
  }
  return out;
}

function apply(tool: 'git' | 'patch', dir: string, diff: string): void {
  const args = tool === 'git' ? ['apply', '--unsafe-paths', '-p1', '-'] : ['-p1', '--forward', '--batch', '--binary'];
  const result = spawnSync(tool, args, { cwd: dir, input: diff, encoding: 'utf8' });
  assert.equal(result.status, 0, `${tool} failed: ${result.stderr}${result.stdout}`);
}

const CLIENTS_OFF = '{ "clients": [] }';

describe('toolwire fix', () => {
  test('--dry-run on examples/ prints a diff that, applied with git apply, leaves nothing to fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwire-fix-'));
    cpSync(join(ROOT, 'examples'), dir, { recursive: true });
    const before = snapshot(dir);
    const dry = runCli(['fix', '--unsafe', '--dry-run', '.'], dir);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /^--- a\/.*\n\+\+\+ b\//);
    assert.deepEqual(snapshot(dir), before, 'a dry run writes nothing');
    apply('git', dir, dry.stdout);
    const again = runCli(['fix', '--unsafe', '--dry-run', '.'], dir);
    assert.equal(again.stdout, '', 'nothing fixable is left');
    assert.equal(again.status, 0);
    // The same diff, through patch(1) on a fresh copy, gives the same files as fix itself writes.
    const viaPatch = mkdtempSync(join(tmpdir(), 'toolwire-fix-'));
    cpSync(join(ROOT, 'examples'), viaPatch, { recursive: true });
    apply('patch', viaPatch, dry.stdout);
    const written = mkdtempSync(join(tmpdir(), 'toolwire-fix-'));
    cpSync(join(ROOT, 'examples'), written, { recursive: true });
    const fixed = runCli(['fix', '--unsafe', '.'], written);
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.deepEqual(snapshot(written), snapshot(viaPatch));
    assert.deepEqual(snapshot(written), snapshot(dir));
  });

  test('keeps CRLF, a BOM, tabs and a missing final newline byte for byte, except the names', () => {
    const text =
      '{\r\n\t"model": "gpt-4o",\r\n\t"tools": [\r\n\t\t{ "type": "function", "function": { "name": "a.b" } },\r\n\t\t{ "type": "function", "function": { "name": "c d" } }\r\n\t]\r\n}';
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF });
    writeFileSync(join(dir, 'tools.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    const dry = runCli(['fix', '--unsafe', '--dry-run', 'tools.json'], dir);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /\\ No newline at end of file/);
    const copy = scratch({});
    writeFileSync(join(copy, 'tools.json'), readFileSync(join(dir, 'tools.json')));
    apply('git', copy, dry.stdout);
    const result = runCli(['fix', '--unsafe', 'tools.json'], dir);
    assert.equal(result.status, 0, result.stderr);
    const bytes = readFileSync(join(dir, 'tools.json'));
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(bytes.subarray(3).toString('utf8'), text.replace('"a.b"', '"a_b"').replace('"c d"', '"c_d"'));
    assert.deepEqual(readFileSync(join(copy, 'tools.json')), bytes, 'the diff applied gives the same bytes');
  });

  test('UTF-16 stays UTF-16 with its BOM', () => {
    const text = '{"model":"gpt-4o","tools":[{"type":"function","function":{"name":"a.b"}}]}\n';
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF });
    writeFileSync(join(dir, 'tools.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    assert.equal(runCli(['fix', '--unsafe', 'tools.json'], dir).status, 0);
    assert.deepEqual(
      readFileSync(join(dir, 'tools.json')),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace('a.b', 'a_b'), 'utf16le')]),
    );
  });

  test('JSONC, JSON Lines and YAML are fixed in their own syntax', () => {
    const files = {
      '.toolwire.json': CLIENTS_OFF,
      'a.jsonc':
        '// tools\n{\n  "model": "gpt-4o",\n  "tools": [\n    { "type": "function", "function": { "name": "x.y" } }, // trailing comma next\n  ],\n}\n',
      'b.jsonl':
        '{"model":"gpt-4o","tools":[{"type":"function","function":{"name":"p q"}}]}\n{"model":"gpt-4o","tools":[{"type":"function","function":{"name":"ok"}}]}\n',
      'c.yaml':
        "# tools\nmodel: claude-sonnet-4\nmax_tokens: 10\nmessages: []\ntools:\n  - name: 'm n'\n    input_schema: {type: object}\n  - name: fine\n    input_schema: {type: object}\n",
    };
    const dir = scratch(files);
    const result = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(result.status, 0, result.stderr + result.stdout);
    assert.equal(readFileSync(join(dir, 'a.jsonc'), 'utf8'), files['a.jsonc'].replace('"x.y"', '"x_y"'));
    assert.equal(readFileSync(join(dir, 'b.jsonl'), 'utf8'), files['b.jsonl'].replace('"p q"', '"p_q"'));
    assert.equal(readFileSync(join(dir, 'c.yaml'), 'utf8'), files['c.yaml'].replace("'m n'", "'m_n'"));
    assert.match(result.stdout, /^a\.jsonc: fixed 1 name \("x\.y" → "x_y"\)$/m);
  });

  test('exit 1 when a finding without an automatic fix remains, and it is listed', () => {
    const request = {
      model: 'gpt-4o',
      tools: [{ type: 'function', function: { name: 'a.b' } }],
      tool_choice: { type: 'function', function: { name: 'missing' } },
    };
    const dir = scratch({ 'r.json': JSON.stringify(request, null, 2), '.toolwire.json': CLIENTS_OFF });
    const result = runCli(['fix', '--unsafe', 'r.json'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^r\.json: fixed 1 name \("a\.b" → "a_b"\)$/m);
    assert.match(result.stdout, /^r\.json:\d+:\d+: error unresolved-reference /m);
    assert.match(readFileSync(join(dir, 'r.json'), 'utf8'), /"name": "a_b"/);
  });

  test('a file whose fixes cannot be proven is refused whole, with the reason', () => {
    // renamed-on-wire raised to an error: adding an invocationName would bring one (fixProof.test.ts).
    const manifest = JSON.stringify(
      {
        specVersion: '0.3.0',
        id: 'https://example.com',
        name: 'Example',
        provider: { name: 'Example', url: 'https://example.com' },
        capabilities: [
          {
            name: `com.example.${'q'.repeat(60)}`,
            version: '1.0.0',
            endpoint: { transport: 'https', address: 'https://example.com/x' },
          },
        ],
      },
      null,
      2,
    );
    const dir = scratch({
      'ads.json': manifest,
      '.toolwire.json': '{ "severity": { "renamed-on-wire": "error" } }',
      'ok.json': JSON.stringify({ tools: [{ name: 'a.b', inputSchema: {} }] }),
    });
    const result = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^ads\.json: not fixed: the fixes were not applied: .+$/m);
    assert.equal(readFileSync(join(dir, 'ads.json'), 'utf8'), manifest);
    assert.match(readFileSync(join(dir, 'ok.json'), 'utf8'), /"a_b"/, 'the other file is still fixed');
  });

  test('a file that is not valid UTF-8 is not rewritten', () => {
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF });
    const bytes = Buffer.concat([
      Buffer.from('{"model":"gpt-4o","tools":[{"type":"function","function":{"name":"a.b","description":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}]}'),
    ]);
    writeFileSync(join(dir, 't.json'), bytes);
    const result = runCli(['fix', '--unsafe', 't.json'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /t\.json: not fixed: .*not valid UTF-8/);
    assert.deepEqual(readFileSync(join(dir, 't.json')), bytes);
  });

  test('files sent together: the second is proven against the first as fixed, and checks clean after', () => {
    const list = (names: string[]) =>
      JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) }, null, 2);
    const dir = scratch({
      '.toolwire.json': JSON.stringify({ clients: ['openai-agents'], servers: { one: 'one.json', two: 'two.json' } }),
      'one.json': list(['shared', 'x']),
      'two.json': list(['shared', 'y']),
    });
    assert.equal(runCli(['check', '.'], dir).status, 1);
    const result = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const renamed = ['one.json', 'two.json'].filter((f) => !readFileSync(join(dir, f), 'utf8').includes('"shared"'));
    assert.equal(renamed.length, 1, 'only one of the two is renamed: the second sees the first fixed');
    assert.equal(runCli(['check', '.'], dir).status, 0);
  });

  describe('safe and unsafe fixes', () => {
    const request = (name: string) =>
      `${JSON.stringify(
        {
          model: 'gpt-4o',
          tools: [{ type: 'function', function: { name, parameters: {} } }],
          tool_choice: { type: 'function', function: { name } },
        },
        null,
        2,
      )}\n`;

    test('without --unsafe a rename is not applied, and the summary says how to apply it', () => {
      const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'r.json': request('a.b') });
      const before = readFileSync(join(dir, 'r.json'));
      const result = runCli(['fix', 'r.json'], dir);
      assert.equal(result.status, 1, 'the error is left');
      assert.deepEqual(readFileSync(join(dir, 'r.json')), before, 'nothing is renamed');
      assert.match(
        result.stderr,
        /toolwire: 1 unsafe fix not applied \(it changes what callers or the model send\); add --unsafe/,
      );
      const dry = runCli(['fix', '--dry-run', 'r.json'], dir);
      assert.equal(dry.stdout, '', 'no diff');
      assert.match(dry.stderr, /1 unsafe fix not applied/);
    });

    test('--unsafe applies it, with the tool_choice that names the tool', () => {
      const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'r.json': request('a.b') });
      const result = runCli(['fix', '--unsafe', 'r.json'], dir);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(readFileSync(join(dir, 'r.json'), 'utf8'), request('a_b'));
      assert.match(result.stdout, /r\.json: unsafe: renames tool "a\.b" to "a_b" for its callers/);
      assert.doesNotMatch(result.stderr, /not applied/);
    });

    test('--dry-run --unsafe marks the unsafe change on stderr and keeps stdout the diff alone', () => {
      const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'r.json': request('a.b') });
      const dry = runCli(['fix', '--dry-run', '--unsafe', 'r.json'], dir);
      assert.equal(dry.status, 0, dry.stderr);
      assert.match(dry.stderr, /r\.json: unsafe: renames tool "a\.b" to "a_b" for its callers/);
      assert.match(dry.stdout, /^--- a\/r\.json\n\+\+\+ b\/r\.json\n@@/);
      assert.doesNotMatch(dry.stdout, /unsafe/);
    });

    test('--unsafe is a flag of fix, off by default', () => {
      const plain = parseArgs(['fix', '--dry-run', 'a.json']);
      assert.ok(plain.command === 'fix' && !plain.unsafe && plain.dryRun);
      const unsafe = parseArgs(['fix', '--unsafe', 'a.json']);
      assert.ok(unsafe.command === 'fix' && unsafe.unsafe && !unsafe.dryRun);
      assert.equal(parseArgs(['fix', '--unsafe=yes', 'a.json']).command, 'usage-error');
      assert.equal(parseArgs(['baseline', '--unsafe', 'a.json']).command, 'usage-error');
    });

    test('--unsafe goes with fix only', () => {
      const result = runCli(['check', '--unsafe', 'r.json'], scratch({ 'r.json': request('ok') }));
      assert.equal(result.status, 2);
      assert.match(result.stderr, /--unsafe does not go with check/);
    });
  });

  describe('schema fixes', () => {
    /** A Gemini body in YAML: `$schema` (removed safely) and `additionalProperties` (removed only with --unsafe). */
    const GEMINI_YAML =
      'contents: []\ntools:\n  - functionDeclarations:\n      - name: f\n        parameters:\n          $schema: https://json-schema.org/draft-07/schema\n          type: object\n          additionalProperties: false\n';

    test('the safe fix alone without --unsafe; the unsafe one is counted and left', () => {
      const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'g.yaml': GEMINI_YAML });
      const result = runCli(['fix', 'g.yaml'], dir);
      assert.equal(result.status, 1, 'the unsafe one is left');
      assert.equal(
        readFileSync(join(dir, 'g.yaml'), 'utf8'),
        'contents: []\ntools:\n  - functionDeclarations:\n      - name: f\n        parameters:\n          type: object\n          additionalProperties: false\n',
      );
      assert.match(result.stdout, /g\.yaml: fixed 1 schema problem \(/);
      assert.match(result.stderr, /toolwire: fixed 1 schema problem in 1 file;/);
      assert.match(result.stderr, /1 unsafe fix not applied/);
    });

    test('--dry-run --unsafe marks the unsafe schema fix; --unsafe applies both', () => {
      const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'g.yaml': GEMINI_YAML });
      const dry = runCli(['fix', '--dry-run', '--unsafe', 'g.yaml'], dir);
      assert.equal(dry.status, 0, dry.stderr);
      assert.match(dry.stderr, /g\.yaml: unsafe: changes what the model may send \(/);
      assert.match(dry.stdout, /^- {10}additionalProperties: false$/m);
      assert.equal(readFileSync(join(dir, 'g.yaml'), 'utf8'), GEMINI_YAML, 'a dry run writes nothing');
      const result = runCli(['fix', '--unsafe', 'g.yaml'], dir);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(
        readFileSync(join(dir, 'g.yaml'), 'utf8'),
        'contents: []\ntools:\n  - functionDeclarations:\n      - name: f\n        parameters:\n          type: object\n',
      );
    });
  });

  test('bad input exits 2 as check does', () => {
    assert.equal(runCli(['fix', 'nowhere.json'], scratch({})).status, 2);
    assert.equal(runCli(['fix', '--format', 'json', 'x.json'], scratch({})).status, 2);
    assert.equal(runCli(['fix', '--config', 'none.json', '.'], scratch({ 'a.json': '{}' })).status, 2);
  });
});
