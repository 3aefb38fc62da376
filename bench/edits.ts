import type { TextEdit } from 'vscode-languageserver-protocol';
import { ALL_CLIENT_IDS, type Severity } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';
import { TestClient } from '../test/lsp/client';
import { generate, type BenchShape } from './generate';
import { median, timeOnce } from './measure';

/** The push server's debounce (validation/push.ts): subtracted, so the measure is the work. */
const PUSH_DEBOUNCE_MS = 150;

/** Description and name edits made after opening and before the measured ones (see `measureEdits`). */
const WARM_UP_PAIRS = 3;

/** The pause between the first diagnostics and the first edit (see `measureEdits`). */
const IDLE_AFTER_OPEN_MS = 1_000;

export interface EditMeasurement {
  readonly shape: BenchShape;
  readonly tools: number;
  readonly mode: 'pull' | 'push';
  /** didChange (one character in one tool's description) -> that version's diagnostics, median ms. */
  readonly editMs: number;
  /** The same through a name edit (the read reused; the renamed tool re-checked alone, or the census taken again). */
  readonly nameEditMs: number;
  /** The core's full analysis of the same text, in this process, median ms. */
  readonly analyzeMs: number;
  /** The first name edit after opening (V8 still compiling the path), ms: not in the median. */
  readonly firstNameEditMs: number;
  /**
   * Pull only: the same version's report asked for again without a previous resultId, so the
   * server re-sends it whole with no analysis (its diagnostics are cached): what encoding,
   * sending and decoding the report costs by itself, the floor under any edit that changes a
   * finding, since LSP has no partial report.
   */
  readonly resendMs?: number;
}

export interface BigFileMeasurement {
  readonly megabytes: number;
  readonly tools: number;
  /** didOpen -> first diagnostics over LSP (pull), ms. */
  readonly firstDiagnosticsMs: number;
  /** The core's analysis alone of the same text, ms. */
  readonly analyzeMs: number;
}

/** What the server runs on a folder with no config: every modelled client for MCP files. */
function serverOptions(shape: BenchShape) {
  return shape === 'mcp-tools-list' ? { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } } : {};
}

/** An edit of one character at `offset` of `text`, as a didChange range. */
function rangeAt(text: string, offset: number, length: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  return { start: { line, character }, end: { line, character: character + length } };
}

/** The resultId of each document's last pull report, sent back as VS Code does (`previousResultId`). */
type ResultIds = Map<string, string>;

async function pullAs(client: TestClient, uri: string, resultIds: ResultIds): Promise<void> {
  const report = await client.pull(uri, resultIds.get(uri));
  if (report.resultId) resultIds.set(uri, report.resultId);
}

/**
 * didChange sent -> that version's diagnostics. The client's own copy of the text takes the edit
 * before the clock starts: an editor keeps its text in its own structure (VS Code's piece tree),
 * so what an 8 MB JavaScript string costs this test client is not the server's time.
 */
async function diagnosticsAfter(
  client: TestClient,
  uri: string,
  pull: boolean,
  edit: TextEdit,
  resultIds: ResultIds,
): Promise<number> {
  const change = client.applyLocally(uri, [edit]);
  const start = process.hrtime.bigint();
  await client.sendChange(change);
  if (pull) await pullAs(client, uri, resultIds);
  else await client.diagnostics(uri, () => true, 600_000);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return pull ? ms : ms - PUSH_DEBOUNCE_MS;
}

/** The shapes `measureEdits` times by default. */
export const EDIT_SHAPES = ['mcp-tools-list', 'openai-chat', 'ads-manifest'] as const;
export type EditShape = (typeof EDIT_SHAPES)[number];

/**
 * Edit-to-diagnostics over the built server (dist/server.js, stdio) at 10k tools, for a
 * one-character edit inside the middle tool's description (the analysis shifted) and inside its
 * name (the read reused; the tool re-checked alone, or the census taken again), as a ratio to the core's full analysis of the
 * same text measured in the same run. The aim is at most 0.1x. In pull, the same report
 * asked for again (`resendMs`) shows how much of an edit is the protocol's alone.
 */
