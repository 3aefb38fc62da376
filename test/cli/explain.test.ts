import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FINDING_CODES } from '../../server/src/core';
import { CLI, runCli, scratch } from './run';

describe('toolwire explain (issue 11, item 4)', () => {
  test('a code prints its section: what, why, example, fix, rendered for a terminal', () => {
    const result = runCli(['explain', 'wire-collision']);
    assert.equal(result.status, 0, result.stderr);
    const out = result.stdout;
    assert.match(out, /^wire-collision\n=+\n\nError\. Two or more tools of one request share a wire name\./);
    assert.match(out, /\nWhy: depending on the derivation/);
    assert.match(out, /\n```json\n\{ "tools": \[\n {2}\{ "name": "a\.b"/, 'code fences are kept');
    assert.match(
      out,
      /\n {4}Left out of the request: sent as "a_b", the name of the tool the runtime keeps\./,
      'quoted messages are indented',
    );
    assert.match(
      out,
      /\nFix: the tools that should change carry Rename tool to "…" \(in an ADS manifest, Add\ninvocationName "…"\)/,
      'emphasis markers dropped, even across a line break',
    );
    assert.match(
      out,
      /\nOnline: https:\/\/github\.com\/toolwire\/toolwire\/blob\/main\/docs\/diagnostics\.md#wire-collision\n$/,
    );
    assert.doesNotMatch(out, /\*\*|## /, 'no Markdown markers left');
    assert.equal(result.stderr, '');
  });

  test('links become text (url), relative ones made absolute', () => {
    const out = runCli(['explain', 'client-rejected']).stdout;
    assert.match(out, /clients\.md \(https:\/\/github\.com\/toolwire\/toolwire\/blob\/main\/docs\/clients\.md\)/);
    assert.doesNotMatch(out, /\]\(/);
  });

  test("every code explains, including the CLI's invalid-json; the anchor line is dropped", () => {
    for (const code of [...FINDING_CODES, 'invalid-json']) {
      const result = runCli(['explain', code]);
      assert.equal(result.status, 0, code);
      assert.match(result.stdout, new RegExp(`^\`?${code}\`?\\n=+\\n\\n(Error|Warning|Hint)`), code);
      assert.match(result.stdout, /\nWhy: /, code);
      assert.match(result.stdout, /\nFix: /, code);
    }
    assert.doesNotMatch(runCli(['explain', 'invalid-json']).stdout, /<a id=/);
  });

  test('the docs are in the bundle: explain works from a copy of dist/cli.js alone', () => {
    const lonely = mkdtempSync(join(tmpdir(), 'toolwire-explain-'));
    copyFileSync(CLI, join(lonely, 'cli.js'));
    const result = spawnSync(process.execPath, [join(lonely, 'cli.js'), 'explain', 'not-invocable'], {
      cwd: lonely,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^not-invocable\n/);
  });

  test('no code lists the known codes with their summary, exit 0', () => {
    const result = runCli(['explain']);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^Usage: toolwire explain CODE\n\nCodes:\n/);
    for (const code of [...FINDING_CODES, 'invalid-json'])
      assert.match(result.stdout, new RegExp(`\\n  ${code} +\\S`), code);
    assert.match(result.stdout, /\n {2}wire-collision +Two or more tools of one request share a wire name\.\n/);
  });

  test('an unknown code is a usage error: the list on stderr, exit 2', () => {
    const result = runCli(['explain', 'wire-colision'], scratch({}));
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^toolwire: unknown code "wire-colision"\.\n\nCodes:\n {2}invalid-name/);
  });

  test('a code is matched whatever its case; two codes are a usage error', () => {
    assert.equal(runCli(['explain', 'Wire-Collision']).status, 0);
    const two = runCli(['explain', 'a', 'b']);
    assert.equal(two.status, 2);
    assert.match(two.stderr, /explain takes one code/);
  });
});
