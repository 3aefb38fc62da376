import { clientPlanUnder } from '../analyze';
import { SurvivalCheck } from '../clients/survival';
import type { Finding, FixData } from '../findings';
import type { OffsetRange } from '../json/ranges';
import type { Analysis, AnalyzedTool, RequestCensus } from '../model';
import { settingsForRequest, type AnalysisOptions } from '../settings';
import type { TextReader } from '../text/pieceText';
import { clientConstraints } from './clientConstraints';
import { invocationNameFix, sharedNamespace } from './invocationNameFix';
import { NamePool, ownNames } from './namePool';
import type { ProposalContext } from './proposalContext';
import { renameFix } from './renameFix';
import { objectAt, readTree, type SchemaObject } from './schemaEdits';
import { schemaFix } from './schemaFix';

/**
 * The analysis with every fix built that a finding asks for: its name fix (`withNameFixes`) and
 * its schema fix (`fixes/schemaFix.ts`, on the schema read again from `text`). Called where fixes
 * are used (code actions, fix-all, `toolwire fix`); the analysis itself is unchanged.
 */
export function withFixes(text: TextReader, options: AnalysisOptions, analysis: Analysis): Analysis {
  return withSchemaFixes(text, options, withNameFixes(text, options, analysis));
}

/**
 * Each finding that asks for a schema fix gets it, or none when no fix keeps to the rules of
 * `schemaFix`. JSON (JSONC, JSON Lines) and YAML only: a schema in source code is a literal the
 * code's own writer would have to rewrite, which no fix does yet. The document is read once,
 * and only when some finding asks.
 */
function withSchemaFixes(text: TextReader, options: AnalysisOptions, analysis: Analysis): Analysis {
  if (!analysis.findings.some((f) => f.schemaFix !== undefined)) return analysis;
  const language = options.language ?? 'json';
  const readable = language === 'json' || language === 'yaml';
  const tree = readable ? readTree(text.slice(0, text.length), language) : undefined;
  const objects = new Map<string, SchemaObject | undefined>();
  const objectOf = (pointer: string) => {
    if (!tree) return undefined;
    if (!objects.has(pointer)) objects.set(pointer, objectAt(tree, pointer));
    return objects.get(pointer);
  };
  return {
    ...analysis,
    findings: analysis.findings.map((finding) => {
      if (!finding.schemaFix) return finding;
      const { schemaFix: intent, ...rest } = finding;
      const fix = schemaFix(finding, intent, objectOf);
      return fix ? { ...rest, fix } : rest;
    }),
  };
}

/**
 * The analysis with every name fix built: each finding that asks for one (`Finding.nameFix`)
 * gets its `fix`, or none when no name can be proposed (or written). Per request, one pool of
 * names hands out one proposal per tool, in document order: two fixes applied together (fix-all)
 * never meet, and the names depend on the tools alone, never on which check asked first. Called
 * where fixes are used (code actions, fix-all, `toolwire fix`), on the analysis of `text` under
 * `options`; the analysis itself is unchanged.
 */
function withNameFixes(text: TextReader, options: AnalysisOptions, analysis: Analysis): Analysis {
  const asking = findingsByTool(analysis.findings);
  if (asking.size === 0) return analysis;
  const built = new Map<Finding, FixData | undefined>();
  const shared = sharedFacts(text, analysis);
  for (const request of analysis.requests) {
    if (!request.tools.some((tool) => asking.has(tool))) continue;
    const context = proposalContext(text, options, analysis, request, shared);
    for (const tool of request.tools) {
      for (const finding of asking.get(tool) ?? []) {
        const intent = finding.nameFix!;
        const local = tool - context.firstTool;
        built.set(
          finding,
          intent.kind === 'rename'
            ? renameFix(context, local, intent.preferred)
            : invocationNameFix(context, local, intent.preferred),
        );
      }
    }
  }
  return { ...analysis, findings: analysis.findings.map((finding) => withFix(finding, built)) };
}

