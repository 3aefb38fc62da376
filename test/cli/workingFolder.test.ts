import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, scratch } from './run';

/**
 * `check PATH` finds `.toolwire.json` and MCP client configurations from each checked path
 * upward, as the editor does, so its findings are the same whatever folder it runs from: `/`, the
 * project, or a sibling of it (where a walk from the working folder would find nothing).
 */
const COLLIDING = JSON.stringify(
  {
    tools: [
      { name: 'a.b', inputSchema: {} },
      { name: 'a_b', inputSchema: {} },
    ],
  },
  null,
  2,
);

/** The report with the project's own path taken out, however the working folder showed it. */
function runFrom(cwd: string, root: string, args: readonly string[]): string {
  const run = runCli(args, cwd);
  assert.notEqual(run.status, 2, run.stderr);
  const project = `${root}/proj/`;
  return `${run.status}\n${run.stdout}${run.stderr}`.split(project).join('').split(project.slice(1)).join('');
}

function sameFromEverywhere(files: Record<string, string>, args: (root: string) => string[]): string {
  const root = scratch(files);
  mkdirSync(join(root, 'sibling'));
  const fromRoot = runFrom('/', root, args(root));
  const fromProject = runFrom(join(root, 'proj'), root, args(root));
  const fromSibling = runFrom(join(root, 'sibling'), root, args(root));
  assert.equal(fromProject, fromRoot, 'run from / and from the project');
  assert.equal(fromSibling, fromRoot, 'run from a sibling folder and from the project');
  return fromRoot;
}

describe('check PATH gives the same findings from any working folder', () => {
  test("an MCP client configuration above the file chooses the clients (VS Code's, here)", () => {
    const report = sameFromEverywhere(
      {
        'proj/.vscode/mcp.json': JSON.stringify({
          servers: { billing: { command: 'node', args: ['servers/billing/index.js'] } },
        }),
        'proj/servers/billing/tools.json': COLLIDING,
      },
      (root) => ['check', `${root}/proj/servers/billing/tools.json`],
    );
    // Found, not defaulted to every client: the configuration names VS Code alone.
    assert.match(report, /clients vscode \(\.vscode\/mcp\.json\)/);
    assert.match(report, /^servers\/billing\/tools\.json:4:15: error wire-collision .*VS Code \(Copilot Chat\)\.$/m);
    assert.doesNotMatch(report, /every modelled client/);
  });

  test('a folder argument, and the nearest configuration for each file in it', () => {
    const report = sameFromEverywhere(
      {
        'proj/.mcp.json': JSON.stringify({ mcpServers: { a: { command: 'x' } } }),
        'proj/top.json': COLLIDING,
        'proj/nested/.cursor/mcp.json': JSON.stringify({ mcpServers: { b: { command: 'y' } } }),
        'proj/nested/tools.json': COLLIDING,
      },
      (root) => ['check', `${root}/proj`],
    );
    assert.match(report, /^top\.json:4:15: error wire-collision .*in Claude Code\.$/m);
    assert.match(report, /^nested\/tools\.json:4:15: error wire-collision .*in Cursor\.$/m);
    assert.match(
      report,
      /clients cursor \(nested\/\.cursor\/mcp\.json, 1 file\) \| claude-code \(\.mcp\.json, 1 file\)/,
    );
  });

  test('.toolwire.json above the file, with --format json', () => {
    const report = sameFromEverywhere(
      {
        'proj/.toolwire.json': JSON.stringify({ clients: ['cursor'], servers: { billing: 'tools/*.json' } }),
        'proj/tools/billing.json': COLLIDING,
      },
      (root) => ['check', '--format', 'json', `${root}/proj/tools/billing.json`],
    );
    assert.match(report, /"cursor"/);
    assert.doesNotMatch(report, /"claude-code"/);
  });
});
