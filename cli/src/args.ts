import { ALL_CLIENT_IDS, CHECKED_EXTENSIONS, isClientId, SKIPPED_FOLDERS, type ClientId } from '../../server/src/core';
import { parseArgs as parseNodeArgs } from 'node:util';
import { DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/files';
import { CHECK_OPTIONS } from './argOptions';
import type { ParsedArgs } from './argTypes';
import type { LiveTarget } from './live/listTools';
import type { OutputFormat } from './model';
import { parseFixBaselineArgs } from './fixBaselineArgs';

/** The longest delay a Node timer keeps (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const MEGABYTE = 1024 * 1024;

const DEFAULT_TIMEOUT_SECONDS = 30;

export const USAGE = `Usage: toolwire check  [--format text|json|sarif|github] [--quiet] [--max-warnings N] [-o FILE] [--config FILE] [--client ID]... [--hints] [--verbose] [--max-file-size MB] PATH...
       toolwire check  [--format ...] [--client ID]... [--save DIR] [--timeout S] [--server-name NAME]
                       --server [--env K=V]... [--cwd DIR] -- CMD [ARGS...]
       toolwire check  [same options] --url URL [--header 'Name: value']...
       toolwire check  [--format ...] [--client ID]... --mcp-config FILE [--only NAME]... [--input ID=VALUE]... [--timeout S] [--save DIR]
       toolwire census [--format text|json] [--config FILE] [--client ID]... [--only-problems] [--verbose] [--max-file-size MB] PATH...
       toolwire fix    [--dry-run] [--unsafe] [--config FILE] [--client ID]... PATH...
       toolwire baseline [--output FILE] [--config FILE] [--client ID]... PATH...
       toolwire explain [CODE]

Commands:
  check     Checks LLM tool definitions (MCP tool lists, OpenAI / Anthropic / Gemini / Bedrock
            requests, ADS manifests, tool arrays, JSON Lines, YAML, source files) for the names
            that travel on the wire: in files and folders, or served by a live MCP server.
  census    Prints, per MCP client, every tool's wire name and fate (sent, renamed, dropped, fails),
            then the totals per client.
  fix       Applies every proven safe fix and writes the files (--dry-run: a unified diff).
  baseline  Writes the current findings as a baseline, for check --baseline (below).
  explain   Prints what a finding code means, why it matters, an example and the fix (no CODE: the list).

Folders are walked for ${CHECKED_EXTENSIONS.map((e) => `*${e}`).join(', ')}
(source files are read only when they or their package name a known library; ${SKIPPED_FOLDERS.join(', ')}
are not entered). A data file that is not valid JSON, JSONC, JSON Lines or YAML (or not valid
UTF-8) is an error (invalid-json) when named; met in a folder walk, only when what can be read of
it looks like tool definitions, else it is skipped, counted in the summary (--verbose names it).
FIFOs, sockets and devices are never opened: skipped with a notice.

Options:
  --format FORMAT     text (default), json, sarif (check only: SARIF 2.1.0 for code scanning),
                      or github (check only: GitHub Actions workflow annotations)
  --quiet             check: report errors only (warnings, infos and hints are not shown)
  --max-warnings N    check: exit 1 when more than N warnings are found (counted even with --quiet)
  -o, --output-file FILE  check: write the report to FILE instead of stdout
  --config FILE       use this .toolwire.json instead of the nearest one above each file
  --client ID         model this MCP client (repeat, or separate with commas); census defaults to all.
                      IDs: ${ALL_CLIENT_IDS.join(', ')}
  --hints             check: report renamed-on-wire (off by default) and list hint findings in the text
                      report too (json and sarif include them once reported)
  --only-problems     census: only tools dropped, failing, colliding, or renamed beyond the client's prefix
  --verbose           list on stderr every file skipped or holding no tools, and why; under each
                      finding, its why, its fix and the other tools involved
  --max-file-size MB  read no file larger than this (default ${DEFAULT_MAX_FILE_BYTES / MEGABYTE}; 1 MB = 1,048,576 bytes)
  --server -- CMD...  start this stdio MCP server (no shell) and check the tools it serves
  --url URL           connect to this MCP server (Streamable HTTP, else SSE) and check its tools
  --env K=V           (--server) add a variable to the server's environment (repeat)
  --cwd DIR           (--server) the server's working folder
  --header 'N: V'     (--url) send this HTTP header (repeat)
  --server-name NAME  the server name clients use (default: unknown, as clients name a server by
                      your configuration's key, not by what it announces)
  --timeout SECONDS   bound the server's start-up and each request (default ${DEFAULT_TIMEOUT_SECONDS})
  --save DIR          write what the server served to DIR/<server>.tools.json and report on it
  --mcp-config FILE   check: start every server of this MCP client configuration (.vscode/mcp.json,
                      .cursor/mcp.json, .mcp.json, .gemini/settings.json, Claude Desktop's file) and
                      take the census its client would take over all of them; exit 2 if one fails
  --only NAME         with --mcp-config: only this server (repeat for more)
  --input ID=VALUE    with --mcp-config: the value of VS Code's \${input:ID}
  -h, --help          show this help
  -v, --version       print the version

Exit status: 0 no errors, 1 errors found, 2 usage, configuration or I/O error (a file that
cannot be read or is over the size limit, or a FIFO or device named on the command line), or a
live server that cannot start, crashes, hangs or answers something that is not MCP.`;

/** Parses argv (without node and the script). Never throws: mistakes come back as usage errors. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0 || argv[0] === '-h' || argv[0] === '--help' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '-v' || argv[0] === '--version') return { command: 'version' };
  const fixOrBaseline = parseFixBaselineArgs(argv, parseArgs);
  if (fixOrBaseline) return fixOrBaseline;
  const command = argv[0];
  if (command === 'explain') {
    if (argv.length > 2)
      return { command: 'usage-error', message: 'explain takes one code, e.g. toolwire explain wire-collision.' };
    return { command, code: argv[1] };
  }
  if (command !== 'check' && command !== 'census')
    return { command: 'usage-error', message: `Unknown command "${command}". Try: toolwire check PATH...` };
  let format: OutputFormat = 'text';
  let config: string | undefined;
  let verbose = false;
  let maxFileBytes = DEFAULT_MAX_FILE_BYTES;
  const clients: ClientId[] = [];
  const paths: string[] = [];
  const live = new LiveFlags();
  const switches: { hints?: true; onlyProblems?: true; quiet?: true; maxWarnings?: number; outputFile?: string } = {};
  // Node's parser splits the words (`--flag=value`, `-o FILE`, `--`); the meaning and every
  // message stay here. Not strict: an unknown option comes back as a token, and is answered below
  // in toolwire's words rather than Node's.
  const { tokens } = parseNodeArgs({
    args: argv.slice(1),
    options: CHECK_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      paths.push(token.value);
      continue;
    }
    const flag = token.rawName;
    const inline = token.value;
    if (flag === '--format' || flag === '--config' || flag === '--client') {
      const value = inline;
      if (value === undefined) return { command: 'usage-error', message: `${flag} needs a value.` };
      if (flag === '--config') config = value;
      else if (flag === '--client') {
        for (const id of value
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v.length > 0)) {
          if (!isClientId(id))
            return { command: 'usage-error', message: `Unknown client "${id}". Known: ${ALL_CLIENT_IDS.join(', ')}.` };
          if (!clients.includes(id)) clients.push(id);
        }
      } else if (
        value === 'text' ||
        value === 'json' ||
        ((value === 'sarif' || value === 'github') && command === 'check')
      )
        format = value;
      else
        return {
          command: 'usage-error',
          message: `--format must be ${command === 'check' ? 'text, json, sarif or github' : 'text or json'}, not "${value}".`,
        };
    } else if (flag === '--quiet' || flag === '--max-warnings' || flag === '-o' || flag === '--output-file') {
      const problem = reportFlag(flag, flag === '--quiet' ? inline : inline, command, switches);
      if (problem) return { command: 'usage-error', message: problem };
    } else if (flag === '--max-file-size') {
      const value = inline;
      const megabytes = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(megabytes) || megabytes <= 0)
        return {
          command: 'usage-error',
          message: `--max-file-size needs a positive number of megabytes, not ${value === undefined ? 'nothing' : `"${value}"`}.`,
        };
      maxFileBytes = Math.max(1, Math.floor(megabytes * MEGABYTE));
    } else if (LIVE_VALUE_FLAGS.has(flag)) {
      const value = inline;
      if (value === undefined) return { command: 'usage-error', message: `${flag} needs a value.` };
      const problem = live.set(flag, value);
      if (problem) return { command: 'usage-error', message: problem };
    } else if (flag === '--server') {
      if (inline !== undefined)
        return { command: 'usage-error', message: '--server takes no value: put the command after --.' };
      live.stdio = true;
    } else if (flag === '--verbose') {
      if (inline !== undefined) return { command: 'usage-error', message: '--verbose takes no value.' };
      verbose = true;
    } else if (flag === '--hints' || flag === '--only-problems') {
      const problem =
        inline !== undefined
          ? `${flag} takes no value.`
          : (flag === '--hints') === (command === 'census')
            ? `${flag} works with ${command === 'census' ? 'check' : 'census'} alone.`
            : undefined;
      if (problem) return { command: 'usage-error', message: problem };
      if (flag === '--hints') switches.hints = true;
      else switches.onlyProblems = true;
    } else if (flag === '-h' || flag === '--help') {
      return { command: 'help' };
    } else {
      return { command: 'usage-error', message: `Unknown option "${flag}".` };
    }
  }
  if (live.mcpConfig !== undefined) {
    if (command !== 'check' || paths.length > 0)
      return { command: 'usage-error', message: '--mcp-config works with check alone, and takes no other paths.' };
    if (live.stdio || live.url !== undefined)
      return { command: 'usage-error', message: 'Give --mcp-config, or one server with --server or --url, not both.' };
    const { mcpConfig: path, only, inputs, timeoutMs, save } = live;
    return {
      command,
      format,
      config,
      clients,
      paths,
      verbose,
      maxFileBytes,
      ...switches,
      mcpConfig: { path, only, inputs, timeoutMs, save },
    };
  }
  if (live.only.length > 0 || Object.keys(live.inputs).length > 0)
    return {
      command: 'usage-error',
      message: `${live.only.length > 0 ? '--only' : '--input'} works with --mcp-config alone.`,
    };
  if (live.any()) {
    if (command !== 'check')
      return { command: 'usage-error', message: 'Live servers (--server, --url) are checked with toolwire check.' };
    const target = live.target(paths);
    if (typeof target === 'string') return { command: 'usage-error', message: target };
    return {
      command,
      format,
      config,
      clients,
      paths: [],
      verbose,
      maxFileBytes,
      ...switches,
      live: { target, serverName: live.serverName, timeoutMs: live.timeoutMs, save: live.save },
    };
  }
  if (paths.length === 0) return { command: 'usage-error', message: 'Give at least one file or folder to check.' };
  return { command, format, config, clients, paths, verbose, maxFileBytes, ...switches };
}

/**
 * `--quiet`, `--max-warnings N` and `-o FILE`: what check reports and where, as linters have them.
 * Records the flag in `into`; returns why it cannot, if so.
 */
function reportFlag(
  flag: string,
  value: string | undefined,
  command: string,
  into: { quiet?: true; maxWarnings?: number; outputFile?: string },
): string | undefined {
  if (command !== 'check') return `${flag} works with check alone.`;
  if (flag === '--quiet') {
    if (value !== undefined) return '--quiet takes no value.';
    into.quiet = true;
    return undefined;
  }
  if (flag === '--max-warnings') {
    const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isInteger(n) || n < 0)
      return `--max-warnings needs a whole number of warnings (0 or more), not ${value === undefined ? 'nothing' : `"${value}"`}.`;
    into.maxWarnings = n;
    return undefined;
  }
  if (value === undefined || value === '') return `${flag} needs a file.`;
  into.outputFile = value;
  return undefined;
}

