import { ALL_CLIENT_IDS, CLIENTS, othersInClientGroup, sharedNote, type Analysis, type ClientResult } from '../../server/src/core';
import { analyzeFiles } from './analyzeFiles';
import type { CheckArgs } from './args';
import { reportConfigProblems, type CommandIO } from './checkCommand';

/**
 * `toolwire census`: for every MCP tool file, per client, each tool's wire name and fate. With no
 * client named (and none configured), every client profile is shown. Exit 1 when a tool fails a
 * request or collides in some client, else 0.
 */
export function runCensus(args: CheckArgs, io: CommandIO): number {
  const clients = args.clients.length > 0 ? args.clients : ALL_CLIENT_IDS;
  const run = analyzeFiles({ paths: args.paths, config: args.config, clients, cwd: io.cwd, stderr: io.stderr });
  if (reportConfigProblems(run.configs.problems, run.configs.hasErrors, io)) return 2;
  const files = run.files.filter((f) => f.analysis.clients.length > 0);
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify({ version: 1, files: files.map((f) => ({ path: f.display, server: f.analysis.clients[0]!.server, clients: f.analysis.clients.map((c) => censusJson(f.analysis, c)) })) })}\n`);
  } else {
    io.stdout.write(files.map((f) => censusText(f.display, f.analysis)).join('\n'));
    if (files.length === 0) io.stderr.write('toolwire: no MCP tool files among the paths given.\n');
  }
  if (run.ioError) return 2;
  const bad = files.some((f) => f.analysis.clients.some((c) => c.tools.some((t) => t.fate === 'request-fails' || t.group.length > 1)));
  return bad ? 1 : 0;
}

function censusJson(analysis: Analysis, result: ClientResult) {
  const profile = CLIENTS[result.client];
  return {
    client: result.client,
    version: profile.version,
    tools: result.tools.map((t) => ({
      name: analysis.tools[t.tool]!.name,
      wireName: t.wireName,
      fate: t.fate,
      ...(t.reason ? { reason: t.reason } : {}),
      // Capped: a shared cut can gather thousands of tools; the count says how many.
      collidesWith: othersInClientGroup(t, 50).map((p) => ({ server: p.server, name: p.name })),
      ...(t.group.length > 51 ? { collisions: t.group.length - 1 } : {}),
    })),
  };
}

/** One aligned table per client: tool, wire name, fate, and why (drops, failures, collisions). */
function censusText(path: string, analysis: Analysis): string {
  const out = [`${path} (server "${analysis.clients[0]!.server}")`];
  for (const result of analysis.clients) {
    const profile = CLIENTS[result.client];
    out.push('', `  ${profile.label} ${profile.version}: ${profile.shape}`);
    const rows = result.tools.map((t) => [
      analysis.tools[t.tool]!.name ?? '',
      t.wireName ?? '—',
      t.fate,
      t.group.length > 1 ? sharedNote(t) : t.reason ?? '',
    ]);
    const widths = [0, 1, 2].map((c) => Math.min(48, rows.reduce((width, r) => Math.max(width, r[c]!.length), 4)));
    for (const row of [['tool', 'wire name', 'fate', ''], ...rows]) {
      out.push(`    ${row.slice(0, 3).map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}  ${row[3]}`.trimEnd());
    }
  }
  return `${out.join('\n')}\n`;
}
