import { CensusCarry, lineEndOf, type CensusReuse, type RequestCarry } from './census/carry';
import { takeCensus } from './census/census';
import { checkAdsCapabilities } from './checks/ads';
import type { ClientResult } from './clients/census';
import { SurvivalCheck } from './clients/survival';
import type { ExtractedRequest, Extraction } from './formats/model';
import { isMcpFormat } from './formats/registry';
import { checkClients, clientConstraints, localToolsOf } from './checks/clients';
import { clientPlanFor, type ClientPlan, type LocalTool } from './workspace/clientPlan';
import type { ClientContext } from './workspace/model';
import { checkCaseCollisions, checkReservedNames, checkWireCollisions } from './checks/collisions';
import type { CheckContext } from './checks/context';
import { checkHistoryNames, checkMcpSourceNames, checkMissingNames, checkWireNames } from './checks/names';
import { checkParameterNames } from './checks/parameters';
import { checkReferences } from './checks/references';
import { checkRenamed, checkToolCount } from './checks/request';
import { checkSchemas } from './checks/schema';
import { checkSchemaClients } from './checks/schemaClients';
import { FindingSink } from './checks/sink';
import { compareFindings } from './findings';
import { onePerProblem } from './checks/onePerProblem';
import { sharedNamespace } from './fixes/invocationNameFix';
import { NamePool, ownNames, recounted } from './fixes/namePool';
import { recognizeDocument } from './formats/recognize';
import { ClientKeys } from './incremental/clientKeys';
import type { ClientCarry } from './incremental/clientsAlone';
import type { Analysis, AnalyzedReference, AnalyzedTool, RequestCensus, ServerNameInfo } from './model';
import { settingsForRequest, type AnalysisOptions } from './settings';
import { applySuppressions } from './suppress/apply';
import { DISABLE_NEXT_LINE } from './suppress/directives';
import { parseSource, skeletonReader, type SourceDocument, type TreeReader } from './source';
import type { TextReader } from './text/pieceText';

/**
 * The core's one entry point: text in, tools, wire names, census and findings out, as plain data
 * with offsets. No I/O, no LSP; never throws on any input (a failure inside a check is a bug, and
 * still must not take down the server: the adapters catch it and log).
 */
export function analyze(text: string, options: AnalysisOptions = {}): Analysis {
  return analyzeWithReader(text, options, skeletonReader);
}

/**
 * `analyze`, with what its census keeps for the next name edit (`census/carry.ts`): an editor
 * passes it back with the analysis (`PreviousAnalysis.carry`), so the first name typed after a
 * full analysis already re-checks one tool instead of taking the census again.
 */
export function analyzeWithCarry(
  text: string,
  options: AnalysisOptions = {},
): { analysis: Analysis; carry: CensusCarry } {
  const { parsed, extraction } = read(text, options, skeletonReader);
  return analyzeCarrying(text, parsed, extraction, options);
}

/**
 * `analyze` with the JSON/YAML reader given: the differential test (test/core/skeleton.test.ts)
 * passes the full-tree reader, the oracle the skeleton reader must agree with.
 */
export function analyzeWithReader(text: string, options: AnalysisOptions, reader: TreeReader): Analysis {
  const { parsed, extraction } = read(text, options, reader);
  return analyzeExtraction(text, parsed, extraction, options);
}

/** What the census and checks need of a read document besides its extraction. */
type ReadDocument = Pick<SourceDocument, 'kind' | 'problems' | 'strings' | 'code'>;

/**
 * The one tool whose name a name edit changed, and what the previous census kept: its census is
 * then taken again with the previous facts updated for that name (`census/carry.ts`).
 */
interface NameChange {
  readonly previous: Analysis;
  readonly carry: CensusCarry | undefined;
  readonly request: number;
  /** Request-local position of the tool. */
  readonly tool: number;
}