const LIVE_VALUE_FLAGS = new Set([
  '--url',
  '--env',
  '--cwd',
  '--header',
  '--server-name',
  '--timeout',
  '--save',
  '--mcp-config',
  '--only',
  '--input',
]);
/** Flags of `--mcp-config` that say nothing about one live server. */
const MCP_CONFIG_FLAGS = new Set(['--mcp-config', '--only', '--input']);

/** The live-server flags as they come, checked together once argv is read. */
class LiveFlags {
  stdio = false;
  url: string | undefined;
  cwd: string | undefined;
  serverName: string | undefined;
  save: string | undefined;
  timeoutMs = DEFAULT_TIMEOUT_SECONDS * 1000;
  mcpConfig: string | undefined;
  readonly only: string[] = [];
  readonly inputs: Record<string, string> = {};
  private readonly env: Record<string, string> = {};
  private readonly headers: Record<string, string> = {};
  private readonly given = new Set<string>();

  set(flag: string, value: string): string | undefined {
    if (!MCP_CONFIG_FLAGS.has(flag)) this.given.add(flag);
    switch (flag) {
      case '--mcp-config':
        this.mcpConfig = value;
        return undefined;
      case '--only':
        this.only.push(value);
        return undefined;
      case '--input': {
        const eq = value.indexOf('=');
        if (eq <= 0) return `--input needs ID=VALUE, not "${value}".`;
        this.inputs[value.slice(0, eq)] = value.slice(eq + 1);
        return undefined;
      }
      case '--url':
        if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
          return `--url needs an http:// or https:// URL, not "${value}".`;
        this.url = value;
        return undefined;
      case '--env': {
        const eq = value.indexOf('=');
        if (eq <= 0) return `--env needs NAME=VALUE, not "${value}".`;
        this.env[value.slice(0, eq)] = value.slice(eq + 1);
        return undefined;
      }
      case '--header': {
        const colon = value.indexOf(':');
        if (colon <= 0) return `--header needs 'Name: value', not "${value}".`;
        this.headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
        return undefined;
      }
      case '--timeout': {
        const seconds = value.trim() === '' ? Number.NaN : Number(value);
        if (!Number.isFinite(seconds) || seconds <= 0)
          return `--timeout needs a positive number of seconds, not "${value}".`;
        // Node's timers hold at most 2^31 - 1 ms and fire after 1 ms past that: refused, so a
        // long timeout is never silently an instant one.
        if (seconds * 1000 > MAX_TIMER_MS)
          return `--timeout is at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (about 24 days), not "${value}".`;
        this.timeoutMs = Math.ceil(seconds * 1000);
        return undefined;
      }
      case '--cwd':
        this.cwd = value;
        return undefined;
      case '--server-name':
        if (value === '') return '--server-name needs a non-empty name.';
        this.serverName = value;
        return undefined;
      default:
        this.save = value;
        return undefined;
    }
  }

