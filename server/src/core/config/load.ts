import type { FoundConfig } from './discover';
import type { ConfigProblem, ParsedConfig } from './model';
import { parseConfig } from './parseConfig';

/**
 * A found `.toolwire.json`, parsed. One that could not be read as it is yields an error problem at
 * the place it went wrong (the start of the file when nothing could be read), so the CLI exits 2
 * and the editor warns: an unreadable config is never ignored in silence.
 * Whatever part of it could be read still applies, as with any other config problem.
 */
export function loadConfig(found: Pick<FoundConfig, 'text' | 'unreadable'>): ParsedConfig {
  const parsed = parseConfig(found.text);
  if (!found.unreadable) return parsed;
  const start = Math.min(found.unreadable.offset ?? 0, found.text.length);
  const end = Math.min(start + 1, found.text.length);
  const problem: ConfigProblem = {
    severity: 'error',
    message: `Cannot read this configuration file: ${found.unreadable.error}.`,
    range: { start, end },
  };
  return { config: parsed.config, problems: [problem, ...parsed.problems] };
}
