import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';

const collisionsOn = (text: string, ds: readonly Diagnostic[]) =>
  ds.filter((d) => d.code === 'wire-collision').map((d) => rangeText(text, d.range));

const WRAPPER = `package mcpg

import "github.com/mark3labs/mcp-go/mcp"

func ConvertTool(name, description string) mcp.Tool {
	return mcp.Tool{Name: name, Description: description}
}

func MustTool(name, description string) mcp.Tool {
	return ConvertTool(name, description)
}
`;

const CALLS = `package tools

import (
	"example.com/p"
	"github.com/mark3labs/mcp-go/server"
)

func Pods(s *server.MCPServer) {
	s.AddTool(mcpg.MustTool("pods.list", "list"), nil)
	s.AddTool(mcpg.MustTool("pods_list", "list too"), nil)
}
`;

describe('a project wrapper defined in another file (LSP)', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start({ server: 'bundle' })));
  after(() => client.stop());

  test('the call-site file opened alone: collision, hover and fix on the literal; the wrapper changed on disk is read again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwire-wrappers-'));
    mkdirSync(join(root, 'tools'));
    writeFileSync(join(root, 'go.mod'), 'module example.com/p\n\nrequire github.com/mark3labs/mcp-go v0.30.0\n');
    const wrapper = join(root, 'tools.go');
    writeFileSync(wrapper, WRAPPER);
    writeFileSync(join(root, 'tools/pods.go'), CALLS);
    const uri = pathToFileURL(join(root, 'tools/pods.go')).href;
    await client.open(uri, CALLS, 'go');
    const found = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    assert.deepEqual(collisionsOn(CALLS, found), ['"pods.list"']);
    const hover = await client.hover(uri, positionOf(CALLS, '"pods.list"', 0, 2));
    assert.equal(rangeText(CALLS, hover!.range!), '"pods.list"');
    assert.match((hover!.contents as MarkupContent).value, /VS Code|Claude Code|Cursor/);
    const collision = found.find((d) => d.code === 'wire-collision')!;
    const actions = (await client.codeActions(uri, collision.range, [collision], ['quickfix']))!;
    const action = actions.find((a) => a.edit);
    assert.ok(action?.edit, JSON.stringify(actions));
    await client.apply(action.edit);
    const fixed = client.text(uri);
    assert.match(fixed, /mcpg\.MustTool\("[a-z0-9_-]+", "list"\)/);
    assert.ok(!fixed.includes('"pods.list"'));
    assert.deepEqual(collisionsOn(fixed, await client.diagnostics(uri)), []);

    // Back to the colliding text, then the helper stops being a wrapper: its call sites declare nothing.
    const lines = fixed.split('\n');
    const end = { line: lines.length - 1, character: lines[lines.length - 1]!.length };
    await client.edit(uri, [{ range: { start: { line: 0, character: 0 }, end }, newText: CALLS }]);
    await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    writeFileSync(
      wrapper,
      WRAPPER.replace('return ConvertTool(name, description)', 'return ConvertTool("fixed", description)'),
    );
    await client.watchedFilesChanged(pathToFileURL(wrapper).href);
    await client.diagnostics(uri, (d) => !d.some((x) => x.code === 'wire-collision'));
  });
});
