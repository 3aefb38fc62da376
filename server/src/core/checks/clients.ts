import {
  othersInClientGroup,
  positionOf,
  type ClientPeer,
  type ClientResult,
  type ClientToolOutcome,
} from '../clients/census';
import type { ClientId } from '../clients/profiles';
import { uniqueLocations, type FindingCode, type NameFixIntent, type RelatedLocation } from '../findings';
import type { OffsetRange } from '../json/ranges';
import type { AnalyzedTool } from '../model';
import { modelSafe } from '../wire/derivations';
import { quote, type CheckContext, type ToolVisitor } from './context';

export function localToolsOf(context: CheckContext): Array<{ name: string; tool: number; range: OffsetRange }> {
  return context.census.tools.flatMap((t, i) =>
    t.name === undefined ? [] : [{ name: t.name, tool: i + context.firstTool, range: t.declaration.name.range }],
  );
}

/** Every client outcome asks for a rename to a name that survives every enabled client (fixes/clientConstraints.ts). */
const CLIENT_RENAME: NameFixIntent = Object.freeze({ kind: 'rename', preferred: true });

type ClientCode = 'client-collision' | 'client-rejected' | 'client-dropped';

/** How client findings are told: at most warnings, and without a server name nobody gave. */
interface ClientFindingStyle {
  readonly capAtWarning: boolean;
  readonly serverKnown: boolean;
}

interface Note {
  readonly client: ClientId;
  /** `VS Code 1.101`: the label and the version modelled. */
  readonly label: string;
  readonly text: string;
  readonly related: readonly RelatedLocation[];
  /** This tool keeps the shared name in this client (so it needs no rename for it). */
  readonly keeps: boolean;
  /** The name this client sends, or null when it holds the unknown server's placeholder. */
  readonly wireName: string | null;
  /** The first other tool of a shared name, quoted. */
  readonly peer?: string;
  /** That tool is the only other one and its own name is the wire name shown: it is named once. */
  readonly peerIsWireName?: boolean;
  /** A client collision's effect on this tool, in a few words. */
  readonly effect?: string;
  /** A shorter server name alone would avoid this fate: only then is it advised. */
  readonly lengthIsCause: boolean;
  /** client-rejected: how many of the document's other tools fail with this tool's request. */
  readonly downed?: number;
  /** No public source confirms this fate in this client (`ClientRule.unconfirmed`). */
  readonly unconfirmed?: boolean;
}

/**
 * client-rejected / client-dropped / client-collision: what each enabled MCP client does to the
 * document's tools, with the servers it sends together. One finding per tool and code, naming
 * every client (and the version modelled) it comes from, and the fix: a name that survives every
 * enabled client.
 */
export function checkClients(
  context: CheckContext,
  results: readonly ClientResult[],
  style: ClientFindingStyle = { capAtWarning: false, serverKnown: true },
): ToolVisitor | undefined {
  if (results.length === 0) return undefined;
  // Counted once per client for all its rejected tools, not once per rejected tool.
  const downed = results.map((result) => memo(() => downedCounts(result)));
  // Where each result's outcome for the last tool visited was: outcomes are in tool order, so the
  // next tool's is most often the next one (a search of each result for each tool otherwise).
  const next = results.map(() => 0);
  return (tool, local) => {
    const global = local + context.firstTool;
    let notes: Map<FindingCode, Note[]> | undefined;
    for (let r = 0; r < results.length; r++) {
      const result = results[r]!;
      const position = result.tools[next[r]!]?.tool === global ? next[r]! : positionOf(result, global);
      if (position === undefined) continue;
      next[r] = position + 1;
      const outcome = result.tools[position]!;
      // Most tools are sent plainly by every client: nothing to say, so nothing is made for them.
      const code = noteCodeOf(outcome);
      if (code === undefined) continue;
      const note = noteOf(context, result, outcome, code, style, downed[r]!);
      const unconfirmed = result.profile.unconfirmed?.some((c) => c === code) === true;
      notes ??= new Map();
      (notes.get(code) ?? notes.set(code, []).get(code)!).push(unconfirmed ? { ...note, unconfirmed } : note);
    }
    for (const [code, list] of notes ?? []) reportClients(context, tool, local, code, list, style);
  };
}

