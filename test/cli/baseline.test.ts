import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

const NO_CLIENTS = '{ "clients": [] }';
const list = (names: readonly string[], indent = 2) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: {} })) }, null, indent);

/** The non-hint diagnostics of a `--format json` run, as `path code tool-token`. */
function problems(stdout: string): string[] {
  const out = JSON.parse(stdout) as {
    files: Array<{ path: string; diagnostics: Array<{ code: string; severity: string }> }>;
  };
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'hint').map((d) => `${f.path} ${d.code}`));
}

function baselineOf(dir: string, ...paths: string[]): string {
  const result = runCli(['baseline', ...paths], dir);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

describe('baselines', () => {
  test('a baseline of today passes; one new colliding tool fails with exactly one finding', () => {
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'tools.json': list(['a.b', 'a_b', 'c.d']) });
    writeFileSync(join(dir, 'base.json'), baselineOf(dir, 'tools.json'));
    const clean = runCli(['check', '--baseline', 'base.json', 'tools.json'], dir);
    assert.equal(clean.status, 0, clean.stdout);
    assert.equal(clean.stdout, '', 'nothing from the baseline is reported');
    // a.b's wire-collision; the kept a_b has none.
    assert.match(clean.stderr, /baseline base\.json: 1 finding matched, not reported\n/);
    // A second "a.b" joins the known collision: the members already there are the known findings.
    writeFileSync(join(dir, 'tools.json'), list(['a.b', 'a_b', 'c.d', 'a.b']));
    const json = runCli(['check', '--format', 'json', '--baseline', 'base.json', 'tools.json'], dir);
    assert.equal(json.status, 1);
    assert.deepEqual(problems(json.stdout), ['tools.json wire-collision']);
    const text = runCli(['check', '--baseline', 'base.json', 'tools.json'], dir);
    assert.equal(text.stdout.trim().split('\n').length, 1);
    assert.match(text.stdout, /^tools\.json:16:\d+: error wire-collision Left out of the request: sent as "a_b"/);
  });

  test('moved lines, reordered tools and reformatting still match', () => {
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'tools.json': list(['a.b', 'a_b', 'x']) });
    writeFileSync(join(dir, 'base.json'), baselineOf(dir, 'tools.json'));
    writeFileSync(join(dir, 'tools.json'), `\n\n${list(['x', 'new_one', 'a_b', 'a.b'], 0)}\n`);
    const result = runCli(['check', '--baseline', 'base.json', 'tools.json'], dir);
    assert.equal(result.status, 0, result.stdout);
    assert.match(result.stderr, /1 finding matched/);
  });

  test('counts matter: two identical findings need two entries', () => {
    const line = JSON.stringify({ model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'a.b' } }] });
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'r.jsonl': `${line}\n${line}\n` });
    const baseline = baselineOf(dir, 'r.jsonl');
    const entries = baseline.split('\n').filter((l) => l.includes('"invalid-name"'));
    assert.equal(entries.length, 2);
    writeFileSync(join(dir, 'base.json'), baseline);
    assert.equal(runCli(['check', '--baseline', 'base.json', 'r.jsonl'], dir).status, 0);
    writeFileSync(join(dir, 'base.json'), baseline.replace(`${entries[0]}\n`, ''));
    const one = runCli(['check', '--format', 'json', '--baseline', 'base.json', 'r.jsonl'], dir);
    assert.equal(one.status, 1);
    assert.deepEqual(problems(one.stdout), ['r.jsonl invalid-name']);
  });

  test('a fixed finding is stale, not an error; --prune removes it and keeps entries of files not checked', () => {
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'a.json': list(['p q', 'r s']), 'b.json': list(['t u']) });
    writeFileSync(join(dir, 'base.json'), baselineOf(dir, 'a.json', 'b.json'));
    writeFileSync(join(dir, 'a.json'), list(['p_q', 'r s']));
    const stale = runCli(['check', '--baseline', 'base.json', 'a.json'], dir);
    assert.equal(stale.status, 0);
    assert.match(
      stale.stderr,
      /1 finding matched, not reported; 1 entry no longer matches \(fixed: --prune removes it\)/,
    );
    const before = readFileSync(join(dir, 'base.json'), 'utf8');
    const pruned = runCli(['check', '--baseline', 'base.json', '--prune', 'a.json'], dir);
    assert.equal(pruned.status, 0);
    assert.match(pruned.stderr, /1 entry no longer matched and was removed/);
    const after = readFileSync(join(dir, 'base.json'), 'utf8');
    assert.equal(
      after,
      before
        .split('\n')
        .filter((l) => !l.includes('"p q"'))
        .join('\n')
        .replace(/,\n(\s*\])/, '\n$1'),
    );
    assert.match(after, /"b\.json"/);
    assert.equal(
      runCli(['check', '--baseline', 'base.json', 'a.json', 'b.json'], dir).stderr.includes('no longer'),
      false,
    );
    // A file that is gone takes its entries with it, though it was not checked.
    rmSync(join(dir, 'b.json'));
    const gone = runCli(['check', '--baseline', 'base.json', '--prune', 'a.json'], dir);
    assert.match(gone.stderr, /1 entry no longer matched and was removed/);
    assert.doesNotMatch(readFileSync(join(dir, 'base.json'), 'utf8'), /"b\.json"/);
  });

  test('the format: version, sorted one entry per line, stable, --output', () => {
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'z.json': list(['z z']), 'a.json': list(['b b', 'a a']) });
    const text = baselineOf(dir, '.');
    assert.equal(baselineOf(dir, 'z.json', 'a.json'), text, 'the same findings give the same file');
    const parsed = JSON.parse(text) as { version: number; findings: Array<Record<string, unknown>> };
    assert.equal(parsed.version, 1);
    assert.deepEqual(
      parsed.findings.map((f) => `${f.file} ${f.tool}`),
      ['a.json a a', 'a.json b b', 'z.json z z'],
    );
    assert.deepEqual(parsed.findings[0], { file: 'a.json', code: 'invalid-name', tool: 'a a', by: ['mcp'] });
    const lines = text.split('\n');
    assert.equal(lines.filter((l) => l.startsWith('    {"file":')).length, 3, 'one entry per line');
    assert.equal(
      runCli(['baseline', '--output', 'missing/b.json', '.'], dir).status,
      2,
      'a folder that does not exist is an error',
    );
    assert.equal(runCli(['baseline', '--output', 'b.json', '.'], dir).status, 0);
    assert.equal(readFileSync(join(dir, 'b.json'), 'utf8'), text);
  });

  test('a missing or broken baseline exits 2: CI must not pass because it vanished', () => {
    const dir = scratch({
      'tools.json': list(['a.b']),
      'bad.json': '{"version":9,"findings":[]}',
      'worse.json': '{"version":1,"findings":[{"file":1}]}',
    });
    assert.equal(runCli(['check', '--baseline', 'none.json', 'tools.json'], dir).status, 2);
    const bad = runCli(['check', '--baseline', 'bad.json', 'tools.json'], dir);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /version 9 is not one this toolwire reads/);
    assert.match(runCli(['check', '--baseline', 'worse.json', 'tools.json'], dir).stderr, /findings\[0\] needs/);
    assert.equal(runCli(['check', '--prune', 'tools.json'], dir).status, 2, '--prune needs --baseline');
    assert.equal(runCli(['baseline', '--dry-run', 'tools.json'], dir).status, 2);
  });

  test('SARIF with --baseline leaves the matched results out', () => {
    const dir = scratch({ '.toolwire.json': NO_CLIENTS, 'tools.json': list(['a.b', 'a_b']) });
    writeFileSync(join(dir, 'base.json'), baselineOf(dir, 'tools.json'));
    writeFileSync(join(dir, 'tools.json'), list(['a.b', 'a_b', 'e f']));
    const sarif = JSON.parse(
      runCli(['check', '--format', 'sarif', '--baseline', 'base.json', 'tools.json'], dir).stdout,
    ) as { runs: Array<{ results: Array<{ ruleId: string; level: string }> }> };
    assert.deepEqual(
      sarif.runs[0]!.results.filter((r) => r.level !== 'note').map((r) => r.ruleId),
      ['invalid-name'],
    );
  });
});
