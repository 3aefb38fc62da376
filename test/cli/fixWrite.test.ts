import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { replaceFile } from '../../cli/src/fix/safeWrite';
import { CLI, runCli, scratch } from './run';

const CLIENTS_OFF = '{ "clients": [] }';
const TOOLS = '{ "model": "gpt-4o", "tools": [{ "type": "function", "function": { "name": "a.b" } }] }\n';

describe('toolwire fix never loses a byte', () => {
  test('a failed write leaves the original whole, no temporary file, and is reported (helper)', () => {
    const dir = scratch({ 'f.json': 'old' });
    const path = join(dir, 'f.json');
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const problem = replaceFile(path, Buffer.from('new'), Buffer.from('old'), [dir], {
      write: () => {
        throw full;
      },
    });
    assert.match(problem ?? '', /ENOSPC/);
    assert.equal(readFileSync(path, 'utf8'), 'old');
    assert.deepEqual(readdirSync(dir), ['f.json'], 'the temporary file is removed');
  });

  test('a file past the size limit (EFBIG) is left whole, exit 2, not counted as fixed', () => {
    // Larger than the 1 KiB limit set below, so the temporary copy cannot be written in full.
    const padding = 'x'.repeat(4096);
    const text = TOOLS.replace('"a.b"', `"a.b", "description": "${padding}"`);
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'tools.json': text });
    const result = spawnSync(
      'bash',
      ['-c', `ulimit -f 1; exec "${process.execPath}" "${CLI}" fix --unsafe tools.json`],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /tools\.json: not fixed: cannot write it \(EFBIG/);
    assert.match(result.stderr, /fixed 0 names in 0 files/);
    assert.doesNotMatch(result.stdout, /tools\.json: fixed/);
    assert.equal(readFileSync(join(dir, 'tools.json'), 'utf8'), text);
    assert.deepEqual(readdirSync(dir).sort(), ['.toolwire.json', 'tools.json']);
  });

  test('a file changed between its read and the write is not overwritten', () => {
    const dir = scratch({ 'f.json': 'old' });
    const path = join(dir, 'f.json');
    const problem = replaceFile(path, Buffer.from('new'), Buffer.from('old'), [dir], {
      beforeCheck: () => writeFileSync(path, 'edited'),
    });
    assert.match(problem ?? '', /changed since it was read; not written/);
    assert.equal(readFileSync(path, 'utf8'), 'edited');
    assert.deepEqual(readdirSync(dir), ['f.json']);
  });

  test('a symbolic link to a file outside the folder is never written through', () => {
    const outside = scratch({ 'target.json': TOOLS });
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'ok.json': TOOLS });
    symlinkSync(join(outside, 'target.json'), join(dir, 'link.json'));
    const result = runCli(['fix', '--unsafe', '.'], dir);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /link\.json: not fixed: it is a symbolic link; toolwire never writes through a link/);
    assert.equal(readFileSync(join(outside, 'target.json'), 'utf8'), TOOLS, 'the target is untouched');
    assert.match(readFileSync(join(dir, 'ok.json'), 'utf8'), /"a_b"/, 'the other file is still fixed');
    // Named directly, the link is refused too.
    assert.equal(runCli(['fix', '--unsafe', 'link.json'], dir).status, 2);
    assert.equal(readFileSync(join(outside, 'target.json'), 'utf8'), TOOLS);
  });

  test('a file reached through a linked folder, outside the paths given, is not written', () => {
    const outside = scratch({ 'f.json': 'old' });
    const dir = scratch({});
    symlinkSync(outside, join(dir, 'linked'));
    const problem = replaceFile(join(dir, 'linked', 'f.json'), Buffer.from('new'), Buffer.from('old'), [
      join(dir, 'sub'),
    ]);
    assert.match(problem ?? '', /outside the paths given; not written/);
    assert.equal(readFileSync(join(outside, 'f.json'), 'utf8'), 'old');
  });

  test('the mode is kept', () => {
    const dir = scratch({ '.toolwire.json': CLIENTS_OFF, 'tools.json': TOOLS });
    chmodSync(join(dir, 'tools.json'), 0o640);
    const result = runCli(['fix', '--unsafe', 'tools.json'], dir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(readFileSync(join(dir, 'tools.json'), 'utf8'), /"a_b"/);
    assert.equal(statSync(join(dir, 'tools.json')).mode & 0o7777, 0o640);
    assert.deepEqual(readdirSync(dir).sort(), ['.toolwire.json', 'tools.json']);
  });
});
