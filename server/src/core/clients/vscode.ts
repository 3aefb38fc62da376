import type { ClientOutcome, ClientRule, ClientTool } from './model';
import { ALONE, sentOrRenamed, sharedNames } from './shared';

const PREFIX = 'mcp_';
const MAX_PREFIX_LENGTH = 18;
const MAX_LENGTH = 64;

const ALREADY = (id: string) => `Tool "${id}" is already registered.`;

/**
 * VS Code (Copilot Chat MCP), microsoft/vscode `mcpServer.ts` (McpPrefixGenerator, McpTool,
 * _normalizeTool), `mcpLanguageModelToolContribution.ts` (_syncTools) and
 * `languageModelToolsService.ts` (registerToolData throws on a taken id). The label is the name
 * the server announces (`serverInfo.title || name`) when known, else its mcp.json key; servers take
 * prefixes in configuration order. JavaScript regexes without the `u` flag: an emoji is two `_`.
 */
export const vscode: ClientRule = {
  label: 'VS Code (Copilot Chat)',
  version: 'main @0052d689 (2026)',
  sources: [
    'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts @0052d689 (McpPrefixGenerator, McpTool, _normalizeTool)',
    'microsoft/vscode src/vs/workbench/contrib/mcp/test/common/mcpPrefixGenerator.test.ts @43e90ec1',
    'microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpLanguageModelToolContribution.ts @027907cb (_syncTools)',
    'microsoft/vscode src/vs/workbench/contrib/chat/browser/tools/languageModelToolsService.ts @00e03ed0 (registerToolData)',
  ],
  provider: 'openai',
  shape: 'mcp_ + label (lower-cased, cut to 13, numbered when taken) + _ + tool, cut to 64',
  rewrite(tools) {
    const prefixes = prefixesForServers(tools);
    const ids = tools.map((t) => idOf(prefixes.get(t.server)!, t));
    const shared = sharedNames(ids);
    // No id twice: every tool registers, in whatever order (no sort of each server's tools).
    const fates = shared.size === 0 ? tools.map((): Fate => KEPT) : register(tools, ids);
    return withGroups(tools, ids, fates, shared);
  },
};

/** The tool whose registration throws first: the first, in registration order, of the tools that share an id. */
export interface Thrower {
  readonly kind: 'vscode-thrower';
  readonly name: string;
  readonly index: number;
  readonly id: string;
  readonly tool: string;
}

export function isThrower(value: unknown): value is Thrower {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'vscode-thrower';
}

/** One server's tools (the pivot is stated for one): the thrower, or undefined when no id is shared. */
export function firstThrower(tools: readonly ClientTool[]): Thrower | undefined {
  const prefixes = prefixesForServers(tools);
  const ids = tools.map((t) => idOf(prefixes.get(t.server)!, t));
  let first: Thrower | undefined;
  for (const members of sharedNames(ids).values()) {
    for (const i of members) {
      const name = normalized(tools[i]!);
      if (!first || !sortsBefore(first.name, first.index, { name, index: i }))
        first = { kind: 'vscode-thrower', name, index: i, id: ids[i]!, tool: tools[i]!.tool };
    }
  }
  return first;
}

/** Whether the tool at `index` of its server registers before the thrower (and so is not lost with the rest). */
export function registersBefore(tool: ClientTool, index: number, thrower: Thrower): boolean {
  return sortsBefore(normalized(tool), index, thrower);
}

/** The id of a tool whose server is registered alone (its prefix is the server's first). */
export function loneServerId(tool: ClientTool): string {
  return idOf(prefixesForServers([tool]).get(tool.server)!, tool);
}

/** Registration order within a server: by normalised name, then by place (the sort is stable). */
function sortsBefore(name: string, index: number, other: { readonly name: string; readonly index: number }): boolean {
  const order = name.localeCompare(other.name);
  return order < 0 || (order === 0 && index < other.index);
}

function normalized(tool: ClientTool): string {
  return tool.tool.replace(/[^a-z0-9_-]/gi, '_');
}

/** Why a tool registered after the thrower is lost. */
export function lostAfter(id: string, thrower: string): string {
  return `never registered: VS Code stopped this server's tools at '${ALREADY(id)}' (thrown for ${thrower})`;
}

function idOf(prefix: string, tool: ClientTool): string {
  return (prefix + normalized(tool)).replace(/\./g, '_').slice(0, MAX_LENGTH);
}

/** Servers in registration order, each with the label VS Code takes a prefix for. */
function prefixesForServers(tools: readonly ClientTool[]): Map<string, string> {
  const servers = new Map<string, string>();
  for (const t of tools) if (!servers.has(t.server)) servers.set(t.server, t.announced || t.server);
  const byLabel = prefixesFor([...servers.values()], true);
  return new Map([...servers.keys()].map((server, i) => [server, byLabel[i]!]));
}

/**
 * One prefix per label, taken in order: buckets keyed by the safe label, lowest free index first
 * (a second `foo` gets `mcp_foo2_`). `prefixesFor(labels)` maps distinct labels; with `all`, every
 * entry takes its own slot, as two servers with one label do.
 */
