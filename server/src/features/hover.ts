import type { Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ADS_MAX,
  adsWireName,
  describeReason,
  isMcpFormat,
  othersInGroup,
  PROVIDERS,
  type Analysis,
  type AnalyzedTool,
  type Finding,
  type OffsetRange,
} from '../core';
import type { AnalysisIndex } from '../analysisIndex';
import { toRange } from '../convert';
import { rowsForTool } from './clientTable';
import { schemaKeywordHover } from './schemaHover';
import { describeFate, describeWire, FORMAT_LABELS } from './describe';
import { mdCode, mdText } from './markdown';
import { toMarkdown } from './rich';

/**
 * Hover on a tool's name, or on a reference to one: the real name, the wire name and why, each
 * targeted provider's verdict with its reason, and the tools it collides with and where a call
 * dispatches. Every name is the user's, so it goes through `mdCode`/`mdText`, so no name can inject Markdown;
 * the result is plain `MarkupContent`, never trusted (no command links run from a hover).
 * Everything is found through the per-version index, so the cost does not grow with the file.
 */
export function hoverAt(
  document: TextDocument,
  index: AnalysisIndex,
  offset: number,
  fallbackServer = 'server',
): Hover | null {
  const analysis = index.analysis;
  const found = index.locate(offset);
  if (!found) return schemaHover(document, analysis, offset);
  const lines: string[] = [];
  let range;
  if (found.kind === 'reference') {
    const ref = analysis.references[found.reference]!;
    range = toRange(document, ref.reference.range);
    const target = found.tool === undefined ? undefined : analysis.tools[found.tool];
    const how =
      ref.resolution === 'exact'
        ? 'by its exact real name'
        : ref.resolution === 'wire-form'
          ? 'through its wire name (the runtime maps the form back to the real name)'
          : ref.resolution === 'runtime-tool'
            ? "to the runtime's own tool"
            : undefined;
    lines.push(
      `**${ref.reference.kind === 'choice' ? 'Tool choice' : 'Replayed call'}** ${mdCode(ref.reference.name)} in ${mdCode(ref.reference.label)}`,
      '',
    );
    lines.push(
      how
        ? `Dispatches ${how}${target ? `: **${mdCode(target.name ?? '')}**` : ''}.`
        : 'Dispatches to **no tool** of this request.',
    );
    if (target)
      lines.push(
        '',
        '---',
        '',
        ...toolLines(analysis, found.tool!),
        ...clientLines(index, found.tool!, fallbackServer),
      );
  } else {
    const tool = analysis.tools[found.tool]!;
    range = toRange(document, tool.declaration.name.range);
    lines.push(
      ...toolLines(analysis, found.tool),
      ...schemaLines(analysis, found.tool),
      ...clientLines(index, found.tool, fallbackServer),
    );
  }
  lines.push(
    ...detailLines(
      analysis.findings,
      found.kind === 'reference'
        ? analysis.references[found.reference]!.reference.range
        : analysis.tools[found.tool]!.declaration.name.range,
    ),
  );
  return { contents: { kind: 'markdown', value: lines.join('\n') }, range };
}

/** A schema keyword's verdicts, then the why of its findings. */
function schemaHover(document: TextDocument, analysis: Analysis, offset: number): Hover | null {
  const found = schemaKeywordHover(analysis, offset);
  if (!found) return null;
  const lines = [...found.lines, ...detailLines(analysis.findings, found.range)];
  return { contents: { kind: 'markdown', value: lines.join('\n') }, range: toRange(document, found.range) };
}

/**
 * The why and the fix of each finding on this name: the Problems panel shows one sentence, the
 * hover the rest. Findings are sorted by position, so a binary search finds
 * them at the same cost on 10k tools as on 10.
 */
