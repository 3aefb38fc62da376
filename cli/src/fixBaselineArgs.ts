import type { ParsedArgs } from './argTypes';

export const FIX_BASELINE_USAGE = `Fixes and baselines:
       toolwire fix    [--dry-run] [--unsafe] [--config FILE] [--client ID]... PATH...
       toolwire baseline [--output FILE] [--config FILE] [--client ID]... PATH...
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
  const end = argv.indexOf('--');
  const flags = end < 0 ? argv.slice(1) : argv.slice(1, end);
  const flagOf = (arg: string) => (arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg);
  if (
    command !== 'fix' &&
    command !== 'baseline' &&
    !(command === 'check' && flags.some((a) => OWN_FLAGS.has(flagOf(a))))
  )
    return undefined;
  const rest: string[] = ['check'];
  const own = new Map<string, string | true>();
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (end >= 0 && i >= end) {
      rest.push(arg);
      continue;
    }
    const flag = flagOf(arg);
    if (!OWN_FLAGS.has(flag)) {
      if (command !== 'check' && flag === '--format') return usage(`${command} takes no --format.`);
      rest.push(arg);
      continue;
    }
    const inline = flag === arg ? undefined : arg.slice(flag.length + 1);
    if (flag === '--output' || flag === '--baseline') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return usage(`${flag} needs a file.`);
      own.set(flag, value);
    } else {
      if (inline !== undefined) return usage(`${flag} takes no value.`);
      own.set(flag, true);
    }
  }
  const allowed =
    command === 'fix' ? ['--dry-run', '--unsafe'] : command === 'baseline' ? ['--output'] : ['--baseline', '--prune'];
  const stray = [...own.keys()].find((flag) => !allowed.includes(flag));
  if (stray !== undefined) return usage(`${stray} does not go with ${command}.`);
  if (own.has('--prune') && !own.has('--baseline')) return usage('--prune goes with --baseline FILE.');
  const parsed = parseCheck(rest);
  if (parsed.command !== 'check') return parsed;
  if (parsed.live || parsed.mcpConfig)
    return usage(`${command === 'check' ? '--baseline' : command} works on files, not live servers.`);
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
