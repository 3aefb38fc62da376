import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient, positionOf, rangeText } from './client';

const collisionsOn = (text: string, ds: readonly Diagnostic[]) =>
  ds.filter((d) => d.code === 'wire-collision').map((d) => rangeText(text, d.range));

const NAMES = 'package tools\n\nconst (\n\tToolList = "pods.list"\n)\n';

const CALLS = `package tools

import "github.com/mark3labs/mcp-go/mcp"

var tools = []mcp.Tool{
	mcp.NewTool(ToolList),
	mcp.NewTool("pods_list"),
}
`;

describe('a tool name held in a constant of another file (LSP)', () => {
  let client: TestClient;
  before(async () => (client = await TestClient.start({ server: 'bundle' })));
  after(() => client.stop());

  test('the collision and hover sit on the reference, no quick fix edits it, and the constant changed on disk is read again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwire-constants-'));
    writeFileSync(join(root, 'go.mod'), 'module example.com/p\n\nrequire github.com/mark3labs/mcp-go v0.30.0\n');
    const names = join(root, 'names.go');
    writeFileSync(names, NAMES);
    writeFileSync(join(root, 'tools.go'), CALLS);
    const uri = pathToFileURL(join(root, 'tools.go')).href;
    await client.open(uri, CALLS, 'go');
    const found = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    assert.deepEqual(collisionsOn(CALLS, found), ['ToolList']);
    const hover = await client.hover(uri, positionOf(CALLS, 'ToolList', 0, 2));
    assert.equal(rangeText(CALLS, hover!.range!), 'ToolList');
    assert.match((hover!.contents as MarkupContent).value, /pods\.list/);
    // The literal is in names.go: an edit of this file would only swap the reference for a literal.
    const collision = found.find((d) => d.code === 'wire-collision')!;
    const actions = (await client.codeActions(uri, collision.range, [collision], ['quickfix'])) ?? [];
    // A suppression comment is this file's to write; a rename is not.
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Suppress wire-collision for this tool'],
    );

    writeFileSync(names, NAMES.replace('"pods.list"', '"pods_get"'));
    await client.watchedFilesChanged(pathToFileURL(names).href);
    await client.diagnostics(uri, (d) => !d.some((x) => x.code === 'wire-collision'));
  });

  test("Kotlin: a nested object's constant of another file of the package, read again when it changes on disk", async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwire-constants-kt-'));
    writeFileSync(
      join(root, 'build.gradle.kts'),
      'dependencies { implementation("io.modelcontextprotocol:kotlin-sdk:0.5.0") }\n',
    );
    const config = join(root, 'Config.kt');
    const CONFIG =
      'package com.example\n\nobject Config {\n    object Tools {\n        const val GREET = "pods.list"\n    }\n}\n';
    writeFileSync(config, CONFIG);
    const TOOLS = [
      'package com.example',
      '',
      'import io.modelcontextprotocol.kotlin.sdk.server.Server',
      '',
      'fun configure(server: Server) {',
      '    server.addTool(name = Config.Tools.GREET, description = "a") { result() }',
      '    server.addTool(name = "pods_list", description = "b") { result() }',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(root, 'Tools.kt'), TOOLS);
    const uri = pathToFileURL(join(root, 'Tools.kt')).href;
    await client.open(uri, TOOLS, 'kotlin');
    const found = await client.diagnostics(uri, (d) => d.some((x) => x.code === 'wire-collision'));
    assert.deepEqual(collisionsOn(TOOLS, found), ['Config.Tools.GREET']);
    writeFileSync(config, CONFIG.replace('"pods.list"', '"pods_get"'));
    await client.watchedFilesChanged(pathToFileURL(config).href);
    await client.diagnostics(uri, (d) => !d.some((x) => x.code === 'wire-collision'));
  });
});