export async function measureEdits(
  quick: boolean,
  tools = 10_000,
  shapes: readonly EditShape[] = EDIT_SHAPES,
  /** `toolwire.severity` for the server and the same for the core's analysis (`--severity CODE=LEVEL`). */
  severity: Readonly<Record<string, Severity | 'off'>> = {},
): Promise<EditMeasurement[]> {
  const runs = quick ? 5 : 15;
  const out: EditMeasurement[] = [];
  for (const shape of shapes) {
    const text = generate(shape, tools);
    const middle = Math.floor(tools / 2);
    const description = text.indexOf(`Performs operation ${middle} `) + 'Perf'.length;
    // The character toggled: "tool_5003_update" <-> "tool.5003_update" (no finding until the
    // edit), and in ADS "com.example.svc3.op5003" <-> "com.example.svc3.Op5003" (still valid).
    const name =
      shape === 'ads-manifest' ? text.indexOf(`.op${middle + 3}"`) + 1 : text.indexOf(`"tool_${middle + 3}_`) + 5;
    const toggle = (current: string) =>
      shape === 'ads-manifest' ? (current === 'o' ? 'O' : 'o') : current === '_' ? '.' : '_';
    if (description < 'Perf'.length || name < 5)
      throw new Error(`bench/edits: no tool ${middle} in the generated ${shape}`);
    for (const pull of [true, false]) {
      const client = await TestClient.start({ pull, server: 'bundle', settings: { severity } });
      const uri = `file:///bench/edits-${shape}-${pull ? 'pull' : 'push'}.json`;
      const resultIds: ResultIds = new Map();
      await client.open(uri, text);
      if (pull) await pullAs(client, uri, resultIds);
      else await client.diagnostics(uri, () => true, 600_000);
      // Someone who opens a file reads it before typing: the server does the work it keeps for
      // idle time then (server/src/idleWork.ts), as it would in an editor.
      await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_OPEN_MS));
      const edit: number[] = [];
      const nameEdit: number[] = [];
      // The first edits after opening run while V8 still compiles their path: they are timed
      // (the first name edit is reported apart) but kept out of the medians, which are what a
      // user typing into the file meets.
      for (let i = -WARM_UP_PAIRS; i < runs; i++) {
        // Insert a character, then take it out again: the text alternates between two versions.
        const current = client.text(uri);
        const insert = (i + WARM_UP_PAIRS) % 2 === 0;
        edit.push(
          await diagnosticsAfter(
            client,
            uri,
            pull,
            { range: rangeAt(current, description, insert ? 0 : 1), newText: insert ? 'x' : '' },
            resultIds,
          ),
        );
        const named = client.text(uri);
        nameEdit.push(
          await diagnosticsAfter(
            client,
            uri,
            pull,
            { range: rangeAt(named, name, 1), newText: toggle(named.slice(name, name + 1)) },
            resultIds,
          ),
        );
      }
      const resend: number[] = [];
      if (pull) {
        for (let i = 0; i < runs; i++) {
          const start = process.hrtime.bigint();
          await client.pull(uri);
          resend.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }
      const after = client.text(uri);
      await client.stop();
      // The baseline runs after the edits, not between them: ten thousand tools' analysis leaves
      // this process garbage that its collector would otherwise take out of the next edit's time.
      const core = Array.from({ length: runs }, () =>
        timeOnce(() => void analyze(after, { ...serverOptions(shape), severity })),
      );
      out.push({
        shape,
        tools,
        mode: pull ? 'pull' : 'push',
        editMs: median(edit.slice(WARM_UP_PAIRS)),
        nameEditMs: median(nameEdit.slice(WARM_UP_PAIRS)),
        analyzeMs: median(core),
        firstNameEditMs: nameEdit[0]!,
        ...(pull ? { resendMs: median(resend) } : {}),
      });
    }
  }
  return out;
}

