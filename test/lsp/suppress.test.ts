import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient, rangeText } from './client';

const OPENAI = `{
  "model": "gpt-4o",
  "tools": [
    { "type": "function", "function": { "name": "get.weather" } },
    { "type": "function", "function": { "name": "get.time" } }
  ]
}
`;

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-suppress-'));
  for (const [path, content] of Object.entries(files)) writeFileSync(join(folder, path), content);
  return folder;
}

async function pulled(client: TestClient, uri: string): Promise<Diagnostic[]> {
  const report = await client.pull(uri);
  assert.equal(report.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

/** What a diagnostic is, without its data (versions change with every edit). */
const key = (text: string, d: Diagnostic) => `${d.code} ${rangeText(text, d.range)} ${d.message}`;

async function suppressAction(client: TestClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction> {
  const actions = (await client.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix'])) ?? [];
  const action = actions.find((a) => a.title === `Suppress ${String(diagnostic.code)} for this tool`);
  assert.ok(action?.edit, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(action.kind, 'quickfix');
  assert.equal(action.isPreferred, false, 'silencing is never the preferred fix');
  return action;
}

/** Applies a WorkspaceEdit's changes to files on disk (the config is not open), as VS Code saves a refactoring. */
function applyToDisk(edit: WorkspaceEdit): string[] {
  const written: string[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      assert.equal(change.kind, 'create');
      continue;
    }
    const path = new URL(change.textDocument.uri).pathname;
    const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
    writeFileSync(
      path,
      TextDocument.applyEdits(
        TextDocument.create(change.textDocument.uri, 'json', 0, before),
        change.edits as TextEdit[],
      ),
    );
    written.push(change.textDocument.uri);
  }
  return written;
}

describe('Suppress CODE for this tool', () => {
  test('JSONC: the comment goes above the name line, indented; the finding is gone and nothing new appears', async () => {
    const folder = folderWith({});
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.jsonc')).href;
      await client.open(uri, OPENAI, 'jsonc');
      const before = await pulled(client, uri);
      const target = before.find((d) => d.code === 'invalid-name' && rangeText(OPENAI, d.range) === '"get.weather"')!;
      assert.ok(target, JSON.stringify(before));
      const action = await suppressAction(client, uri, target);
      await client.apply(action.edit!);
      const text = client.text(uri);
      assert.equal(
        text,
        OPENAI.replace(
          '    { "type": "function", "function": { "name": "get.weather" } }',
          '    // toolwire-disable-next-line invalid-name\n    { "type": "function", "function": { "name": "get.weather" } }',
        ),
      );
      const after = await pulled(client, uri);
      assert.deepEqual(
        after.map((d) => key(text, d)),
        before.filter((d) => d !== target).map((d) => key(OPENAI, d)),
      );
    } finally {
      await client.stop();
    }
  });

  test('YAML: a # comment; a second code joins the same directive', async () => {
    const folder = folderWith({});
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.yaml')).href;
      const yaml =
        'model: gpt-4o\ntools:\n  - type: function\n    function:\n      name: get.weather\n  - type: function\n    function:\n      name: GET.weather\n';
      await client.open(uri, yaml, 'yaml');
      const before = await pulled(client, uri);
      const target = before.find((d) => d.code === 'invalid-name' && rangeText(yaml, d.range) === 'get.weather')!;
      await client.apply((await suppressAction(client, uri, target)).edit!);
      assert.ok(
        client
          .text(uri)
          .includes('    function:\n      # toolwire-disable-next-line invalid-name\n      name: get.weather\n'),
        client.text(uri),
      );
      const next = (await pulled(client, uri)).find(
        (d) => d.code === 'case-collision' && rangeText(client.text(uri), d.range) === 'get.weather',
      );
      assert.ok(next, 'the case collision is still there');
      await client.apply((await suppressAction(client, uri, next)).edit!);
      assert.ok(
        client
          .text(uri)
          .includes('      # toolwire-disable-next-line invalid-name, case-collision\n      name: get.weather\n'),
        client.text(uri),
      );
      const after = await pulled(client, uri);
      assert.deepEqual(
        after
          .filter((d) => rangeText(client.text(uri), d.range) === 'get.weather' || d.code === 'unused-suppression')
          .map((d) => d.code),
        [],
      );
    } finally {
      await client.stop();
    }
  });

  test("YAML: where no comment line is legal, or one would silence the line's other tools, the config entry", async () => {
    const config = '{\n  "ignore": []\n}\n';
    // `m` CRLF `odel`: one plain scalar over the line break, so the name's line takes no comment.
    const split = '{ m\r\nodel: gpt-4o, tools: [ { type: function, function: { name: a.b } } ] }\n';
    // Two tools on one line: a directive above it would silence both.
    const oneLine =
      '{ model: gpt-4o, tools: [ { type: function, function: { name: a.b } }, { type: function, function: { name: c.d } } ] }\n';
    const folder = folderWith({ '.toolwire.json': config, 'split.yaml': split, 'one-line.yaml': oneLine });
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const configUri = pathToFileURL(join(folder, '.toolwire.json')).href;
      const expected: [string, string, string][] = [
        ['split.yaml', split, 'a.b'],
        ['one-line.yaml', oneLine, 'c.d'],
      ];
      for (const [file, text, tool] of expected) {
        const uri = pathToFileURL(join(folder, file)).href;
        await client.open(uri, text, 'yaml');
        const before = await pulled(client, uri);
        const target = before.find((d) => d.code === 'invalid-name' && rangeText(text, d.range) === tool)!;
        const action = await suppressAction(client, uri, target);
        assert.deepEqual(applyToDisk(action.edit!), [configUri], `${file}: only the config changes`);
        await client.watchedFilesChanged(configUri);
        const after = await pulled(client, uri);
        assert.equal(client.text(uri), text, 'the YAML is left as it is');
        assert.deepEqual(
          after.map((d) => key(text, d)),
          before.filter((d) => d !== target).map((d) => key(text, d)),
        );
      }
      assert.deepEqual(JSON.parse(readFileSync(join(folder, '.toolwire.json'), 'utf8')).ignore, [
        { file: 'split.yaml', tool: 'a.b', code: 'invalid-name' },
        { file: 'one-line.yaml', tool: 'c.d', code: 'invalid-name' },
      ]);
    } finally {
      await client.stop();
    }
  });

  test('plain JSON: the ignore entry is added to .toolwire.json, keeping its entries and formatting', async () => {
    const config = '{\n    "targets": ["openai"],\n    "ignore": [\n        "fixtures/**"\n    ]\n}\n';
    const folder = folderWith({ '.toolwire.json': config, 'tools.json': OPENAI });
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.json')).href;
      await client.open(uri, OPENAI);
      const before = await pulled(client, uri);
      const target = before.find((d) => d.code === 'invalid-name' && rangeText(OPENAI, d.range) === '"get.weather"')!;
      const action = await suppressAction(client, uri, target);
      const configUri = pathToFileURL(join(folder, '.toolwire.json')).href;
      assert.deepEqual(applyToDisk(action.edit!), [configUri], 'only the config changes, never the plain JSON file');
      const written = readFileSync(join(folder, '.toolwire.json'), 'utf8');
      assert.deepEqual(JSON.parse(written), {
        targets: ['openai'],
        ignore: ['fixtures/**', { file: 'tools.json', tool: 'get.weather', code: 'invalid-name' }],
      });
      assert.ok(
        written.startsWith(
          '{\n    "targets": ["openai"],\n    "ignore": [\n        "fixtures/**",\n        {\n            "file"',
        ),
        written,
      );
      await client.watchedFilesChanged(configUri);
      const after = await pulled(client, uri);
      assert.deepEqual(
        after.map((d) => key(OPENAI, d)),
        before.filter((d) => d !== target).map((d) => key(OPENAI, d)),
      );
    } finally {
      await client.stop();
    }
  });

  test('plain JSON without a config: .toolwire.json is created (CreateFile) in the workspace folder', async () => {
    const folder = folderWith({ 'tools.json': OPENAI });
    const client = await TestClient.start({ pull: true, workspaceFolder: folder, resourceOperations: ['create'] });
    try {
      const uri = pathToFileURL(join(folder, 'tools.json')).href;
      await client.open(uri, OPENAI);
      const before = await pulled(client, uri);
      const target = before.find((d) => d.code === 'invalid-name' && rangeText(OPENAI, d.range) === '"get.time"')!;
      const action = await suppressAction(client, uri, target);
      const configUri = pathToFileURL(join(folder, '.toolwire.json')).href;
      assert.deepEqual(action.edit!.documentChanges?.[0], {
        kind: 'create',
        uri: configUri,
        options: { ignoreIfExists: true },
      });
      applyToDisk(action.edit!);
      assert.deepEqual(JSON.parse(readFileSync(join(folder, '.toolwire.json'), 'utf8')), {
        ignore: [{ file: 'tools.json', tool: 'get.time', code: 'invalid-name' }],
      });
      await client.watchedFilesChanged(configUri);
      const after = await pulled(client, uri);
      assert.deepEqual(
        after.map((d) => key(OPENAI, d)),
        before.filter((d) => d !== target).map((d) => key(OPENAI, d)),
      );
    } finally {
      await client.stop();
    }
  });

  test('without CreateFile support and no config, no config action is offered (never a half edit)', async () => {
    const folder = folderWith({ 'tools.json': OPENAI });
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.json')).href;
      await client.open(uri, OPENAI);
      const target = (await pulled(client, uri)).find((d) => d.code === 'invalid-name')!;
      const actions = (await client.codeActions(uri, target.range, [target], ['quickfix'])) ?? [];
      assert.ok(actions.length > 0, 'the rename is still offered');
      assert.equal(actions.filter((a) => a.title.startsWith('Suppress')).length, 0);
    } finally {
      await client.stop();
    }
  });

  test('a stale directive is a warning with a preferred Remove unused suppression; nothing else changes', async () => {
    const folder = folderWith({});
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.jsonc')).href;
      const text = OPENAI.replace(
        '    { "type": "function", "function": { "name": "get.time" } }',
        '    // toolwire-disable-next-line invalid-name, wire-collision -- old\n    { "type": "function", "function": { "name": "get.time" } }',
      );
      await client.open(uri, text, 'jsonc');
      const before = await pulled(client, uri);
      const stale = before.find((d) => d.code === 'unused-suppression')!;
      assert.equal(rangeText(text, stale.range), 'wire-collision');
      assert.equal(stale.severity, 2);
      const actions = (await client.codeActions(uri, stale.range, [stale], ['quickfix'])) ?? [];
      const remove = actions.find((a) => a.title === 'Remove unused suppression');
      assert.ok(remove?.edit, JSON.stringify(actions.map((a) => a.title)));
      assert.equal(remove.isPreferred, true);
      assert.equal(
        actions.filter((a) => a.title.startsWith('Suppress')).length,
        0,
        'a stale suppression is not itself suppressed',
      );
      await client.apply(remove.edit);
      assert.equal(client.text(uri), text.replace('invalid-name, wire-collision -- old', 'invalid-name -- old'));
      const after = await pulled(client, uri);
      assert.deepEqual(
        after.map((d) => key(client.text(uri), d)),
        before.filter((d) => d !== stale).map((d) => key(text, d)),
      );
    } finally {
      await client.stop();
    }
  });

  test('an open .toolwire.json shows its ignore entries that silence nothing', async () => {
    const config = JSON.stringify(
      {
        ignore: [
          { file: 'tools.json', tool: 'get.weather', code: 'invalid-name' },
          { file: 'tools.json', code: 'wire-collision' },
          { file: 'old.json', code: 'invalid-name' },
        ],
      },
      null,
      2,
    );
    const folder = folderWith({ '.toolwire.json': config, 'tools.json': OPENAI });
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, '.toolwire.json')).href;
      await client.open(uri, config);
      const found = await pulled(client, uri);
      assert.deepEqual(
        found.map((d) => [d.code, rangeText(config, d.range).replace(/\s+/g, ' ')]),
        [
          ['unused-suppression', '{ "file": "tools.json", "code": "wire-collision" }'],
          ['unused-suppression', '{ "file": "old.json", "code": "invalid-name" }'],
        ],
      );
    } finally {
      await client.stop();
    }
  });
  test('a diagnostic of an older version whose place another tool of the same layout now holds gets no action', async () => {
    const folder = folderWith({});
    const client = await TestClient.start({ pull: true, workspaceFolder: folder });
    try {
      const uri = pathToFileURL(join(folder, 'tools.jsonc')).href;
      const text = OPENAI.replace('"get.time"', '"put.weather"');
      await client.open(uri, text, 'jsonc');
      const old = (await pulled(client, uri)).find(
        (d) => d.code === 'invalid-name' && rangeText(text, d.range) === '"get.weather"',
      )!;
      assert.ok(old);
      // Delete the first tool's line: "put.weather" moves to the very offsets "get.weather" had.
      await client.edit(uri, [
        { range: { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, newText: '' },
      ]);
      const now = client.text(uri);
      assert.equal(rangeText(now, old.range), '"put.weather"');
      const stale = (await client.codeActions(uri, old.range, [old], ['quickfix'])) ?? [];
      assert.deepEqual(
        stale.map((a) => a.title),
        [],
        'the old diagnostic was about get.weather: no fix or suppression for put.weather',
      );
      const current = (await pulled(client, uri)).find((d) => d.code === 'invalid-name')!;
      await suppressAction(client, uri, current);
    } finally {
      await client.stop();
    }
  });
});
