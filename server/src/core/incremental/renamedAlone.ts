import { clientPlanUnder, runChecks, serverInfo } from '../analyze';
import { localToolsOf } from '../checks/clients';
import type { ClientPlan } from '../workspace/clientPlan';
import { rewrittenAlone, type ClientCarry, type ClientInput, type RewrittenAlone } from './clientsAlone';
import { CensusCarry, type RequestCarry } from './carry';
import { caseKeyOf, keyOfWire, NO_GROUP, NO_VERDICTS, verdictsFor, type CensusResult } from '../census/census';
import { wireGroupsOf } from '../census/groups';
import { computeWire, type WireComputation } from '../census/wire';
import type { CheckContext } from '../checks/context';
import { FindingSink } from '../checks/sink';
import { compareFindings, type Finding } from '../findings';
import { onePerProblem } from '../checks/onePerProblem';
import type { ExtractedRequest } from '../formats/model';
import type { Analysis, AnalyzedTool } from '../model';
import { settingsForRequest, type AnalysisOptions, type RequestSettings } from '../settings';
import type { TextReader } from '../text/pieceText';
import { rekeyed, staysAlone } from '../util/sharedKeys';
import type { EditedName } from './nameEdit';
import type { ChangedRegion } from './region';
import { shiftAnalysis } from './shift';

/**
 * A name edit that can change no finding but the renamed tool's: the previous analysis shifted,
 * with that tool's census entry and findings made again and nothing else. Given when all of this
 * holds, else undefined (the caller takes the whole census again, with `carry` untouched):
 * - the tool is in no group of wire names or of lower-cased wire names, before or after, and
 *   stays offered or not offered (no group, and no tool count, changes);
 * - its request has no references (a reference resolves by name) and no MCP client plan (a
 *   client's census and the server-name budget read every name), and no suppression can apply
 *   (no directive marker in the text, no `ignore` entry).
 * (Proposed names are no part of the analysis: a finding asks for a name fix, and the name is
 * chosen where fixes are built, `fixes/buildFixes.ts`.) Then every other finding is its predecessor moved, and the renamed tool's are what a full run
 * would find on it (the checks of each tool, `runChecks`, over that one). The chain test in
 * test/core/nameEdit.test.ts holds it to `analyze` at every step.
 *
 * `carry` is the previous census's, brought to the new text (`CensusCarry.after`).
 */
export function renamedAlone(
  analysis: Analysis,
  options: AnalysisOptions,
  carry: CensusCarry,
  edited: EditedName,
  region: ChangedRegion,
  newText: TextReader,
  strings: Analysis['strings'],
): { analysis: Analysis; carry: CensusCarry } | undefined {
  const own = carry.peek()?.[edited.request];
  if (!own || !carry.text.directiveFree || (options.suppressions?.length ?? 0) > 0) return undefined;
  if (analysis.references.some((r) => r.request === edited.request)) return undefined;
  const clients =
    analysis.clients.length > 0 || analysis.server !== undefined
      ? clientsOf(analysis, options, own, edited)
      : undefined;
  if (clients === null) return undefined;
  const renamed = renamedTool(analysis, options, own, edited, region);
  if (!renamed) return undefined;
  const { previous, tool, global } = renamed;
  // Every client gives every other tool the outcome it had (else undefined, nothing changed).
  const rewritten =
    clients && previous.name !== undefined && tool.name !== undefined
      ? rewrittenAlone(analysis.clients, clients.carry, clients.input, global, previous.name, tool.name)
      : undefined;
  if (clients && !rewritten) return undefined;
  const rechecked = recheck(renamed, own, options, newText, clients && rewritten && { ...clients, rewritten });

  // Proven: take the carry and bring it up to this text.
  const requests = carry.take()!;
  const { shifted, local, reserved } = renamed;
  const updated: RequestCarry = {
    ...own,
    wires: rechecked.wires,
    wireKeys: rekeyed(own.wireKeys, local, keyOfWire(previous.wireName, reserved), renamed.wireKey)!,
    caseKeys: rekeyed(own.caseKeys, local, caseKeyOf(previous), caseKeyOf(tool))!,
  };
  rewritten?.commit();
  const rechecks = new Set([global, ...(rewritten?.causes ?? [])]);
  const findings = merged(
    shifted.findings.filter((f) => f.tool === undefined || !rechecks.has(f.tool)),
    onePerProblem(rechecked.sink.findings).sort(compareFindings),
  );
  const clientFacts =
    clients && rewritten
      ? {
          clients: rewritten.results,
          server: serverInfo(clients.plan, () => localToolsOf(rechecked.context), rewritten.results),
        }
      : {};
  return {
    analysis: { ...shifted, tools: renamed.tools, findings, strings, ...clientFacts },
    carry: new CensusCarry(
      requests.map((r, i) => (i === edited.request ? updated : r)),
      carry.text,
    ),
  };
}

/** The renamed tool's census entry, with the previous analysis shifted around it. */
interface RenamedTool {
  readonly shifted: Analysis;
  /** The shifted analysis's tools, the renamed one replaced (a new array: `shiftAnalysis` copies the list it moves). */
  readonly tools: AnalyzedTool[];
  readonly previous: AnalyzedTool;
  readonly tool: AnalyzedTool;
  readonly wire: WireComputation;
  readonly wireKey: string | undefined;
  /** Whether its wire name is a reserved one (`reserved`). */
  readonly isReserved: boolean;
  readonly reserved: ReadonlySet<string>;
  readonly request: ExtractedRequest;
  readonly requestIndex: number;
  readonly settings: RequestSettings;
  readonly firstTool: number;
  /** Request-local and global positions of the tool. */
  readonly local: number;
  readonly global: number;
}

