import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { runCli } from '../cli/run';
import { positionOf, TestClient } from '../lsp/client';

/**
 * Issue #8 item 7: the CLI and the language server run one pipeline, so the same workspace gives
 * the same findings through either: code, severity, range and message, per file.
 */
const WORKSPACES = resolve(__dirname, '../fixtures/workspaces');
// nested-client-configs: the editor, opened on the whole folder, finds sub/'s Cursor configuration for sub/
// files as the CLI does (the nearest above each file, up to the workspace folder).
const FIXTURES = ['two-servers', 'unknown-server', 'named-server', 'config-rules', 'nested-client-configs'];
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

interface Position {
  readonly line: number;
  readonly character: number;
}
interface CliDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly range: { readonly start: Position; readonly end: Position };
}
interface CliFile {
  readonly path: string;
  readonly format: string | null;
  readonly tools: ReadonlyArray<{
    readonly name: string;
    readonly clients?: Record<string, { readonly wireName: string | null }>;
  }>;
  readonly diagnostics: readonly CliDiagnostic[];
}

const at = (p: Position) => `${p.line}:${p.character}`;
const fromCli = (d: CliDiagnostic) => `${at(d.range.start)}-${at(d.range.end)} ${d.severity} ${d.code} ${d.message}`;
const fromServer = (d: Diagnostic) =>
  `${at(d.range.start)}-${at(d.range.end)} ${SEVERITY[d.severity ?? 1]} ${String(d.code)} ${d.message}`;

function check(folder: string): CliFile[] {
  const result = runCli(['check', '--format', 'json', '.'], folder);
  assert.notEqual(result.status, 2, result.stderr);
  return (JSON.parse(result.stdout) as { files: CliFile[] }).files;
}

describe('the CLI and the language server agree on every workspace fixture', () => {
  for (const name of FIXTURES) {
    test(name, async () => {
      const folder = join(WORKSPACES, name);
      const files = check(folder).filter((f) => !f.path.endsWith('.toolwire.json'));
      assert.ok(
        files.some((f) => f.diagnostics.length > 0),
        'the fixture has findings to compare',
      );
      // The server's bundle, spawned, as the CLI's is: the two shipped adapters agree.
      const client = await TestClient.start({ workspaceFolder: folder, pull: true, server: 'bundle' });
      try {
        for (const file of files) {
          const uri = pathToFileURL(join(folder, file.path)).href;
          await client.open(uri, readFileSync(join(folder, file.path), 'utf8'));
          const report = await client.pull(uri);
          assert.equal(report.kind, 'full');
          const server = report.kind === 'full' ? report.items.map(fromServer).sort() : [];
          assert.deepEqual(server, file.diagnostics.map(fromCli).sort(), file.path);
        }
      } finally {
        await client.stop();
      }
    });
  }
});

test('the editor finds the nearest MCP client configuration above a file, up to its workspace folder', async () => {
  const folder = join(WORKSPACES, 'nested-client-configs');
  const client = await TestClient.start({ workspaceFolder: folder, pull: true, server: 'bundle' });
  try {
    const messages = async (path: string) => {
      const uri = pathToFileURL(join(folder, path)).href;
      await client.open(uri, readFileSync(join(folder, path), 'utf8'));
      const report = await client.pull(uri);
      return report.kind === 'full' ? report.items.map((d) => d.message).join('\n') : '';
    };
    // sub/.cursor/mcp.json, not the workspace folder's .vscode/mcp.json, for the files under sub/.
    const nested = await messages('sub/tools/tools.json');
    assert.match(nested, /left out in Cursor/);
    assert.doesNotMatch(nested, /VS Code/);
    assert.match(await messages('top/tools.json'), /in VS Code \(Copilot Chat\)/);
  } finally {
    await client.stop();
  }
});

describe('check and census give every MCP tool one wire name per client', () => {
  for (const name of FIXTURES) {
    test(name, () => {
      const folder = join(WORKSPACES, name);
      const checked = new Map(check(folder).map((f) => [f.path, f]));
      const census = JSON.parse(runCli(['census', '--format', 'json', '.'], folder).stdout) as {
        files: Array<{
          path: string;
          clients: Array<{ client: string; server?: string; tools: Array<{ name: string; wireName: string | null }> }>;
        }>;
      };
      assert.ok(census.files.length > 0);
      for (const file of census.files) {
        const fromCheck = checked.get(file.path);
        assert.ok(fromCheck, `${file.path} is checked too`);
        for (const { client, server, tools } of file.clients) {
          // A file under a second server name: check's table holds the first name's.
          if (server !== undefined) continue;
          const checkNames: Array<[string, string | null | undefined]> = fromCheck.tools.map((t) => [
            t.name,
            t.clients?.[client]?.wireName,
          ]);
          assert.deepEqual(
            tools.map((t) => [t.name, t.wireName]),
            checkNames,
            `${file.path}, ${client}`,
          );
        }
      }
    });
  }
});

describe('an unknown server name in the editor', () => {
  test('hover shows the budget instead of a finding, and never a made-up server name', async () => {
    const folder = join(WORKSPACES, 'unknown-server');
    const path = join(folder, 'ListToolsResultResponse.json');
    const text = readFileSync(path, 'utf8');
    const client = await TestClient.start({ workspaceFolder: folder, pull: true, server: 'bundle' });
    try {
      const uri = pathToFileURL(path).href;
      await client.open(uri, text);
      const name = 'summarise_the_weather_forecast_for_the_next_week';
      const report = await client.pull(uri);
      assert.ok(
        report.kind === 'full' && report.items.every((d) => !String(d.message).includes(name)),
        'no finding for a fate that depends on the length',
      );
      const hover = await client.hover(uri, positionOf(text, `"${name}"`, 0, 2));
      const value = (hover!.contents as MarkupContent).value;
      assert.match(value, /Every modelled client keeps this tool when the server name is at most \d+ characters\./);
      assert.match(value, /server name unknown/);
      assert.doesNotMatch(value, /ListToolsResultResponse/);
    } finally {
      await client.stop();
    }
  });
});