function detailLines(findings: readonly Finding[], range: OffsetRange): string[] {
  let low = 0;
  let high = findings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (findings[mid]!.range.start < range.start) low = mid + 1;
    else high = mid;
  }
  const lines: string[] = [];
  for (let i = low; i < findings.length && findings[i]!.range.start === range.start; i++) {
    const f = findings[i]!;
    if (f.range.end !== range.end || f.detail === '') continue;
    // A folded finding (core/checks/onePerProblem.ts) has a line per code: its own detail (when
    // it has one), then each code of `also`. Each is a paragraph, under its code.
    const parts = f.detail.split('\n');
    const codes = [f.code, ...(f.also ?? [])];
    const skip = Math.max(0, codes.length - parts.length);
    parts.forEach((part, index) => lines.push('', `\`${codes[index + skip] ?? f.code}\`: ${mdText(part)}`));
  }
  // No rule (`---`) above them: a hostile name must never be able to make one (hostileNames.test.ts).
  return lines;
}

/** Most schema rows a hover lists: the Problems panel has every one. */
const MAX_SCHEMA_ROWS = 8;

/**
 * What the targets refuse in the tool's input schema, per provider (`schema-rejected`): the
 * findings sit inside the tool's object and are sorted by position, so a binary search finds
 * them without reading the others.
 */
function schemaLines(analysis: Analysis, tool: number): string[] {
  const findings = analysis.findings;
  const { start, end } = analysis.tools[tool]!.declaration.toolRange;
  let low = 0;
  let high = findings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (findings[mid]!.range.start < start) low = mid + 1;
    else high = mid;
  }
  const rows: Array<{ readonly provider: string; readonly finding: Finding }> = [];
  for (let i = low; i < findings.length && findings[i]!.range.start < end; i++) {
    const f = findings[i]!;
    if (f.code !== 'schema-rejected' || f.tool !== tool) continue;
    for (const provider of f.profiles ?? []) rows.push({ provider, finding: f });
    // What a client sends on and is refused: named by the client (the detail says which provider).
    for (const client of f.clients ?? []) rows.push({ provider: `via ${client}`, finding: f });
  }
  if (rows.length === 0) return [];
  // Per provider, in the order the targets name them (a finding lists its providers so).
  const order = [...new Set(rows.map((r) => r.provider))];
  rows.sort((a, b) => order.indexOf(a.provider) - order.indexOf(b.provider));
  const shown = rows.slice(0, MAX_SCHEMA_ROWS);
  return [
    '',
    `**Input schema** refused by ${order.map((p) => `\`${p}\``).join(', ')}: the whole request fails.`,
    '',
    '| provider | at | refused |',
    '|---|---|---|',
    ...shown.map(
      ({ provider, finding }) =>
        `| \`${provider}\` | ${mdCode(finding.pointer, true)} | ${mdText(subjectOf(finding.message))} |`,
    ),
    ...(rows.length > shown.length ? ['', `and ${rows.length - shown.length} more (see the Problems panel).`] : []),
  ];
}

/** `Schema keyword "x"` of `Schema keyword "x" is rejected by gemini: …`: the providers are the table's. */
function subjectOf(message: string): string {
  const cut = message.lastIndexOf(' is rejected by ');
  return cut > 0 ? message.slice(0, cut) : message;
}

/** MCP tools: what each client sends (the enabled ones, or every one when none is enabled). */
function clientLines(index: AnalysisIndex, tool: number, fallbackServer: string): string[] {
  const { results, enabled } = index.clientResults(fallbackServer);
  const rows = rowsForTool(index, results, tool);
  if (rows.length === 0) return [];
  // An unknown server name is never shown as one, since it would read as the real server's: a placeholder, and the budget.
  const analysis = index.analysis;
  const unknown = analysis.server && !analysis.server.known ? analysis.server : undefined;
  const server = unknown
    ? `server name unknown; ${mdCode(unknown.name)} stands in for it`
    : `server ${mdCode(results[0]!.server)}`;
  const budget = unknown?.budget(tool);
  return [
    '',
    ...(budget !== undefined
      ? [`Every modelled client keeps this tool when the server name is at most ${budget} characters.`, '']
      : []),
    `**MCP clients** (${server}${enabled ? '' : '; none enabled, so all are shown: set `toolwire.clients` to check some'}):`,
    '',
    '| client | sends | fate |',
    '|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.client.replace(/\|/g, '\\|')} | ${r.wireName === null ? '`—`' : mdCode(r.wireName, true)} | ${r.fate}${r.note ? `: ${mdText(r.note)}` : ''} |`,
    ),
  ];
}

