import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createProtocolConnection,
  type DataCallback,
  type Diagnostic,
  type Message,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type { ReadFileParams, ReadFileResult } from '../../server/src/protocol';

/**
 * The built browser server (dist/browser/server.js, `npm run build`) in a worker thread that
 * looks like a web worker (`self`, `postMessage`, `onmessage`), driven by a client that answers
 * `toolwire/readFile` and `toolwire/findFiles` from a virtual github.dev-like file system, later
 * than asked, as `workspace.fs` does.
 */
const BUNDLE = resolve(__dirname, '../../dist/browser/server.js');
const PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
globalThis.self = globalThis;
globalThis.postMessage = (message) => parentPort.postMessage(message);
globalThis.addEventListener = () => undefined;
parentPort.on('message', (data) => globalThis.onmessage && globalThis.onmessage({ data }));
// As in a web worker: no process, require, module or __filename (tree-sitter's runtime tests them
// to tell Node from a browser, and must take its browser path here).
new Function('process', 'require', 'module', 'exports', '__filename', '__dirname', readFileSync(workerData.bundle, 'utf8'))();
`;

const ROOT = 'vscode-vfs://github/owner/repo';
const DOCUMENT = `${ROOT}/servers/tools.json`;
const CONFIG = `${ROOT}/.toolwire.json`;
/** A second folder: no .toolwire.json, a VS Code MCP configuration that launches srv/. */
const OTHER = 'vscode-vfs://github/owner/other';
const SERVED = `${OTHER}/srv/tools.json`;
/** Source code in the worker: tree-sitter's WebAssembly comes from the client. */
const SOURCE = `${ROOT}/src/server.ts`;
const SOURCE_TEXT = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "const server = new McpServer({ name: 'files', version: '1.0.0' });",
  "server.registerTool('files.read', { description: 'Read' }, async () => ({ content: [] }));",
  "server.registerTool('files_read', { description: 'Read too' }, async () => ({ content: [] }));",
  '',
].join('\n');
/** A Kotlin server: its grammar, not in @vscode/tree-sitter-wasm, comes from the client too, and only it. */
const KOTLIN_SOURCE = `${ROOT}/src/Server.kt`;
const KOTLIN_TEXT = [
  'import io.modelcontextprotocol.kotlin.sdk.server.Server',
  'fun main(server: Server) {',
  '    server.addTool(name = "files.read", description = "Read") { result() }',
  '    server.addTool(name = "files_read", description = "Read too") { result() }',
  '}',
  '',
].join('\n');
const DIST = resolve(__dirname, '../../dist');
const TOOLS = JSON.stringify(
  {
    tools: [
      { name: 'files.read', inputSchema: { type: 'object' } },
      { name: 'files_read', inputSchema: { type: 'object' } },
    ],
  },
  null,
  2,
);

class WorkerReader extends AbstractMessageReader {
  constructor(private readonly worker: Worker) {
    super();
  }
  listen(callback: DataCallback) {
    const listener = (message: Message) => callback(message);
    this.worker.on('message', listener);
    return { dispose: () => this.worker.off('message', listener) };
  }
}

class WorkerWriter extends AbstractMessageWriter {
  constructor(private readonly worker: Worker) {
    super();
  }
  async write(message: Message): Promise<void> {
    this.worker.postMessage(message);
  }
  end(): void {}
}

interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: Diagnostic[];
}

describe('the browser server in a worker, files from the client', {
  skip: existsSync(BUNDLE) ? false : `${BUNDLE} is missing: npm run build`,
}, () => {
  const files = new Map<string, string>();
  const asked: string[] = [];
  const wasmAsked: string[] = [];
  const published: Published[] = [];
  const waiters: Array<() => void> = [];
  let worker: Worker;
  let connection: ProtocolConnection;

  /** The next publication for the document satisfying `accept` (event-driven, with a deadline). */
  const nextPublished = (accept: (p: Published) => boolean, from: number, uri = DOCUMENT): Promise<Published> =>
    new Promise((done, fail) => {
      const deadline = setTimeout(
        () => fail(new Error(`no matching diagnostics; published: ${JSON.stringify(published.slice(from))}`)),
        15_000,
      );
      const check = () => {
        const found = published.slice(from).find((p) => p.uri === uri && accept(p));
        if (!found) {
          waiters.push(check);
          return;
        }
        clearTimeout(deadline);
        done(found);
      };
      check();
    });

  before(async () => {
    files.set(CONFIG, JSON.stringify({ severity: { 'wire-collision': 'warning' }, clients: [] }));
    files.set(DOCUMENT, TOOLS);
    files.set(
      `${OTHER}/.vscode/mcp.json`,
      JSON.stringify({ servers: { files: { command: 'node', args: ['srv/index.js'] } } }),
    );
    files.set(SERVED, TOOLS);
    worker = new Worker(PRELUDE, { eval: true, workerData: { bundle: BUNDLE } });
    connection = createProtocolConnection(new WorkerReader(worker), new WorkerWriter(worker));
    connection.onRequest('toolwire/readFile', async (params: ReadFileParams): Promise<ReadFileResult> => {
      asked.push(params.uri);
      // Answered a turn later, as an asynchronous file system does.
      await new Promise((r) => setImmediate(r));
      const text = files.get(params.uri);
      return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
    });
    connection.onRequest('toolwire/findFiles', async ({ folderUri }: { folderUri: string }) =>
      [...files.keys()].filter((uri) => uri.startsWith(`${folderUri}/`)).map((uri) => uri.slice(folderUri.length + 1)),
    );
    connection.onRequest('toolwire/readExtensionWasm', ({ name }: { name: string }) => {
      wasmAsked.push(name);
      return readFileSync(resolve(DIST, name)).toString('base64');
    });
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('textDocument/publishDiagnostics', (params: Published) => {
      published.push(params);
      waiters.splice(0).forEach((w) => w());
    });
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: null,
      rootUri: ROOT,
      workspaceFolders: [
        { uri: ROOT, name: 'repo' },
        { uri: OTHER, name: 'other' },
      ],
      capabilities: {},
    });
    await connection.sendNotification('initialized', {});
  });

  after(async () => {
    connection.dispose();
    await worker.terminate();
  });

  test('the first diagnostics already follow the .toolwire.json it reads through the client', async () => {
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: DOCUMENT, languageId: 'json', version: 1, text: TOOLS },
    });
    const first = await nextPublished(() => true, 0);
    // The config's severity (warning) and clients (none) already apply; the kept files_read has no finding.
    assert.deepEqual(
      first.diagnostics.map((d) => [d.code, d.severity]),
      [['wire-collision', 2]],
    );
    assert.ok(asked.includes(CONFIG), `the config was asked for: ${asked.join(', ')}`);
    assert.ok(asked.includes(`${ROOT}/servers/.toolwire.json`), 'discovery walked up from the document');
    // The server's log describes each folder (its .toolwire.json and MCP client configurations):
    // reads inside the other workspace folder, never above either.
    assert.ok(
      asked.every((uri) => uri.startsWith(`${ROOT}/`) || uri.startsWith(`${OTHER}/`)),
      `nothing above the workspace folders was asked for: ${asked.join(', ')}`,
    );
  });

  test('an MCP client configuration read through the client decides the clients and the server name', async () => {
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: SERVED, languageId: 'json', version: 1, text: TOOLS },
    });
    const first = await nextPublished(() => true, 0, SERVED);
    // files.read's one finding: the runtime's wire-collision, VS Code's collision folded in.
    const problems = first.diagnostics.filter((d) => d.severity !== 4);
    assert.deepEqual(
      problems.map((d) => d.code),
      ['wire-collision'],
      JSON.stringify(first.diagnostics.map((d) => d.message)),
    );
    // Only VS Code (the configuration's client), and under the server name it gives the folder.
    const [finding] = problems;
    assert.match(String(finding!.message), / Also shares its name with another tool in VS Code \(Copilot Chat\)\.$/);
    const detail = String((finding!.data as { detail?: string }).detail);
    assert.ok(detail.includes('mcp_files_files_read') && !detail.includes('Cursor'), detail);
  });

  test('a watched-file change to the config is read again and applies', async () => {
    const from = published.length;
    files.set(CONFIG, JSON.stringify({ severity: { 'wire-collision': 'error' }, clients: [] }));
    await connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: CONFIG, type: 2 }] });
    const next = await nextPublished(
      (p) => p.diagnostics.every((d) => d.severity === 1) && p.diagnostics.length === 1,
      from,
    );
    assert.deepEqual(
      next.diagnostics.map((d) => d.code),
      ['wire-collision'],
    );
  });

  test('source code: tree-sitter loads from the bytes the client sends, and its tools are checked', async () => {
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: SOURCE, languageId: 'typescript', version: 1, text: SOURCE_TEXT },
    });
    const first = await nextPublished((p) => p.diagnostics.some((d) => d.code === 'wire-collision'), 0, SOURCE);
    assert.deepEqual(
      // files.read is left out; files_read keeps the name.
      first.diagnostics.filter((d) => d.code === 'wire-collision').map((d) => d.range.start.line),
      [2],
    );
    assert.deepEqual(wasmAsked.sort(), ['tree-sitter-typescript.wasm', 'tree-sitter.wasm']);
  });

  test('a Kotlin server: only its grammar is fetched besides, and its tools are checked', async () => {
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: KOTLIN_SOURCE, languageId: 'kotlin', version: 1, text: KOTLIN_TEXT },
    });
    const first = await nextPublished((p) => p.diagnostics.some((d) => d.code === 'wire-collision'), 0, KOTLIN_SOURCE);
    assert.deepEqual(
      first.diagnostics.filter((d) => d.code === 'wire-collision').map((d) => d.range.start.line),
      [2],
    );
    assert.deepEqual(wasmAsked.sort(), ['tree-sitter-kotlin.wasm', 'tree-sitter-typescript.wasm', 'tree-sitter.wasm']);
  });

  test('source code: a C# file asks for the C# grammar when it is opened, and its tools are checked', async () => {
    const uri = `${ROOT}/src/Clock.cs`;
    const text = [
      'using ModelContextProtocol.Server;',
      'public class Clock',
      '{',
      '    [McpServerTool] public string GetTime() => "";',
      '    [McpServerTool(Name = "get.time")] public string Other() => "";',
      '}',
      '',
    ].join('\n');
    assert.ok(!wasmAsked.includes('tree-sitter-c-sharp.wasm'), 'no C# grammar before a C# file');
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'csharp', version: 1, text },
    });
    const first = await nextPublished((p) => p.diagnostics.some((d) => d.code === 'wire-collision'), 0, uri);
    assert.deepEqual(
      first.diagnostics.filter((d) => d.code === 'wire-collision').map((d) => d.range.start.line),
      [4],
    );
    assert.ok(wasmAsked.includes('tree-sitter-c-sharp.wasm'));
  });

  for (const { language, file, grammar, text, line } of [
    {
      language: 'ruby',
      file: 'lib/tools.rb',
      grammar: 'tree-sitter-ruby.wasm',
      text: 'require "mcp"\n\nclass Clock < MCP::Tool\n  tool_name "get.value"\nend\n\nclass GetValue < MCP::Tool\nend\n',
      line: 3,
    },
    {
      language: 'php',
      file: 'src/Values.php',
      grammar: 'tree-sitter-php.wasm',
      text: "<?php\n\nuse Mcp\\Capability\\Attribute\\McpTool;\n\nfinal class Values\n{\n    #[McpTool(name: 'get.value')]\n    public function other(): string { return ''; }\n\n    #[McpTool]\n    public function get_value(): string { return ''; }\n}\n",
      line: 6,
    },
    {
      language: 'swift',
      file: 'Sources/Server.swift',
      grammar: 'tree-sitter-swift.wasm',
      text: 'import MCP\n\nlet tools = [\n    Tool(name: "get.order", description: "Get", inputSchema: .object([:])),\n    Tool(name: "get_order", description: "Get too", inputSchema: .object([:])),\n]\n',
      line: 3,
    },
  ]) {
    test(`source code: a ${language} file asks for its grammar when it is opened, and its tools are checked`, async () => {
      const uri = `${ROOT}/${file}`;
      assert.ok(!wasmAsked.includes(grammar), `no ${language} grammar before a ${language} file`);
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: language, version: 1, text },
      });
      const first = await nextPublished((p) => p.diagnostics.some((d) => d.code === 'wire-collision'), 0, uri);
      assert.deepEqual(
        first.diagnostics.filter((d) => d.code === 'wire-collision').map((d) => d.range.start.line),
        [line],
      );
      assert.ok(wasmAsked.includes(grammar));
    });
  }
});
