import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { displayPath } from '../analyzeFiles';
import type { CheckArgs, McpConfigArgs } from '../argTypes';
import { runCheck, type CommandIO } from '../checkCommand';
import { toSlashes } from '../configs';
import { visible } from '../../../server/src/core';
import { listServerTools } from './listTools';
import { planMcpConfig, workspaceFolderOf } from './mcpConfig';
import { snapshotFileName, snapshotText, virtualPath } from './snapshot';

/**
 * `toolwire check --mcp-config PATH`: list every server's tools, write each as a snapshot plus a
 * generated .toolwire.json mapping the config's server names to them (the config's order, its
 * client), then run the ordinary check over that folder, so a live setup gets exactly the census
 * and findings of files mapped in .toolwire.json. Exit 2 when a server failed or could not be
 * started (after reporting the others), else 0 or 1 as `check`.
 */
export async function runMcpConfigCheck(args: CheckArgs, live: McpConfigArgs, io: CommandIO): Promise<number> {
  const configPath = resolve(io.cwd, live.path);
  let text: string;
  try {
    text = readFileSync(configPath, 'utf8');
  } catch (error) {
    io.stderr.write(`toolwire: cannot read ${live.path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const inputs = { ...inputsFromEditor(), ...live.inputs };
  const plan = planMcpConfig(
    configPath,
    text,
    { env: process.env, workspaceFolder: workspaceFolderOf(configPath), userHome: homedir(), inputs },
    live.only,
  );
  if (plan.problem !== undefined) io.stderr.write(`toolwire: ${live.path}: ${plan.problem}\n`);
  // The configuration's own client (Claude Desktop, or a file toolwire does not know) has no
  // profile: say so once, so its servers' results are not read as that client's.
  if (plan.client === undefined && args.clients.length === 0)
    io.stderr.write(
      `toolwire: ${live.path} configures a client toolwire does not model; its servers are checked under every modelled client (choose some with --client)\n`,
    );
  // A mistyped --only must not pass as a clean run.
  const unknownOnly = live.only.filter((name) => !plan.servers.some((s) => s.name === name));
  for (const name of unknownOnly) io.stderr.write(`toolwire: --only ${name}: no such server in ${live.path}\n`);

  const dir = live.save !== undefined ? resolve(io.cwd, live.save) : mkdtempSync(join(tmpdir(), 'toolwire-mcp-'));
  try {
    mkdirSync(dir, { recursive: true });
    let failed = plan.problem !== undefined || unknownOnly.length > 0;
    const files = new Map<string, string>();
    const shown = new Map<string, string>();
    for (const server of plan.servers) {
      if ('skipped' in server) {
        io.stderr.write(`toolwire: server "${visible(server.name)}" ${server.skipped}\n`);
        if (!server.skipped.startsWith('disabled')) failed = true;
        continue;
      }
      const result = await listServerTools(server.target, { timeoutMs: live.timeoutMs });
      if (!result.ok) {
        failed = true;
        io.stderr.write(
          `toolwire: server "${visible(server.name)}" failed: ${result.message}\n${result.stderrTail ? `${result.stderrTail.replace(/^/gm, '  | ')}\n` : ''}`,
        );
        continue;
      }
      const file = snapshotName(server.name, files);
      writeFileSync(join(dir, file), snapshotText(result));
      files.set(server.name, file);
      shown.set(
        toSlashes(join(dir, file)),
        live.save !== undefined ? displayPath(join(dir, file), io.cwd) : virtualPath(encodeURIComponent(server.name)),
      );
    }
    // The clients asked for, else the one the config file belongs to (none: every modelled client).
    const clients = args.clients.length > 0 ? args.clients : plan.client !== undefined ? [plan.client] : [];
    const toolwireConfig = { ...(clients.length > 0 ? { clients } : {}), servers: Object.fromEntries(files) };
    writeFileSync(join(dir, '.toolwire.json'), `${JSON.stringify(toolwireConfig, null, 2)}\n`);
    // The ordinary check over the snapshot folder, each file shown as `shown` says.
    // The generated config stands for what chose the clients: --client, else the MCP configuration.
    const generated = toSlashes(join(dir, '.toolwire.json'));
    const chosenBy = args.clients.length > 0 ? '--client' : displayPath(configPath, io.cwd);
    const code = await runCheck(
      { ...args, paths: [...shown.keys()], config: join(dir, '.toolwire.json') },
      io,
      (absolute) => shown.get(absolute) ?? (absolute === generated ? chosenBy : undefined),
    );
    return failed ? 2 : code;
  } finally {
    if (live.save === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The values the editor command asked the user for (`${input:ID}`), passed in the environment so
 * they never show in a process list; removed before any server starts, so no server inherits them.
 */
function inputsFromEditor(): Record<string, string> {
  const raw = process.env[EDITOR_INPUTS_VARIABLE];
  delete process.env[EDITOR_INPUTS_VARIABLE];
  if (raw === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** The variable the editor command passes `${input:ID}` values in (a JSON object). */
const EDITOR_INPUTS_VARIABLE = 'TOOLWIRE_MCP_INPUTS';

/** A file name for a server's snapshot (`snapshotFileName`), numbered when two servers would share it. */
function snapshotName(server: string, taken: ReadonlyMap<string, string>): string {
  const base = snapshotFileName(server).slice(0, -'.tools.json'.length);
  const used = new Set(taken.values());
  for (let n = 1; ; n++) {
    const file = `${base}${n === 1 ? '' : `-${n}`}.tools.json`;
    if (!used.has(file)) return file;
  }
}