function toolLines(analysis: Analysis, index: number): string[] {
  const tool = analysis.tools[index]!;
  const census = analysis.requests[tool.request]!;
  const lines = [
    `**${mdCode(tool.name ?? '')}** · ${FORMAT_LABELS[census.format]} · derivation \`${census.derivation}\``,
    '',
  ];
  lines.push(
    `Wire name: ${tool.wireName === null ? `**none**${notInvocableWhy(tool)}` : `${mdCode(tool.wireName)} (${describeWire(tool)})`}`,
    '',
  );
  // An MCP list's own census takes the names as listed; each client below adds its prefix (the
  // agent runtime's row its `mcp_<server>_`), so a tool kept here may be left out there: said.
  const asListed = isMcpFormat(census.format) && analysis.clients.length > 0 ? ', names as listed' : '';
  lines.push(`Fate${asListed}: ${toMarkdown(describeFate(analysis, tool))}`, '');
  if (tool.verdicts.length > 0) {
    lines.push('| provider | rule | verdict |', '|---|---|---|');
    for (const { provider, verdict } of tool.verdicts) {
      const profile = PROVIDERS[provider];
      // A reason quotes the offending character of the user's name: plain text, escaped.
      const reasons = mdText(verdict.reasons.map(describeReason).join('; '));
      const text = verdict.accepted
        ? verdict.reasons.length > 0
          ? `⚠ accepted, but ${reasons}`
          : '✓ accepted'
        : `✗ rejected: ${reasons}`;
      lines.push(`| ${profile.label} (\`${provider}\`) | ${mdCode(profile.rule, true)} | ${text} |`);
    }
    lines.push('');
  }
  if (tool.wireGroup.length > 0) lines.push(collisionLine(analysis, index));
  return lines;
}

/**
 * Who else has this tool's wire name and who gets a call to it. A name is never compared with
 * itself: where the others' own name is the wire name, the wire name is not repeated, and the kept
 * tool is "this tool" or "that tool" rather than `a_b` receiving calls to `a_b`.
 */
function collisionLine(analysis: Analysis, index: number): string {
  const tool = analysis.tools[index]!;
  const shown = othersInGroup(tool, index, 5);
  const more = tool.wireGroup.length - 1 - shown.length;
  const others =
    shown.map((i) => mdCode(analysis.tools[i]!.name ?? '')).join(', ') + (more > 0 ? ` and ${more} more` : '');
  const wire = mdCode(tool.wireName ?? '');
  const namedAsWire = more === 0 && shown.every((i) => analysis.tools[i]!.name === tool.wireName);
  const collides = namedAsWire ? `Collides with ${others}.` : `Collides with ${others} on ${wire}.`;
  const keptAt = tool.keptInGroup;
  if (keptAt === undefined) return `${collides} No tool reliably receives a call to that name.`;
  if (keptAt === index) return `${collides} A call to ${wire} runs **this tool**.`;
  const kept = analysis.tools[keptAt]!;
  return kept.name === tool.wireName
    ? `${collides} A call to ${wire} runs that tool, never this one.`
    : `${collides} A call to ${wire} runs **${mdCode(kept.name ?? '')}**, never this one.`;
}

/** ADS: why there is no wire name, with the derived name and its length (ADS-2 never truncates). */
function notInvocableWhy(tool: AnalyzedTool): string {
  if (tool.fate !== 'not-invocable' || tool.name === undefined) return ` (${describeWire(tool)})`;
  const ads = adsWireName(tool.name, tool.declaration);
  if (ads.kind !== 'not-invocable') return ' (its invocationName is not valid under ADS-2)';
  const length = [...ads.derived].length;
  return ads.why === 'too-long'
    ? ` (derives ${mdCode(ads.derived)}, **${length} characters**, over ADS-2's ${ADS_MAX}; never truncated, so not invocable)`
    : ` (derives ${mdCode(ads.derived)}, ${length} characters, not a valid tool name: \`[A-Za-z0-9_-]\` only)`;
}
