// The parsed command line of every command, apart from the parsers (cli/src/args.ts for check,
// census and the rest, cli/src/fixBaselineArgs.ts for fix and baseline), so each parser imports
// the types and neither imports the other's.
import type { ClientId } from '../../server/src/core';
import type { LiveTarget } from './live/listTools';
import type { OutputFormat } from './model';

export interface CheckArgs {
  readonly command: 'check' | 'census';
  readonly format: OutputFormat;
  readonly config: string | undefined;
  readonly clients: readonly ClientId[];
  /** Files and folders; `-` is standard input. */
  readonly paths: readonly string[];
  /** `--stdin-filename`: the path `-` is checked as (its config, MCP client configurations, language, name shown). */
  readonly stdinFilename?: string;
  /** List every file skipped and why (stderr). */
  readonly verbose: boolean;
  /** Files over this many bytes are not read (a bound, so a huge file cannot exhaust memory). */
  readonly maxFileBytes: number;
  /** `check --server -- CMD...` or `check --url URL`: a live server instead of paths. */
  readonly live?: LiveArgs;
  /** `--mcp-config`: check the servers of an MCP client configuration (cli/src/live/). */
  readonly mcpConfig?: McpConfigArgs;
  /** `--baseline FILE [--prune]`: report only findings the baseline does not hold (cli/src/baseline/). */
  readonly baseline?: BaselineUse;
  /** `check --hints`: renamed-on-wire reported (off by default), and hint-severity findings in the text report too. */
  readonly hints?: boolean;
  /** `census --only-problems`: only tools dropped, failing, colliding or renamed beyond a prefix. */
  readonly onlyProblems?: boolean;
  /** `check --quiet`: errors alone are reported. */
  readonly quiet?: boolean;
  /** `check --max-warnings N`: more warnings than this fail the run (exit 1). */
  readonly maxWarnings?: number;
  /** `check -o FILE`: the report is written there, not to stdout. */
  readonly outputFile?: string;
}

/** The flags of `check --mcp-config PATH`. */
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

export interface LiveArgs {
  readonly target: LiveTarget;
  /** `--server-name`: the name the clients see, instead of the server's `serverInfo`. */
  readonly serverName: string | undefined;
  readonly timeoutMs: number;
  /** `--save DIR`: write `<server>.tools.json` there and report on that file. */
  readonly save: string | undefined;
}

/** How check reports (not what it finds): fix and baseline take none of these. */
type ReportFlag = 'quiet' | 'maxWarnings' | 'outputFile';

/** `toolwire fix [--dry-run] [--unsafe] PATH...`. */
export interface FixArgs extends Omit<CheckArgs, 'command' | 'format' | 'live' | 'mcpConfig' | ReportFlag> {
  readonly command: 'fix';
  /** Print a unified diff instead of writing the files. */
  readonly dryRun: boolean;
  /** Apply unsafe fixes too: renames of tools and parameters that callers must follow. */
  readonly unsafe: boolean;
}

/** `toolwire baseline [--output FILE] PATH...`. */
export interface BaselineArgs extends Omit<CheckArgs, 'command' | 'format' | 'live' | 'mcpConfig' | ReportFlag> {
  readonly command: 'baseline';
  /** Write here instead of stdout. */
  readonly output: string | undefined;
}

/** `check --baseline FILE [--prune]`. */
export interface BaselineUse {
  readonly path: string;
  /** Rewrite FILE without the entries nothing matched any more (fixed findings). */
  readonly prune: boolean;
}

export type ParsedArgs =
  | CheckArgs
  | FixArgs
  | BaselineArgs
  | { readonly command: 'explain'; readonly code: string | undefined }
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  | { readonly command: 'usage-error'; readonly message: string };