/** What one client does to one tool, as a line of the tool's finding for that code. */
function noteOf(
  context: CheckContext,
  result: ClientResult,
  outcome: ClientToolOutcome,
  code: ClientCode,
  style: ClientFindingStyle,
  downed: () => ReadonlyMap<number, number>,
): Note {
  const { profile } = result;
  const who = `${profile.label} ${profile.version}`;
  // An unknown server's wire names hold a placeholder: say what happens, not a made-up name.
  const name = context.allTools[outcome.tool]?.name;
  const shown = style.serverKnown || outcome.wireName === name ? outcome.wireName : null;
  const sent = shown !== null ? `sent as ${quote(shown ?? '')}` : 'renamed';
  const base = { client: result.client, label: profile.label, wireName: shown };
  if (code === 'client-collision') {
    const peers = othersInClientGroup(outcome, 4);
    const first = peers[0];
    const likeWhom = peerList(peers, outcome.group.length - 1);
    // Never "sent as "a_b", like "a_b"": the one other tool whose own name is the wire name.
    const peerIsWireName = shown !== null && outcome.group.length === 2 && first?.name === shown;
    return {
      ...base,
      text: `${who}: ${peerIsWireName ? `sent under the same name as ${likeWhom}` : `${sent}, like ${likeWhom}`}; ${unnamed(collisionEffect(outcome), outcome.wireName, name, style)}`,
      ...(peerIsWireName ? { peerIsWireName } : {}),
      // A shared cut can gather hundreds of tools; point at the first few, name the count.
      related: othersInClientGroup(outcome, MAX_RELATED).map((p) => related(context, p, shown)),
      keeps: keeperOf(context, outcome) === outcome.tool,
      ...(first ? { peer: peerName(first) } : {}),
      // Without a survivor the client's own words (an error, a wrong call) go in the detail.
      ...(outcome.survivor
        ? {
            effect:
              outcome.survivor.tool === outcome.tool && outcome.survivor.file === undefined
                ? 'the other is lost'
                : 'this one is lost',
          }
        : {}),
      lengthIsCause:
        style.serverKnown && name !== undefined && first !== undefined && shortServerSeparates(result, name, first),
    };
  }
  const lengthIsCause = style.serverKnown && name !== undefined && shortServerSaves(result, name);
  if (code === 'client-rejected')
    return {
      ...base,
      text: `${who}: ${sent}, and ${outcome.reason ?? 'the provider rejects it'}`,
      related: [],
      keeps: false,
      downed: downed().get(outcome.tool) ?? 0,
      lengthIsCause,
    };
  return {
    ...base,
    text: `${who}: left out (${unnamed(outcome.reason ?? 'dropped', outcome.wireName, name, style)})`,
    related: [],
    keeps: false,
    lengthIsCause,
  };
}