/**
 * didOpen of a generated MCP file of about `megabytes` (50: the most VS Code syncs to an
 * extension, toolwire.maxFileSize's default) -> its first diagnostics, pulled as VS Code does.
 */
export async function measureBigFile(megabytes = 50): Promise<BigFileMeasurement> {
  // Just under the limit (toolwire.maxFileSize counts UTF-16 units): a file over it is skipped
  // with one notice, which would measure nothing.
  const limit = megabytes * 1024 * 1024;
  const perTool = generate('mcp-tools-list', 1_000).length / 1_000;
  let tools = Math.floor(limit / perTool);
  let text = generate('mcp-tools-list', tools);
  while (text.length > limit) {
    tools -= Math.max(1, Math.ceil((text.length - limit) / perTool));
    text = generate('mcp-tools-list', tools);
  }
  const client = await TestClient.start({ pull: true, server: 'bundle' });
  const uri = 'file:///bench/big.json';
  const start = process.hrtime.bigint();
  await client.open(uri, text);
  const report = await client.pull(uri);
  const firstDiagnosticsMs = Number(process.hrtime.bigint() - start) / 1e6;
  await client.stop();
  // Findings carry a code; the skipped-file notice has none.
  const items = report.kind === 'full' ? report.items : [];
  if (!items.some((d) => d.code !== undefined))
    throw new Error(`the ${megabytes} MB file got no findings (${report.kind}: ${JSON.stringify(items.slice(0, 1))})`);
  const analyzeMs = timeOnce(() => void analyze(text, serverOptions('mcp-tools-list')));
  return { megabytes: text.length / (1024 * 1024), tools, firstDiagnosticsMs, analyzeMs };
}

/** Prints the edit rows measured by `measureEdits` (bench/run.ts's table also takes its `edit ms` column from them), then the big file. */
export async function printEdits(rows: readonly EditMeasurement[]): Promise<void> {
  printEditRows(rows);
  const big = await measureBigFile();
  console.log(
    `\nbig file: didOpen -> first diagnostics (pull) of ${big.megabytes.toFixed(1)} MB (${big.tools} MCP tools): ${big.firstDiagnosticsMs.toFixed(0)} ms; analyze() alone ${big.analyzeMs.toFixed(0)} ms (${(big.firstDiagnosticsMs / big.analyzeMs).toFixed(2)}x)`,
  );
}

/** The edit rows alone (`--edits-only`). */
export function printEditRows(rows: readonly EditMeasurement[]): void {
  console.log(
    '\nedits: didChange -> diagnostics over the built server, 10k tools, ratio to a full analyze() of the same text',
  );
  console.log(
    `shape            mode  description edit ms  ratio   name edit ms  ratio   first name edit ms  resend ms  analyze ms`,
  );
  for (const r of rows) {
    const name = `${r.nameEditMs.toFixed(1).padStart(13)} ${(r.nameEditMs / r.analyzeMs).toFixed(2).padStart(6)}x`;
    const resend =
      r.resendMs === undefined ? '-' : `${r.resendMs.toFixed(1)} ${(r.resendMs / r.analyzeMs).toFixed(2)}x`;
    console.log(
      `${r.shape.padEnd(16)} ${r.mode.padEnd(5)} ${r.editMs.toFixed(1).padStart(19)} ${(r.editMs / r.analyzeMs).toFixed(3).padStart(6)}x ${name} ${r.firstNameEditMs.toFixed(1).padStart(19)} ${resend.padStart(12)} ${r.analyzeMs.toFixed(1).padStart(11)}`,
    );
  }
  console.log(
    `(first name edit: ${IDLE_AFTER_OPEN_MS} ms after the first diagnostics; medians after ${WARM_UP_PAIRS} unmeasured edits of each kind; push: the ${PUSH_DEBOUNCE_MS} ms debounce subtracted; resend: pull, the same report asked for again, no analysis)`,
  );
}
