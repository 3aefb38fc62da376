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
}

export type ParsedArgs = CheckArgs | { readonly command: 'help' } | { readonly command: 'version' } | { readonly command: 'usage-error'; readonly message: string };

export const USAGE = `Usage: toolwire check  [--format text|json|sarif] [--config FILE] [--client ID]... [--verbose] [--max-file-size MB] PATH...
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
  if (paths.length === 0) return { command: 'usage-error', message: 'Give at least one file or folder to check.' };
  return { command, format, config, clients, paths, verbose, maxFileBytes };
}