/** The findings that ask for a name fix, by tool (global index), in the analysis's order. */
function findingsByTool(findings: readonly Finding[]): Map<number, Finding[]> {
  const byTool = new Map<number, Finding[]>();
  for (const finding of findings) {
    if (finding.nameFix === undefined || finding.tool === undefined) continue;
    const list = byTool.get(finding.tool);
    if (list) list.push(finding);
    else byTool.set(finding.tool, [finding]);
  }
  return byTool;
}

/** A finding with its built fix in place of its intent; a finding that asked for none is itself. */
function withFix(finding: Finding, built: ReadonlyMap<Finding, FixData | undefined>): Finding {
  if (!built.has(finding)) return finding;
  const { nameFix: _asked, ...rest } = finding;
  const fix = built.get(finding);
  return fix ? { ...rest, fix } : rest;
}

/** What every request's fixes share: the line ending, and the references by the tool they dispatch to. */
interface SharedFacts {
  readonly eol: () => '\r\n' | '\n';
  readonly referencesTo: (global: number) => readonly OffsetRange[];
}

function sharedFacts(text: TextReader, analysis: Analysis): SharedFacts {
  // Once per document: a scan of the text per fix made fixes quadratic on a large manifest.
  const eol = memo((): '\r\n' | '\n' => (text.indexOf('\r\n', 0) >= 0 ? '\r\n' : '\n'));
  // Grouped once: a filter of every reference per fix is quadratic in a large request.
  const byTarget = memo(() => {
    const map = new Map<number, OffsetRange[]>();
    for (const reference of analysis.references) {
      if (reference.target === undefined) continue;
      const list = map.get(reference.target);
      if (list) list.push(reference.reference.range);
      else map.set(reference.target, [reference.reference.range]);
    }
    return map;
  });
  return { eol, referencesTo: (global) => byTarget().get(global) ?? [] };
}

/**
 * One request's proposal context: its tools and settings, a fresh pool, and the constraints of
 * the MCP clients the request's tools must survive (the same plan and client census the analysis
 * ran: its results for this request's tools).
 */
function proposalContext(
  text: TextReader,
  options: AnalysisOptions,
  analysis: Analysis,
  request: RequestCensus,
  shared: SharedFacts,
): ProposalContext {
  const settings = settingsForRequest(request.format, options);
  const tools = request.tools.map((global) => analysis.tools[global]!);
  const firstTool = request.tools[0]!;
  const plan = clientPlanUnder(request, options);
  const results = plan
    ? analysis.clients.filter((result) => {
        const first = result.tools[0]?.tool;
        return first !== undefined && first >= firstTool && first < firstTool + tools.length;
      })
    : [];
  const constraintsFor = plan
    ? clientConstraints(firstTool, plan.primary, new SurvivalCheck(results, plan.primary))
    : () => ({});
  return {
    text,
    language: options.language ?? 'json',
    strings: analysis.strings,
    format: request.format,
    derivation: settings.derivation,
    tools,
    firstTool,
    referencesTo: shared.referencesTo,
    names: new NamePool(takenNames(tools, settings.reservedNames), settings.targets),
    proposals: new Map(),
    eol: shared.eol,
    sharedNamespace: memo(() => sharedNamespace(tools.flatMap((t) => (t.name === undefined ? [] : [t.name])))),
    constraintsFor,
  };
}

/** Every tool's real and wire names, and the reserved ones: a proposed name lands on none of them. */
function* takenNames(tools: readonly AnalyzedTool[], reserved: readonly string[]): Iterable<readonly string[]> {
  for (const tool of tools) yield ownNames(tool);
  for (const name of reserved) yield [name];
}

function memo<T>(compute: () => T): () => T {
  let cached: { value: T } | undefined;
  return () => (cached ??= { value: compute() }).value;
}