export function prefixesFor(labels: readonly string[]): Map<string, string>;
export function prefixesFor(labels: readonly string[], all: true): string[];
export function prefixesFor(labels: readonly string[], all?: true): Map<string, string> | string[] {
  const used = new Map<string, number>();
  const take = (label: string) => {
    const safe = label
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '_')
      .slice(0, MAX_PREFIX_LENGTH - PREFIX.length - 1);
    const index = (used.get(safe) ?? 0) + 1;
    used.set(safe, index);
    const suffix = `${index === 1 ? '' : String(index)}_`;
    return PREFIX + safe.slice(0, MAX_PREFIX_LENGTH - PREFIX.length - suffix.length) + suffix;
  };
  if (all) return labels.map(take);
  const prefixes = new Map<string, string>();
  for (const label of labels) if (!prefixes.has(label)) prefixes.set(label, take(label));
  return prefixes;
}

type Fate = { kept: boolean; reason?: string; collateral?: boolean };
const KEPT: Fate = Object.freeze({ kept: true });
const NOT_KEPT: Fate = Object.freeze({ kept: false });

/** The tools a throw keeps from registering, said where the fix is (the tool that threw). */
function andAfter(count: number): string {
  return count === 0 ? '' : `, and so ${count === 1 ? 'is the tool' : `are the ${count} tools`} registered after it`;
}

/**
 * Replays `_syncTools` for each server in order. A server's tools are sorted by their normalised
 * name; the first tool with an id is queued, a later one with the same id replaces it at once
 * (the tools are taken as different definitions), and then the queue is registered. Registering
 * an id that is taken throws, which ends that server's pass: the tool and every queued tool after
 * it are lost.
 */
function register(tools: readonly ClientTool[], ids: readonly string[]): Fate[] {
  // Fates are replaced, never changed: one object per kind of fate, not one per tool (a server
  // stopped by a throw loses every tool, and 10k objects for the same fate were garbage).
  const fates: Fate[] = tools.map(() => NOT_KEPT);
  const registered = new Map<string, number>();
  const servers = new Map<string, number[]>();
  const collator = new Intl.Collator();
  tools.forEach((t, i) => (servers.get(t.server) ?? servers.set(t.server, []).get(t.server)!).push(i));
  for (const members of servers.values()) {
    const names = new Map(members.map((i) => [i, normalized(tools[i]!)]));
    // A collator orders as `localeCompare` does (both compare with the default locale's
    // collation), without looking the locale up again for each of 10k log 10k comparisons.
    const sorted = [...members].sort((a, b) => collator.compare(names.get(a)!, names.get(b)!));
    const inline = new Map<string, number>();
    const seen = new Set<string>();
    const queue: number[] = [];
    let failed: { at: number; id: string } | undefined;
    for (const i of sorted) {
      const id = ids[i]!;
      if (!seen.has(id)) {
        seen.add(id);
        queue.push(i);
        continue;
      }
      const previous = inline.get(id);
      if (previous !== undefined) {
        registered.delete(id);
        fates[previous] = { kept: false, reason: `replaced by a later tool with the same id ${id}` };
      }
      if (registered.has(id)) {
        failed = { at: sorted.indexOf(i), id };
        break;
      }
      registered.set(id, i);
      inline.set(id, i);
      fates[i] = KEPT;
    }
    const lost = (reason: string) => {
      const fate: Fate = { kept: false, reason, collateral: true };
      return (i: number) => (fates[i] = fate);
    };
    if (failed) {
      const why = `never registered: VS Code stopped this server's tools at '${ALREADY(failed.id)}'`;
      fates[sorted[failed.at]!] = {
        kept: false,
        reason: `VS Code throws '${ALREADY(failed.id)}' and the tool is lost${andAfter(sorted.length - failed.at - 1 + queue.length)}`,
      };
      sorted.slice(failed.at + 1).forEach(lost(why));
      queue.forEach(lost(why));
      continue;
    }
    for (let k = 0; k < queue.length; k++) {
      const i = queue[k]!;
      const id = ids[i]!;
      if (registered.has(id)) {
        fates[i] = {
          kept: false,
          reason: `VS Code throws '${ALREADY(id)}' and the tool is lost${andAfter(queue.length - k - 1)}`,
        };
        queue.slice(k + 1).forEach(lost(lostAfter(id, tools[i]!.tool)));
        break;
      }
      registered.set(id, i);
      fates[i] = KEPT;
    }
  }
  return fates;
}

/** Turns the replay into outcomes, with a group (and its survivor) for each id several tools share. */
function withGroups(
  tools: readonly ClientTool[],
  ids: readonly string[],
  fates: readonly Fate[],
  shared: ReadonlyMap<string, number[]>,
): ClientOutcome[] {
  const result: ClientOutcome[] = tools.map((t, i) => {
    const f = fates[i]!;
    if (f.kept) return { wireName: ids[i]!, fate: sentOrRenamed(t, ids[i]!), group: ALONE };
    const reason = f.reason ?? 'not registered';
    // One literal per shape (a spread of a fresh object per lost tool was most of this loop).
    return f.collateral
      ? { wireName: ids[i]!, fate: 'dropped', reason, collateral: true, group: ALONE }
      : { wireName: ids[i]!, fate: 'dropped', reason, group: ALONE };
  });
  for (const members of shared.values()) {
    const survivor = members.find((m) => fates[m]!.kept);
    const sharedReason = `VS Code registers one tool per id; registering another throws '${ALREADY(ids[members[0]!]!)}'`;
    for (const m of members)
      result[m] = { ...result[m]!, group: members, sharedReason, ...(survivor !== undefined ? { survivor } : {}) };
  }
  return result;
}