/**
 * The renamed tool's census entry when it is in no group of wire names or of lower-cased wire
 * names, before or after, and stays offered or not offered; else undefined.
 */
function renamedTool(
  analysis: Analysis,
  options: AnalysisOptions,
  own: RequestCarry,
  edited: EditedName,
  region: ChangedRegion,
): RenamedTool | undefined {
  const firstTool = analysis.requests[edited.request]!.tools[0]!;
  const local = edited.tool;
  const previous = analysis.tools[firstTool + local]!;
  const request = edited.extraction.requests[edited.request]!;
  const declaration = request.declarations[local]!;
  const settings = settingsForRequest(request.format, options);
  const reserved = new Set(settings.reservedNames);
  const wire = computeWire(declaration, settings.derivation);
  const isReserved = wire.wireName !== null && reserved.has(wire.wireName);
  const fate = isReserved ? 'left-out' : wire.fate;
  const wireKey = isReserved ? undefined : (wire.wireName ?? undefined);
  // A tool in no group before or after, and of one offered-ness, leaves every group as it was.
  if (!staysAlone(own.wireKeys, local, keyOfWire(previous.wireName, reserved), wireKey)) return undefined;
  if ((previous.fate === 'offered') !== (fate === 'offered')) return undefined;
  const shifted = shiftAnalysis(analysis, region);
  if (!shifted) return undefined;
  const tool: AnalyzedTool = {
    ...shifted.tools[firstTool + local]!,
    declaration,
    name: wire.name,
    wireName: wire.wireName,
    wireSource: wire.source,
    fate,
    verdicts: wire.wireName === null ? NO_VERDICTS : verdictsFor(settings.targets)(wire.wireName),
    wireGroup: NO_GROUP,
    keptInGroup: undefined,
  };
  if (!staysAlone(own.caseKeys, local, caseKeyOf(previous), caseKeyOf(tool))) return undefined;
  const tools = shifted.tools as AnalyzedTool[];
  tools[firstTool + local] = tool;
  const global = firstTool + local;
  const requestIndex = edited.request;
  return {
    shifted,
    tools,
    previous,
    tool,
    wire,
    wireKey,
    isReserved,
    reserved,
    request,
    requestIndex,
    settings,
    firstTool,
    local,
    global,
  };
}

/** A lone re-check's clients: the plan, the carry and the rewrite of the renamed tool. */
interface LoneClients {
  readonly plan: ClientPlan;
  readonly carry: ClientCarry;
  readonly rewritten: RewrittenAlone;
}

/** What the renamed tool's checks found, and what the carry takes from them. */
interface Rechecked {
  readonly sink: FindingSink;
  readonly wires: WireComputation[];
  readonly context: CheckContext;
}

/** The renamed tool's checks, over the request as it now is. */
function recheck(
  renamed: RenamedTool,
  own: RequestCarry,
  options: AnalysisOptions,
  newText: TextReader,
  clients: LoneClients | undefined,
): Rechecked {
  const { local, firstTool, settings, tools } = renamed;
  const requestTools = tools.slice(firstTool, firstTool + renamed.shifted.requests[renamed.requestIndex]!.tools.length);
  const wires = own.wires.slice();
  wires[local] = renamed.wire;
  const sink = new FindingSink(options.severity);
  const context: CheckContext = {
    text: newText,
    request: renamed.request,
    census: {
      census: renamed.shifted.requests[renamed.requestIndex]!,
      tools: requestTools,
      wires,
      references: [],
      groups: wireGroupsOf(own.wireKeys, wires, settings.derivation),
      reserved: renamed.isReserved ? [local] : [],
      wireKeys: own.wireKeys,
      caseKeys: own.caseKeys,
    } satisfies CensusResult,
    settings,
    sink,
    firstTool,
    allTools: tools,
    keepers: new Map(),
  };
  // The renamed tool, and the causes of a failed request whose counts its rename moved.
  const locals = [local, ...(clients?.rewritten.causes ?? []).map((tool) => tool - firstTool)];
  runChecks(context, clients?.plan, clients?.rewritten.results ?? [], locals);
  return { sink, wires, context };
}

/**
 * What a lone re-check needs of a request with an MCP client plan, or null when it cannot have
 * one: one request (so every client result is its), a plan that sends its tools alone under one
 * server name (`ClientPlan.solo`), the census's client carry, and a result per loaded client.
 */
function clientsOf(
  analysis: Analysis,
  options: AnalysisOptions,
  own: RequestCarry,
  edited: EditedName,
): { plan: ClientPlan; carry: ClientCarry; input: ClientInput } | null {
  if (analysis.requests.length !== 1 || !own.clients) return null;
  const plan = clientPlanUnder(edited.extraction.requests[edited.request]!, options);
  if (!plan?.solo) return null;
  const loaded = plan.primary.enabled.filter((client) => !plan.primary.notLoadedBy?.includes(client));
  if (
    loaded.length !== analysis.clients.length ||
    analysis.clients.some((result, r) => result.client !== loaded[r] || result.server !== plan.primary.server)
  )
    return null;
  const census = analysis.requests[edited.request]!;
  const names = () => census.tools.flatMap((t) => analysis.tools[t]!.name ?? []);
  return {
    plan,
    carry: own.clients,
    input: {
      server: plan.primary.server,
      ...(plan.primary.announced !== undefined ? { announced: plan.primary.announced } : {}),
      names,
    },
  };
}

/** Two lists sorted by `compareFindings`, as one; on a tie the first list's finding comes first. */
function merged(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  let j = 0;
  for (const finding of a) {
    while (j < b.length && compareFindings(b[j]!, finding) < 0) out.push(b[j++]!);
    out.push(finding);
  }
  while (j < b.length) out.push(b[j++]!);
  return out;
}
