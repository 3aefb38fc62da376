import type { AnalysisOptions } from '../settings';
import { matchesAny } from './glob';
import type { ToolwireConfig } from './model';

/**
 * The options for one file. `relativePath` is the file's path relative to the folder holding
 * `.toolwire.json`, with `/` separators. Returns 'ignored' for files the config excludes.
 */
export function optionsForFile(
  config: ToolwireConfig,
  relativePath: string,
  base: AnalysisOptions = {},
): AnalysisOptions | 'ignored' {
  if (config.ignore && config.ignore.length > 0 && matchesAny(config.ignore, relativePath)) return 'ignored';
  let derivation = base.derivation;
  let targets = base.targets;
  for (const override of config.overrides ?? []) {
    if (!matchesAny(override.files, relativePath)) continue;
    derivation = override.derivation ?? derivation;
    targets = override.targets ?? targets;
  }
  const defaultTargets = config.targets ?? base.defaultTargets;
  const reservedNames = config.reservedNames ?? base.reservedNames;
  const severity = config.severity || base.severity ? { ...base.severity, ...config.severity } : undefined;
  const suppressions = config.suppressions?.filter((entry) => matchesAny([entry.file], relativePath));
  return {
    ...(derivation ? { derivation } : {}),
    ...(targets ? { targets } : {}),
    ...(defaultTargets ? { defaultTargets } : {}),
    ...(reservedNames ? { reservedNames } : {}),
    ...(severity ? { severity } : {}),
    ...(suppressions && suppressions.length > 0 ? { suppressions } : {}),
  };
}