/**
 * Everything after the read: the census, the checks and the suppressions of an extraction. A
 * name edit (`incremental/nameEdit.ts`) calls it with the previous extraction, patched, and the
 * text in pieces: nothing here reads the text whole unless it holds a suppression directive.
 */
function analyzeExtraction(
  text: TextReader,
  parsed: ReadDocument,
  extraction: Extraction,
  options: AnalysisOptions,
): Analysis {
  return analyzeCarrying(text, parsed, extraction, options).analysis;
}

/**
 * `analyzeExtraction`, with what its census keeps for the next name edit, and after one (`change`)
 * from what the previous census kept. Whole-set facts are updated for the one name, never
 * guessed: the result is the analysis of the extraction (test/core/nameEdit.test.ts).
 */
export function analyzeCarrying(
  text: TextReader,
  parsed: ReadDocument,
  extraction: Extraction,
  options: AnalysisOptions,
  change?: NameChange,
): { analysis: Analysis; carry: CensusCarry } {
  const sink = new FindingSink(options.severity);
  const tools: AnalyzedTool[] = [];
  const references: AnalyzedReference[] = [];
  const requests: RequestCensus[] = [];
  const clients: ClientResult[] = [];
  const carries: RequestCarry[] = [];
  let server: ServerNameInfo | undefined;
  const carried = change?.carry?.take();
  const kept = carried && carried.length === extraction.requests.length ? carried : undefined;

  const clientOptions = lazyClients(options);
  // Once per document: JSON Lines may hold thousands of requests. A name edit writes no line
  // break (a string token holds none), so the previous answer holds.
  let knownEol = change?.carry?.text.eol;
  const eol = () => (knownEol = lineEndOf(text, knownEol));
  extraction.requests.forEach((request, index) => {
    const settings = settingsForRequest(request.format, options);
    const firstTool = tools.length;
    const reuse = kept && censusReuse(kept[index]!, change!, index, firstTool);
    let namespaceAsked = false;
    const census = takeCensus(request, index, settings, firstTool, reuse);
    // Loops, not push(...spread): spread passes every item as an argument, and >123k tools
    // in one request overflowed the stack.
    appendAll(tools, census.tools);
    appendAll(references, census.references);
    requests.push(census.census);
    const context: CheckContext = {
      text,
      language: options.language ?? 'json',
      strings: parsed.strings,
      request,
      census,
      settings,
      sink,
      firstTool,
      allTools: tools,
      names: new NamePool(
        takenNames(census.tools, settings.reservedNames),
        settings.targets,
        reuse && nameCounts(reuse, census.tools),
      ),
      proposals: new Map(),
      eol,
      sharedNamespace: memo(() => {
        namespaceAsked = true;
        return sharedNamespace(census.tools.flatMap((t) => (t.name === undefined ? [] : [t.name])));
      }),
      constraintsFor: () => ({}),
      keepers: new Map(),
    };
    // MCP clients rewrite a server's tools: only MCP tool files have a server.
    const plan = clientPlanOf(request, clientOptions);
    const local = plan ? localToolsOf(context) : [];
    const clientResults = plan ? plan.run(local) : [];
    const survival = plan && new SurvivalCheck(clientResults, plan.primary);
    const checked =
      plan && survival ? { ...context, constraintsFor: clientConstraints(context, plan.primary, survival) } : context;
    runChecks(checked);
    runClientChecks(checked, plan, clientResults);
    if (plan) {
      appendAll(clients, clientResults);
      server = serverInfo(plan, () => local, clientResults, server);
    }
    carries.push({
      wires: census.wires,
      wireKeys: census.wireKeys,
      caseKeys: census.caseKeys,
      nameCounts: context.names.toolCounts(),
      proposals: context.names.log,
      namespaceAsked,
      ...(survival ? { clients: clientCarry(plan, clientResults, local, survival) } : {}),
    });
  });

  // After every check and the user's severities: a suppression silences what the user would see.
  // A name edit writes no comment: the previous text's answer holds unless the edit wrote the marker (`CensusCarry.after`).
  const holdsDirective = change?.carry?.text.directiveFree === true ? false : text.indexOf(DISABLE_NEXT_LINE, 0) >= 0;
  const suppressed = applySuppressions({
    text,
    language: options.language ?? 'json',
    documentKind: parsed.kind,
    findings: sink.findings,
    tools,
    options,
    holdsDirective,
  });
  const analysis: Analysis = {
    format: extraction.format,
    documentKind: parsed.kind,
    requests,
    tools,
    references,
    findings: onePerProblem(suppressed.findings).sort(compareFindings),
    suppression: suppressed.outcome,
    syntaxProblems: parsed.problems,
    strings: parsed.strings,
    clients,
    ...(server ? { server } : {}),
    ...(parsed.code ? { code: parsed.code } : {}),
  };
  return { analysis, carry: new CensusCarry(carries, { eol: knownEol, directiveFree: !holdsDirective }) };
}

