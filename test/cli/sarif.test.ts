import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { Location, Log, Result } from 'sarif';
import { fingerprintHash, type FingerprintParts } from '../../server/src/core';
import { ROOT, runCli, scratch } from './run';

function sarifOf(dir: string, ...paths: string[]): Log {
  const result = runCli(['check', '--format', 'sarif', ...paths], dir);
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  const log = JSON.parse(result.stdout) as Log;
  assertShape(log);
  return log;
}

/**
 * What SARIF 2.1.0 and GitHub code scanning require of our output, read through @types/sarif's
 * types (a renamed property fails to compile): a driver and its rules, each result's rule by id
 * and index, 1-based regions, relative `/` URIs, unique related-location ids, string fingerprints.
 */
function assertShape(log: Log): void {
  assert.equal(log.version, '2.1.0');
  assert.equal(log.runs.length, 1);
  const run = log.runs[0]!;
  const rules = run.tool.driver.rules ?? [];
  assert.equal(run.tool.driver.name, 'toolwire');
  const checkLocation = (location: Location) => {
    const physical = location.physicalLocation!;
    assert.ok(physical.artifactLocation?.uri && !physical.artifactLocation.uri.includes('\\'));
    const region = physical.region!;
    for (const n of [region.startLine, region.startColumn, region.endLine, region.endColumn])
      assert.ok(Number.isInteger(n) && n! >= 1);
  };
  for (const result of run.results ?? []) {
    assert.equal(rules[result.ruleIndex!]?.id, result.ruleId);
    assert.ok(['error', 'warning', 'note'].includes(result.level!));
    assert.ok(result.message.text);
    assert.equal(result.locations?.length, 1);
    checkLocation(result.locations![0]!);
    const ids = (result.relatedLocations ?? []).map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const related of result.relatedLocations ?? []) checkLocation(related);
    const fingerprints = result.partialFingerprints ?? {};
    assert.deepEqual(Object.keys(fingerprints), ['toolwire/v1']);
    // The parts hash, with `:N` on the second and later identical findings of a file.
    assert.match(fingerprints['toolwire/v1']!, /^[0-9a-f]{40}(:[1-9][0-9]*)?$/);
  }
}

const uri = (l: Location | undefined) => l?.physicalLocation?.artifactLocation?.uri;
const line = (l: Location | undefined) => l?.physicalLocation?.region?.startLine;

