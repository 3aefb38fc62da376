import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeFile, firstInvalidUtf8 } from '../../client/src/common/decode';
import { ClientFiles, type FileRequests } from '../../server/src/browser/clientFiles';
import { UriPaths } from '../../server/src/browser/uriPaths';
import type { ReadFileResult } from '../../server/src/protocol';

/** A client whose answers the test releases one by one. */
function deferredClient(files: Record<string, ReadFileResult>) {
  const asked: string[] = [];
  const release: Array<() => void> = [];
  const requests: FileRequests = {
    readFile: ({ uri }) => {
      asked.push(uri);
      return new Promise((done) => release.push(() => done(files[uri] ?? { kind: 'missing' })));
    },
    findFiles: ({ folderUri }) => {
      asked.push(`list ${folderUri}`);
      return new Promise((done) =>
        release.push(() =>
          done(
            Object.keys(files)
              .filter((u) => u.startsWith(`${folderUri}/`))
              .map((u) => u.slice(folderUri.length + 1)),
          ),
        ),
      );
    },
  };
  return { requests, asked, releaseAll: () => release.splice(0).forEach((r) => r()) };
}

const paths = new UriPaths();
const toUri = (path: string) => paths.pathToUri(path);

describe('ClientFiles: synchronous reads over a client that answers later', () => {
  test('a first read is "no such file" and asks once; settle resolves when the answer is in; then it is known', async () => {
    const client = deferredClient({ 'file:///w/.toolwire.json': { kind: 'text', text: '{}' } });
    const files = new ClientFiles(client.requests, toUri, () => undefined);
    assert.equal(files.readConfigFile('/file:/w/.toolwire.json'), undefined);
    assert.equal(files.readFile('/file:/w/.toolwire.json'), undefined);
    assert.deepEqual(client.asked, ['file:///w/.toolwire.json'], 'one request for two reads');
    const settled = files.settle();
    assert.ok(settled);
    client.releaseAll();
    assert.deepEqual(await settled, ['/file:/w/.toolwire.json']);
    assert.equal(files.readConfigFile('/file:/w/.toolwire.json'), '{}');
    assert.equal(files.settle(), undefined, 'nothing in flight');
  });

  test('a read that times out is "no such file" for now, and its late answer is told as a change', async () => {
    const client = deferredClient({ 'file:///w/.toolwire.json': { kind: 'text', text: '{}' } });
    const files = new ClientFiles(client.requests, toUri, () => undefined, 20);
    const late: string[] = [];
    files.onLateAnswer((path) => late.push(path));
    files.readConfigFile('/file:/w/.toolwire.json');
    await files.settle();
    assert.equal(files.readConfigFile('/file:/w/.toolwire.json'), undefined, 'timed out: taken as missing');
    assert.deepEqual(late, []);
    client.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(late, ['/file:/w/.toolwire.json'], 'the answer that came after all is a change of the file');
  });

  test('an unreadable config keeps its reason, its text and where it goes wrong', async () => {
    const client = deferredClient({
      'file:///w/.toolwire.json': {
        kind: 'unreadable',
        error: 'it is not valid UTF-8 (byte 3)',
        text: '{}\uFFFD',
        offset: 2,
      },
    });
    const files = new ClientFiles(client.requests, toUri, () => undefined);
    files.readConfigFile('/file:/w/.toolwire.json');
    const settled = files.settle();
    client.releaseAll();
    await settled;
    assert.deepEqual(files.readConfigFile('/file:/w/.toolwire.json'), {
      error: 'it is not valid UTF-8 (byte 3)',
      text: '{}\uFFFD',
      offset: 2,
    });
  });

  test('an answer to a request sent before a change (forget) is not kept as current', async () => {
    const client = deferredClient({ 'file:///w/a.json': { kind: 'text', text: 'old' } });
    const files = new ClientFiles(client.requests, toUri, () => undefined);
    files.readFile('/file:/w/a.json');
    files.forget(['/file:/w/a.json']);
    client.releaseAll();
    await files.settle();
    assert.equal(files.readFile('/file:/w/a.json'), undefined, 'asked again, not answered from the stale reply');
    assert.equal(client.asked.length, 2);
  });

  test('a failed request reads as no such file and is logged', async () => {
    const logged: string[] = [];
    const files = new ClientFiles(
      { readFile: () => Promise.reject(new Error('gone')), findFiles: () => Promise.resolve([]) },
      toUri,
      (m) => logged.push(m),
    );
    files.readFile('/file:/w/a.json');
    await files.settle();
    assert.equal(files.readFile('/file:/w/a.json'), undefined);
    assert.equal(files.settle(), undefined, 'known now: not asked again');
    assert.match(logged[0] ?? '', /gone/);
  });

  test('a client that never answers does not hold the analysis: the read gives up as no such file', async () => {
    const logged: string[] = [];
    const never: FileRequests = {
      readFile: () => new Promise(() => undefined),
      findFiles: () => new Promise(() => undefined),
    };
    const files = new ClientFiles(never, toUri, (m) => logged.push(m), 1);
    files.readFile('/file:/w/a.json');
    assert.deepEqual(await files.settle(), ['/file:/w/a.json']);
    assert.equal(files.readFile('/file:/w/a.json'), undefined);
    assert.equal(files.settle(), undefined, 'given up: not asked again until it changes');
    assert.match(logged[0] ?? '', /no answer for \/file:\/w\/a\.json within 1 ms/);
  });

  test("an analysis waits for its own reads, even when another caller's settle took them", async () => {
    const client = deferredClient({
      'file:///w/.toolwire.json': { kind: 'text', text: '{}' },
      'file:///w/b.json': { kind: 'text', text: 'b' },
    });
    const files = new ClientFiles(client.requests, toUri, () => undefined);
    // Two analyses at once: the first asks for the config, the second for the config and its own file.
    const first = files.track(() => files.readConfigFile('/file:/w/.toolwire.json'));
    const second = files.track(() => [
      files.readConfigFile('/file:/w/.toolwire.json'),
      files.readFile('/file:/w/b.json'),
    ]);
    assert.equal(first.value, undefined);
    assert.deepEqual(client.asked, ['file:///w/.toolwire.json', 'file:///w/b.json'], 'the config is asked for once');
    // Someone settles everything in flight first (what the second pipeline did when settle was global).
    const global = files.settle();
    assert.equal(files.settle(), undefined, 'taken');
    client.releaseAll();
    assert.deepEqual(
      await first.settled,
      ['/file:/w/.toolwire.json'],
      'the first analysis still learns its config arrived',
    );
    assert.deepEqual(await second.settled, ['/file:/w/.toolwire.json', '/file:/w/b.json']);
    assert.deepEqual(await global, ['/file:/w/.toolwire.json', '/file:/w/b.json']);
    const again = files.track(() => files.readConfigFile('/file:/w/.toolwire.json'));
    assert.deepEqual(again, { value: '{}', settled: undefined }, 'known now: nothing to wait for');
  });

  test('folder listings come from findFiles and are dropped by any change', async () => {
    const client = deferredClient({
      'file:///w/a.json': { kind: 'text', text: '' },
      'file:///w/sub/b.json': { kind: 'text', text: '' },
    });
    const files = new ClientFiles(client.requests, toUri, () => undefined);
    assert.deepEqual(files.listFiles('/file:/w'), []);
    const settled = files.settle();
    client.releaseAll();
    await settled;
    assert.deepEqual(files.listFiles('/file:/w'), ['a.json', 'sub/b.json']);
    files.forget(['/file:/w/c.json']);
    assert.deepEqual(files.listFiles('/file:/w'), [], 'asked again after a file changed');
  });
});