/**
 * What the client census keeps for the next name edit. Keys only where the lone path can use
 * them: the request's tools sent alone under one server name (`ClientPlan.solo`).
 */
function clientCarry(
  plan: ClientPlan,
  results: readonly ClientResult[],
  local: ReadonlyArray<{ readonly name: string }>,
  survival: SurvivalCheck,
): ClientCarry {
  if (!plan.solo) return { survival };
  const { server, announced } = plan.primary;
  const keys = new ClientKeys(
    results.map((result) => result.profile.oneByOne),
    announced === undefined ? { server } : { server, announced },
    local.map((tool) => tool.name),
  );
  return { survival, keys };
}

/** What a request's census reuses of the previous one: all of it, but for the tool whose name changed. */
function censusReuse(carry: RequestCarry, change: NameChange, request: number, firstTool: number): CensusReuse {
  const previous = change.previous.tools;
  return {
    carry,
    before: (local) => previous[firstTool + local]!,
    edited: request === change.request ? change.tool : undefined,
  };
}

/** The proposed names' pool's counts, when the previous census counted them: updated for the edited tool. */
function nameCounts(reuse: CensusReuse, tools: readonly AnalyzedTool[]): Map<string, number> | undefined {
  const counts = reuse.carry.nameCounts;
  if (!counts || reuse.edited === undefined) return counts;
  return recounted(counts, ownNames(reuse.before(reuse.edited)), ownNames(tools[reuse.edited]!));
}

/**
 * Parses and recognises. The tree lives only in this frame: the census and checks read the
 * extraction, so the tree can be collected before they allocate (peak memory).
 */
function read(
  text: string,
  options: AnalysisOptions,
  reader: TreeReader,
): { parsed: ReadDocument; extraction: Extraction } {
  const parsed = parseSource(text, options.language, options.code, reader);
  return {
    parsed: {
      kind: parsed.kind,
      problems: parsed.problems,
      strings: parsed.strings,
      ...(parsed.code ? { code: parsed.code } : {}),
    },
    extraction: recognizeDocument(parsed.values),
  };
}

/**
 * Every check of a request, in the order they run (proposed names are handed out in it). `tool`:
 * what it finds on a tool depends on that tool alone, the pool of proposed names aside, so a name
 * edit that changed no group runs it for the renamed tool only (`context.only`). The others read
 * the groups, the references or the whole request.
 */
const CHECKS: ReadonlyArray<{ readonly run: (context: CheckContext) => void; readonly scope: 'tool' | 'request' }> = [
  { run: checkMissingNames, scope: 'tool' },
  { run: checkAdsCapabilities, scope: 'tool' },
  { run: checkMcpSourceNames, scope: 'tool' },
  { run: checkReservedNames, scope: 'tool' },
  { run: checkWireCollisions, scope: 'request' },
  { run: checkWireNames, scope: 'tool' },
  { run: checkCaseCollisions, scope: 'request' },
  { run: checkHistoryNames, scope: 'request' },
  { run: checkReferences, scope: 'request' },
  { run: checkToolCount, scope: 'request' },
  { run: checkRenamed, scope: 'tool' },
  { run: checkSchemas, scope: 'tool' },
];

