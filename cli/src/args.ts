import type { OutputFormat } from './model';

export interface CheckArgs {
  readonly command: 'check';
  readonly format: OutputFormat;
  readonly config: string | undefined;
  readonly paths: readonly string[];
}

export type ParsedArgs = CheckArgs | { readonly command: 'help' } | { readonly command: 'version' } | { readonly command: 'usage-error'; readonly message: string };

export const USAGE = `Usage: toolwire check [--format text|json|sarif] [--config FILE] PATH...

Checks LLM tool definitions (MCP tool lists, OpenAI / Anthropic / Gemini / Bedrock requests,
ADS manifests, tool arrays, JSON Lines) for the names that travel on the wire.
Folders are walked for *.json, *.jsonc, *.jsonl and *.ndjson (node_modules and .git skipped).

Options:
  --format FORMAT   text (default), json, or sarif (SARIF 2.1.0 for code scanning)
  --config FILE     use this .toolwire.json instead of the nearest one above each file
  -h, --help        show this help
  -v, --version     print the version

Exit status: 0 no errors, 1 errors found, 2 usage, configuration or I/O error.`;

/** Parses argv (without node and the script). Never throws: mistakes come back as usage errors. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0 || argv[0] === '-h' || argv[0] === '--help' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '-v' || argv[0] === '--version') return { command: 'version' };
  if (argv[0] !== 'check') return { command: 'usage-error', message: `Unknown command "${argv[0]}". Try: toolwire check PATH...` };
  let format: OutputFormat = 'text';
  let config: string | undefined;
  const paths: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--format' || flag === '--config') {
      const value = inline ?? argv[++i];
      if (value === undefined) return { command: 'usage-error', message: `${flag} needs a value.` };
      if (flag === '--config') config = value;
      else if (value === 'text' || value === 'json' || value === 'sarif') format = value;
      else return { command: 'usage-error', message: `--format must be text, json or sarif, not "${value}".` };
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
  return { command: 'check', format, config, paths };
}
