import { analyze } from '../analyze';
import type { OffsetRange } from '../json/ranges';

/**
 * The named tools another file declares, for a census that sends them along (`WorkspaceHost.toolsOf`):
 * one definition for every adapter, so the CLI and the server read another file alike.
 */
export function toolNamesIn(text: string): Array<{ readonly name: string; readonly range: OffsetRange }> {
  return analyze(text).tools.flatMap((t) => (t.name === undefined ? [] : [{ name: t.name, range: t.declaration.name.range }]));
}
