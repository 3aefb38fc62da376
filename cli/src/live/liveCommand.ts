import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createToolwireService } from '../../../server/src/core';
import type { CheckArgs, LiveArgs } from '../argTypes';
import { buildReport } from '../buildReport';
import { runCheck, reportConfigProblems, writeCheckReport, type CommandIO } from '../checkCommand';
import { toSlashes } from '../configs';
import type { FileReport } from '../model';
import { reportFingerprints } from '../fingerprints';
import { displayPath, hintsBase } from '../analyzeFiles';
import { shownModelled } from '../report/modelled';
import { CliWorkspace } from '../workspaceHost';
import { listServerTools } from './listTools';
import { snapshotFileName, snapshotServerName, snapshotText, unnamedSnapshotText, virtualPath } from './snapshot';

/**
 * `toolwire check --server -- CMD...` / `--url URL`: run or reach one MCP server, take what its
 * `tools/list` serves as a snapshot document, and check that document through the same pipeline
 * and reporters as a file. Exit 0 clean, 1 errors found, 2 the server failed (or usage).
 */
export async function runLiveCheck(args: CheckArgs & { live: LiveArgs }, io: CommandIO): Promise<number> {
  const { live } = args;
  const result = await listServerTools(live.target, {
    timeoutMs: live.timeoutMs,
    // The server's own stderr is its log: shown with --verbose, on toolwire's stderr, never stdout.
    ...(args.verbose ? { stderr: (chunk: string) => void io.stderr.write(chunk) } : {}),
  });
  if (!result.ok) {
    io.stderr.write(`toolwire: ${result.message}\n`);
    const tail = result.stderrTail.trimEnd();
    if (tail !== '' && !args.verbose)
      io.stderr.write(
        `${tail
          .split('\n')
          .map((line) => `  | ${line}`)
          .join('\n')}\n`,
      );
    return 2;
  }
  const text = snapshotText(result, live.serverName);
  const server = snapshotServerName(result, live.serverName);
  if (live.save !== undefined) {
    // Saved, the snapshot is a file like any other: real positions, its folder's .toolwire.json.
    const file = join(resolve(io.cwd, live.save), snapshotFileName(server));
    try {
      mkdirSync(resolve(io.cwd, live.save), { recursive: true });
      writeFileSync(file, text);
    } catch (error) {
      io.stderr.write(
        `toolwire: cannot write the snapshot ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return 2;
    }
    return runCheck({ ...args, paths: [file], live: undefined }, io);
  }
  // What is checked (and located) in memory: the snapshot without a guessed server name.
  const checked = live.serverName === undefined ? unnamedSnapshotText(result) : text;
  const service = createToolwireService({ workspace: new CliWorkspace() });
  const configPath = args.config === undefined ? undefined : toSlashes(resolve(io.cwd, args.config));
  const analysed = service.analyzeDocument({
    path: undefined,
    text: checked,
    requestedClients: args.clients,
    ...(configPath !== undefined ? { configPath } : {}),
    ...hintsBase(args.hints),
  });
  if (analysed.kind === 'config-unreadable') {
    reportConfigProblems(
      [{ path: analysed.path, line: 1, column: 1, severity: 'error', message: 'cannot read the configuration file' }],
      true,
      io,
    );
    return 2;
  }
  if (analysed.kind !== 'analysis') {
    io.stderr.write("toolwire: the configuration ignores this server's snapshot; nothing was checked.\n");
    return 2;
  }
  const report = withToolIndexes(
    buildReport(virtualPath(server), checked, analysed.analysis),
    analysed.analysis.tools.filter((t) => t.name !== undefined).map((t) => toolIndex(t.declaration.name.pointer)),
  );
  const reports = [{ ...report, modelled: shownModelled(analysed.modelled, (path) => displayPath(path, io.cwd)) }];
  return writeCheckReport(reports, [reportFingerprints(report, checked, analysed.analysis)], args, io);
}

/** `/tools/3/name` → 3: where the tool sits in what the server served. */
function toolIndex(pointer: string): number | undefined {
  const match = /^\/tools\/(\d+)(?:\/|$)/.exec(pointer);
  return match ? Number(match[1]) : undefined;
}

/** Without a file, the JSON output says which served tool each finding is about. */
function withToolIndexes(report: FileReport, indexes: ReadonlyArray<number | undefined>): FileReport {
  // buildReport lists the named tools in order: the same order as `indexes`.
  const tools = report.tools.map((tool, i) => (indexes[i] === undefined ? tool : { ...tool, index: indexes[i] }));
  const at = (line: number, character: number) =>
    tools.find((t) => t.range.start.line === line && t.range.start.character === character)?.index;
  const diagnostics = report.diagnostics.map((d) => {
    const tool = at(d.range.start.line, d.range.start.character);
    return tool === undefined ? d : { ...d, tool };
  });
  return { ...report, tools, diagnostics };
}
