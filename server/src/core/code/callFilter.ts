import type { Library } from './libraries';

/** Whether the call between two offsets may be one a pattern matches. */
export type CallFilter = (start: number, end: number) => boolean;

/**
 * Which calls of a file may be a library's: a call every pattern can match holds, between its
 * start and end, the last name its callee is compared on (`registerTool` of `.registerTool`,
 * `McpServer`, `tool`), as every callee is written inside its call and no name is split by
 * whitespace or a comment. Most calls of a server (a handler's `db.query`, `JSON.stringify`) hold
 * none, and reading a call's callee crosses into WASM several times, so they are dropped before
 * it is read. undefined: keep every call, when a pattern may match a name not written there (a
 * decorator imported under an alias, `import tool as t; t()(fn)`) or has no last name to look for.
 */
export function callFilter(
  libraries: readonly Library[],
  text: string,
): ((start: number, end: number) => boolean) | undefined {
  const words = new Set<string>();
  for (const library of libraries) {
    const names = [
      ...(library.servers ?? []).map((s) => s.callee),
      ...(library.calls ?? []).flatMap((c) => [c.callee, c.method]),
      ...(library.keyed ?? []).map((k) => k.callee),
      ...(library.records ?? []).map((r) => r.callee),
      ...(library.lists ?? []).flatMap((l) => [l.method, l.callee]),
      ...(library.decorators ?? []).flatMap((d) => [d.callee, d.method]),
      ...(library.removers ?? []).map((r) => r.method),
    ];
    if ((library.decorators ?? []).some((d) => d.importedFrom)) return undefined;
    // A record's callee imported under another name (`Experimental_Agent as Agent`) is called by that name.
    if ((library.records ?? []).some((r) => text.includes(`${r.callee} as `))) return undefined;
    for (const name of names) {
      if (name === undefined) continue;
      const last = /[A-Za-z0-9_$]+$/.exec(name)?.[0];
      if (last === undefined) return undefined;
      words.add(last);
    }
  }
  const starts: number[] = [];
  for (const word of words)
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) starts.push(at);
  starts.sort((a, b) => a - b);
  return (start, end) => {
    const first = firstAtOrAfter(starts, start);
    return first < starts.length && starts[first]! < end;
  };
}

function firstAtOrAfter(sorted: readonly number[], offset: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}