/** One tool's finding for one code, from every client's note on it, with the fix. */
function reportClients(
  context: CheckContext,
  tool: AnalyzedTool,
  local: number,
  code: FindingCode,
  list: readonly Note[],
  style: ClientFindingStyle,
): void {
  // The tool that keeps a shared name in every client loses nothing: the others' findings
  // name it and carry the fix.
  if (list.every((n) => n.keeps)) return;
  // "shorten the server name" only where a shorter one would help.
  const shorten = list.some((n) => n.lengthIsCause) ? ', or shorten the server name' : '';
  // Whether a name that survives every client exists is known where the fix is built: the
  // remedy names both ways out, and the quick fix says which name.
  const remedy = ` Rename it to a name every enabled client keeps${shorten}.`;
  const whatever = style.serverKnown ? '' : 'Whatever the server is called: ';
  // What no public source confirms in any client that does it is never an error, and says so.
  const unconfirmed = list.every((n) => n.unconfirmed === true);
  const severity = code === 'client-dropped' || style.capAtWarning || unconfirmed ? 'warning' : 'error';
  context.sink.add(code, severity, {
    message: clientLead(code, list),
    detail: `${unconfirmed ? 'Unconfirmed (no public source shows it yet). ' : ''}${whatever}${list.map((n) => n.text).join('. ')}.${remedy}`,
    range: tool.declaration.name.range,
    pointer: tool.declaration.name.pointer,
    related: uniqueLocations(list.flatMap((n) => n.related)),
    tool: local + context.firstTool,
    clients: list.map((n) => n.client),
    nameFix: CLIENT_RENAME,
  });
}

function memo<T>(compute: () => T): () => T {
  let cached: { value: T } | undefined;
  return () => (cached ??= { value: compute() }).value;
}

/** The one sentence: the first client's wire name and what happens, and how many others agree. */
function clientLead(code: FindingCode, list: readonly Note[]): string {
  const first = list[0]!;
  const by =
    list.length === 1
      ? first.label
      : `${first.label} and ${list.length - 1} more client${list.length === 2 ? '' : 's'}`;
  // One client's effect only: with several, each says its own in the detail.
  const effect = list.length === 1 && first.effect !== undefined ? `: ${first.effect}` : '';
  switch (code) {
    case 'client-collision':
      return first.wireName !== null && !first.peerIsWireName
        ? `Sent as ${quote(first.wireName)} by ${by}, like ${first.peer ?? 'another tool'}${effect}.`
        : `Sent by ${by} under the same name as ${first.peer ?? 'another tool'}${effect}.`;
    case 'client-rejected': {
      // The request fails as a whole: say how many other tools it takes down with it.
      const downed = Math.max(0, ...list.map((n) => n.downed ?? 0));
      const withIt = downed === 0 ? '' : ` (and ${downed} other tool${downed === 1 ? '' : 's'} with it)`;
      return first.wireName !== null
        ? `Sent as ${quote(first.wireName)} by ${by}: the whole request fails${withIt}.`
        : `Renamed by ${by} to a name that fails the whole request${withIt}.`;
    }
    default:
      return `Left out by ${by}: the model never sees this tool.`;
  }
}

