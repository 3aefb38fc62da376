import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { OffsetEdit } from '../../server/src/core';
import { applyOffsetEdits } from '../../server/src/core/fixes/fixAll';
import { unifiedDiff } from '../../cli/src/fix/unifiedDiff';

/** Applies the diff with patch(1) to a file holding `text`; the patched bytes. */
function patched(text: string, diff: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolwire-diff-'));
  writeFileSync(join(dir, 'f.txt'), text);
  const result = spawnSync('patch', ['-p1', '--batch', '--binary', '--silent'], {
    cwd: dir,
    input: diff,
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `patch failed: ${result.stdout}${result.stderr}\n${diff}`);
  return readFileSync(join(dir, 'f.txt'), 'utf8');
}

/** Non-overlapping edits at random places, some holding or removing newlines. */
const caseArb = fc
  .record({
    lines: fc.array(fc.constantFrom('a', 'bb', '  "name": "x.y",', '', '\t}', 'z z'), { minLength: 1, maxLength: 30 }),
    eol: fc.constantFrom('\n', '\r\n'),
    finalNewline: fc.boolean(),
    cuts: fc.array(
      fc.record({
        at: fc.nat(),
        length: fc.nat({ max: 4 }),
        insert: fc.constantFrom('', 'q', 'x_y', '\n  "invocationName": "n"', 'w\nv'),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ lines, eol, finalNewline, cuts }) => {
    const text = lines.join(eol) + (finalNewline ? eol : '');
    const edits: OffsetEdit[] = [];
    let floor = 0;
    for (const cut of [...cuts].sort((a, b) => (a.at % (text.length + 1)) - (b.at % (text.length + 1)))) {
      const start = Math.max(floor, cut.at % (text.length + 1));
      const end = Math.min(text.length, start + cut.length);
      if (start > text.length || (edits.length > 0 && start === floor && end === start)) continue;
      edits.push({ range: { start, end }, oldText: text.slice(start, end), newText: cut.insert });
      floor = end + 1;
    }
    return { text, edits };
  });

describe('unifiedDiff', () => {
  test('patch(1) turns the text into the edited text, for any edits', () => {
    fc.assert(
      fc.property(caseArb, ({ text, edits }) => {
        const expected = applyOffsetEdits(text, edits);
        if (expected === undefined) return;
        const diff = unifiedDiff('f.txt', text, edits);
        if (expected === text) {
          assert.equal(diff, '');
          return;
        }
        assert.equal(patched(text, diff), expected);
      }),
      { numRuns: 100, seed: 11 },
    );
  });

  test('a path with spaces and accents applies with git apply and patch(1)', () => {
    for (const tool of ['git', 'patch'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'toolwire-diff-'));
      mkdirSync(join(dir, 'sub dir'));
      writeFileSync(join(dir, 'sub dir', 'my tools é.json'), '{\n  "name": "a.b"\n}\n');
      const start = '{\n  "name": '.length;
      const diff = unifiedDiff('sub dir/my tools é.json', '{\n  "name": "a.b"\n}\n', [
        { range: { start, end: start + 5 }, oldText: '"a.b"', newText: '"a_b"' },
      ]);
      const args = tool === 'git' ? ['apply', '-p1', '-'] : ['-p1', '--batch', '--silent'];
      const result = spawnSync(tool, args, { cwd: dir, input: diff, encoding: 'utf8' });
      assert.equal(result.status, 0, `${tool}: ${result.stderr}${result.stdout}`);
      assert.equal(readFileSync(join(dir, 'sub dir', 'my tools é.json'), 'utf8'), '{\n  "name": "a_b"\n}\n');
    }
  });

  test('one renamed name is one hunk with three lines of context, as diff -u prints it', () => {
    const text = [
      '{',
      '  "tools": [',
      '    { "name": "a" },',
      '    { "name": "b.c" },',
      '    { "name": "d" },',
      '    { "name": "e" },',
      '    { "name": "f" },',
      '    { "name": "g" }',
      '  ]',
      '}',
      '',
    ].join('\n');
    const start = text.indexOf('"b.c"');
    const diff = unifiedDiff('t.json', text, [
      { range: { start, end: start + 5 }, oldText: '"b.c"', newText: '"b_c"' },
    ]);
    assert.equal(
      diff,
      [
        '--- a/t.json',
        '+++ b/t.json',
        '@@ -1,7 +1,7 @@',
        ' {',
        '   "tools": [',
        '     { "name": "a" },',
        '-    { "name": "b.c" },',
        '+    { "name": "b_c" },',
        '     { "name": "d" },',
        '     { "name": "e" },',
        '     { "name": "f" },',
        '',
      ].join('\n'),
    );
  });
});