  any(): boolean {
    return this.stdio || this.given.size > 0;
  }

  /** The target, or why the flags do not make one. */
  target(rest: readonly string[]): LiveTarget | string {
    if (this.stdio && this.url !== undefined) return 'Give either --server -- CMD or --url URL, not both.';
    if (this.stdio) {
      if (this.given.has('--header')) return '--header goes with --url.';
      const [command, ...args] = rest;
      if (command === undefined || command === '')
        return '--server needs the server command after --, for example: toolwire check --server -- node server.js';
      return {
        kind: 'stdio',
        command,
        args,
        ...(Object.keys(this.env).length > 0 ? { env: { ...this.env } } : {}),
        ...(this.cwd !== undefined ? { cwd: this.cwd } : {}),
        ...(this.serverName !== undefined ? { name: this.serverName } : {}),
      };
    }
    if (this.url !== undefined) {
      if (rest.length > 0) return `--url checks one server; remove "${rest[0]}".`;
      if (this.given.has('--env') || this.given.has('--cwd')) return '--env and --cwd go with --server.';
      return {
        kind: 'http',
        url: this.url,
        ...(Object.keys(this.headers).length > 0 ? { headers: { ...this.headers } } : {}),
        ...(this.serverName !== undefined ? { name: this.serverName } : {}),
      };
    }
    return `${[...this.given][0] ?? '--timeout'} goes with --server -- CMD or --url URL.`;
  }
}