describe('UriPaths: a path for any scheme, and back', () => {
  test('virtual file systems keep scheme and authority in the first segment', () => {
    const uris = new UriPaths();
    assert.equal(
      uris.uriToPath('vscode-vfs://github/owner/repo/.well-known/agent-discovery.json'),
      '/vscode-vfs:github/owner/repo/.well-known/agent-discovery.json',
    );
    assert.equal(
      uris.pathToUri('/vscode-vfs:github/owner/repo/.toolwire.json'),
      'vscode-vfs://github/owner/repo/.toolwire.json',
    );
    assert.equal(uris.uriToPath('file:///home/u/tools.json'), '/file:/home/u/tools.json');
    assert.equal(uris.pathToUri('/file:/home/u/.toolwire.json'), 'file:///home/u/.toolwire.json');
  });

  test('a URI the client sent maps back to the same string; others are encoded as VS Code does', () => {
    const uris = new UriPaths();
    const sent = 'vscode-remote://remote/w/my%20tools%20%28v2%29.json';
    const path = uris.uriToPath(sent)!;
    assert.equal(path, '/vscode-remote:remote/w/my tools (v2).json');
    assert.equal(uris.pathToUri(path), sent);
    assert.equal(
      uris.pathToUri('/vscode-remote:remote/w/other (v2).json'),
      'vscode-remote://remote/w/other%20%28v2%29.json',
    );
  });

  test('URIs without a path of their own have none', () => {
    const uris = new UriPaths();
    assert.equal(uris.uriToPath('untitled:Untitled-1'), undefined);
    assert.equal(uris.uriToPath('git://a/b.json?ref=HEAD'), undefined);
    assert.equal(uris.uriToPath('file:///bad%E0%A4.json'), undefined);
  });
});

describe('decodeFile: bytes as VS Code shows them', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  test('UTF-8 with and without a byte order mark, UTF-16 by its mark', () => {
    assert.deepEqual(decodeFile(new TextEncoder().encode('{"a":1}')), { kind: 'text', text: '{"a":1}' });
    assert.deepEqual(decodeFile(bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d)), { kind: 'text', text: '{}' });
    assert.deepEqual(decodeFile(bytes(0xff, 0xfe, 0x7b, 0, 0x7d, 0)), { kind: 'text', text: '{}' });
    assert.deepEqual(decodeFile(bytes(0xfe, 0xff, 0, 0x7b, 0, 0x7d)), { kind: 'text', text: '{}' });
  });

  test('invalid UTF-8 says at which byte, and where in the text', () => {
    assert.deepEqual(decodeFile(bytes(0x7b, 0xc3, 0xa9, 0xff, 0x7d)), {
      kind: 'unreadable',
      error: 'it is not valid UTF-8 (byte 3)',
      text: '{é\uFFFD}',
      offset: 2,
    });
    // The byte order mark counts in the byte offset, not in the text.
    assert.deepEqual(decodeFile(bytes(0xef, 0xbb, 0xbf, 0x7b, 0xc0, 0x80)), {
      kind: 'unreadable',
      error: 'it is not valid UTF-8 (byte 4)',
      text: '{\uFFFD\uFFFD',
      offset: 1,
    });
  });

  test('firstInvalidUtf8 agrees with a fatal TextDecoder on overlongs, surrogates, truncation and range', () => {
    const cases: number[][] = [
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98, 0x80],
      [0x41, 0xf5],
      [0xc2, 0xa9, 0x41],
    ];
    for (const c of cases) {
      let valid = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(c));
      } catch {
        valid = false;
      }
      assert.equal(firstInvalidUtf8(new Uint8Array(c)) === -1, valid, c.map((b) => b.toString(16)).join(' '));
    }
  });
});
