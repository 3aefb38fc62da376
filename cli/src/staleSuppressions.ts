import {
  judgeEntry,
  staleIgnoreEntries,
  type Analysis,
  type AnalysisOptions,
  type LoadedConfig,
  type ToolwireWorkspace,
} from '../../server/src/core';
import type { AnalysedFile } from './analyzeFiles';

/**
 * `.toolwire.json` `ignore` entries that silence nothing, as findings of the config file itself
 * (so every report format shows them, with the exit code their severity gives). An entry is judged
 * across the files its glob matches: unused only when the run analysed all of them, and matching
 * no file at all is stale whatever the run checked. `base` is the severity the run's files were
 * analysed with before each config's (`--hints` turns renamed-on-wire on), so an entry for a code
 * off in that run is not judged, and one the run turned on is.
 */
export function staleSuppressionFiles(
  configs: readonly LoadedConfig[],
  files: readonly AnalysedFile[],
  workspace: Pick<ToolwireWorkspace, 'findFiles'>,
  display: (path: string) => string,
  base: AnalysisOptions['severity'] = undefined,
): AnalysedFile[] {
  const byPath = new Map(files.map((f) => [f.absolute, f]));
  const out: AnalysedFile[] = [];
  for (const { found, parsed } of configs) {
    const entries = parsed.config.suppressions ?? [];
    if (entries.length === 0) continue;
    const prefix = found.folder.endsWith('/') ? found.folder : `${found.folder}/`;
    // A matching file that a nearer config governs uses none of this one's entries (entry
    // numbers of another config must not count as this one's).
    const analysisOf = (file: string) => {
      const analysed = byPath.get(`${prefix}${file}`);
      if (!analysed) return undefined;
      return analysed.modelled.configPath === found.path ? analysed.analysis : { suppression: undefined };
    };
    const severity = base || parsed.config.severity ? { ...base, ...parsed.config.severity } : undefined;
    const findings = staleIgnoreEntries(entries, severity, (entry) =>
      judgeEntry(entry, workspace.findFiles(found.folder, [entry.file]), analysisOf),
    );
    // A config file's report: its stale entries, no tools (nothing for `fix` to re-analyse).
    if (findings.length > 0)
      out.push({
        display: display(found.path),
        absolute: found.path,
        text: found.text,
        analysis: configAnalysis(findings),
        options: {},
        reads: [],
        modelled: { providers: [] },
      });
  }
  return out;
}

/** A config file's findings as an analysis with no tools (no fix writes a string in it). */
function configAnalysis(findings: Analysis['findings']): Analysis {
  return {
    format: null,
    documentKind: 'json',
    requests: [],
    tools: [],
    references: [],
    findings,
    syntaxProblems: [],
    clients: [],
    strings: () => undefined,
  };
}
