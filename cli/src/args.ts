import { ALL_CLIENT_IDS, CHECKED_EXTENSIONS, SKIPPED_FOLDERS } from '../../server/src/core';
import { parseArgs as parseNodeArgs } from 'node:util';
import { DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/files';
import { CHECK_OPTIONS } from './argOptions';
import type { ParsedArgs } from './argTypes';
import { CheckFlags } from './checkFlags';
import { parseFixBaselineArgs } from './fixBaselineArgs';
import { DEFAULT_TIMEOUT_SECONDS } from './liveFlags';

const MEGABYTE = 1024 * 1024;

export const USAGE = `Usage: toolwire check  [--format text|json|sarif|github] [--quiet] [--max-warnings N] [-o FILE] [--config FILE] [--client ID]... [--hints] [--verbose] [--max-file-size MB] PATH...
       toolwire check  [same options] [--stdin-filename PATH] -
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
  -                   (a path) read standard input: check PATH... | census PATH... - reads it once
  --stdin-filename PATH  check standard input as this file: its .toolwire.json, MCP client
                      configurations, language (by extension) and the name in the report
                      (default: JSON named <stdin> in the working folder)
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
  const flags = new CheckFlags(command);
  // Node's parser splits the words (`--flag=value`, `-o FILE`, `--`); the meaning and every
  // message stay here. Not strict: an unknown option comes back as a token, and is answered in
  // toolwire's words rather than Node's.
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
      flags.paths.push(token.value);
      continue;
    }
    const problem = flags.take(token);
    if (problem === 'help') return { command: 'help' };
    if (problem !== undefined) return { command: 'usage-error', message: problem };
  }
  return checkArgsOf(command, flags);
}

/** Once every token is read: the paths, one live server, or an MCP client configuration. */
function checkArgsOf(command: 'check' | 'census', flags: CheckFlags): ParsedArgs {
  const { format, config, clients, paths, verbose, maxFileBytes, live, switches } = flags;
  const common = { command, format, config, clients, paths, verbose, maxFileBytes, ...switches };
  if (flags.stdinFilename !== undefined && (live.mcpConfig !== undefined || live.any()))
    return { command: 'usage-error', message: '--stdin-filename goes with -, not with live servers.' };
  if (live.mcpConfig !== undefined) {
    if (command !== 'check' || paths.length > 0)
      return { command: 'usage-error', message: '--mcp-config works with check alone, and takes no other paths.' };
    if (live.stdio || live.url !== undefined)
      return { command: 'usage-error', message: 'Give --mcp-config, or one server with --server or --url, not both.' };
    const { mcpConfig: path, only, inputs, timeoutMs, save } = live;
    return { ...common, mcpConfig: { path, only, inputs, timeoutMs, save } };
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
      ...common,
      paths: [],
      live: { target, serverName: live.serverName, timeoutMs: live.timeoutMs, save: live.save },
    };
  }
  const stdin = stdinProblem(paths, flags.stdinFilename);
  if (stdin !== undefined) return { command: 'usage-error', message: stdin };
  if (paths.length === 0) return { command: 'usage-error', message: 'Give at least one file or folder to check.' };
  return flags.stdinFilename !== undefined ? { ...common, stdinFilename: flags.stdinFilename } : common;
}

/** `-` reads standard input once; `--stdin-filename` names what it reads, so it needs a `-`. */
function stdinProblem(paths: readonly string[], stdinFilename: string | undefined): string | undefined {
  const dashes = paths.filter((p) => p === '-').length;
  if (dashes > 1) return '- (standard input) can be given once.';
  if (stdinFilename !== undefined && dashes === 0)
    return '--stdin-filename names what - reads: add - to the paths (a file named - is ./-).';
  return undefined;
}
