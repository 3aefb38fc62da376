import { analyze } from '../analyze';
import type { OffsetRange } from '../json/ranges';

/**
 * The named tools another file declares, for a census that sends them along (`WorkspaceHost.toolsOf`):
 * one definition for every adapter, so the CLI and the server read another file alike.
 */
export function toolNamesIn(text: string): Array<{ readonly name: string; readonly range: OffsetRange; readonly announced?: string }> {
  const analysis = analyze(text);
  // The label a snapshot's server announces: VS Code numbers servers by it (issue 8 item 1).
  const announced = analysis.requests.find((r) => r.serverAnnounced !== undefined)?.serverAnnounced;
  return analysis.tools.flatMap((t) => (t.name === undefined ? [] : [{ name: t.name, range: t.declaration.name.range, ...(announced !== undefined ? { announced } : {}) }]));
}
