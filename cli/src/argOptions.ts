// The flags for Node's util.parseArgs, apart from both parsers (cli/src/args.ts for check and
// census, cli/src/fixBaselineArgs.ts for fix and baseline), so each imports the table and neither
// imports the other's at load time.
import type { ParseArgsConfig } from 'node:util';

/**
 * Every flag of check and census, for Node's parser: a `string` one takes the next word as its
 * value (whatever it looks like, as before), a `boolean` one none. fix and baseline's own flags
 * are taken out first (cli/src/fixBaselineArgs.ts).
 */
export const CHECK_OPTIONS = {
  ...Object.fromEntries(
    [
      'format',
      'config',
      'client',
      'max-file-size',
      'url',
      'env',
      'cwd',
      'header',
      'server-name',
      'timeout',
      'save',
      'mcp-config',
      'only',
      'input',
      'max-warnings',
      'stdin-filename',
    ].map((name) => [name, { type: 'string', multiple: true }] as const),
  ),
  'output-file': { type: 'string', short: 'o', multiple: true },
  server: { type: 'boolean', multiple: true },
  verbose: { type: 'boolean', multiple: true },
  hints: { type: 'boolean', multiple: true },
  'only-problems': { type: 'boolean', multiple: true },
  quiet: { type: 'boolean', multiple: true },
  help: { type: 'boolean', short: 'h', multiple: true },
} satisfies ParseArgsConfig['options'];

/** fix, baseline and check --baseline's own flags, taken out before the check parser reads the rest. */
export const FIX_BASELINE_OPTIONS = {
  'dry-run': { type: 'boolean', multiple: true },
  unsafe: { type: 'boolean', multiple: true },
  prune: { type: 'boolean', multiple: true },
  output: { type: 'string', multiple: true },
  baseline: { type: 'string', multiple: true },
} satisfies ParseArgsConfig['options'];
