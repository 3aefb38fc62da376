import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { generate } from './generate';
import { median } from './measure';

/**
 * toolwire's language server against VS Code's JSON language server (the one VS Code runs, as
 * `vscode-langservers-extracted` ships it for other editors), both over stdio, on the same MCP
 * tool list: didOpen -> diagnostics, and a one-character edit inside a description and inside a
 * name -> diagnostics, pull for both (no debounce to subtract). The JSON server validates against
 * a schema whose tool-name property has the providers' name pattern (what a user gets from a
 * schema alone); toolwire runs as with no configuration (every modelled client). Wall time and the
 * server process's CPU time (utime + stime from /proc, Linux) side by side. The aim: toolwire at
 * least 2x faster, on open and on the edit.
 */
const JSON_SERVER = join(
  __dirname,
  '..',
  'node_modules',
  'vscode-langservers-extracted',
  'bin',
  'vscode-json-language-server',
);
const TOOLWIRE_SERVER = join(__dirname, '..', 'dist', 'server.js');

const NAME_SCHEMA = {
  type: 'object',
  properties: {
    tools: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' } } },
    },
  },
};

interface Server {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcess;
  cpuMs(): number;
}

/** The process's user + system CPU time so far, ms (Linux /proc; 0 elsewhere). */
function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function startServer(script: string, settings: Record<string, unknown>): Promise<Server> {
  const child = spawn(process.execPath, [script, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  connection.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) =>
    params.items.map((item) => (item.section ? (settings[item.section] ?? null) : settings)),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  // Logs and pushed diagnostics are not measured here (both answer pulls).
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('textDocument/publishDiagnostics', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    workspaceFolders: null,
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: {
        diagnostic: { dynamicRegistration: false },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
        synchronization: { dynamicRegistration: false },
      },
    },
    initializationOptions: { provideFormatter: false },
  });
  connection.sendNotification('initialized', {});
  connection.sendNotification('workspace/didChangeConfiguration', { settings });
  return { connection, child, cpuMs: () => processCpuMs(child.pid) };
}

async function pull(connection: ProtocolConnection, uri: string): Promise<number> {
  const report = (await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as {
    items?: unknown[];
  };
  return report.items?.length ?? 0;
}

function position(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

async function timed(server: Server, work: () => Promise<unknown>): Promise<Timing> {
  const cpu = server.cpuMs();
  const start = process.hrtime.bigint();
  await work();
  return { wallMs: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: server.cpuMs() - cpu };
}

const medianOf = (timings: readonly Timing[]): Timing => ({
  wallMs: median(timings.map((t) => t.wallMs)),
  cpuMs: median(timings.map((t) => t.cpuMs)),
});

interface ServerRow {
  readonly open: Timing;
  readonly descriptionEdit: Timing;
  readonly nameEdit: Timing;
  readonly diagnostics: number;
}

async function measureServer(server: Server, text: string, tools: number, runs: number): Promise<ServerRow> {
  const opens: Timing[] = [];
  let diagnostics = 0;
  let uri = '';
  // A new document each time (no cache by URI); the first open is V8 warming up, not measured.
  for (let i = -1; i < runs; i++) {
    uri = `file:///bench/json-server-${i + 1}.json`;
    const at = uri;
    const t = await timed(server, async () => {
      server.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: at, languageId: 'json', version: 1, text },
      });
      diagnostics = await pull(server.connection, at);
    });
    if (i >= 0) opens.push(t);
  }
  const edits = { description: [] as Timing[], name: [] as Timing[] };
  // The middle tool, as bench/edits.ts picks it (a name of the generator's `tool_N_verb` form);
  // each edit replaces one character, so the offsets hold throughout.
  const middle = text.indexOf(`"tool_${Math.floor(tools / 2) + 3}_`);
  if (middle < 0) throw new Error(`bench/jsonServer: no middle tool in the generated ${tools}-tool list`);
  const at = { name: middle + 5, description: text.indexOf('Performs operation', middle) + 1 };
  let current = text;
  let version = 1;
  for (let i = -2; i < runs * 2; i++) {
    const kind = i % 2 === 0 ? 'description' : 'name';
    const offset = at[kind];
    const was = current[offset]!;
    const now = kind === 'name' ? (was === '_' ? '-' : '_') : was === 'e' ? 'E' : 'e';
    const start = position(current, offset);
    current = current.slice(0, offset) + now + current.slice(offset + 1);
    version += 1;
    const v = version;
    const t = await timed(server, async () => {
      server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: v },
        contentChanges: [{ range: { start, end: { line: start.line, character: start.character + 1 } }, text: now }],
      });
      await pull(server.connection, uri);
    });
    if (i >= 0) edits[kind].push(t);
  }
  return {
    open: medianOf(opens),
    descriptionEdit: medianOf(edits.description),
    nameEdit: medianOf(edits.name),
    diagnostics,
  };
}

async function stop(server: Server): Promise<void> {
  await server.connection.sendRequest('shutdown').catch(() => undefined);
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  await server.connection.sendNotification('exit').catch(() => undefined);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  server.connection.dispose();
  server.child.kill();
}

const cell = (t: Timing) => `${t.wallMs.toFixed(0).padStart(6)} ${t.cpuMs.toFixed(0).padStart(5)}`;
const ratio = (a: Timing, b: Timing) =>
  `${(a.wallMs / b.wallMs).toFixed(1).padStart(5)}x ${(a.cpuMs / Math.max(1, b.cpuMs)).toFixed(1).padStart(5)}x`;

/** The table: per size, each server's open and edits (wall ms, server CPU ms), and the JSON server's time over toolwire's. */
export async function benchJsonServer(quick: boolean): Promise<void> {
  const runs = quick ? 3 : 7;
  console.log(
    "\nover LSP: VS Code's JSON language server (vscode-langservers-extracted, name-pattern schema) vs toolwire's server (no configuration), pull, MCP tool list; wall ms and server CPU ms",
  );
  console.log(
    'tools  server          open wall   cpu   description edit   name edit   diagnostics   | json server / toolwire: open (wall, cpu)  description edit  name edit',
  );
  for (const tools of quick ? [1000, 10_000] : [1000, 10_000]) {
    const text = generate('mcp-tools-list', tools);
    const json = await startServer(JSON_SERVER, {
      json: { schemas: [{ fileMatch: ['*.json'], schema: NAME_SCHEMA }], validate: { enable: true } },
    });
    const jsonRow = await measureServer(json, text, tools, runs);
    await stop(json);
    const toolwire = await startServer(TOOLWIRE_SERVER, {});
    const toolwireRow = await measureServer(toolwire, text, tools, runs);
    await stop(toolwire);
    for (const [name, row] of [
      ['json-server', jsonRow],
      ['toolwire', toolwireRow],
    ] as const)
      console.log(
        `${String(tools).padStart(5)}  ${name.padEnd(12)} ${cell(row.open)}      ${cell(row.descriptionEdit)}   ${cell(row.nameEdit)} ${String(row.diagnostics).padStart(9)}`,
      );
    console.log(
      `${' '.repeat(96)}${ratio(jsonRow.open, toolwireRow.open)}   ${ratio(jsonRow.descriptionEdit, toolwireRow.descriptionEdit)}   ${ratio(jsonRow.nameEdit, toolwireRow.nameEdit)}`,
    );
  }
}