function runChecks(context: CheckContext): void {
  for (const check of CHECKS) check.run(context);
}

/**
 * What the clients add, after the other checks: the property keys judged by the targets and by
 * the providers of the clients the user enabled (clients modelled by default are advice: they do
 * not add judges of their own), then each client's outcomes. Per tool (`context.only` holds).
 */
function runClientChecks(context: CheckContext, plan: ClientPlan | undefined, results: readonly ClientResult[]): void {
  checkParameterNames(context, plan && !plan.capAtWarning ? plan.primary : undefined);
  if (plan) checkClients(context, results, { capAtWarning: plan.capAtWarning, serverKnown: plan.serverKnown });
  // What each client does to the schemas: after checkSchemas, whose findings it joins.
  if (plan) checkSchemaClients(context, results, plan.capAtWarning);
}

/**
 * The checks of one tool (`context.only`): what a full run would find on it when no group,
 * reference, count or other tool's client outcome changed (`incremental/renamedAlone.ts`).
 */
export function runToolChecks(context: CheckContext, plan?: ClientPlan, results: readonly ClientResult[] = []): void {
  for (const check of CHECKS) if (check.scope === 'tool') check.run(context);
  runClientChecks(context, plan, results);
}

/**
 * The server name's facts for the hover. JSON Lines may hold several MCP requests: each tool
 * asks the budget of its own request (`earlier`: the previous requests'). The tools are listed
 * on the first question (only a hover asks, and a name edit would list ten thousand for none).
 */
export function serverInfo(
  plan: ClientPlan,
  local: () => readonly LocalTool[],
  results: readonly ClientResult[],
  earlier?: ServerNameInfo,
): ServerNameInfo {
  const own = memo(() => {
    const tools = local();
    return { budget: plan.budgets(tools, results), first: tools[0]?.tool ?? Number.POSITIVE_INFINITY };
  });
  const budget = (tool: number) => (tool < own().first && earlier ? earlier.budget(tool) : own().budget(tool));
  return {
    name: plan.primary.server,
    known: plan.serverKnown,
    ...(plan.assumedLength !== undefined ? { assumedLength: plan.assumedLength } : {}),
    budget,
  };
}

/** Every tool's real and wire names, and the reserved ones: a proposed name lands on none of them. */
export function* takenNames(tools: readonly AnalyzedTool[], reserved: readonly string[]): Iterable<readonly string[]> {
  for (const tool of tools) yield ownNames(tool);
  for (const name of reserved) yield [name];
}

/** The client context, resolved on first use (a function may read the workspace). */
function lazyClients(options: AnalysisOptions): () => ClientContext | undefined {
  const given = options.clients;
  if (typeof given !== 'function') return () => given;
  return memo(given);
}

/** The client plan of a request under these options (a name edit asks it again: the context may be read from the workspace). */
export function clientPlanUnder(request: ExtractedRequest, options: AnalysisOptions): ClientPlan | undefined {
  return clientPlanOf(request, lazyClients(options));
}

/** MCP clients rewrite a server's tools, so only MCP tool files get a client census. */
function clientPlanOf(request: ExtractedRequest, resolve: () => ClientContext | undefined): ClientPlan | undefined {
  if (!isMcpFormat(request.format)) return undefined;
  const context = resolve();
  return context ? clientPlanFor(context, request.serverName, request.serverAnnounced) : undefined;
}

function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function memo<T>(compute: () => T): () => T {
  let cached: { value: T } | undefined;
  return () => (cached ??= { value: compute() }).value;
}
