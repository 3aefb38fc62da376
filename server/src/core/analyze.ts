import { takeCensus, type CensusResult } from './census/census';
import { CensusCarry, type RequestCarry, type TextFacts } from './incremental/carry';
import { checkAdsCapabilities } from './checks/ads';
import type { ClientResult } from './clients/census';
import type { ExtractedRequest, Extraction } from './formats/model';
import { isMcpFormat } from './formats/registry';
import { checkClients, localToolsOf } from './checks/clients';
import { clientPlanFor, type ClientPlan, type LocalTool } from './workspace/clientPlan';
import type { ClientContext } from './workspace/model';
import { checkCaseCollisions, checkReservedNames, checkWireCollisions } from './checks/collisions';
import type { CheckContext, ToolVisitor } from './checks/context';
import { checkHistoryNames, checkMcpSourceNames, checkMissingNames, checkWireNames } from './checks/names';
import { checkParameterNames } from './checks/parameters';
import { checkReferences } from './checks/references';
import { checkRenamed, checkToolCount } from './checks/request';
import { checkSchemas } from './checks/schema';
import { checkSchemaClients } from './checks/schemaClients';
import { FindingSink } from './checks/sink';
import { compareFindings } from './findings';
import { onePerProblem } from './checks/onePerProblem';
import { recognizeDocument } from './formats/recognize';
import { clientCarryOf } from './incremental/clientsAlone';
import type { Analysis, AnalyzedReference, AnalyzedTool, RequestCensus, ServerNameInfo } from './model';
import { settingsForRequest, type AnalysisOptions, type RequestSettings } from './settings';
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
 * `analyze`, with what its census keeps for the next name edit (`incremental/carry.ts`): an editor
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
 * Where each request's census comes from: taken afresh (`FRESH`), or, after a name edit, updated
 * from the previous one by the incremental layer (`incremental/censusUpdate.ts`), which alone
 * decides what an edit reuses. Either way the census is the one `takeCensus` takes.
 */
export interface CensusSource {
  census(request: ExtractedRequest, index: number, settings: RequestSettings, firstTool: number): TakenCensus;
  /** Facts of the previous text that a name edit cannot change (its line ending, no directive). */
  readonly text?: TextFacts;
}

export interface TakenCensus {
  readonly census: CensusResult;
}

const FRESH: CensusSource = {
  census: (request, index, settings, firstTool) => ({ census: takeCensus(request, index, settings, firstTool) }),
};

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

/** What the requests of one document add up to, request after request. */
interface DocumentSoFar {
  readonly sink: FindingSink;
  readonly tools: AnalyzedTool[];
  readonly references: AnalyzedReference[];
  readonly requests: RequestCensus[];
  readonly clients: ClientResult[];
  readonly carries: RequestCarry[];
  server: ServerNameInfo | undefined;
}

/**
 * `analyzeExtraction`, with what its census keeps for the next name edit, its censuses from
 * `source`. The result is the analysis of the extraction whatever the source
 * (test/core/nameEdit.test.ts).
 */
export function analyzeCarrying(
  text: TextReader,
  parsed: ReadDocument,
  extraction: Extraction,
  options: AnalysisOptions,
  source: CensusSource = FRESH,
): { analysis: Analysis; carry: CensusCarry } {
  const document: DocumentSoFar = {
    sink: new FindingSink(options.severity),
    tools: [],
    references: [],
    requests: [],
    clients: [],
    carries: [],
    server: undefined,
  };
  const clientOptions = lazyClients(options);
  extraction.requests.forEach((request, index) => {
    const settings = settingsForRequest(request.format, options);
    const taken = source.census(request, index, settings, document.tools.length);
    analyzeRequest(document, taken, { text, request, settings }, clientPlanOf(request, clientOptions));
  });

  // After every check and the user's severities: a suppression silences what the user would see.
  // A name edit writes no comment: the previous text's answer holds unless the edit wrote the marker (`CensusCarry.after`).
  const holdsDirective = source.text?.directiveFree === true ? false : text.indexOf(DISABLE_NEXT_LINE, 0) >= 0;
  const suppressed = applySuppressions({
    text,
    language: options.language ?? 'json',
    documentKind: parsed.kind,
    findings: document.sink.findings,
    tools: document.tools,
    options,
    holdsDirective,
  });
  const analysis: Analysis = {
    format: extraction.format,
    documentKind: parsed.kind,
    requests: document.requests,
    tools: document.tools,
    references: document.references,
    findings: onePerProblem(suppressed.findings).sort(compareFindings),
    suppression: suppressed.outcome,
    syntaxProblems: parsed.problems,
    strings: parsed.strings,
    clients: document.clients,
    ...(document.server ? { server: document.server } : {}),
    ...(parsed.code ? { code: parsed.code } : {}),
  };
  return { analysis, carry: new CensusCarry(document.carries, { directiveFree: !holdsDirective }) };
}

