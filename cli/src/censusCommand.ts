import {
  LineIndex,
  othersInClientGroup,
  schemaAsSent,
  schemaDiffText,
  sharedNote,
  type Analysis,
  type ClientResult,
} from '../../server/src/core';
import { analyzeFiles, displayPath, type AnalysedFile } from './analyzeFiles';
import { censusTotals, problemsOnly, totalsJson, totalsText } from './censusTotals';
import { inputDiagnostics } from './inputFindings';
import type { CheckArgs } from './argTypes';
import { reportConfigProblems, type CommandIO } from './checkCommand';
import { modelledLine, shownModelled } from './report/modelled';

/**
 * `toolwire census`: for every MCP tool file, per client, each tool's wire name and fate. The
 * clients are the ones `check` models (named, configured, else every profile): one pipeline, so
 * the two commands never give one tool two wire names. Exit 1 when a tool fails a request or
 * collides in some client, else 0.
 */
export async function runCensus(args: CheckArgs, io: CommandIO): Promise<number> {
  const run = await analyzeFiles({
    paths: args.paths,
    config: args.config,
    clients: args.clients,
    cwd: io.cwd,
    stderr: io.stderr,
    verbose: args.verbose,
    maxFileBytes: args.maxFileBytes,
    stdin: io.stdin,
    stdinFilename: args.stdinFilename,
  });
  if (reportConfigProblems(run.configProblems, run.hasConfigErrors, io)) return 2;
  const files = run.files.filter((f) => f.analysis.clients.length > 0);
  const totals = censusTotals(files.map((f) => f.analysis));
  // --only-problems narrows the rows shown; the totals and the exit status still count every tool.
  const modelled = (f: AnalysedFile) => shownModelled(f.modelled, (path) => displayPath(path, io.cwd));
  const shown = (f: AnalysedFile) =>
    args.onlyProblems
      ? f.analysis.clients.map((c) => problemsOnly(f.analysis, c)).filter((c) => c.tools.length > 0)
      : f.analysis.clients;
  if (args.format === 'json') {
    const json = files.map((f) => ({
      path: f.display,
      ...serverJson(f.analysis),
      modelled: modelled(f),
      clients: shown(f).map((c) => censusJson(f.analysis, c)),
    }));
    io.stdout.write(
      `${JSON.stringify({ version: 1, files: args.onlyProblems ? json.filter((f) => f.clients.length > 0) : json, totals: totalsJson(totals) })}\n`,
    );
  } else {
    const line = modelledLine(files.map(modelled));
    if (line !== undefined) io.stderr.write(`${line}\n`);
    const tables = files.flatMap((f) => {
      const clients = shown(f);
      return clients.length > 0 ? [censusText(f.display, f.analysis, clients)] : [];
    });
    if (files.length > 0) io.stdout.write([...tables, totalsText(totals, files.length)].join('\n'));
    if (files.length === 0) io.stderr.write('toolwire: no MCP tool files among the paths given.\n');
    else if (args.onlyProblems && tables.length === 0)
      io.stderr.write('toolwire: no tool is dropped, failing, colliding or renamed beyond its prefix.\n');
  }
  // Bad input is said here too, never swallowed, on stderr so the table or JSON on stdout stays clean.
  const invalid = run.files
    .filter((f) => f.analysis.syntaxProblems.length > 0 || f.invalidUtf8)
    .flatMap((f) =>
      inputDiagnostics(f.display, f.analysis, new LineIndex(f.text), f.invalidUtf8).map((d) => ({
        path: f.display,
        d,
      })),
    );
  for (const { path, d } of invalid)
    io.stderr.write(
      `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code} ${d.message}\n`,
    );
  if (run.ioError) return 2;
  if (invalid.length > 0) return 1;
  const bad = files.some((f) =>
    f.analysis.clients.some((c) => c.tools.some((t) => t.fate === 'request-fails' || t.group.length > 1)),
  );
  return bad ? 1 : 0;
}

/** An unknown server is `null`, and the placeholder its wire names were computed under is named. */
function serverJson(analysis: Analysis) {
  const server = analysis.server;
  return server?.known ? { server: server.name } : { server: null, placeholderServer: server?.name ?? '' };
}

function serverText(analysis: Analysis): string {
  const server = analysis.server;
  if (server?.known) return `server "${server.name}"`;
  return `server name unknown: wire names use the placeholder "${server?.name ?? ''}"; name it in .toolwire.json "servers"`;
}

function censusJson(analysis: Analysis, result: ClientResult) {
  const { profile } = result;
  return {
    client: result.client,
    version: profile.version,
    // A file two servers list: the census under its other names says which.
    ...(analysis.server?.known && result.server !== analysis.server.name ? { server: result.server } : {}),
    tools: result.tools.map((t) => {
      const changes = schemaAsSent(analysis.tools[t.tool]!.declaration.schema, result.client);
      return {
        name: analysis.tools[t.tool]!.name,
        wireName: t.wireName,
        fate: t.fate,
        ...(t.reason ? { reason: t.reason } : {}),
        // The schema as this client sends it, as what differs from the written one (none: as written).
        ...(changes.length > 0 ? { schemaChanges: changes } : {}),
        // Capped: a shared cut can gather thousands of tools; the count says how many.
        collidesWith: othersInClientGroup(t, 50).map((p) => ({ server: p.server, name: p.name })),
        ...(t.group.length > 51 ? { collisions: t.group.length - 1 } : {}),
      };
    }),
  };
}

/** One aligned table per client: tool, wire name, fate, and why (drops, failures, collisions). */
function censusText(path: string, analysis: Analysis, clients: readonly ClientResult[]): string {
  const out = [`${path} (${serverText(analysis)})`];
  for (const result of clients) {
    const { profile } = result;
    const as =
      analysis.server?.known && result.server !== analysis.server.name ? ` (as server "${result.server}")` : '';
    out.push('', `  ${profile.label} ${profile.version}${as}: ${profile.shape}`);
    const rows = result.tools.map((t) => [
      analysis.tools[t.tool]!.name ?? '',
      t.wireName ?? '—',
      t.fate,
      t.group.length > 1 ? sharedNote(t) : (t.reason ?? ''),
    ]);
    const widths = [0, 1, 2].map((c) =>
      Math.min(
        48,
        rows.reduce((width, r) => Math.max(width, r[c]!.length), 4),
      ),
    );
    for (const row of [['tool', 'wire name', 'fate', ''], ...rows]) {
      out.push(
        `    ${row
          .slice(0, 3)
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('  ')}  ${row[3]}`.trimEnd(),
      );
    }
    out.push(...schemaLines(analysis, result));
  }
  return `${out.join('\n')}\n`;
}

/**
 * Under a client's table, the tools whose schema it sends otherwise than written, one line each
 * (`−` dropped, `~` rewritten, `≈` rewritten with the same contract); nothing when all are as written.
 */
function schemaLines(analysis: Analysis, result: ClientResult): string[] {
  const rows = result.tools.flatMap((t) => {
    const changes = schemaAsSent(analysis.tools[t.tool]!.declaration.schema, result.client);
    return changes.length > 0 ? [[analysis.tools[t.tool]!.name ?? '', schemaDiffText(changes)] as const] : [];
  });
  if (rows.length === 0) return [];
  const width = Math.min(
    48,
    rows.reduce((w, [name]) => Math.max(w, name.length), 4),
  );
  return [
    '    schema as sent (− dropped, ~ rewritten, ≈ same contract):',
    ...rows.map(([name, diff]) => `      ${name.padEnd(width)}  ${diff}`),
  ];
}
