import { ALL_CLIENT_IDS, isClientId, type ClientId } from '../../server/src/core';
import { DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/files';
import type { OutputFormat } from './model';

const MEGABYTE = 1024 * 1024;

export interface CheckArgs {
  readonly command: 'check' | 'census';
  readonly format: OutputFormat;
  readonly config: string | undefined;
  readonly clients: readonly ClientId[];
  readonly paths: readonly string[];
  /** List every file skipped and why (stderr). */
  readonly verbose: boolean;
  /** Files over this many bytes are not read (issue 13: a bound, never running out of memory). */
  readonly maxFileBytes: number;
  /** `--mcp-config`: check the servers of an MCP client configuration (cli/src/live/). */
  readonly mcpConfig?: McpConfigArgs;
}

/** The flags of `check --mcp-config PATH` (issue 9 item 2). */
export interface McpConfigArgs {
  readonly path: string;
  /** `--only NAME`: these servers alone (repeatable); none means all. */
  readonly only: readonly string[];
  /** `--input ID=VALUE`: VS Code's `${input:ID}`, which cannot be asked for on a command line. */
  readonly inputs: Readonly<Record<string, string>>;
  /** `--timeout S`: bounds each server's start-up and each request. */
  readonly timeoutMs: number;
  /** `--save DIR`: keep the snapshots there (else a temp folder, reported as mcp:// paths). */
  readonly save: string | undefined;
}

export type ParsedArgs = CheckArgs | { readonly command: 'help' } | { readonly command: 'version' } | { readonly command: 'usage-error'; readonly message: string };

export const USAGE = `Usage: toolwire check  [--format text|json|sarif] [--config FILE] [--client ID]... [--verbose] [--max-file-size MB] PATH...
       toolwire check  [--format text|json|sarif] [--client ID]... --mcp-config FILE [--only NAME]... [--input ID=VALUE]... [--timeout S] [--save DIR]
       toolwire census [--format text|json] [--config FILE] [--client ID]... [--verbose] [--max-file-size MB] PATH...

check   Checks LLM tool definitions (MCP tool lists, OpenAI / Anthropic / Gemini / Bedrock
        requests, ADS manifests, tool arrays, JSON Lines) for the names that travel on the wire.
census  Prints, per MCP client, every tool's wire name and fate (sent, renamed, dropped, fails).

Folders are walked for *.json, *.jsonc, *.jsonl and *.ndjson (node_modules and .git skipped).
A file that is not valid JSON, JSONC or JSON Lines (or not valid UTF-8) is an error (invalid-json).
FIFOs, sockets and devices are never opened: skipped with a notice.

Options:
  --format FORMAT     text (default), json, or sarif (check only: SARIF 2.1.0 for code scanning)
  --config FILE       use this .toolwire.json instead of the nearest one above each file
  --client ID         model this MCP client (repeat, or separate with commas); census defaults to all.
                      IDs: ${ALL_CLIENT_IDS.join(', ')}
  --verbose           list on stderr every file skipped or holding no tools, and why
  --max-file-size MB  read no file larger than this (default ${DEFAULT_MAX_FILE_BYTES / MEGABYTE}; 1 MB = 1,048,576 bytes)
  --mcp-config FILE   check: start every server of this MCP client configuration (.vscode/mcp.json,
                      .cursor/mcp.json, .mcp.json, .gemini/settings.json, Claude Desktop's file) and
                      take the census its client would take over all of them; exit 2 if one fails
  --only NAME         with --mcp-config: only this server (repeat for more)
  --input ID=VALUE    with --mcp-config: the value of VS Code's \${input:ID}
  --timeout S         with --mcp-config: seconds for each server's start-up and each request (default 30)
  --save DIR          with --mcp-config: write each server's snapshot (<server>.tools.json) there
  -h, --help          show this help
  -v, --version       print the version

Exit status: 0 no errors, 1 errors found, 2 usage, configuration or I/O error (a file that
cannot be read or is over the size limit, or a FIFO or device named on the command line).`;

/** Parses argv (without node and the script). Never throws: mistakes come back as usage errors. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0 || argv[0] === '-h' || argv[0] === '--help' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '-v' || argv[0] === '--version') return { command: 'version' };
  const command = argv[0];
  if (command !== 'check' && command !== 'census') return { command: 'usage-error', message: `Unknown command "${command}". Try: toolwire check PATH...` };
  let format: OutputFormat = 'text';
  let config: string | undefined;
  let verbose = false;
  let maxFileBytes = DEFAULT_MAX_FILE_BYTES;
  const clients: ClientId[] = [];
  const paths: string[] = [];
  const live = { path: undefined as string | undefined, only: [] as string[], inputs: {} as Record<string, string>, timeoutMs: 30_000, save: undefined as string | undefined };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--format' || flag === '--config' || flag === '--client') {
      const value = inline ?? argv[++i];
      if (value === undefined) return { command: 'usage-error', message: `${flag} needs a value.` };
      if (flag === '--config') config = value;
      else if (flag === '--client') {
        for (const id of value.split(',').map((v) => v.trim()).filter((v) => v.length > 0)) {
          if (!isClientId(id)) return { command: 'usage-error', message: `Unknown client "${id}". Known: ${ALL_CLIENT_IDS.join(', ')}.` };
          if (!clients.includes(id)) clients.push(id);
        }
      } else if (value === 'text' || value === 'json' || (value === 'sarif' && command === 'check')) format = value;
      else return { command: 'usage-error', message: `--format must be ${command === 'check' ? 'text, json or sarif' : 'text or json'}, not "${value}".` };
    } else if (flag === '--max-file-size') {
      const value = inline ?? argv[++i];
      const megabytes = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(megabytes) || megabytes <= 0) return { command: 'usage-error', message: `--max-file-size needs a positive number of megabytes, not ${value === undefined ? 'nothing' : `"${value}"`}.` };
      maxFileBytes = Math.max(1, Math.floor(megabytes * MEGABYTE));
    } else if (MCP_CONFIG_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      const problem = value === undefined ? `${flag} needs a value.` : mcpConfigFlag(flag, value, live);
      if (problem !== undefined) return { command: 'usage-error', message: problem };
    } else if (flag === '--verbose') {
      if (inline !== undefined) return { command: 'usage-error', message: '--verbose takes no value.' };
      verbose = true;
    } else if (flag === '-h' || flag === '--help') {
      return { command: 'help' };
    } else if (flag === '--') {
      paths.push(...argv.slice(i + 1));
      break;
    } else if (flag.startsWith('-') && flag !== '-') {
      return { command: 'usage-error', message: `Unknown option "${flag}".` };
    } else {
      paths.push(arg);
    }
  }
  if (live.path !== undefined) {
    if (command !== 'check' || paths.length > 0) return { command: 'usage-error', message: '--mcp-config works with check alone, and takes no other paths.' };
    const { path, only, inputs, timeoutMs, save } = live;
    return { command, format, config, clients, paths, verbose, maxFileBytes, mcpConfig: { path, only, inputs, timeoutMs, save } };
  }
  if (live.only.length > 0 || Object.keys(live.inputs).length > 0) return { command: 'usage-error', message: `${live.only.length > 0 ? '--only' : '--input'} works with --mcp-config alone.` };
  if (paths.length === 0) return { command: 'usage-error', message: 'Give at least one file or folder to check.' };
  return { command, format, config, clients, paths, verbose, maxFileBytes };
}

const MCP_CONFIG_FLAGS = new Set(['--mcp-config', '--only', '--input', '--timeout', '--save']);

/** One --mcp-config flag into `live`; a usage problem, or undefined. */
function mcpConfigFlag(flag: string, value: string, live: { path: string | undefined; only: string[]; inputs: Record<string, string>; timeoutMs: number; save: string | undefined }): string | undefined {
  if (flag === '--mcp-config') live.path = value;
  else if (flag === '--only') live.only.push(value);
  else if (flag === '--save') live.save = value;
  else if (flag === '--input') {
    const eq = value.indexOf('=');
    if (eq <= 0) return `--input needs ID=VALUE, not "${value}".`;
    live.inputs[value.slice(0, eq)] = value.slice(eq + 1);
  } else {
    const seconds = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(seconds) || seconds <= 0) return `--timeout needs a positive number of seconds, not "${value}".`;
    live.timeoutMs = Math.ceil(seconds * 1000);
  }
  return undefined;
}
