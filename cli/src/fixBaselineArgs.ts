import { parseArgs as parseNodeArgs } from 'node:util';
import { CHECK_OPTIONS, FIX_BASELINE_OPTIONS } from './argOptions';
import type { ParsedArgs } from './argTypes';

// The fix and baseline command lines are in the usage above (USAGE, args.ts): not listed twice.
export const FIX_BASELINE_USAGE = `Fixes and baselines:
       toolwire check  --baseline FILE [--prune] [other check options] PATH...

fix       Applies every proven safe fix (what the editor's Fix All does) and writes the files;
          a file whose fixes cannot be proven together is left as it is, with the reason.
          --unsafe also applies unsafe fixes: renames of a tool or parameter, which its callers
          must follow (they are otherwise left, and counted in the summary).
          --dry-run prints a unified diff instead (apply it with git apply or patch -p1),
          and names each unsafe change on stderr.
          Exit 0 when nothing is left, 1 when findings without an automatic fix remain.
baseline  Writes the current findings as a baseline (JSON, sorted; to stdout or --output FILE).
--baseline FILE  check: findings the baseline holds are not reported; only new ones fail.
--prune          with --baseline: rewrite FILE without the entries that no longer match.`;

const OWN_FLAGS = new Set(['--dry-run', '--unsafe', '--output', '--baseline', '--prune']);

/**
 * The flags of `fix`, `baseline` and `check --baseline`, taken out of argv before the ordinary
 * check parser reads the rest (paths, --config, --client, ...); undefined when argv is none of
 * these, so the ordinary parser answers alone.
 */
export function parseFixBaselineArgs(
  argv: readonly string[],
  parseCheck: (argv: readonly string[]) => ParsedArgs,
): ParsedArgs | undefined {
  const command = argv[0];
  const args = argv.slice(1);
  // The same words Node's parser finds for check (cli/src/args.ts), so a value is never taken
  // for a flag: `--config --dry-run` is a config file named --dry-run, as check would read it.
  const { tokens } = parseNodeArgs({
    args,
    options: { ...CHECK_OPTIONS, ...FIX_BASELINE_OPTIONS },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const ownTokens = tokens.filter((t) => t.kind === 'option' && OWN_FLAGS.has(t.rawName));
  if (command !== 'fix' && command !== 'baseline' && !(command === 'check' && ownTokens.length > 0)) return undefined;
  if (command !== 'check' && tokens.some((t) => t.kind === 'option' && t.rawName === '--format'))
    return usage(`${command} takes no --format.`);
  const taken = new Set<number>();
  const own = new Map<string, string | true>();
  for (const token of ownTokens) {
    if (token.kind !== 'option') continue;
    taken.add(token.index);
    if (token.inlineValue === false) taken.add(token.index + 1);
    const flag = token.rawName;
    if (flag === '--output' || flag === '--baseline') {
      if (token.value === undefined || token.value === '') return usage(`${flag} needs a file.`);
      own.set(flag, token.value);
    } else {
      if (token.value !== undefined) return usage(`${flag} takes no value.`);
      own.set(flag, true);
    }
  }
  const rest = ['check', ...args.filter((_, k) => !taken.has(k))];
  const allowed =
    command === 'fix' ? ['--dry-run', '--unsafe'] : command === 'baseline' ? ['--output'] : ['--baseline', '--prune'];
  const stray = [...own.keys()].find((flag) => !allowed.includes(flag));
  if (stray !== undefined) return usage(`${stray} does not go with ${command}.`);
  if (own.has('--prune') && !own.has('--baseline')) return usage('--prune goes with --baseline FILE.');
  const parsed = parseCheck(rest);
  if (parsed.command !== 'check') return parsed;
  if (parsed.live || parsed.mcpConfig)
    return usage(`${command === 'check' ? '--baseline' : command} works on files, not live servers.`);
  // fix writes files back and a baseline names them: standard input is neither.
  if (command !== 'check' && parsed.paths.includes('-'))
    return usage(`${command} works on files, not standard input (-).`);
  // Check's reporting flags: fix and baseline write no report of findings to shape.
  const reporting =
    parsed.quiet !== undefined
      ? '--quiet'
      : parsed.maxWarnings !== undefined
        ? '--max-warnings'
        : parsed.outputFile !== undefined
          ? '-o'
          : undefined;
  if (command !== 'check' && reporting !== undefined) return usage(`${reporting} does not go with ${command}.`);
  const {
    format: _format,
    live: _live,
    mcpConfig: _mcpConfig,
    quiet: _quiet,
    maxWarnings: _maxWarnings,
    outputFile: _outputFile,
    ...common
  } = parsed;
  const text = (flag: string) => (typeof own.get(flag) === 'string' ? (own.get(flag) as string) : undefined);
  if (command === 'fix') return { ...common, command, dryRun: own.has('--dry-run'), unsafe: own.has('--unsafe') };
  if (command === 'baseline') return { ...common, command, output: text('--output') };
  return { ...parsed, baseline: { path: text('--baseline')!, prune: own.has('--prune') } };
}

function usage(message: string): ParsedArgs {
  return { command: 'usage-error', message };
}