/** What a request's checks read besides its census and the document so far. */
type RequestInput = Pick<CheckContext, 'text' | 'request' | 'settings'>;

/** One request's census added to the document, its checks and client checks run, its carry kept. */
function analyzeRequest(
  document: DocumentSoFar,
  { census }: TakenCensus,
  input: RequestInput,
  plan: ClientPlan | undefined,
): void {
  const firstTool = document.tools.length;
  // Loops, not push(...spread): spread passes every item as an argument, and >123k tools
  // in one request overflowed the stack.
  appendAll(document.tools, census.tools);
  appendAll(document.references, census.references);
  document.requests.push(census.census);
  const context: CheckContext = {
    ...input,
    census,
    sink: document.sink,
    firstTool,
    allTools: document.tools,
    keepers: new Map(),
  };
  // MCP clients rewrite a server's tools: only MCP tool files have a server.
  const local = plan ? localToolsOf(context) : [];
  const clientResults = plan ? plan.run(local) : [];
  runChecks(context, plan, clientResults);
  if (plan) {
    appendAll(document.clients, clientResults);
    document.server = serverInfo(plan, () => local, clientResults, document.server);
  }
  document.carries.push({
    wires: census.wires,
    wireKeys: census.wireKeys,
    caseKeys: census.caseKeys,
    ...(plan ? { clients: clientCarryOf(plan, clientResults, local) } : {}),
  });
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
    extraction: recognizeDocument(parsed.values, mayModelClients(options)),
  };
}

/**
 * Whether these options may model some MCP client, read before the format is known. Clients
 * given lazily (the editor's) count as some: resolving them here would read the workspace for
 * every file, and the editor enables every client by default.
 */
function mayModelClients(options: AnalysisOptions): boolean {
  const given = options.clients;
  return given !== undefined && (typeof given === 'function' || given.enabled.length > 0);
}

/**
 * Every check of a request, in the order they run. `tool`:
 * a check of each tool (`ToolVisitor`), which `runChecks` runs over the tools it is given. The
 * others read the groups, the references or the whole request.
 */
const CHECKS: ReadonlyArray<
  | { readonly scope: 'tool'; readonly run: (context: CheckContext) => ToolVisitor | undefined }
  | { readonly scope: 'request'; readonly run: (context: CheckContext) => void }
> = [
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

/**
 * The one driver of the checks: every check over every tool of the request, or, given `tools`
 * (request-local positions), the checks of each tool over those alone. Which tools those are is
 * the incremental layer's proof to make (`incremental/renamedAlone.ts`: what a full run finds on
 * them when no group, reference, count or other tool's client outcome changed); a check never
 * knows. Then what the clients add: the property keys judged by the targets and by the providers
 * of the clients the user enabled (clients modelled by default are advice: they do not add
 * judges of their own), and each client's outcomes.
 */
export function runChecks(
  context: CheckContext,
  plan: ClientPlan | undefined,
  results: readonly ClientResult[],
  tools?: readonly number[],
): void {
  const visit = (visitor: ToolVisitor | undefined) => {
    if (!visitor) return;
    const all = context.census.tools;
    if (tools === undefined) all.forEach(visitor);
    else for (const local of tools) if (all[local]) visitor(all[local]!, local);
  };
  for (const check of CHECKS) {
    if (check.scope === 'tool') visit(check.run(context));
    else if (tools === undefined) check.run(context);
  }
  visit(checkParameterNames(context, plan && !plan.capAtWarning ? plan.primary : undefined));
  if (plan) visit(checkClients(context, results, { capAtWarning: plan.capAtWarning, serverKnown: plan.serverKnown }));
  // What each client does to the schemas: after checkSchemas, whose findings it joins.
  if (plan) visit(checkSchemaClients(context, results, plan.capAtWarning));
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

/** The client context, resolved on first use (a function may read the workspace). */
function lazyClients(options: AnalysisOptions): () => ClientContext | undefined {
  const given = options.clients;
  if (typeof given !== 'function') return () => given;
  return memo(given);
}

/** The client plan of a request under these options (a name edit asks it again: the context may be read from the workspace). */
export function clientPlanUnder(request: PlannedRequest, options: AnalysisOptions): ClientPlan | undefined {
  return clientPlanOf(request, lazyClients(options));
}

/** What a request's client plan reads of it: an extracted request, or its census (`RequestCensus`) alike. */
type PlannedRequest = Pick<ExtractedRequest, 'format' | 'serverName' | 'serverAnnounced'>;

/** MCP clients rewrite a server's tools, so only MCP tool files get a client census. */
function clientPlanOf(request: PlannedRequest, resolve: () => ClientContext | undefined): ClientPlan | undefined {
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
