import { analyze } from '../analyze';
import type { CodeParser } from '../code/syntax';
import type { OffsetRange } from '../json/ranges';
import { languageOfPath } from '../source';

/**
 * The named tools another file declares, for a census that sends them along (`WorkspaceHost.toolsOf`):
 * one definition for every adapter, so the CLI and the server read another file alike.
 */
export function toolNamesIn(
  text: string,
  path?: string,
  code?: CodeParser,
): Array<{ readonly name: string; readonly range: OffsetRange; readonly announced?: string }> {
  // In the file's own syntax: a YAML file, or a source module of a server spread over several.
  const analysis = analyze(text, { language: languageOfPath(path), ...(code ? { code } : {}) });
  // The label a snapshot's server announces: VS Code numbers servers by it.
  const announced = analysis.requests.find((r) => r.serverAnnounced !== undefined)?.serverAnnounced;
  return analysis.tools.flatMap((t) =>
    t.name === undefined
      ? []
      : [{ name: t.name, range: t.declaration.name.range, ...(announced !== undefined ? { announced } : {}) }],
  );
}
