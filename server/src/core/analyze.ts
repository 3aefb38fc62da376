import { takeCensus } from './census/census';
import { checkAdsCapabilities } from './checks/ads';
import type { ClientResult } from './clients/census';
import type { ExtractedRequest, Extraction } from './formats/model';
import { isMcpFormat } from './formats/registry';
import { checkClients, clientConstraints, localToolsOf } from './checks/clients';
import { clientPlanFor, type ClientPlan } from './workspace/clientPlan';
import type { ClientContext } from './workspace/model';
import { checkCaseCollisions, checkReservedNames, checkWireCollisions } from './checks/collisions';
import type { CheckContext } from './checks/context';
import { checkHistoryNames, checkMcpSourceNames, checkMissingNames, checkWireNames } from './checks/names';
import { checkParameterNames } from './checks/parameters';
import { checkReferences } from './checks/references';
import { checkRenamed, checkToolCount } from './checks/request';
import { FindingSink } from './checks/sink';
import { compareFindings } from './findings';
import { sharedNamespace } from './fixes/invocationNameFix';
import { NamePool, ownNames } from './fixes/namePool';
import { recognizeDocument } from './formats/recognize';
import type { Analysis, AnalyzedReference, AnalyzedTool, RequestCensus, ServerNameInfo } from './model';
import { settingsForRequest, type AnalysisOptions } from './settings';
import { applySuppressions } from './suppress/apply';
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
 * `analyze` with the JSON/YAML reader given: the differential test (test/core/skeleton.test.ts)
 * passes the full-tree reader, the oracle the skeleton reader must agree with.
 */
export function analyzeWithReader(text: string, options: AnalysisOptions, reader: TreeReader): Analysis {
  const { parsed, extraction } = read(text, options, reader);
  return analyzeExtraction(text, parsed, extraction, options);
}

/** What the census and checks need of a read document besides its extraction. */
export type ReadDocument = Pick<SourceDocument, 'kind' | 'problems' | 'strings'>;

/**
 * Everything after the read: the census, the checks and the suppressions of an extraction. A
 * name edit (`incremental/nameEdit.ts`) calls it with the previous extraction, patched, and the
 * text in pieces: nothing here reads the text whole unless it holds a suppression directive.
 */
export function analyzeExtraction(text: TextReader, parsed: ReadDocument, extraction: Extraction, options: AnalysisOptions): Analysis {
  const sink = new FindingSink(options.severity);
  const tools: AnalyzedTool[] = [];
  const references: AnalyzedReference[] = [];
  const requests: RequestCensus[] = [];
  const clients: ClientResult[] = [];
  let server: ServerNameInfo | undefined;

  const clientOptions = lazyClients(options);
  // Once per document: JSON Lines may hold thousands of requests.
  const eol = memo((): '\r\n' | '\n' => (text.indexOf('\r\n', 0) >= 0 ? '\r\n' : '\n'));
  extraction.requests.forEach((request, index) => {
    const settings = settingsForRequest(request.format, options);
    const census = takeCensus(request, index, settings, tools.length);
    const firstTool = tools.length;
    // Loops, not push(...spread): spread passes every item as an argument, and >123k tools
    // in one request overflowed the stack (issue 13).
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
      names: new NamePool(takenNames(census.tools, settings.reservedNames), settings.targets),
      proposals: new Map(),
      eol,
      sharedNamespace: memo(() => sharedNamespace(census.tools.flatMap((t) => (t.name === undefined ? [] : [t.name])))),
      constraintsFor: () => ({}),
      keepers: new Map(),
    };
    // MCP clients rewrite a server's tools (issue #5): only MCP tool files have a server.
    const plan = clientPlanOf(request, clientOptions);
    const local = plan ? localToolsOf(context) : [];
    const clientResults = plan ? plan.run(local) : [];
    const checked = plan ? { ...context, constraintsFor: clientConstraints(context, plan.primary, clientResults) } : context;
    runChecks(checked);
    // Property keys are judged by the targets and by the providers of the clients the user
    // enabled (clients modelled by default are advice: they do not add judges of their own).
    checkParameterNames(checked, plan && !plan.capAtWarning ? plan.primary : undefined);
    if (plan) {
      checkClients(checked, clientResults, { capAtWarning: plan.capAtWarning, serverKnown: plan.serverKnown });
      appendAll(clients, clientResults);
      // JSON Lines may hold several MCP requests: each tool asks the budget of its own.
      const earlier = server?.budget;
      const own = plan.budgets(local, clientResults);
      const first = local[0]?.tool ?? Number.POSITIVE_INFINITY;
      const budget = (tool: number) => (tool < first && earlier ? earlier(tool) : own(tool));
      server = { name: plan.primary.server, known: plan.serverKnown, ...(plan.assumedLength !== undefined ? { assumedLength: plan.assumedLength } : {}), budget };
    }
  });

  // After every check and the user's severities: a suppression silences what the user would see.
  const suppressed = applySuppressions({ text, language: options.language ?? 'json', documentKind: parsed.kind, findings: sink.findings, tools, options });
  return {
    format: extraction.format,
    documentKind: parsed.kind,
    requests,
    tools,
    references,
    findings: suppressed.findings.sort(compareFindings),
    suppression: suppressed.outcome,
    syntaxProblems: parsed.problems,
    strings: parsed.strings,
    clients,
    ...(server ? { server } : {}),
  };
}

/**
 * Parses and recognises. The tree lives only in this frame: the census and checks read the
 * extraction, so the tree can be collected before they allocate (issue 10: peak memory).
 */
function read(text: string, options: AnalysisOptions, reader: TreeReader): { parsed: ReadDocument; extraction: Extraction } {
  const parsed = parseSource(text, options.language, options.code, reader);
  return { parsed: { kind: parsed.kind, problems: parsed.problems, strings: parsed.strings }, extraction: recognizeDocument(parsed.values) };
}

function runChecks(context: CheckContext): void {
  checkMissingNames(context);
  checkAdsCapabilities(context);
  checkMcpSourceNames(context);
  checkReservedNames(context);
  checkWireCollisions(context);
  checkWireNames(context);
  checkCaseCollisions(context);
  checkHistoryNames(context);
  checkReferences(context);
  checkToolCount(context);
  checkRenamed(context);
}

/** Every tool's real and wire names, and the reserved ones: a proposed name lands on none of them. */
function* takenNames(tools: readonly AnalyzedTool[], reserved: readonly string[]): Iterable<readonly string[]> {
  for (const tool of tools) yield ownNames(tool);
  for (const name of reserved) yield [name];
}

/** The client context, resolved on first use (a function may read the workspace). */
function lazyClients(options: AnalysisOptions): () => ClientContext | undefined {
  const given = options.clients;
  if (typeof given !== 'function') return () => given;
  return memo(given);
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