describe('SARIF', () => {
  test('a related location in another file names that file (it named the reporting file)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwire-sarif-'));
    cpSync(join(ROOT, 'test/fixtures/workspaces/two-servers'), dir, { recursive: true });
    const log = sarifOf(dir, '.');
    const collision = (file: string) =>
      log.runs[0]!.results!.find((r: Result) => r.ruleId === 'client-collision' && uri(r.locations?.[0]) === file)!;
    const browser = collision('browser.json');
    assert.equal(uri(browser.relatedLocations?.[0]), 'radar.json');
    assert.equal(line(browser.relatedLocations?.[0]), 10, 'the line of accounts_list in radar.json');
    assert.equal(uri(collision('radar.json').relatedLocations?.[0]), 'browser.json');
    assert.equal(line(collision('radar.json').relatedLocations?.[0]), 4);
    // A related location in the same file still names it.
    const wire = sarifOf(
      scratch({
        't.json': JSON.stringify({
          tools: [
            { name: 'a.b', inputSchema: {} },
            { name: 'a_b', inputSchema: {} },
          ],
        }),
      }),
      't.json',
    );
    const result = wire.runs[0]!.results!.find((r) => r.ruleId === 'wire-collision')!;
    assert.equal(uri(result.relatedLocations?.[0]), 't.json');
  });

  test('partialFingerprints are stable when lines move, and differ between findings', () => {
    const tools = [
      { name: 'a.b', inputSchema: {} },
      { name: 'a_b', inputSchema: {} },
      { name: 'c d', inputSchema: {} },
    ];
    const dir = scratch({ 't.json': JSON.stringify({ tools }, null, 2), '.toolwire.json': '{ "clients": [] }' });
    const prints = () =>
      sarifOf(dir, 't.json')
        .runs[0]!.results!.map((r) => `${r.ruleId} ${r.partialFingerprints!['toolwire/v1']}`)
        .sort();
    const before = prints();
    assert.equal(new Set(before).size, before.length);
    writeFileSync(join(dir, 't.json'), `\n\n\n${JSON.stringify({ tools: [tools[2], tools[1], tools[0]] })}`);
    const moved = prints();
    assert.deepEqual(moved, before);
    // The baseline's entries hash to the SARIF values: one fingerprint for both.
    const baseline = JSON.parse(runCli(['baseline', 't.json'], dir).stdout) as {
      findings: Array<Partial<FingerprintParts> & { file: string; code: string; tool: string }>;
    };
    const hashes = baseline.findings
      .map((e) => `${e.code} ${fingerprintHash({ at: '', others: [], by: [], ...e })}`)
      .sort();
    const notes = sarifOf(dir, 't.json')
      .runs[0]!.results!.filter((r) => r.level !== 'note')
      .map((r) => `${r.ruleId} ${r.partialFingerprints!['toolwire/v1']}`)
      .sort();
    // a.b's wire-collision and c d's invalid-name: the kept a_b has none.
    assert.equal(hashes.length, 2);
    assert.deepEqual(hashes, notes);
  });

  test('identical findings on different lines of one file get one fingerprint each, kept when lines move', () => {
    const line = JSON.stringify({ tools: [{ name: 'c d', inputSchema: {} }] });
    const dir = scratch({ 't.jsonl': `${line}\n${line}\n${line}\n`, '.toolwire.json': '{ "clients": [] }' });
    const prints = () =>
      sarifOf(dir, 't.jsonl')
        .runs[0]!.results!.filter((r) => r.ruleId === 'invalid-name')
        .map((r) => r.partialFingerprints!['toolwire/v1']!);
    const before = prints();
    assert.equal(before.length, 3);
    assert.equal(new Set(before).size, 3, before.join(' '));
    // The first keeps the bare hash (what earlier runs uploaded); the rest count on from it.
    const [first] = before;
    assert.deepEqual(before, [first, `${first}:2`, `${first}:3`]);
    writeFileSync(join(dir, 't.jsonl'), `\n\n${line}\n\n${line}\n${line}\n`);
    assert.deepEqual(prints(), before);
  });
});

/** Where test/corpus/corpus.test.ts finds the shared real-world corpus. */
const CORPUS = resolve(process.env.TOOLWIRE_CORPUS ?? resolve(ROOT, '../shared/corpus'));
const corpusSkip = existsSync(CORPUS)
  ? false
  : `corpus not found at ${CORPUS} (set TOOLWIRE_CORPUS); test/corpus/corpus.test.ts says the same`;

describe('SARIF over the real-world corpus', { skip: corpusSkip }, () => {
  test('every result has a partialFingerprints value of its own', () => {
    // --hints: the hints are results too (renamed-on-wire repeats most).
    const result = runCli(['check', '--hints', '--format', 'sarif', CORPUS]);
    assert.ok(result.status === 0 || result.status === 1, result.stderr.slice(0, 500));
    const results = (JSON.parse(result.stdout) as Log).runs[0]!.results ?? [];
    assert.ok(results.length > 1000, `only ${results.length} results`);
    const prints = results.map((r) => r.partialFingerprints?.['toolwire/v1']);
    assert.ok(prints.every((p) => p !== undefined));
    const shared = prints.filter((p, i) => prints.indexOf(p) !== i);
    assert.equal(new Set(prints).size, prints.length, `shared: ${shared.slice(0, 5).join(', ')}`);
  });
});
