import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientConfigFolder } from '../../server/src/core/workspace/mcpClientConfigs';

/** Files that exist (path -> text); every other read is "no such file". */
const host = (paths: readonly string[]) => {
  const reads: string[] = [];
  return {
    reads,
    readFile(path: string): string | undefined {
      reads.push(path);
      return paths.includes(path) ? '{}' : undefined;
    },
  };
};

const CASES: ReadonlyArray<{
  readonly name: string;
  readonly files: readonly string[];
  readonly doc: string;
  readonly stopAt?: string;
  readonly expected: string | undefined;
}> = [
  {
    name: "the document's own folder",
    files: ['/repo/tools/.mcp.json'],
    doc: '/repo/tools/a.json',
    expected: '/repo/tools',
  },
  {
    name: 'an ancestor, however deep the document',
    files: ['/repo/.vscode/mcp.json'],
    doc: '/repo/servers/billing/tools/a.json',
    expected: '/repo',
  },
  {
    name: 'the nearest wins over one further up',
    files: ['/repo/.vscode/mcp.json', '/repo/servers/.cursor/mcp.json'],
    doc: '/repo/servers/billing/a.json',
    expected: '/repo/servers',
  },
  {
    name: 'each file of the table counts (Gemini CLI settings, a copy of Claude Desktop’s file)',
    files: ['/repo/.gemini/settings.json'],
    doc: '/repo/a/b.yaml',
    expected: '/repo',
  },
  {
    name: 'a Claude Desktop copy',
    files: ['/repo/claude_desktop_config.json'],
    doc: '/repo/x.json',
    expected: '/repo',
  },
  { name: 'at the root', files: ['/.mcp.json'], doc: '/a/b.json', expected: '/' },
  { name: 'none anywhere', files: [], doc: '/repo/a/b.json', expected: undefined },
  {
    name: 'the walk stops at the workspace folder (above it is not the project)',
    files: ['/home/.vscode/mcp.json'],
    doc: '/home/repo/a/b.json',
    stopAt: '/home/repo',
    expected: undefined,
  },
  {
    name: 'the workspace folder itself is read',
    files: ['/home/repo/.mcp.json'],
    doc: '/home/repo/a/b.json',
    stopAt: '/home/repo',
    expected: '/home/repo',
  },
  {
    name: 'a stop outside the document’s folders does not stop the walk',
    files: ['/.mcp.json'],
    doc: '/a/b/c.json',
    stopAt: '/elsewhere',
    expected: '/',
  },
  { name: 'a relative path', files: ['repo/.mcp.json'], doc: 'repo/a/b.json', expected: 'repo' },
  { name: 'a Windows-style path', files: ['C:/repo/.mcp.json'], doc: 'C:/repo/a/b.json', expected: 'C:/repo' },
];

describe('clientConfigFolder: where the MCP client configurations of a document are, found upward', () => {
  for (const c of CASES)
    test(c.name, () => {
      assert.equal(clientConfigFolder(c.doc, host(c.files), c.stopAt), c.expected);
    });

  test('reads each folder once, bottom up, and stops at the first that holds one', () => {
    const h = host(['/r/.mcp.json']);
    clientConfigFolder('/r/a/b/c.json', h);
    assert.deepEqual(
      h.reads.filter((p) => p.endsWith('/.mcp.json')),
      ['/r/a/b/.mcp.json', '/r/a/.mcp.json', '/r/.mcp.json'],
    );
    assert.ok(!h.reads.some((p) => p.startsWith('/.') || p === '/claude_desktop_config.json'), 'nothing above /r');
  });
});