/** Per tool, how many of the document's tools fail only because it fails their request in this client. */
function downedCounts(result: ClientResult): Map<number, number> {
  const counts = new Map<number, number>();
  for (const other of result.tools) {
    const cause = other.cause?.tool;
    if (other.collateral && other.fate === 'request-fails' && cause !== undefined)
      counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return counts;
}

/** A one-character stand-in for the server name: what any shorter name could do at best. */
const SHORT_SERVER = 's';

/** The tool fails or is dropped under its server's name but, alone, not under a one-character one. */
function shortServerSaves(result: ClientResult, name: string): boolean {
  if ([...result.server].length <= 1) return false;
  const ok = (server: string) => {
    const [o] = result.profile.rewrite([{ server, tool: name }]);
    return o !== undefined && (o.fate === 'sent' || o.fate === 'renamed');
  };
  // The short name first: a name that fails under any server (most of them) costs one rewrite.
  return ok(SHORT_SERVER) && !ok(result.server);
}

/** The two names share a wire name under this server's name, but not under a one-character one. */
function shortServerSeparates(result: ClientResult, name: string, peer: ClientPeer): boolean {
  if ([...result.server].length <= 1) return false;
  const shared = (server: string) => {
    const [a, b] = result.profile.rewrite([
      { server, tool: name },
      { server: peer.server === result.server ? server : peer.server, tool: peer.name },
    ]);
    return a !== undefined && b !== undefined && a.wireName !== null && a.wireName === b.wireName;
  };
  // The short name first: names that meet under any server (most of them) cost one rewrite.
  return !shared(SHORT_SERVER) && shared(result.server);
}

/**
 * A client's own words can quote the wire name (VS Code's 'Tool "mcp_x_get" is already
 * registered.'); with the server name unknown that name holds the placeholder, which must not read
 * as a real server's.
 */
function unnamed(text: string, wireName: string | null, name: string | undefined, style: ClientFindingStyle): string {
  if (style.serverKnown || wireName === null || wireName === name || wireName === '') return text;
  return text.split(wireName).join('…its prefixed name…');
}

/**
 * The tool of a shared name that keeps it: the client's survivor; else, all in this file, the
 * one whose name is already clean (as the runtime's census keeps `a_b` over `a.b`, so the two
 * findings never advise opposite renames), then the first. With peers in other files nobody is
 * sure to keep it, so every file offers its rename.
 */
function keeperOf(context: CheckContext, outcome: ClientToolOutcome): number | undefined {
  if (outcome.survivor) return outcome.survivor.tool;
  const cached = context.keepers.get(outcome.group);
  if (cached !== undefined || context.keepers.has(outcome.group)) return cached;
  let keeper: number | undefined;
  if (!outcome.group.some((p) => p.tool === undefined)) {
    // Members are in census order, so the first clean one is the lowest index.
    const clean = outcome.group.find((p) => {
      const name = context.allTools[p.tool!]?.name;
      return name !== undefined && modelSafe(name) === name;
    });
    keeper = (clean ?? outcome.group[0])?.tool;
  }
  context.keepers.set(outcome.group, keeper);
  return keeper;
}

function collisionEffect(outcome: ClientToolOutcome): string {
  const reason = outcome.sharedReason ?? 'a call may reach the wrong tool';
  if (!outcome.survivor) return reason;
  if (outcome.survivor.tool === outcome.tool) return `this one stays and the other is lost (${reason})`;
  return `${peerName(outcome.survivor)} stays and this one is lost (${reason})`;
}

const MAX_RELATED = 10;

function peerList(peers: readonly ClientPeer[], total: number): string {
  const shown = peers.map(peerName).join(', ');
  return total > peers.length ? `${shown} and ${total - peers.length} more` : shown;
}

function peerName(peer: ClientPeer): string {
  return peer.file === undefined ? quote(peer.name) : `${quote(peer.name)} of server ${quote(peer.server)}`;
}

/** `wireName` is null when it holds the unknown server's placeholder, which is never shown. */
function related(context: CheckContext, peer: ClientPeer, wireName: string | null): RelatedLocation {
  const sent = wireName === null ? 'gets the same name' : `is also sent as ${quote(wireName)}`;
  if (peer.tool !== undefined) {
    const tool = context.allTools[peer.tool]!;
    return { range: tool.declaration.name.range, message: `${quote(peer.name)} ${sent}` };
  }
  return {
    range: peer.range ?? { start: 0, end: 0 },
    message: `${quote(peer.name)} of server ${quote(peer.server)} ${sent}`,
    ...(peer.file !== undefined ? { file: peer.file } : {}),
  };
}

/**
 * The finding an outcome makes, if any: a shared name, a failed request, or a tool left out for
 * its name. A tool left out for the count (Windsurf's cap) or because another tool failed (VS
 * Code) makes none: the failing tool's finding says how many it takes down, and its fix brings
 * them back.
 */
function noteCodeOf(outcome: ClientToolOutcome): ClientCode | undefined {
  if (outcome.group.length > 1) return 'client-collision';
  // A tool failing only because another tool fails the request gets no finding: the cause's
  // finding says how many tools it takes down, and its hover says which tool to fix.
  if (outcome.fate === 'request-fails') return outcome.collateral ? undefined : 'client-rejected';
  if (outcome.fate === 'dropped' && !outcome.overLimit && !outcome.collateral) return 'client-dropped';
  return undefined;
}
